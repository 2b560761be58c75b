// Ladders over HTTP: create, join, challenge limits, accept (starting the game through the
// hook), results through the hook, expiry and decline as forfeits, organiser removal.
#include "lobby/player.h"
#include "tests/server/accounts/accounts_test_support.h"

#include <future>
#include <mutex>

#include <doctest/doctest.h>

using test::AccountsServer;
using test::error_code;
using test::json_of;
using ChallengeResult = lobby::ladder::ChallengeResult;

namespace {

class RecordingStarter final : public server::accounts::LadderGameStarter {
public:
    void start_ladder_game(const server::accounts::LadderGame& game) override {
        const std::lock_guard lock(mutex_);
        started_.push_back(game);
    }
    std::vector<server::accounts::LadderGame> started() {
        const std::lock_guard lock(mutex_);
        return started_;
    }

private:
    std::mutex mutex_;
    std::vector<server::accounts::LadderGame> started_;
};

std::vector<std::string> standings(AccountsServer& s, std::int64_t ladder) {
    std::vector<std::string> names;
    const auto body = json_of(s.get("/api/ladders/" + std::to_string(ladder)));
    for (const auto& rung : body["ladder"]["standings"])
        names.push_back(rung["name"].get<std::string>());
    return names;
}

rules::Result<storage::LadderChallengeRow> report(AccountsServer& s, std::int64_t ladder,
                                                  std::int64_t challenge, ChallengeResult result) {
    std::promise<rules::Result<storage::LadderChallengeRow>> done;
    s.accounts.report_ladder_result(ladder, challenge, result,
                                    [&](const auto& r) { done.set_value(r); });
    auto future = done.get_future();
    REQUIRE(future.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
    return future.get();
}

} // namespace

TEST_CASE_TEMPLATE("a ladder: create, join, challenge limits, results, expiry, decline and removal",
                   Db, STORAGE_BACKENDS) {
    AccountsServer s{{}, test_db::make<Db>()};
    auto starter = std::make_shared<RecordingStarter>();
    s.accounts.set_ladder_game_starter(starter);
    std::map<std::string, std::string> cookie;
    for (const char* name : {"Org", "Pl1", "Pl2", "Pl3", "Pl4", "Pl5"})
        cookie[name] = s.register_user(name);

    const nlohmann::json spec = {{"name", "Club blitz"}, {"variant", "chess"},
                                 {"base_seconds", 300},  {"increment_seconds", 3},
                                 {"max_rungs_up", 3},    {"response_hours", 24}};
    CHECK(error_code(s.post("/api/ladders", spec)) == "not_logged_in");
    const auto created = s.post("/api/ladders", spec, cookie["Org"]);
    REQUIRE(created.status == 201);
    const auto ladder = json_of(created)["ladder"]["id"].get<std::int64_t>();
    CHECK(error_code(s.post("/api/ladders", spec, cookie["Org"])) == "ladder_name_taken");
    auto bad = spec;
    bad["variant"] = "go";
    CHECK(error_code(s.post("/api/ladders", bad, cookie["Org"])) == "unknown_variant");
    for (const char* family_variant : {"chinese-checkers-2", "chinese-checkers-3", "halma-2"}) {
        bad["variant"] = family_variant;
        CHECK(error_code(s.post("/api/ladders", bad, cookie["Org"])) == "unknown_variant");
    }
    bad = spec;
    bad["max_rungs_up"] = 0;
    CHECK(error_code(s.post("/api/ladders", bad, cookie["Org"])) == "bad_max_rungs_up");
    bad = spec;
    bad["days_per_move"] = 3;
    CHECK(error_code(s.post("/api/ladders", bad, cookie["Org"])) == "bad_time_control");
    REQUIRE(json_of(s.get("/api/ladders"))["ladders"].size() == 1);

    const auto base = "/api/ladders/" + std::to_string(ladder);
    for (const char* name : {"Pl1", "Pl2", "Pl3", "Pl4", "Pl5"})
        REQUIRE(s.post(base + "/join", nlohmann::json::object(), cookie[name]).status == 200);
    CHECK(error_code(s.post(base + "/join", nlohmann::json::object(), cookie["Pl1"])) ==
          "already_on_ladder");
    CHECK(standings(s, ladder) == std::vector<std::string>{"Pl1", "Pl2", "Pl3", "Pl4", "Pl5"});

    // Pl5 (rung 5) may reach rungs 2 to 4, with at most two open challenges.
    CHECK(error_code(s.post(base + "/challenge", {{"opponent", "Pl1"}}, cookie["Pl5"])) ==
          "too_far_above");
    const auto c3 = s.post(base + "/challenge", {{"opponent", "Pl3"}}, cookie["Pl5"]);
    REQUIRE(c3.status == 201);
    const auto c2 = s.post(base + "/challenge", {{"opponent", "Pl2"}}, cookie["Pl5"]);
    REQUIRE(c2.status == 201);
    CHECK(error_code(s.post(base + "/challenge", {{"opponent", "Pl4"}}, cookie["Pl5"])) ==
          "too_many_challenges");
    CHECK(error_code(s.post(base + "/challenge", {{"opponent", "Pl5"}}, cookie["Pl4"])) ==
          "not_above");
    const auto id3 = json_of(c3)["challenge"]["id"].get<std::int64_t>();
    const auto id2 = json_of(c2)["challenge"]["id"].get<std::int64_t>();
    CHECK(json_of(s.get(base))["ladder"]["challenges"].size() == 2);

    // Only the challenged player accepts; accepting starts the game through the hook.
    const auto accept3 = base + "/challenges/" + std::to_string(id3) + "/accept";
    CHECK(error_code(s.post(accept3, nlohmann::json::object(), cookie["Pl5"])) == "not_challenged");
    REQUIRE(s.post(accept3, nlohmann::json::object(), cookie["Pl3"]).status == 200);
    const auto started = starter->started();
    REQUIRE(started.size() == 1);
    CHECK(started[0].challenge_id == id3);
    CHECK(started[0].challenger_name == "Pl5");
    CHECK(started[0].challenged_name == "Pl3");
    CHECK(started[0].variant == "chess");

    // A result for a challenge without a game is refused; the challenger's win moves rungs.
    CHECK(report(s, ladder, id2, ChallengeResult::ChallengerWon).error().code == "not_accepted");
    const auto won = report(s, ladder, id3, ChallengeResult::ChallengerWon);
    REQUIRE(won.ok());
    CHECK(won->status == "challenger_won");
    CHECK(standings(s, ladder) == std::vector<std::string>{"Pl1", "Pl2", "Pl5", "Pl3", "Pl4"});

    // A loss moves nobody.
    REQUIRE(s.post(base + "/challenges/" + std::to_string(id2) + "/accept",
                   nlohmann::json::object(), cookie["Pl2"])
                .status == 200);
    REQUIRE(report(s, ladder, id2, ChallengeResult::ChallengerLostOrDrew).ok());
    CHECK(standings(s, ladder) == std::vector<std::string>{"Pl1", "Pl2", "Pl5", "Pl3", "Pl4"});

    // Unanswered past the response time: forfeited by the challenged player, seen on read.
    REQUIRE(s.post(base + "/challenge", {{"opponent", "Pl3"}}, cookie["Pl4"]).status == 201);
    s.advance(std::chrono::hours(25));
    CHECK(standings(s, ladder) == std::vector<std::string>{"Pl1", "Pl2", "Pl5", "Pl4", "Pl3"});

    // Declining is forfeiting too.
    const auto c = s.post(base + "/challenge", {{"opponent", "Pl5"}}, cookie["Pl3"]);
    REQUIRE(c.status == 201);
    const auto cid = json_of(c)["challenge"]["id"].get<std::int64_t>();
    const auto declined = s.post(base + "/challenges/" + std::to_string(cid) + "/decline",
                                 nlohmann::json::object(), cookie["Pl5"]);
    REQUIRE(declined.status == 200);
    CHECK(json_of(declined)["challenge"]["status"] == "forfeited");
    CHECK(standings(s, ladder) == std::vector<std::string>{"Pl1", "Pl2", "Pl3", "Pl5", "Pl4"});

    // History of one player.
    const auto history = json_of(s.get(base + "?player=Pl3"))["ladder"]["history"]["events"];
    REQUIRE(history.size() >= 3);
    CHECK(history[0]["event"] == "joined");

    // Only the organiser removes; everyone below moves up.
    CHECK(error_code(s.post(base + "/remove", {{"user", "Pl1"}}, cookie["Pl2"])) ==
          "not_organiser");
    REQUIRE(s.post(base + "/remove", {{"user", "Pl1"}}, cookie["Org"]).status == 200);
    CHECK(standings(s, ladder) == std::vector<std::string>{"Pl2", "Pl3", "Pl5", "Pl4"});

    CHECK(error_code(s.get("/api/ladders/999")) == "unknown_ladder");
    CHECK(error_code(s.post("/api/ladders/999/join", nlohmann::json::object(), cookie["Pl1"])) ==
          "unknown_ladder");
    CHECK(error_code(s.post(base + "/frobnicate", nlohmann::json::object(), cookie["Pl1"])) ==
          "not_found");
}

TEST_CASE_TEMPLATE("blocks: listed, reported by the block list, and they stop ladder challenges",
                   Db, STORAGE_BACKENDS) {
    AccountsServer s{{}, test_db::make<Db>()};
    const auto ann = s.register_user("Ann");
    const auto bob = s.register_user("Bob");
    CHECK(error_code(s.get("/api/blocks")) == "not_logged_in");
    CHECK(error_code(s.post("/api/blocks", {{"name", "Nobody"}}, ann)) == "unknown_user");
    CHECK(error_code(s.post("/api/blocks", {{"name", "Ann"}}, ann)) == "self_block");
    REQUIRE(s.post("/api/blocks", {{"name", "bob"}}, ann).status == 201);
    const auto listed = json_of(s.get("/api/blocks", ann));
    REQUIRE(listed["blocked"].size() == 1);
    CHECK(listed["blocked"][0]["name"] == "Bob");
    // The lobby asks by player id, made from the account's number (lobby/player.h).
    const auto id_of = [&](const std::string& name) {
        return lobby::account_player_id(s.backend.user_store()->find_user_by_name(name)->id);
    };
    const auto blocks = s.accounts.block_list();
    CHECK(blocks->blocks(id_of("Ann"), id_of("Bob")));
    CHECK(blocks->either_blocks(id_of("Bob"), id_of("Ann")));
    CHECK_FALSE(blocks->blocks(id_of("Bob"), id_of("Ann")));
    CHECK_FALSE(blocks->blocks("Ann", "Bob")); // names are not ids

    const auto created = s.post(
        "/api/ladders", {{"name", "L"}, {"variant", "international"}, {"base_seconds", 600}}, ann);
    REQUIRE(created.status == 201);
    const auto base = "/api/ladders/" + std::to_string(json_of(created)["ladder"]["id"].get<int>());
    REQUIRE(s.post(base + "/join", nlohmann::json::object(), ann).status == 200);
    REQUIRE(s.post(base + "/join", nlohmann::json::object(), bob).status == 200);
    CHECK(error_code(s.post(base + "/challenge", {{"opponent", "Ann"}}, bob)) == "blocked");

    // A restarted service reads the blocks back from storage.
    server::accounts::AccountsService again(s.backend);
    CHECK(again.block_list()->blocks(id_of("Ann"), id_of("Bob")));

    REQUIRE(s.del("/api/blocks?name=Bob", ann).status == 200);
    CHECK_FALSE(blocks->blocks(id_of("Ann"), id_of("Bob")));
    CHECK(json_of(s.get("/api/blocks", ann))["blocked"].empty());
    CHECK(s.post(base + "/challenge", {{"opponent", "Ann"}}, bob).status == 201);
}

TEST_CASE_TEMPLATE("ladder history and open challenges are public, and an unanswered challenge is "
                   "forfeited",
                   Db, STORAGE_BACKENDS) {
    AccountsServer s{{}, test_db::make<Db>()};
    std::map<std::string, std::string> cookie;
    for (const char* name : {"Org", "Pl1", "Pl2", "Pl3"})
        cookie[name] = s.register_user(name);
    const auto created = s.post(
        "/api/ladders",
        {{"name", "Public"}, {"variant", "chess"}, {"base_seconds", 600}, {"response_hours", 24}},
        cookie["Org"]);
    REQUIRE(created.status == 201);
    const auto base =
        "/api/ladders/" + std::to_string(json_of(created)["ladder"]["id"].get<std::int64_t>());
    for (const char* name : {"Pl1", "Pl2", "Pl3"})
        REQUIRE(s.post(base + "/join", nlohmann::json::object(), cookie[name]).status == 200);
    const auto made = s.post(base + "/challenge", {{"opponent", "Pl1"}}, cookie["Pl3"]);
    REQUIRE(made.status == 201);
    const auto id = json_of(made)["challenge"]["id"].get<std::int64_t>();
    const auto deadline = json_of(made)["challenge"]["deadline_at"].get<std::int64_t>();
    CHECK(deadline == (s.now() + std::chrono::hours(24)).time_since_epoch().count());

    // Anyone, logged in or not, sees the open challenge with both names and its deadline.
    auto ladder = json_of(s.get(base))["ladder"];
    REQUIRE(ladder["challenges"].size() == 1);
    CHECK(ladder["challenges"][0]["challenger"] == "Pl3");
    CHECK(ladder["challenges"][0]["challenged"] == "Pl1");
    CHECK(ladder["challenges"][0]["status"] == "open");
    CHECK(ladder["challenges"][0]["deadline_at"] == deadline);

    // Three days pass unanswered: on the next read Pl1 has forfeited, Pl3 took rung 1, and the
    // history says so, dated at the deadline.
    s.advance(std::chrono::hours(72));
    ladder = json_of(s.get(base + "?player=Pl1"))["ladder"];
    CHECK(ladder["challenges"].empty());
    CHECK(standings(s, json_of(created)["ladder"]["id"].get<std::int64_t>()) ==
          std::vector<std::string>{"Pl3", "Pl1", "Pl2"});
    const auto events = ladder["history"]["events"];
    REQUIRE(events.size() == 2);
    CHECK(events[0]["event"] == "joined");
    CHECK(events[1]["event"] == "forfeited");
    CHECK(events[1]["rung_before"] == 1);
    CHECK(events[1]["rung_after"] == 2);
    CHECK(events[1]["challenge_id"] == id);
    CHECK(events[1]["at"] == deadline);
    const auto winner = json_of(s.get(base + "?player=pl3"))["ladder"]["history"];
    CHECK(winner["player"] == "Pl3");
    REQUIRE(winner["events"].size() == 2);
    CHECK(winner["events"][1]["event"] == "won_by_forfeit");
    CHECK(winner["events"][1]["rung_after"] == 1);
    const auto between = json_of(s.get(base + "?player=Pl2"))["ladder"]["history"]["events"];
    REQUIRE(between.size() == 2);
    CHECK(between[1]["event"] == "moved_down");

    // Too late to accept: the challenge is settled.
    const auto late = s.post(base + "/challenges/" + std::to_string(id) + "/accept",
                             nlohmann::json::object(), cookie["Pl1"]);
    CHECK(late.status == 404);
    CHECK(error_code(late) == "unknown_challenge");
    CHECK(error_code(s.get(base + "?player=Nobody")) == "unknown_user");
}
