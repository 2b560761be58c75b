// tabula backup and tabula user, run in-process through their entry points.
#include "server/auth/password_hash.h"
#include "server/cli/commands.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/server/auth/command_runner.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <doctest/doctest.h>

namespace {

struct TempDir {
    std::filesystem::path path;
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "tabula-cli-XXXXXX");
        REQUIRE(mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
    std::string file(const char* name) const { return (path / name).string(); }
};

test::CommandRun run(int (*command)(const server::cli::Args&), const server::cli::Args& args,
                     const std::string& input = {}) {
    return test::run_command(command, args, input);
}

} // namespace

TEST_CASE("tabula user: create, list, reset-password and disable, passwords from stdin") {
    using server::cli::run_user;
    TempDir dir;
    const std::string db = dir.file("t.db");
    auto r = run(run_user, {"create", "Ann", "--password-stdin", "--db", db}, "password1\n");
    REQUIRE_MESSAGE(r.code == 0, r.err);
    r = run(run_user, {"create", "ann", "--password-stdin", "--db", db}, "password2\n");
    CHECK(r.code == 1);
    CHECK(r.err.find("taken") != std::string::npos);
    r = run(run_user, {"create", "guest1", "--password-stdin", "--db", db}, "password2\n");
    CHECK(r.code == 1);
    r = run(run_user, {"create", "bob", "--password-stdin", "--db", db}, "short\n");
    CHECK(r.code == 1);
    r = run(run_user, {"create", "bob", "--password-stdin", "--db", db}, "");
    CHECK(r.code == 1);
    CHECK(r.err.find("no password") != std::string::npos);

    r = run(run_user, {"list", "--db", db});
    CHECK(r.code == 0);
    CHECK(r.out.starts_with("Ann\t"));
    CHECK(r.out.find("active") != std::string::npos);

    CHECK(run(run_user, {"reset-password", "ANN", "--password-stdin", "--db", db}, "password9\n")
              .code == 0);
    CHECK(run(run_user, {"disable", "ann", "--db", db}).code == 0);
    CHECK(run(run_user, {"disable", "nobody", "--db", db}).code == 1);

    storage::sqlite::SqliteBackend backend(db);
    const auto ann = backend.user_store()->find_user_by_name("ann");
    REQUIRE(ann);
    CHECK(ann->disabled);
    CHECK(server::auth::verify_password(ann->password_hash, "password9"));
    CHECK_FALSE(server::auth::verify_password(ann->password_hash, "password1"));
}

TEST_CASE("tabula user: bad arguments exit 2, a missing database exits 1") {
    using server::cli::run_user;
    TempDir dir;
    CHECK(run(run_user, {}).code == 2);
    CHECK(run(run_user, {"frobnicate", "x"}).code == 2);
    CHECK(run(run_user, {"create"}).code == 2);
    CHECK(run(run_user, {"create", "ann", "--password", "secret"}).code == 2); // never argv
    const auto r = run(run_user, {"list", "--db", dir.file("missing.db")});
    CHECK(r.code == 1);
    CHECK_FALSE(std::filesystem::exists(dir.file("missing.db")));
}

TEST_CASE("tabula backup: copies, refuses to overwrite without --force") {
    using server::cli::run_backup;
    TempDir dir;
    const std::string db = dir.file("t.db");
    REQUIRE(
        run(server::cli::run_user, {"create", "ann", "--password-stdin", "--db", db}, "password1\n")
            .code == 0);
    CHECK(run(run_backup, {dir.file("copy.db"), "--db", db}).code == 0);
    CHECK(
        storage::sqlite::SqliteBackend(dir.file("copy.db")).user_store()->find_user_by_name("ann"));
    const auto again = run(run_backup, {dir.file("copy.db"), "--db", db});
    CHECK(again.code == 1);
    CHECK(again.err.find("--force") != std::string::npos);
    CHECK(run(run_backup, {dir.file("copy.db"), "--db", db, "--force"}).code == 0);
    CHECK(run(run_backup, {}).code == 2);
    CHECK(run(run_backup, {dir.file("x.db"), "--db", dir.file("none.db")}).code == 1);
}
