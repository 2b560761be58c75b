#include "storage/errors.h"
#include "tests/storage/backends.h"

#include <string>

#include <doctest/doctest.h>

using namespace storage;
using storage_test::at_ms;

TEST_CASE_TEMPLATE("a user round-trips and names are unique ignoring case", Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();

    const auto ann = users->create_user("Ann_1", "hash-a", at_ms(5));
    REQUIRE(ann);
    CHECK_FALSE(users->create_user("ann_1", "hash-b", at_ms(6)));
    CHECK_FALSE(users->create_user("ANN_1", "hash-c", at_ms(7)));

    const auto found = users->find_user_by_name("aNn_1");
    REQUIRE(found);
    CHECK(found->id == *ann);
    CHECK(found->name == "Ann_1");
    CHECK(found->password_hash == "hash-a");
    CHECK(found->created_at == at_ms(5));
    CHECK_FALSE(found->disabled);
    CHECK(users->find_user(*ann)->name == "Ann_1");
    CHECK_FALSE(users->find_user(*ann + 100));
    CHECK_FALSE(users->find_user_by_name("bob"));
}

TEST_CASE_TEMPLATE("users are listed by name ignoring case", Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    (void)users->create_user("carol", "h", at_ms(1));
    (void)users->create_user("Alice", "h", at_ms(1));
    (void)users->create_user("bob", "h", at_ms(1));
    const auto list = users->list_users();
    REQUIRE(list.size() == 3);
    CHECK(list[0].name == "Alice");
    CHECK(list[1].name == "bob");
    CHECK(list[2].name == "carol");
}

TEST_CASE_TEMPLATE(
    "sessions: found until they expire, gone after logout, disable or password reset", Db,
    STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const auto session = [&](const char* hash) {
        return SessionRow{hash, ann, at_ms(100), at_ms(1000), at_ms(100)};
    };
    users->create_session(session("t1"));

    CHECK(users->find_session("t1", at_ms(999))->user_id == ann);
    CHECK_FALSE(users->find_session("t1", at_ms(1000))); // expired
    CHECK_FALSE(users->find_session("other", at_ms(500)));

    users->touch_session("t1", at_ms(400));
    CHECK(users->find_session("t1", at_ms(500))->last_seen_at == at_ms(400));

    CHECK(users->delete_session("t1"));
    CHECK_FALSE(users->delete_session("t1"));
    CHECK_FALSE(users->find_session("t1", at_ms(500)));

    users->create_session(session("t2"));
    CHECK(users->set_disabled(ann, true));
    CHECK(users->find_user(ann)->disabled);
    CHECK_FALSE(users->find_session("t2", at_ms(500)));

    CHECK(users->set_disabled(ann, false));
    users->create_session(session("t3"));
    CHECK(users->set_password_hash(ann, "new"));
    CHECK(users->find_user(ann)->password_hash == "new");
    CHECK_FALSE(users->find_session("t3", at_ms(500)));
    CHECK_FALSE(users->set_password_hash(ann + 1, "x"));
    CHECK_FALSE(users->set_disabled(ann + 1, true));
}

TEST_CASE_TEMPLATE("a rehash keeps the sessions: expired sessions are swept", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    users->create_session({"old", ann, at_ms(0), at_ms(10), at_ms(0)});
    users->create_session({"new", ann, at_ms(0), at_ms(1000), at_ms(0)});
    CHECK(users->rehash_password(ann, "stronger"));
    CHECK(users->find_session("new", at_ms(20)));
    CHECK(users->delete_expired_sessions(at_ms(20)) == 1);
    CHECK(users->find_session("new", at_ms(20)));
}

TEST_CASE_TEMPLATE("the sessions of one user are bounded: the oldest go, other users' stay", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = users->create_user("bob", "h", at_ms(0)).value();
    users->create_session({"bob", bob, at_ms(0), at_ms(1000), at_ms(0)});
    for (int i = 1; i <= 5; ++i)
        users->create_session({"ann" + std::to_string(i), ann, at_ms(i), at_ms(1000), at_ms(i)});
    CHECK(users->keep_newest_sessions(ann, 3) == 2);
    CHECK_FALSE(users->find_session("ann1", at_ms(10)));
    CHECK_FALSE(users->find_session("ann2", at_ms(10)));
    for (const char* kept : {"ann3", "ann4", "ann5", "bob"})
        CHECK(users->find_session(kept, at_ms(10)));
    CHECK(users->keep_newest_sessions(ann, 3) == 0);
}

TEST_CASE_TEMPLATE("a session for an unknown user is refused by the foreign key", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    CHECK_THROWS_AS(users->create_session({"t", 42, at_ms(0), at_ms(10), at_ms(0)}), StorageError);
}

TEST_CASE_TEMPLATE("blocks: add, list, either way, remove", Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = users->create_user("bob", "h", at_ms(0)).value();
    const UserId cid = users->create_user("cid", "h", at_ms(0)).value();

    CHECK(users->add_block(ann, bob, at_ms(3)));
    CHECK_FALSE(users->add_block(ann, bob, at_ms(4))); // already
    CHECK(users->is_blocked_either_way(ann, bob));
    CHECK(users->is_blocked_either_way(bob, ann));
    CHECK_FALSE(users->is_blocked_either_way(ann, cid));

    const auto list = users->list_blocks(ann);
    REQUIRE(list.size() == 1);
    CHECK(list[0].blocked_user_id == bob);
    CHECK(list[0].blocked_name == "bob");
    CHECK(list[0].created_at == at_ms(3));
    CHECK(users->list_blocks(bob).empty());

    CHECK(users->remove_block(ann, bob));
    CHECK_FALSE(users->remove_block(ann, bob));
    CHECK_FALSE(users->is_blocked_either_way(ann, bob));
    CHECK_THROWS_AS((void)users->add_block(ann, ann, at_ms(0)), StorageError); // CHECK constraint
}

TEST_CASE_TEMPLATE("a user and its first session are written together, or neither is", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const auto session = [](const char* hash) {
        return SessionRow{hash, 0, at_ms(100), at_ms(1000), at_ms(100)};
    };
    const auto ann = users->create_user_with_session("ann", "h", at_ms(100), session("t1"));
    REQUIRE(ann);
    CHECK(users->find_session("t1", at_ms(200))->user_id == *ann); // the id was filled in
    // A taken name writes nothing, no session either.
    CHECK_FALSE(users->create_user_with_session("ANN", "h", at_ms(100), session("t2")));
    CHECK_FALSE(users->find_session("t2", at_ms(200)));
    // A session that cannot be written (its token hash is taken) takes the new user back.
    CHECK_THROWS_AS((void)users->create_user_with_session("bob", "h", at_ms(100), session("t1")),
                    StorageError);
    CHECK_FALSE(users->find_user_by_name("bob"));
    CHECK(users->list_users().size() == 1);
}
