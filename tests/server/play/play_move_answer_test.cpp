// The answer to a move (docs/protocol.md 7.5, protocol 4): the mover's own copy of the move
// event, carrying the request's id, and nothing else; everyone else's copy carries no id. A
// resend is still answered `ok` with "duplicate": true. (A move storage never takes: the mover
// gets `storage_failed` and no event, play_storage_failure_test.cpp.)
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

using namespace play_test;

namespace {

bool any_message(const json&) {
    return true;
}

// A started chess table between two guests, watched by a third connection; every message so
// far has been read and dropped.
struct WatchedTable : TwoGuests {
    Client watcher{server.port()};
    std::string code;

    WatchedTable() {
        code = start_table(white, black, private_setup("chess"));
        REQUIRE(watcher.request({{"t", "watch"}, {"code", code}}).value("t", "") == "table");
        for (Client* client : {&white, &black, &watcher}) {
            client->wait_event(code, "spectator_joined");
            client->forget();
        }
    }

    // Sends White's first move as raw text with `id` (any JSON value) written as given.
    void send_first_move(const std::string& id) {
        white.send_raw(R"({"t":"move","id":)" + id + R"(,"table":")" + code +
                       R"(","ply":0,"move":"e4"})");
    }
};

} // namespace

TEST_CASE_FIXTURE(WatchedTable,
                  "the mover gets one message for its move: the move event carrying its id") {
    send_first_move("41");

    const auto answer = white.wait_for(any_message);
    CHECK(is_table_event(answer, "move_played"));
    CHECK(answer.value("id", json()) == 41);
    CHECK(answer.value("table", "") == code);
    CHECK(answer.at("event").at("move").at("move") == "e2e4");
    CHECK(answer.at("event").value("ply", -1) == 0);
    // No `ok` follows, nor a second copy of the event.
    CHECK(white.none_within(any_message));

    // The others get the same event, without an id.
    for (Client* other : {&black, &watcher}) {
        const auto copy = other->wait_move(code, 0);
        CHECK_FALSE(copy.contains("id"));
        json without_id = answer;
        without_id.erase("id");
        CHECK(copy == without_id);
    }
}

TEST_CASE_FIXTURE(WatchedTable, "a string id is carried by the mover's event as it was sent") {
    send_first_move(R"("move \"one\" é")");
    const auto answer = white.wait_for(any_message);
    CHECK(is_table_event(answer, "move_played"));
    CHECK(answer.value("id", json()) == "move \"one\" é");
    CHECK_FALSE(black.wait_move(code, 0).contains("id"));
}

TEST_CASE_FIXTURE(WatchedTable,
                  "a move sent without an id is answered by the plain event, the same as "
                  "everyone's") {
    white.send_raw(R"({"t":"move","table":")" + code + R"(","ply":0,"move":"e4"})");
    const auto answer = white.wait_for(any_message);
    CHECK(is_table_event(answer, "move_played"));
    CHECK_FALSE(answer.contains("id"));
    CHECK(white.none_within(any_message));
    CHECK(black.wait_move(code, 0) == answer);
}

TEST_CASE_FIXTURE(WatchedTable,
                  "a resend of the last move is answered ok duplicate and shows nothing again") {
    send_first_move("1");
    REQUIRE(is_table_event(white.wait_for(any_message), "move_played"));
    for (Client* other : {&black, &watcher})
        other->wait_move(code, 0);

    send_first_move("2");
    const auto again = white.wait_for(any_message);
    CHECK(again == json{{"t", "ok"}, {"id", 2}, {"duplicate", true}});
    for (Client* client : {&white, &black, &watcher})
        CHECK(client->none_within(any_message));
}

TEST_CASE_FIXTURE(WatchedTable, "a refused move is answered by its error and shows nothing") {
    white.send_raw(R"({"t":"move","id":5,"table":")" + code + R"(","ply":0,"move":"e5"})");
    const auto refused = white.wait_for(any_message);
    CHECK(refused.value("t", "") == "error");
    CHECK(refused.value("id", json()) == 5);
    CHECK(refused.value("code", "") == "illegal_move");
    for (Client* client : {&white, &black, &watcher})
        CHECK(client->none_within(any_message));
}

TEST_CASE_FIXTURE(
    AliceAndBobOnDisk,
    "only the connection that sent the move gets the id, even one that does not watch "
    "the table") {
    PlayServer server(db, clock, accounts);
    Client white(server.port(), "user=alice");
    Client black(server.port(), "user=bob");
    const auto code = start_table(white, black, private_setup("chess"));
    // Alice in a second tab that has not sat down at the table (no join, no resync).
    Client second_tab(server.port(), "user=alice");
    white.forget();

    second_tab.send_raw(R"({"t":"move","id":9,"table":")" + code + R"(","ply":0,"move":"d4"})");
    const auto answer = second_tab.wait_for(any_message);
    CHECK(is_table_event(answer, "move_played"));
    CHECK(answer.value("id", json()) == 9);
    CHECK(answer.at("event").at("move").at("move") == "d2d4");
    CHECK(second_tab.none_within(any_message));
    // Alice's first tab, at the table, gets the event as everyone does.
    CHECK_FALSE(white.wait_move(code, 0).contains("id"));
    CHECK_FALSE(black.wait_move(code, 0).contains("id"));
}
