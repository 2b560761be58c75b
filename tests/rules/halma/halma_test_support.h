#pragma once
// Helpers shared by the halma family's tests.

#include "reference_halma.h"
#include "rules/game.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

namespace halma_test {

// A seeded generator for random playouts that repeat from run to run (the 64-bit LCG constants
// of Knuth's MMIX).
struct Lcg {
    std::uint64_t state;
    std::size_t below(std::size_t n) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::size_t>((state >> 33) % n);
    }
};

inline std::unique_ptr<rules::Game> game_of(rules::VariantId id, std::string_view fen = {}) {
    auto game = rules::make_game(id, fen);
    if (!game.ok())
        return nullptr;
    return std::move(game.value());
}

// The legal moves of the piece on `from`, sorted.
inline std::vector<std::string> moves_from(const rules::Game& game, std::string_view from) {
    std::vector<std::string> out;
    const std::string prefix = std::string(from) + "-";
    for (const auto& move : game.legal_moves())
        if (move.rfind(prefix, 0) == 0)
            out.push_back(move);
    std::sort(out.begin(), out.end());
    return out;
}

// The seats of a list field of the notation ("2,1"), from 0; none for "-".
inline std::vector<int> seats_of(const std::string& field) {
    std::vector<int> seats;
    if (field != "-")
        for (std::size_t i = 0; i < field.size(); i += 2)
            seats.push_back(field[i] - '1');
    return seats;
}

// The reference generator's view of a game: the grid of board(), the seat to move, and the
// fields of the position after the pieces (moves played, finished seats, seats that left).
inline halma_reference::State state_of(const rules::Game& game) {
    halma_reference::State state{game.board().cells, game.seat_to_move(), 0, {}, {}};
    std::vector<std::string> fields;
    std::string fen = game.position() + ':';
    for (auto at = fen.find(':'); at != std::string::npos; at = fen.find(':')) {
        fields.push_back(fen.substr(0, at));
        fen.erase(0, at + 1);
    }
    const auto after_pieces = static_cast<std::size_t>(game.players() + 1);
    state.ply = std::stoi(fields.at(after_pieces));
    state.finished = seats_of(fields.at(after_pieces + 1));
    if (fields.size() > after_pieces + 2)
        state.left = seats_of(fields.at(after_pieces + 2));
    return state;
}

inline halma_reference::Reference reference_for(rules::VariantId id,
                                                halma_reference::Options options = {}) {
    auto start = game_of(id);
    if (options.move_limit == 0)
        options.move_limit = 200 * start->players();
    return halma_reference::Reference(start->board(), start->players(), options);
}

// The detail of a position the family must refuse as bad_fen (the code is checked here).
inline std::string detail_of(rules::VariantId id, const std::string& fen) {
    auto game = rules::make_game(id, fen);
    REQUIRE_FALSE(game.ok());
    CHECK(game.error().code == "bad_fen");
    return game.error().detail;
}

} // namespace halma_test
