#pragma once
// Synchronous wrappers over the asynchronous GameWriter, for tests.

#include "storage/game_writer.h"

#include <future>
#include <optional>
#include <string>
#include <utility>

namespace storage_test {

inline storage::GameRow sample_game(std::optional<storage::UserId> white,
                                    std::optional<storage::UserId> black, bool rated = false) {
    storage::GameRow game;
    game.variant = "chess";
    game.seats = {storage::SeatRow{.user_id = white, .name = white ? "white" : "guest-w"},
                  storage::SeatRow{.user_id = black, .name = black ? "black" : "guest-b"}};
    game.time_control = "180+2";
    game.rated = rated;
    game.table_code = "K7QF";
    game.started_at = storage::TimePoint(storage::Millis(1'000'000));
    return game;
}

inline std::pair<storage::WriteStatus, storage::GameId> create_now(storage::GameWriter& writer,
                                                                   storage::GameRow game) {
    std::promise<std::pair<storage::WriteStatus, storage::GameId>> done;
    writer.create_game(std::move(game), [&](const storage::WriteStatus& s, storage::GameId id) {
        done.set_value({s, id});
    });
    return done.get_future().get();
}

inline storage::WriteStatus append_now(storage::GameWriter& writer, storage::GameId game,
                                       storage::MoveRow move) {
    std::promise<storage::WriteStatus> done;
    writer.append_move(game, std::move(move),
                       [&](const storage::WriteStatus& s) { done.set_value(s); });
    return done.get_future().get();
}

// Move `ply` of a game of two, by seat 0 on odd plies and seat 1 on even ones, with its
// mover's clock.
inline storage::MoveRow move_at(int ply, std::string text) {
    using storage::Millis;
    return storage::MoveRow{.ply = ply,
                            .move = std::move(text),
                            .seat = (ply - 1) % 2,
                            .remaining = Millis(180'000 - ply * 1000),
                            .at = storage::TimePoint(Millis(1'000'000 + ply * 1500))};
}

} // namespace storage_test
