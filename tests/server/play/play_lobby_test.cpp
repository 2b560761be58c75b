// The lobby over the protocol: the live public table list, auto-match and challenges.
#include "tests/server/play/play_fixture.h"

#include <mutex>
#include <set>
#include <utility>

#include <doctest/doctest.h>

using namespace play_test;

TEST_CASE_FIXTURE(
    FreshServer,
    "a public table appears in the lobby list, is joined from it, and leaves the list") {
    Client host(server.port());
    Client visitor(server.port());
    const auto empty = visitor.request({{"t", "lobby_subscribe"}});
    REQUIRE(empty["t"] == "lobby");
    CHECK(empty["tables"].empty());

    const auto code = create_table(host, {{"variant", "russian"}, {"private", false}});
    const auto created = visitor.wait_push("lobby_changes");
    REQUIRE(created["tables"].size() == 1);
    CHECK(created["tables"][0]["code"] == code);
    CHECK(created["tables"][0]["setup"]["variant"] == "russian");
    CHECK(created["tables"][0]["host"]["id"] == host.id());
    // A private table is never listed.
    create_table(host, {{"private", true}});
    CHECK(visitor.none_within([](const json& m) { return m.value("t", "") == "lobby_changes"; }));

    const auto listed = visitor.request({{"t", "lobby_subscribe"}});
    REQUIRE(listed["tables"].size() == 1);
    CHECK(listed["playing"] == 0);
    join(visitor, listed["tables"][0]["code"]);
    // Started: off the list of open tables, counted among the games in play.
    const auto started = visitor.wait_for([](const json& m) {
        return m.value("t", "") == "lobby_changes" && m.value("playing", 0) == 1;
    });
    CHECK(started["gone"] == json::array({code}));
    CHECK(host.wait_event(code, "game_started")["event"]["board"]["rows"] == 8);
}

TEST_CASE_FIXTURE(FreshServer, "a waiting table's host cancels it, a third player finds it full") {
    Client host(server.port());
    Client second(server.port());
    Client third(server.port());
    const auto code = create_table(host, {{"private", true}});
    CHECK(second.request({{"t", "cancel"}, {"table", code}})["code"] == "not_host");
    join(second, code);
    CHECK(third.request({{"t", "join"}, {"code", code}})["code"] == "table_full");
    CHECK(host.request({{"t", "cancel"}, {"table", code}})["code"] == "already_started");

    const auto other = create_table(host, {{"private", true}});
    CHECK(host.request({{"t", "cancel"}, {"table", other}})["t"] == "ok");
    CHECK(host.wait_event(other, "table_closed")["event"]["reason"] == "cancelled");
    // Once closed, the code is released.
    bool gone = false;
    for (int i = 0; i < 50 && !gone; ++i) {
        gone = third.request({{"t", "join"}, {"code", other}})["code"] == "bad_join_code";
        if (!gone)
            std::this_thread::sleep_for(20ms);
    }
    CHECK(gone);
}

namespace {

// A block list the test fills once it knows the players' ids.
class TestBlocks final : public lobby::BlockList {
public:
    void block(const std::string& blocker, const std::string& other) {
        const std::lock_guard lock(mutex_);
        pairs_.emplace(blocker, other);
    }
    bool blocks(const lobby::PlayerId& blocker, const lobby::PlayerId& other) const override {
        const std::lock_guard lock(mutex_);
        return pairs_.count({blocker, other}) > 0;
    }

private:
    mutable std::mutex mutex_;
    std::set<std::pair<std::string, std::string>> pairs_;
};

} // namespace

TEST_CASE("a player the host has blocked cannot join the host's table, and others still can") {
    auto blocks = std::make_shared<TestBlocks>();
    FreshServer fresh(nullptr, blocks);
    Client host(fresh.server.port());
    Client blocked(fresh.server.port());
    Client other(fresh.server.port());
    blocks->block(host.id(), blocked.id());
    const auto code = create_table(host, {{"private", true}});
    CHECK(blocked.request({{"t", "join"}, {"code", code}})["code"] == "blocked");
    join(other, code);
}

