// tabula db copy, in-process on temporary SQLite files (the copy to and from PostgreSQL is
// tested in tests/storage/database_copy_test.cpp, beside its test cluster): what it prints,
// its exit codes, a non-empty target refused and replaced with --force, a password kept out
// of its messages.
#include "server/cli/commands.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/server/auth/command_runner.h"
#include "tests/server/test_support.h"

#include <chrono>
#include <string>

#include <doctest/doctest.h>

using server::cli::run_db;

namespace {

bool says(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

storage::TimePoint copy_command_now() {
    return storage::TimePoint(std::chrono::milliseconds(1'700'000'000'000));
}

} // namespace

TEST_CASE("tabula db copy copies every table, refuses a full target and replaces it on --force") {
    test::TempDir dir;
    const std::string from = (dir.path() / "club.db").string();
    const std::string to = (dir.path() / "copy.db").string();
    {
        storage::sqlite::SqliteBackend club(from);
        auto users = club.user_store();
        const auto ann = users->create_user("ann", "h", copy_command_now()).value();
        const auto bob = users->create_user("bob", "h", copy_command_now()).value();
        REQUIRE(users->add_block(ann, bob, copy_command_now()));
    }

    const auto copied = test::run_command(run_db, {"copy", "--from", "sqlite:" + from, "--to", to});
    REQUIRE_MESSAGE(copied.code == 0, copied.err);
    CHECK(says(copied.out, "users"));
    CHECK(says(copied.out, "game_leaves"));
    CHECK(says(copied.out, "copied 3 rows in 20 tables"));
    {
        storage::sqlite::SqliteBackend copy(to);
        CHECK(copy.user_store()->list_users().size() == 2);
        CHECK(copy.user_store()->is_blocked_either_way(1, 2));
    }

    const auto refused = test::run_command(run_db, {"copy", "--from", from, "--to", to});
    CHECK(refused.code == 1);
    CHECK(says(refused.err, "holds 3 rows"));
    CHECK(says(refused.err, "--force"));

    const auto replaced =
        test::run_command(run_db, {"copy", "--from", from, "--to", to, "--force"});
    REQUIRE_MESSAGE(replaced.code == 0, replaced.err);
    CHECK(says(replaced.out, "replaced the 3 rows"));
    storage::sqlite::SqliteBackend copy(to);
    CHECK(copy.user_store()->list_users().size() == 2); // replaced, not added to
}

TEST_CASE("tabula db refuses bad arguments, and keeps a password out of its messages") {
    CHECK(test::run_command(run_db, {}).code == 2);
    CHECK(test::run_command(run_db, {"move"}).code == 2);
    CHECK(test::run_command(run_db, {"copy", "--from", "a.db"}).code == 2);
    CHECK(test::run_command(run_db, {"copy", "--to", "a.db", "--from", "b.db", "--fast"}).code ==
          2);
    const auto help = test::run_command(run_db, {"copy", "--help"});
    CHECK(help.code == 0);
    CHECK(says(help.out, "usage: tabula db copy --from DB --to DB [--force]"));

    test::TempDir dir;
    const std::string from = (dir.path() / "club.db").string();
    storage::sqlite::SqliteBackend club(from);
    // Nothing listens on port 1: the connection fails, and the message names no password.
    const auto failed = test::run_command(
        run_db, {"copy", "--from", from, "--to",
                 "postgresql://tabula:secret-pw@127.0.0.1:1/tabula?connect_timeout=2"});
    CHECK(failed.code == 1);
    CHECK(says(failed.err, "tabula db copy: "));
    CHECK_FALSE(says(failed.err, "secret-pw"));
    CHECK_FALSE(says(failed.out, "secret-pw"));
}
