#include "lobby/event_log.h"

#include <chrono>

#include <doctest/doctest.h>

using namespace lobby;
using namespace std::chrono_literals;

namespace {

const TimePoint logged_at{1700000000000ms};

// A move with the bulk a newer position makes redundant: a board and two legal moves.
MovePlayed move_with_bulk(int ply) {
    return MovePlayed{.ply = ply,
                      .position = "position " + std::to_string(ply),
                      .board = rules::BoardView{.cells = std::string(64, '.')},
                      .legal_moves = {rules::MoveView{"e2e4", "", {52, 36}, {}},
                                      rules::MoveView{"d2d4", "", {51, 35}, {}}}};
}

const MovePlayed& played_in(const EventPtr& event) {
    return std::get<MovePlayed>(event->body);
}

} // namespace

TEST_CASE("the event log slims the previous position when a newer one comes") {
    EventLog log(8);
    const std::uint64_t first = log.append(logged_at, move_with_bulk(0))->version;
    log.append(logged_at + 1s, move_with_bulk(1));
    const auto kept = log.since(first - 1);
    REQUIRE(kept);
    REQUIRE(kept->size() == 2);
    const auto& older = played_in((*kept)[0]);
    CHECK(older.legal_moves.empty());
    CHECK(older.board.cells.empty());
    CHECK(older.position == "position 0"); // what a resync replays stays
    CHECK(older.ply == 0);
    CHECK(played_in((*kept)[1]).legal_moves.size() == 2);
    CHECK(played_in((*kept)[1]).board.cells.size() == 64);
}

TEST_CASE("an event someone still holds is not changed under them when the log slims it") {
    EventLog log(8);
    // The log is the only holder of the first event: slimmed in place, the same object.
    const auto* first = log.append(logged_at, move_with_bulk(0)).get();
    // The second is held here, as a connection's resync or a duplicate's answer would.
    const EventPtr held = log.append(logged_at + 1s, move_with_bulk(1));
    CHECK(log.since(0)->front().get() == first);
    log.append(logged_at + 2s, move_with_bulk(2));
    CHECK(played_in(held).legal_moves.size() == 2);
    CHECK(played_in(held).board.cells.size() == 64);
    const auto kept = log.since(0);
    REQUIRE(kept->size() == 3);
    CHECK((*kept)[1].get() != held.get()); // the log keeps a slimmed copy instead
    CHECK(played_in((*kept)[1]).legal_moves.empty());
    CHECK(played_in((*kept)[1]).board.cells.empty());
    CHECK(played_in((*kept)[1]).position == "position 1");
    CHECK((*kept)[1]->version == held->version);
}
