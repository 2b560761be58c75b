#include "storage/sqlite/sqlite_backend.h"
#include "tests/storage/temp_database.h"

#include <doctest/doctest.h>

using namespace storage;
using storage_test::at_ms;
using storage_test::TempDir;

namespace {
RatingRow rating(UserId user, const char* speed, double r, double rd) {
    return RatingRow{{user, "chess", speed}, r, rd, 0.09, 12, at_ms(77)};
}
} // namespace

TEST_CASE("ratings round-trip per variant and speed, and are replaced") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
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

TEST_CASE("the leaderboard lists established ratings of enabled users, best first") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
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

    const auto board = ratings->leaderboard("chess", "blitz", 75, 10);
    REQUIRE(board.size() == 2);
    CHECK(board[0].name == "cid");
    CHECK(board[1].name == "ann");
    CHECK(ratings->leaderboard("chess", "blitz", 75, 1).size() == 1);
}