TEST_CASE_FIXTURE(FreshServer, "auto-match pairs two seekers of the same pool") {
    Client first(server.port());
    Client second(server.port());
    const json pool{{"t", "seek"},
                    {"variant", "chess"},
                    {"time", {{"base_ms", 180000}, {"increment_ms", 2000}}}};
    const auto waiting = first.request(pool);
    CHECK(waiting["t"] == "seeking");
    CHECK(waiting["matched"] == false);
    const auto paired = second.request(pool);
    CHECK(paired["matched"] == true);
    const auto matched_first = first.wait_push("matched");
    const auto matched_second = second.wait_push("matched");
    const std::string code = matched_first["code"];
    CHECK(matched_second["code"] == code);
    const auto table_first = first.wait_push("table");
    const auto table_second = second.wait_push("table");
    CHECK(table_first["state"]["status"] == "playing");
    CHECK(table_first["you"] != table_second["you"]);
    // The player with White moves first.
    Client& white = table_first["you"] == 0 ? first : second;
    move(white, code, 0, "d4");

    // A seek can be withdrawn.
    Client third(server.port());
    CHECK(third.request(pool)["matched"] == false);
    CHECK(third.request({{"t", "cancel_seek"}})["cancelled"] == true);
    CHECK(third.request({{"t", "seek"}, {"rated", true}})["code"] == "not_allowed");
}

TEST_CASE_FIXTURE(FreshServer, "after matched, the table push comes before any of its events") {
    // docs/protocol.md §7.8: `matched`, then `table`, then the table's first events.
    Client first(server.port());
    Client second(server.port());
    const json pool{{"t", "seek"}, {"variant", "chess"}, {"time", {{"base_ms", 180000}}}};
    CHECK(first.request(pool)["matched"] == false);
    CHECK(second.request(pool)["matched"] == true);
    for (Client* player : {&first, &second}) {
        const std::string code = player->wait_push("matched")["code"];
        const auto next = player->wait_for([&](const json& m) {
            return m["t"] == "table" || (m["t"] == "table_event" && m["table"] == code);
        });
        CHECK(next["t"] == "table");
    }
}

TEST_CASE_FIXTURE(FreshServer,
                  "a challenge answered with a counter-offer, which the challenger accepts") {
    Client alice(server.port());
    Client bob(server.port());
    const auto sent = challenge(
        alice, bob, {{"variant", "chess"}, {"time", {{"base_ms", 60000}}}, {"color", "white"}});
    const auto id = sent.id;
    const auto& issued = sent.issued;
    CHECK(issued["change"] == "issued");
    CHECK(issued["challenge"]["id"] == id);
    CHECK(issued["challenge"]["from"]["id"] == alice.id());

    // Only the one who must answer may accept.
    CHECK(alice.request({{"t", "accept_challenge"}, {"challenge", id}})["code"] ==
          "not_your_challenge");
    const auto countered = bob.request({{"t", "counter_challenge"},
                                        {"challenge", id},
                                        {"variant", "chess"},
                                        {"time", {{"base_ms", 300000}, {"increment_ms", 3000}}},
                                        {"color", "white"}});
    CHECK(countered["t"] == "ok");
    const auto counter = alice.wait_for([](const json& m) {
        return m.value("t", "") == "challenge" && m.value("change", "") == "countered";
    });
    CHECK(counter["challenge"]["setup"]["time"]["base_ms"] == 300000);
    CHECK(counter["challenge"]["awaiting"] == alice.id());

    CHECK(alice.request({{"t", "accept_challenge"}, {"challenge", id}})["t"] == "ok");
    const auto accepted = bob.wait_push("challenge_gone");
    CHECK(accepted["reason"] == "accepted");
    const std::string code = accepted["code"];
    const auto table = alice.wait_push("table");
    CHECK(table["state"]["code"] == code);
    CHECK(table["you"] == 0);
    CHECK(table["state"]["setup"]["time"]["base_ms"] == 300000);
    move(alice, code, 0, "e4");
    CHECK(bob.wait_event(code, "move_played")["event"]["move"]["move"] == "e2e4");

    // A declined challenge goes with its reason.
    const auto again = alice.request({{"t", "challenge"}, {"to", bob.id()}});
    const auto second_id = again["challenge"].get<std::int64_t>();
    CHECK(bob.request(
              {{"t", "decline_challenge"}, {"challenge", second_id}, {"reason", "later"}})["t"] ==
          "ok");
    const auto declined = alice.wait_for([&](const json& m) {
        return m.value("t", "") == "challenge_gone" &&
               m.value("challenge", std::int64_t{0}) == second_id;
    });
    CHECK(declined["reason"] == "declined");
    CHECK(declined["decline_reason"] == "later");
}
