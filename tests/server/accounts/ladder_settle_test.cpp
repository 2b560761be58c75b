// Ladder games settled from what is stored (issue 34): the writer decides a challenge with its
// game's end, a restart (a new AccountsService over the same database file) settles what a
// crash left, an accepted challenge can be withdrawn until its game starts and is cancelled
// when it does not start in time, and a ladder page is shown when a deadline cannot be written.
#include "server/accounts/ladder_outcome.h"
#include "storage/sqlite/connection.h"
#include "tests/server/accounts/accounts_test_support.h"

#include <future>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using test::AccountsServer;
using test::error_code;
using test::json_of;

namespace {

// A chess ladder Top, Low (Top on rung 1), and Low's challenge to Top accepted.
struct AcceptedLadderChallenge {
    AccountsServer s;
    std::map<std::string, std::string> cookie;
    std::int64_t ladder = 0;
    std::int64_t challenge = 0;
    std::string base;

    explicit AcceptedLadderChallenge(
        std::unique_ptr<test_db::TestDatabase> database = test_db::sqlite())
        : s({}, std::move(database)) {
        for (const char* name : {"Top", "Low"})
            cookie[name] = s.register_user(name);
        const auto created = s.post(
            "/api/ladders",
            {{"name", "Club"}, {"variant", "chess"}, {"base_seconds", 300}, {"response_hours", 24}},
            cookie["Top"]);
        REQUIRE(created.status == 201);
        ladder = json_of(created)["ladder"]["id"].get<std::int64_t>();
        base = "/api/ladders/" + std::to_string(ladder);
        for (const char* name : {"Top", "Low"})
            REQUIRE(s.post(base + "/join", nlohmann::json::object(), cookie[name]).status == 200);
        const auto made = s.post(base + "/challenge", {{"opponent", "Top"}}, cookie["Low"]);
        REQUIRE(made.status == 201);
        challenge = json_of(made)["challenge"]["id"].get<std::int64_t>();
        REQUIRE(s.post(base + "/challenges/" + std::to_string(challenge) + "/accept",
                       nlohmann::json::object(), cookie["Top"])
                    .status == 200);
    }

    std::vector<std::string> standings() {
        std::vector<std::string> names;
        const auto page = json_of(s.get(base)); // kept: the loop reads into it
        for (const auto& rung : page["ladder"]["standings"])
            names.push_back(rung["name"].get<std::string>());
        return names;
    }
    std::string status() {
        return s.backend.ladder_store()->find_challenge(challenge).value().status;
    }
    // The ladder game's row, Low (the challenger) with `low_colour`.
    storage::GameRow game(const std::string& low_colour) {
        storage::GameRow row;
        row.variant = "chess";
        const auto top = s.user_id("Top");
        const auto low = s.user_id("Low");
        row.seats = {storage::SeatRow{.user_id = low_colour == "white" ? low : top, .name = "w"},
                     storage::SeatRow{.user_id = low_colour == "white" ? top : low, .name = "b"}};
        row.time_control = "300+0";
        row.rated = true;
        row.started_at = s.now();
        row.ladder = storage::GameLadderLink{.ladder_id = ladder, .challenge_id = challenge};
        return row;
    }
    // Runs SQL on a connection of its own.
    void exec(const std::string& sql) {
        storage::sqlite::Connection raw(s.location(), storage::sqlite::OpenOptions{});
        raw.exec(sql);
    }
};

// The same service started again over the same database file, on the test's clock.
std::unique_ptr<server::accounts::AccountsService> restart_accounts(AccountsServer& s) {
    server::accounts::AccountsServiceOptions options;
    options.accounts.password = {.memory_kib = 256, .passes = 1, .lanes = 1};
    options.clock = [&s] { return s.now(); };
    return std::make_unique<server::accounts::AccountsService>(s.backend, options);
}

storage::GameId create_ladder_game(storage::GameWriter& writer, storage::GameRow row) {
    std::promise<std::pair<storage::WriteStatus, storage::GameId>> done;
    writer.create_game(std::move(row), [&](const storage::WriteStatus& s, storage::GameId id) {
        done.set_value({s, id});
    });
    auto [status, id] = done.get_future().get();
    REQUIRE(status.ok());
    return id;
}

storage::WriteStatus finish_ladder_game(storage::GameWriter& writer, storage::GameId game,
                                        const std::string& result, const std::string& termination,
                                        storage::TimePoint at) {
    std::promise<storage::WriteStatus> done;
    writer.finish_game(storage::FinishGame{{game, result, termination, at}, {}, {}},
                       [&](const storage::WriteStatus& s, const auto&) { done.set_value(s); });
    return done.get_future().get();
}

} // namespace

