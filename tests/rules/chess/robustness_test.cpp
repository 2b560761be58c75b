// Seeded random checks: mutated FENs are refused cleanly or read back unchanged, and random
// games keep FEN, SAN and UCI consistent with the move generator at every ply.
#include "tests/rules/chess/chess_test_support.h"

#include <cstdint>
#include <random>

using chess_test::kiwipete;

namespace {

bool sorted_equal(const chess_test::Moves& a, const chess_test::Moves& b) {
    return chess_test::sorted(a) == chess_test::sorted(b);
}

} // namespace

TEST_CASE("chess FEN: mutated FENs are either refused as bad_fen or written back unchanged") {
    std::mt19937 random(20261121);
    const std::string alphabet = "pnbrqkPNBRQK12345678/ -wKQkqabcdefgh0x";
    for (int i = 0; i < 2000; ++i) {
        std::string fen = kiwipete;
        const int edits = 1 + static_cast<int>(random() % 3);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = random() % fen.size();
            const char c = alphabet[random() % alphabet.size()];
            switch (random() % 3) {
            case 0:
                fen[at] = c;
                break;
            case 1:
                fen.insert(at, 1, c);
                break;
            default:
                fen.erase(at, 1);
                break;
            }
        }
        const auto game = rules::make_game(rules::VariantId::Chess, fen);
        if (game.ok()) {
            const auto again = rules::make_game(rules::VariantId::Chess, (*game)->position());
            REQUIRE_MESSAGE(again.ok(), fen);
            CHECK((*again)->position() == (*game)->position());
        } else {
            CHECK(game.error().code == "bad_fen");
            CHECK_FALSE(game.error().detail.empty());
        }
    }
}

TEST_CASE("chess: random games keep FEN, SAN and UCI consistent at every ply") {
    std::mt19937 random(7);
    for (int g = 0; g < 24; ++g) {
        auto game =
            chess_test::game_from(g % 2 ? kiwipete : std::string(), rules::DrawRules::ReportOnly);
        for (int ply = 0; ply < 200; ++ply) {
            const auto views = game->legal_move_views();
            if (views.empty())
                break;
            const auto& view = views[random() % views.size()];
            CHECK(view.display.empty()); // legal moves carry no SAN (Game::legal_move_views)
            // The SAN of the move played names it alone; so does its UCI.
            auto by_san = game->clone();
            const auto before = game->position();
            const auto played = game->play(view.notation);
            REQUIRE(played.ok());
            CHECK(played->path == view.path);
            const auto played_san = by_san->play(played->display);
            REQUIRE_MESSAGE(played_san.ok(), played->display << " in " << before);
            CHECK(played_san->notation == view.notation);
            CHECK(by_san->position() == game->position());
            // The FEN reads back to the same position.
            const auto reread = rules::make_game(rules::VariantId::Chess, game->position());
            REQUIRE_MESSAGE(reread.ok(), game->position());
            CHECK((*reread)->position() == game->position());
            CHECK(sorted_equal((*reread)->legal_moves(), game->legal_moves()));
        }
    }
}
