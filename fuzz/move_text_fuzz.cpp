// Move text (chess SAN/UCI, draughts PDN numeric and algebraic, Turkish squares), played through
// Game::play on the start position of every variant and on a few positions with captures and
// promotions: no input crashes, a move accepted is one of the listed legal moves, and a refused
// one names a documented error code and changes nothing.
#include "fuzz/fuzz_support.h"
#include "rules/variant.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace {

// Positions from the tests: captures, ambiguous paths, promotions, castling.
struct Start {
    rules::VariantId id;
    const char* fen;
};
constexpr Start positions[] = {
    {rules::VariantId::Chess,
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {rules::VariantId::Chess, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"},
    {rules::VariantId::Russian, "B:W14,15,22,23,24:B10"},
    {rules::VariantId::English, "W:W30:B17,18,25,26"},
    {rules::VariantId::International, "W:W37:B21,22,31,32"},
};

const std::vector<std::unique_ptr<rules::Game>>& games() {
    static const auto made = [] {
        std::vector<std::unique_ptr<rules::Game>> list;
        for (const rules::VariantId id : rules::all_variants())
            list.push_back(std::move(rules::make_game(id).value()));
        for (const Start& start : positions)
            list.push_back(std::move(rules::make_game(start.id, start.fen).value()));
        return list;
    }();
    return made;
}

bool documented(const std::string& code) {
    return code == "illegal_move" || code == "ambiguous_move" || code == "bad_move_syntax" ||
           code == "game_over";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto text = fuzz::as_text(data, size);
    for (const auto& original : games()) {
        const auto game = original->clone();
        const auto legal = game->legal_moves();
        const auto played = game->play(text);
        if (played.ok()) {
            fuzz::require(std::find(legal.begin(), legal.end(), played.value().notation) !=
                              legal.end(),
                          "an accepted move is not a listed legal move:", played.value().notation);
            fuzz::require(game->ply() == original->ply() + 1, "a move did not add one ply");
            fuzz::require_position_read_back(*game);
        } else {
            fuzz::require(documented(played.error().code),
                          "undocumented error code:", played.error().code);
            fuzz::require(game->position() == original->position() &&
                              game->ply() == original->ply(),
                          "a refused move changed the game");
        }
    }
    return 0;
}
