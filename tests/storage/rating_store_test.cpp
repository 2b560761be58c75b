#include "tests/storage/backends.h"

#include <doctest/doctest.h>

using namespace storage;
using storage_test::at_ms;

namespace {
RatingRow rating(UserId user, const char* speed, double r, double rd) {
    return RatingRow{{user, "chess", speed}, r, rd, 0.09, 12, at_ms(77)};
}
} // namespace

TEST_CASE_TEMPLATE("ratings round-trip per variant and speed, and are replaced", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const UserId ann = backend.user_store()->create_user("ann", "h", at_ms(0)).value();
    auto ratings = backend.rating_store();

    ratings->put_rating(rating(ann, "blitz", 1612.5, 80.25));
    ratings->put_rating(rating(ann, "bullet", 1400, 200));
    const auto blitz = ratings->find_rating({ann, "chess", "blitz"});
    REQUIRE(blitz);
    CHECK(blitz->rating == 1612.5);
    CHECK(blitz->deviation == 80.25);
    CHECK(blitz->volatility == 0.09);
    CHECK(blitz->games == 12);
    CHECK(blitz->updated_at == at_ms(77));
    CHECK_FALSE(ratings->find_rating({ann, "chess", "rapid"}));
    CHECK_FALSE(ratings->find_rating({ann, "international", "blitz"}));

    ratings->put_rating(rating(ann, "blitz", 1700, 70));
    CHECK(ratings->find_rating({ann, "chess", "blitz"})->rating == 1700);
    const auto all = ratings->ratings_of(ann);
    REQUIRE(all.size() == 2);
    CHECK(all[0].key.speed == "blitz");
    CHECK(all[1].key.speed == "bullet");
}

TEST_CASE_TEMPLATE("the leaderboard lists established ratings of enabled users, best first", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = users->create_user("bob", "h", at_ms(0)).value();
    const UserId cid = users->create_user("cid", "h", at_ms(0)).value();
    const UserId dan = users->create_user("dan", "h", at_ms(0)).value();
    auto ratings = backend.rating_store();
    ratings->put_rating(rating(ann, "blitz", 1800, 60));
    ratings->put_rating(rating(bob, "blitz", 1900, 150)); // provisional: not listed
    ratings->put_rating(rating(cid, "blitz", 2000, 50));
    ratings->put_rating(rating(dan, "blitz", 2100, 50));
    ratings->put_rating(rating(ann, "bullet", 2500, 50)); // other speed
    REQUIRE(users->set_disabled(dan, true));

    const LeaderboardQuery blitz{
        .variant = "chess", .speed = "blitz", .max_deviation = 75, .now = at_ms(77), .limit = 10};
    const auto board = ratings->leaderboard(blitz);
    REQUIRE(board.size() == 2);
    CHECK(board[0].name == "cid");
    CHECK(board[1].name == "ann");
    auto top = blitz;
    top.limit = 1;
    CHECK(ratings->leaderboard(top).size() == 1);
}

TEST_CASE_TEMPLATE("the leaderboard grows each RD for the days since the rating changed", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = users->create_user("bob", "h", at_ms(0)).value();
    auto ratings = backend.rating_store();
    constexpr std::int64_t day = 86'400'000;
    // Both RD 60 with volatility 0.09: each idle day adds 1000 x 0.0081 = 8.1 to RD^2, so
    // RD^2 3600 passes the bound's 75^2 = 5625 after 250 idle days.
    ratings->put_rating(rating(ann, "blitz", 1800, 60)); // updated at 77 ms
    auto recent = rating(bob, "blitz", 1700, 60);
    recent.updated_at = at_ms(77 + 200 * day);
    ratings->put_rating(recent);
    LeaderboardQuery query{.variant = "chess",
                           .speed = "blitz",
                           .max_deviation = 75,
                           .now = at_ms(77 + 249 * day),
                           .growth_per_day = 1000,
                           .limit = 10};

    auto board = ratings->leaderboard(query);
    REQUIRE(board.size() == 2); // ann: 3600 + 249 x 8.1 = 5616.9 < 5625
    CHECK(board[0].name == "ann");
    CHECK(board[0].rating.deviation == 60); // the stored RD: the caller grows what it shows

    query.now = at_ms(77 + 251 * day); // ann: 5633.1, past the bound; bob idle 51 days
    board = ratings->leaderboard(query);
    REQUIRE(board.size() == 1);
    CHECK(board[0].name == "bob");

    query.now = at_ms(0); // before both updates (a clock that went back): nobody idle
    CHECK(ratings->leaderboard(query).size() == 2);
    query.growth_per_day = 0; // no growth: the stored RD alone decides
    query.now = at_ms(77 + 10'000 * day);
    CHECK(ratings->leaderboard(query).size() == 2);
}
