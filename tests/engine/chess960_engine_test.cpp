// The computer plays Chess960 through the chess search core: castling moves found, written as
// the king taking its rook, keys kept right across castling, and whole games at every level
// from numbered start positions.
#include "rules/chess/search_core.h"
#include "tests/engine/test_helpers.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using engine::Level;
using engine_test::game_of;
using engine_test::move_at;
using rules::VariantId;

namespace {

std::string start_of_number(int number) {
    return *rules::start_position_fen(VariantId::Chess960, number);
}

} // namespace

TEST_CASE("chess960: incremental keys equal keys from scratch over random games, castling "
          "included") {
    const rules::chess::SearchCore core(VariantId::Chess960);
    std::mt19937_64 random(960);
    std::vector<rules::chess::Move> moves;
    int castlings = 0;
    for (const int number : {0, 105, 518, 959}) {
        for (int g = 0; g < 20; ++g) {
            auto state = core.parse(start_of_number(number)).value();
            for (int ply = 0; ply < 120; ++ply) {
                core.generate(state, moves);
                if (moves.empty())
                    break;
                // Castle whenever it is legal, to reach the positions after it.
                const auto castle = std::find_if(moves.begin(), moves.end(), [](auto move) {
                    return move.kind() == rules::chess::MoveKind::Castling;
                });
                const auto move = castle != moves.end() ? *castle : moves[random() % moves.size()];
                castlings += castle != moves.end();
                const auto next = core.make(state, move);
                REQUIRE(next.keys == core.keys_from_scratch(next));
                CHECK(next.keys.position_key != state.keys.position_key);
                state = next;
            }
        }
    }
    CHECK(castlings > 20);
}

TEST_CASE("chess960: every level mates by castling, the king taking its rook") {
    const auto game = game_of(VariantId::Chess960, "2rkr3/2p1p3/8/8/8/8/8/RK6 w Q - 0 1");
    CHECK(move_at(*game, Level::Medium) == "b1a1");
    CHECK(move_at(*game, Level::Hard) == "b1a1");
    const auto easy = move_at(*game, Level::Easy);
    const auto moves = game->legal_moves();
    CHECK(std::find(moves.begin(), moves.end(), easy) != moves.end());
}

TEST_CASE("chess960: the computer plays whole games at every level from numbered starts") {
    int castlings = 0;
    for (const int number : {0, 359, 959}) {
        for (const Level level : {Level::Easy, Level::Medium, Level::Hard}) {
            CAPTURE(number);
            CAPTURE(engine::level_name(level));
            auto game = game_of(VariantId::Chess960, start_of_number(number));
            for (int ply = 0; ply < 60 && !game->outcome().over(); ++ply) {
                engine::Request request;
                request.level = level;
                request.seed = static_cast<std::uint64_t>(number * 3 + ply);
                request.node_limit = 3000; // every level, kept small: legality, not strength
                const auto choice = engine::choose_move(*game, request);
                REQUIRE_MESSAGE(choice.ok(), game->position());
                const auto played = game->play(choice->move);
                REQUIRE_MESSAGE(played.ok(), game->position() << " " << choice->move);
                castlings += played->display.starts_with("O-O");
            }
            // The record replays to the same position.
            auto replayed = game_of(VariantId::Chess960, start_of_number(number));
            for (const auto& move : game->moves())
                REQUIRE(replayed->play(move).ok());
            CHECK(replayed->position() == game->position());
        }
    }
    CHECK(castlings > 0);
}
