#pragma once
// Helpers shared by the halma family's tests.

#include "reference_halma.h"
#include "rules/game.h"

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace halma_test {

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

// The reference generator's view of a game: the grid of board(), the seat to move, and the
// last two fields of the position (moves played, finished seats).
inline halma_reference::State state_of(const rules::Game& game) {
    halma_reference::State state{game.board().cells, game.seat_to_move(), 0, {}};
    const std::string fen = game.position();
    const auto last = fen.rfind(':');
    const auto before = fen.rfind(':', last - 1);
    state.ply = std::stoi(fen.substr(before + 1, last - before - 1));
    const std::string finished = fen.substr(last + 1);
    if (finished != "-")
        for (std::size_t i = 0; i < finished.size(); i += 2)
            state.finished.push_back(finished[i] - '1');
    return state;
}

inline halma_reference::Reference reference_for(rules::VariantId id,
                                                halma_reference::Options options = {}) {
    auto start = game_of(id);
    if (options.move_limit == 0)
        options.move_limit = 200 * start->players();
    return halma_reference::Reference(start->board(), start->players(), options);
}

} // namespace halma_test
