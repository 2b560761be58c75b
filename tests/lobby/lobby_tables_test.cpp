#include "lobby_fixture.h"

using namespace lobby;
using namespace lobby::testing;

namespace {
TableSummary waiting(const std::string& code, const Player& host, bool is_public = true) {
    TableSummary s{.code = code, .setup = TableSetup{.is_public = is_public}, .host = host};
    s.seats[0] = host;
    return s;
}
} // namespace

TEST_CASE("a private table gets a code that finds it, in any case, and a wrong code fails") {
    LobbyFixture f;
    const auto code = f.lobby.open_table(f.alice, TableSetup{.is_public = false});
    REQUIRE(code.ok());
    CHECK(code.value().size() == 6);
    CHECK(f.lobby.find_by_code(code.value()).value() == code.value());
    std::string lower = code.value();
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    CHECK(f.lobby.find_by_code(lower).value() == code.value());
    CHECK(f.lobby.find_by_code("ZZZZZZ").error().code == "bad_join_code");
    CHECK(f.lobby.find_by_code("nope").error().code == "bad_join_code");
    f.lobby.table_changed(waiting(code.value(), f.alice, false));
    CHECK(f.lobby.public_tables().empty()); // private: never listed
    CHECK(f.listener.events.empty());
}

TEST_CASE("codes are unique among live tables and come back only when a table is gone") {
    LobbyFixture f;
    std::set<std::string> seen;
    for (int i = 0; i < 50; ++i) {
        std::string name = "host";
        name += std::to_string(i);
        const Player host = player(name);
        const auto code = f.lobby.open_table(host, TableSetup{});
        REQUIRE(code.ok());
        CHECK(seen.insert(code.value()).second);
    }
    const std::string first = *seen.begin();
    f.lobby.table_gone(first);
    CHECK(f.lobby.find_by_code(first).error().code == "bad_join_code");
}

TEST_CASE("the public list is pushed live: created, seat taken / started, gone") {
    LobbyFixture f;
    const auto code = f.lobby.open_table(f.alice, TableSetup{}).value();
    TableSummary s = waiting(code, f.alice);
    f.lobby.table_changed(s);
    CHECK(f.listener.last<TableListChanged>().change == TableListChanged::Change::Created);
    CHECK(f.listener.events.back().to.empty()); // to everyone in the lobby
    CHECK(f.lobby.public_tables().size() == 1);

    s.seats[1] = f.bob;
    s.status = TableStatus::Playing;
    f.lobby.table_changed(s);
    CHECK(f.listener.last<TableListChanged>().change == TableListChanged::Change::Started);
    CHECK(f.listener.last<TableListChanged>().table.seats[1]->id == "bob");

    s.status = TableStatus::Finished;
    f.lobby.table_changed(s);
    CHECK(f.listener.last<TableListChanged>().change == TableListChanged::Change::Gone);
    CHECK(f.lobby.public_tables().empty());
    CHECK(f.lobby.find_by_code(code).ok()); // still live: a rematch may follow

    f.lobby.table_gone(code);
    CHECK(f.listener.count<TableListChanged>() == 3); // no second "gone"
    CHECK_FALSE(f.lobby.find_by_code(code).ok());
}

TEST_CASE("a cancelled table disappears from the list") {
    LobbyFixture f;
    const auto code = f.lobby.open_table(f.alice, TableSetup{}).value();
    f.lobby.table_changed(waiting(code, f.alice));
    f.lobby.table_gone(code);
    CHECK(f.listener.last<TableListChanged>().change == TableListChanged::Change::Gone);
    CHECK(change_name(TableListChanged::Change::SeatTaken) == "seat_taken");
    CHECK(event_name(f.listener.events.back().body) == "table_list");
}

TEST_CASE("a table's code, the lobby and a real Table work together") {
    LobbyFixture f;
    TableFixture t;
    const auto code = f.lobby.open_table(t.alice, t.setup()).value();
    auto table = Table::create(code, t.setup(), t.alice, t.context(), t.random, t0).value();
    f.lobby.table_changed(table->summary());
    const auto found = f.lobby.find_by_code(code);
    REQUIRE(found.ok());
    REQUIRE(table->join(t.bob, t0).ok());
    f.lobby.table_changed(table->summary());
    CHECK(f.listener.last<TableListChanged>().change == TableListChanged::Change::Started);
}

TEST_CASE("open tables are checked and limited per host") {
    LobbyFixture f;
    CHECK(f.lobby.open_table(f.alice, TableSetup{.time_control = TimeControl{}}).error().code ==
          "bad_setup");
    CHECK(f.lobby.open_table(f.guest, TableSetup{.rated = true}).error().code == "not_allowed");
    for (int i = 0; i < 3; ++i)
        REQUIRE(f.lobby.open_table(f.alice, TableSetup{}).ok());
    CHECK(f.lobby.open_table(f.alice, TableSetup{}).error().code == "rate_limited");
}

TEST_CASE("a reloaded table takes its code back once") {
    LobbyFixture f;
    const TableSummary s = waiting("ABCDEF", f.alice);
    CHECK(f.lobby.adopt_table(s));
    CHECK_FALSE(f.lobby.adopt_table(s));
    CHECK(f.lobby.find_by_code("abcdef").value() == "ABCDEF");
    CHECK(f.lobby.public_tables().size() == 1);
}

TEST_CASE("a player who did not start a game must wait before seeking again") {
    LobbyFixture f;
    f.lobby.record_no_start("alice", t0);
    const auto refused = f.lobby.seek(f.alice, f.blitz, t0 + 10s);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == "cooldown");
    CHECK(refused.error().detail == "You did not start your previous game. Please wait 50 seconds");
    CHECK(f.lobby.seeks().waiting(f.blitz) == 0);
    CHECK(f.lobby.cooldown_left("alice", t0 + 10s) == 50s);
    CHECK(f.lobby.seek(f.alice, f.blitz, t0 + 60s).ok());
    CHECK(f.lobby.seeks().waiting(f.blitz) == 1);
}

TEST_CASE("the first-move timeout of a table feeds the lobby's cool-down") {
    TableFixture t;
    LobbyFixture f;
    t.start();
    t.table->check_timeouts(t0 + 30s);
    const auto& ended = t.events.last<GameEnded>();
    REQUIRE(ended.result.did_not_start);
    const Player& culprit = *ended.result.did_not_start == white_seat ? t.alice : t.bob;
    f.lobby.record_no_start(culprit.id, t0 + 30s);
    CHECK(f.lobby.seek(culprit, f.blitz, t0 + 31s).error().code == "cooldown");
    CHECK(f.lobby.seek(t.bob, f.blitz, t0 + 31s).ok()); // the other player is free
}
