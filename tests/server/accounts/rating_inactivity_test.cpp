// RD growth while inactive (lobby/rating/inactivity.h) where ratings are used and shown: the
// update after a rated game (server/play/stored_game.cpp finish_row), profiles and the
// leaderboard.
#include "lobby/random.h"
#include "lobby/rating/inactivity.h"
#include "lobby/table.h"
#include "server/play/stored_game.h"
#include "tests/server/accounts/accounts_test_support.h"

#include <doctest/doctest.h>

using test::AccountsServer;
using test::json_of;

namespace {

constexpr auto year = std::chrono::days(365);

// Ann (account 10) and Bob (account 20).
const lobby::Player ann{.id = "ann", .display_name = "ann", .identity = {.account = 10}};
const lobby::Player bob{.id = "bob", .display_name = "bob", .identity = {.account = 20}};

// A rated 5+3 chess table with both seats taken, as the play service has it when a game ends.
std::unique_ptr<lobby::Table> rated_table(lobby::TimePoint now) {
    lobby::SeededRandom random(7);
    auto table = lobby::Table::create(
        "RATE", lobby::TableSetup{.rated = true, .color = lobby::ColorChoice::White}, ann, {},
        random, now);
    REQUIRE(table.ok());
    REQUIRE((*table)->join(bob, now).ok());
    return std::move(*table);
}

storage::RatingRow stored(storage::UserId user, double rating, double deviation,
                          storage::TimePoint updated_at) {
    return {{user, "chess", "blitz"}, rating, deviation, 0.06, 30, updated_at};
}

} // namespace

TEST_CASE("a rated game's update starts from each player's RD grown since their last game") {
    const lobby::TimePoint at{std::chrono::days(20000)};
    const auto table = rated_table(at);
    lobby::GameEnded ended;
    ended.result = lobby::GameResult::win(0, "checkmate");
    ended.rated = true;
    ended.players = {ann, bob};
    const auto finish = server::play::finish_row(1, *table, ended, at);
    REQUIRE(finish.rate);
    REQUIRE(finish.rated_players.size() == 2);
    CHECK(finish.rated_players[0].speed == "blitz"); // lobby::speed_of: 300 + 40 x 3 s

    // Both played yesterday, or white has not played for a year.
    const auto recent = finish.rate({stored(10, 1600, 60, at - std::chrono::days(1)),
                                     stored(20, 1600, 60, at - std::chrono::days(1))});
    const auto idle = finish.rate(
        {stored(10, 1600, 60, at - year), stored(20, 1600, 60, at - std::chrono::days(1))});
    REQUIRE(recent.size() == 2);
    REQUIRE(idle.size() == 2);
    const auto expected = lobby::rating::update_after_game(
        lobby::rating::rating_at({1600, 60, 0.06}, at - year, at),
        lobby::rating::rating_at({1600, 60, 0.06}, at - std::chrono::days(1), at), 1.0);
    CHECK(idle[0].rating == doctest::Approx(expected.white.rating));
    CHECK(idle[0].deviation == doctest::Approx(expected.white.deviation));
    CHECK(idle[1].rating == doctest::Approx(expected.black.rating));
    // The idle winner's rating was less certain, so it moves further.
    CHECK(idle[0].rating - 1600 > 1.5 * (recent[0].rating - 1600));
    CHECK(idle[0].updated_at == at);
    CHECK(idle[0].games == 31);
}

TEST_CASE_TEMPLATE("a profile shows the RD as it stands today: a long break makes it provisional",
                   Db, STORAGE_BACKENDS) {
    AccountsServer s{{}, test_db::make<Db>()};
    s.register_user("Eva");
    auto ratings = s.backend.rating_store();
    ratings->put_rating(stored(s.user_id("Eva"), 1720.5, 60, s.now()));
    auto shown = json_of(s.get("/api/users/Eva"))["ratings"][0];
    CHECK(shown["deviation"] == doctest::Approx(60));
    CHECK(shown["provisional"] == false);

    s.advance(year);
    shown = json_of(s.get("/api/users/Eva"))["ratings"][0];
    CHECK(shown["rating"] == doctest::Approx(1720.5));
    CHECK(shown["deviation"] == doctest::Approx(110).epsilon(0.01));
    s.advance(std::chrono::days(30));
    shown = json_of(s.get("/api/users/Eva"))["ratings"][0];
    CHECK(shown["provisional"] == true);
    // Storage keeps the rating as of the last game; only what is shown grows.
    CHECK(ratings->ratings_of(s.user_id("Eva"))[0].deviation == 60);
}

TEST_CASE_TEMPLATE("the leaderboard drops a player whose RD grew past the threshold while idle", Db,
                   STORAGE_BACKENDS) {
    AccountsServer s{{}, test_db::make<Db>()};
    for (const char* name : {"Gus", "Hana", "Ivo"})
        s.register_user(name);
    auto ratings = s.backend.rating_store();
    // Hana (best) stopped playing 200 days ago; Gus and Ivo played today.
    ratings->put_rating(stored(s.user_id("Hana"), 2100, 60, s.now() - std::chrono::days(200)));
    ratings->put_rating(stored(s.user_id("Gus"), 1800, 70, s.now()));
    ratings->put_rating(stored(s.user_id("Ivo"), 1700, 50, s.now()));
    auto board = json_of(s.get("/api/leaderboard?variant=chess&speed=blitz&limit=2"));
    REQUIRE(board["players"].size() == 2);
    CHECK(board["players"][0]["name"] == "Gus"); // Hana's RD is about 91 now: above 75
    CHECK(board["players"][0]["rank"] == 1);
    CHECK(board["players"][1]["name"] == "Ivo");

    // Forty days later Gus's RD (70) has passed 75 too, while Ivo's (50) is near 59.
    s.advance(std::chrono::days(40));
    board = json_of(s.get("/api/leaderboard?variant=chess&speed=blitz"));
    REQUIRE(board["players"].size() == 1);
    CHECK(board["players"][0]["name"] == "Ivo");
    CHECK(board["players"][0]["deviation"].get<double>() > 50);
}
