// A cluster's failover is not charged to the player to move (server/play/stored_game.h,
// table_record with the game's pauses): the clock of a restored game runs from its last stored
// move, later by each pause at the current ply, and a restart that reads the same pauses
// gives the same clock.
#include "lobby/random.h"
#include "lobby/table.h"
#include "server/play/stored_game.h"

#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace {

using namespace std::chrono_literals;

const lobby::TimePoint clock_start{lobby::Millis{1'700'000'000'000}};

// A chess game of five minutes a side between two accounts, with two moves stored: White's
// at +10 s (4:50 left), Black's at +30 s (4:40 left). White is to move, its clock running
// since +30 s.
storage::GameWithMoves two_moves_stored() {
    const lobby::Player ann{.id = "u7", .display_name = "ann", .identity = {.account = 7}};
    const lobby::Player bob{.id = "u8", .display_name = "bob", .identity = {.account = 8}};
    lobby::SeededRandom random(3);
    auto table = lobby::Table::create(
        "CLCK", lobby::TableSetup{.is_public = false, .color = lobby::ColorChoice::White}, ann,
        {}, random, clock_start);
    REQUIRE(table.ok());
    REQUIRE((*table)->join(bob, clock_start).ok());
    storage::GameWithMoves game;
    game.game = server::play::game_row(**table, clock_start);
    game.game.id = 1;
    game.game.time_control = "base_ms=300000 increment_ms=0 delay_ms=0 per_move_ms=0 days=0";
    game.moves = {
        storage::MoveRow{.ply = 1, .move = "e4", .seat = 0, .remaining = 290s,
                         .at = clock_start + 10s},
        storage::MoveRow{.ply = 2, .move = "e5", .seat = 1, .remaining = 280s,
                         .at = clock_start + 30s},
    };
    return game;
}

lobby::TimePoint turn_started(const storage::GameWithMoves& game,
                              const std::vector<storage::GamePause>& pauses) {
    const auto record = server::play::table_record(game, 100, pauses);
    REQUIRE_MESSAGE(record.ok(), (record.ok() ? std::string() : record.error().detail));
    REQUIRE(record.value().clock);
    REQUIRE(record.value().clock->running);
    return record.value().clock->turn_started;
}

} // namespace

TEST_CASE("failover clock: without pauses the side to move's time runs from the last stored "
          "move, as after a restart") {
    const auto game = two_moves_stored();
    CHECK(turn_started(game, {}) == clock_start + 30s);
    const auto record = server::play::table_record(game, 100);
    REQUIRE(record.ok());
    CHECK(record.value().clock->remaining[0] == 290s);
    CHECK(record.value().clock->remaining[1] == 280s);
}

TEST_CASE("failover clock: a pause at the current ply moves the start of the turn by the "
          "outage, from the dead owner's last renewal to the resumption") {
    const auto game = two_moves_stored();
    // The owner last renewed at +32 s, the new owner resumed at +38 s: 6 s not charged.
    const storage::GamePause pause{.game_id = 1,
                                   .ply = 2,
                                   .charged_until = clock_start + 32s,
                                   .resumed_at = clock_start + 38s};
    CHECK(turn_started(game, {pause}) == clock_start + 36s);
    // The same pauses give the same clock: a restart after the failover recomputes it.
    CHECK(turn_started(game, {pause}) == turn_started(game, {pause}));
}

TEST_CASE("failover clock: an owner whose last renewal came before the last move is charged "
          "from that move only, and pauses at other plies change nothing") {
    const auto game = two_moves_stored();
    const storage::GamePause before_move{.game_id = 1,
                                         .ply = 2,
                                         .charged_until = clock_start + 25s,
                                         .resumed_at = clock_start + 40s};
    CHECK(turn_started(game, {before_move}) == clock_start + 40s);
    const storage::GamePause earlier_ply{.game_id = 1,
                                         .ply = 1,
                                         .charged_until = clock_start + 12s,
                                         .resumed_at = clock_start + 20s};
    CHECK(turn_started(game, {earlier_ply}) == clock_start + 30s);
    // A resumption that is not later than the turn's start adds nothing.
    const storage::GamePause empty{.game_id = 1,
                                   .ply = 2,
                                   .charged_until = clock_start + 20s,
                                   .resumed_at = clock_start + 30s};
    CHECK(turn_started(game, {empty}) == clock_start + 30s);
}