TEST_CASE_TEMPLATE("ladder settle: the writer decides the challenge with the game's end", Db,
                   STORAGE_BACKENDS) {
    AcceptedLadderChallenge c{test_db::make<Db>()};
    auto writer = c.s.backend.game_writer(server::accounts::ladder_decider());
    const auto game = create_ladder_game(*writer, c.game("black"));
    CHECK(c.s.backend.ladder_store()->find_challenge(c.challenge)->game_id == game);
    REQUIRE(finish_ladder_game(*writer, game, "0-1", "resign", c.s.now()).ok());
    // Stored with the end, before anyone reported anything.
    CHECK(c.status() == "challenger_won");
    CHECK(c.standings() == std::vector<std::string>{"Low", "Top"});
    // The report that follows changes nothing and is no error.
    std::promise<rules::Result<storage::LadderChallengeRow>> reported;
    c.s.accounts.report_ladder_result(c.ladder, c.challenge,
                                      lobby::ladder::ChallengeResult::ChallengerLostOrDrew,
                                      [&](const auto& r) { reported.set_value(r); });
    const auto answer = reported.get_future().get();
    REQUIRE(answer.ok());
    CHECK(answer->status == "challenger_won");
    CHECK(c.standings() == std::vector<std::string>{"Low", "Top"});
}

TEST_CASE_TEMPLATE("ladder settle: what each kind of end decides", Db, STORAGE_BACKENDS) {
    struct Case {
        const char* low_colour;
        const char* result;
        const char* termination;
        const char* status;
    };
    // White moves first in chess: a first-move timeout with no move is White's.
    for (const Case& k : {Case{"white", "1-0", "checkmate", "challenger_won"},
                          Case{"white", "1/2-1/2", "agreement", "challenger_lost"},
                          Case{"white", "aborted", "first-move-timeout", "challenger_lost"},
                          Case{"black", "aborted", "first-move-timeout", "challenger_won"},
                          Case{"black", "*", "storage_failed", "cancelled"},
                          Case{"black", "*", "takeback", "accepted"}}) {
        CAPTURE(k.result);
        CAPTURE(k.termination);
        AcceptedLadderChallenge c{test_db::make<Db>()};
        auto writer = c.s.backend.game_writer(server::accounts::ladder_decider());
        const auto game = create_ladder_game(*writer, c.game(k.low_colour));
        REQUIRE(finish_ladder_game(*writer, game, k.result, k.termination, c.s.now()).ok());
        CHECK(c.status() == k.status);
        CHECK(c.standings() == (std::string(k.status) == "challenger_won"
                                    ? std::vector<std::string>{"Low", "Top"}
                                    : std::vector<std::string>{"Top", "Low"}));
    }
}

TEST_CASE_TEMPLATE("ladder settle: a restart decides a challenge whose game ended without it", Db,
                   STORAGE_BACKENDS) {
    AcceptedLadderChallenge c{test_db::make<Db>()};
    {
        // The end is stored, and the server is killed before anything decided the challenge
        // (a writer without the decider, as an older server's).
        auto writer = c.s.backend.game_writer();
        const auto game = create_ladder_game(*writer, c.game("white"));
        REQUIRE(finish_ladder_game(*writer, game, "1-0", "resign", c.s.now()).ok());
    }
    REQUIRE(c.status() == "accepted");
    // The pair cannot play again while it stays so.
    CHECK(error_code(c.s.post(c.base + "/challenge", {{"opponent", "Top"}}, c.cookie["Low"])) ==
          "already_challenged");

    const auto restarted = restart_accounts(c.s);
    const auto upkeep = restarted->upkeep_at_start();
    CHECK(upkeep.ladders.decided == 1);
    CHECK(upkeep.ladders.cancelled == 0);
    CHECK(c.status() == "challenger_won");
    CHECK(c.standings() == std::vector<std::string>{"Low", "Top"});
    const auto history = c.s.backend.ladder_store()->history(c.ladder, c.s.user_id("Low"));
    REQUIRE(history.size() == 2);
    CHECK(history[1].event == "won_challenge");
    // Idempotent: a second start settles nothing more.
    const auto again = restarted->upkeep_at_start();
    CHECK(again.ladders.decided == 0);
    CHECK(c.standings() == std::vector<std::string>{"Low", "Top"});
    // And the pair plays again (now Top challenges from below).
    CHECK(c.s.post(c.base + "/challenge", {{"opponent", "Low"}}, c.cookie["Top"]).status == 201);
}

