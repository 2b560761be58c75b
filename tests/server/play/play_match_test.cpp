// Who may be matched or challenged: seeks pair by the account's real rating for the pool's
// variant and speed, and a challenge names an existing player exactly.
#include "storage/sqlite/sqlite_backend.h"
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

using namespace play_test;

namespace {

// Accounts with a stored chess blitz rating each, and a server over them.
struct RatedAccounts {
    test::TempDir dir;
    TestClock clock;
    std::shared_ptr<Accounts> accounts;
    std::unique_ptr<PlayServer> server;

    explicit RatedAccounts(const std::vector<std::pair<std::string, double>>& ratings) {
        std::vector<std::string> names;
        for (const auto& [name, rating] : ratings)
            names.push_back(name);
        accounts = create_accounts(dir.path() / "play.db", names);
        {
            storage::sqlite::SqliteBackend backend((dir.path() / "play.db").string());
            auto store = backend.rating_store();
            for (const auto& [name, rating] : ratings)
                store->put_rating(storage::RatingRow{
                    .key = {accounts->ids.at(name), "chess", "blitz"},
                    .rating = rating,
                    .deviation = 60,
                    .volatility = 0.06,
                    .games = 20,
                    .updated_at = lobby::TimePoint{lobby::Millis{1'700'000'000'000}}});
        }
        server = std::make_unique<PlayServer>(dir.path() / "play.db", clock, accounts);
    }
};

const json blitz_seek{
    {"t", "seek"}, {"variant", "chess"}, {"time", {{"base_ms", 180000}, {"increment_ms", 2000}}}};

} // namespace

TEST_CASE("a seek pairs by the account's rating: far apart no, close yes") {
    RatedAccounts s({{"ann", 2200}, {"ben", 1200}, {"cat", 2150}});
    Client ann(s.server->port(), "user=ann");
    Client ben(s.server->port(), "user=ben");
    CHECK(ann.request(blitz_seek)["matched"] == false);
    // 1000 points apart: not paired, although both seek the same pool.
    CHECK(ben.request(blitz_seek)["matched"] == false);
    CHECK(ann.none_within([](const json& m) { return m.value("t", "") == "matched"; }));
    // 50 points from ann: paired with her at once, with the real ratings.
    Client cat(s.server->port(), "user=cat");
    CHECK(cat.request(blitz_seek)["matched"] == true);
    const auto matched = cat.wait_push("matched");
    const auto& players = matched.at("players");
    REQUIRE(players.size() == 2);
    const std::size_t ann_seat = players[0]["name"] == "ann" ? 0 : 1;
    CHECK(players[ann_seat]["rating"] == 2200);
    CHECK(players[1 - ann_seat]["rating"] == 2150);
    CHECK(ben.request({{"t", "cancel_seek"}})["cancelled"] == true);
}

TEST_CASE("a challenge to nobody, to a name in another case or rated to a guest fails at once") {
    RatedAccounts s({{"ann", 1500}, {"bob", 1500}});
    Client ann(s.server->port(), "user=ann");
    Client guest(s.server->port());
    const json setup{{"variant", "chess"}, {"time", {{"base_ms", 60000}}}};
    json to_nobody = setup;
    to_nobody["t"] = "challenge";
    to_nobody["to"] = "nobody";
    const auto nobody = ann.request(to_nobody);
    CHECK(nobody["code"] == "no_such_player");
    json to_case = to_nobody;
    to_case["to"] = "Bob";
    const auto other_case = ann.request(to_case);
    CHECK(other_case["code"] == "no_such_player");
    CHECK(other_case["message"].get<std::string>().find("bob") != std::string::npos);
    json to_ghost = to_nobody;
    to_ghost["to"] = "guest-ZZZZZZ";
    CHECK(ann.request(to_ghost)["code"] == "no_such_player");
    json rated_to_guest = to_nobody;
    rated_to_guest["to"] = guest.id();
    rated_to_guest["rated"] = true;
    CHECK(ann.request(rated_to_guest)["code"] == "not_allowed");
    // The exact name of an account that is not even connected is fine.
    json to_bob = to_nobody;
    to_bob["to"] = "bob";
    CHECK(ann.request(to_bob)["t"] == "challenge_sent");
    json casual_to_guest = to_nobody;
    casual_to_guest["to"] = guest.id();
    CHECK(ann.request(casual_to_guest)["t"] == "challenge_sent");
}

TEST_CASE("a table shows each account's rating for its variant and speed, made by hand or by "
          "challenge") {
    RatedAccounts s({{"ann", 1812}, {"ben", 1640}});
    Client ann(s.server->port(), "user=ann");
    Client ben(s.server->port(), "user=ben");
    const json blitz{{"base_ms", 180000}, {"increment_ms", 2000}};
    SUBCASE("created and joined by code") {
        const auto created = ann.request({{"t", "create_table"},
                                          {"variant", "chess"},
                                          {"time", blitz},
                                          {"color", "white"},
                                          {"private", true}});
        REQUIRE(created["t"] == "table_created");
        CHECK(created["state"]["seats"][0]["rating"] == 1812);
        const auto joined = ben.request({{"t", "join"}, {"code", created["code"]}});
        REQUIRE(joined["t"] == "table");
        CHECK(joined["state"]["seats"][0]["rating"] == 1812);
        CHECK(joined["state"]["seats"][1]["rating"] == 1640);
        // A speed without a stored rating: the default, as for a guest.
        const auto rapid = ben.request({{"t", "create_table"},
                                        {"variant", "chess"},
                                        {"time", {{"base_ms", 900000}, {"increment_ms", 10000}}},
                                        {"private", true}});
        REQUIRE(rapid["t"] == "table_created");
        const auto& seats = rapid["state"]["seats"];
        CHECK((seats[0].is_null() ? seats[1] : seats[0])["rating"] == 1500);
    }
    SUBCASE("made by an accepted challenge") {
        const auto sent = ann.request({{"t", "challenge"},
                                       {"to", "ben"},
                                       {"variant", "chess"},
                                       {"time", blitz},
                                       {"color", "white"}});
        REQUIRE(sent["t"] == "challenge_sent");
        ben.wait_push("challenge");
        REQUIRE(ben.request({{"t", "accept_challenge"}, {"challenge", sent["challenge"]}})["t"] ==
                "ok");
        const auto table = ann.wait_push("table");
        CHECK(table["state"]["seats"][0]["rating"] == 1812);
        CHECK(table["state"]["seats"][1]["rating"] == 1640);
    }
}