TEST_CASE_TEMPLATE(
    "ladder settle: a restart leaves a game that goes on and cancels one never started", Db,
    STORAGE_BACKENDS) {
    AcceptedLadderChallenge c{
        test_db::make<Db>()}; // accepted; the game's row was never written, and the server died
    const auto restarted = restart_accounts(c.s);
    const auto upkeep = restarted->upkeep_at_start();
    CHECK(upkeep.ladders.cancelled == 1);
    CHECK(c.status() == "cancelled");
    CHECK(c.standings() == std::vector<std::string>{"Top", "Low"});
    const auto made = c.s.post(c.base + "/challenge", {{"opponent", "Top"}}, c.cookie["Low"]);
    REQUIRE(made.status == 201);
    const auto next = json_of(made)["challenge"]["id"].get<std::int64_t>();
    REQUIRE(c.s.post(c.base + "/challenges/" + std::to_string(next) + "/accept",
                     nlohmann::json::object(), c.cookie["Top"])
                .status == 200);
    c.challenge = next;
    {
        auto writer = c.s.backend.game_writer();
        (void)create_ladder_game(*writer, c.game("white")); // in play when the server stopped
    }
    const auto later = restarted->upkeep_at_start();
    CHECK(later.ladders.decided == 0);
    CHECK(later.ladders.cancelled == 0);
    CHECK(c.status() == "accepted"); // the restored table's end decides it
}

TEST_CASE_TEMPLATE(
    "ladder settle: either player withdraws an accepted challenge until its game starts", Db,
    STORAGE_BACKENDS) {
    for (const char* who : {"Top", "Low"}) {
        CAPTURE(who);
        AcceptedLadderChallenge c{test_db::make<Db>()};
        const auto decline = c.base + "/challenges/" + std::to_string(c.challenge) + "/decline";
        const auto withdrawn = c.s.post(decline, nlohmann::json::object(), c.cookie[who]);
        REQUIRE(withdrawn.status == 200);
        CHECK(json_of(withdrawn)["challenge"]["status"] == "cancelled");
        CHECK(c.standings() == std::vector<std::string>{"Top", "Low"}); // nobody moves
        CHECK(c.s.post(c.base + "/challenge", {{"opponent", "Top"}}, c.cookie["Low"]).status ==
              201);
    }
    AcceptedLadderChallenge c{test_db::make<Db>()};
    auto writer = c.s.backend.game_writer();
    (void)create_ladder_game(*writer,
                             c.game("white")); // the game started: its end settles the challenge
    const auto decline = c.base + "/challenges/" + std::to_string(c.challenge) + "/decline";
    CHECK(error_code(c.s.post(decline, nlohmann::json::object(), c.cookie["Top"])) == "not_open");
    CHECK(error_code(c.s.post(decline, nlohmann::json::object(), c.cookie["Low"])) == "not_open");
    CHECK(c.status() == "accepted");
}

TEST_CASE_TEMPLATE(
    "ladder settle: an accepted challenge whose game does not start in time is cancelled", Db,
    STORAGE_BACKENDS) {
    AcceptedLadderChallenge c{test_db::make<Db>()};
    c.s.advance(std::chrono::minutes(9));
    CHECK(json_of(c.s.get(c.base))["ladder"]["challenges"].size() == 1);
    c.s.advance(std::chrono::minutes(1)); // the start deadline: 10 minutes after accepting
    CHECK(json_of(c.s.get(c.base))["ladder"]["challenges"].empty());
    CHECK(c.status() == "cancelled");
    CHECK(c.standings() == std::vector<std::string>{"Top", "Low"});
}

TEST_CASE("ladder settle: a ladder page is shown when a deadline passed cannot be written") {
    AcceptedLadderChallenge c;
    const auto decline = c.base + "/challenges/" + std::to_string(c.challenge) + "/decline";
    REQUIRE(c.s.post(decline, nlohmann::json::object(), c.cookie["Low"]).status == 200);
    REQUIRE(c.s.post(c.base + "/challenge", {{"opponent", "Top"}}, c.cookie["Low"]).status == 201);
    c.s.advance(std::chrono::hours(25)); // unanswered: Top forfeits on the next look
    // A full disk, as far as this ladder is concerned: no challenge can be changed.
    c.exec("CREATE TRIGGER full_disk BEFORE UPDATE ON ladder_challenges "
           "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    const auto page = c.s.get(c.base);
    REQUIRE(page.status == 200);
    CHECK(json_of(page)["ladder"]["challenges"].empty());
    CHECK(c.standings() == std::vector<std::string>{"Low", "Top"}); // as the deadline decided
    CHECK(c.s.get(c.base + "?player=Low").status == 200);
    // An action still fails plainly rather than half-done.
    CHECK(c.s.post(c.base + "/challenge", {{"opponent", "Low"}}, c.cookie["Top"]).status == 500);

    c.exec("DROP TRIGGER full_disk");
    CHECK(c.standings() == std::vector<std::string>{"Low", "Top"});
    const auto stored = c.s.backend.ladder_store()->standings(c.ladder);
    REQUIRE(stored.size() == 2);
    CHECK(stored[0].name == "Low"); // written by the look that could
}
