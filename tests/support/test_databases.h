#pragma once
// The server tests that touch storage run on both backends, from one suite, with the databases
// of tests/storage/backends.h (a SQLite file in a fresh directory; a schema of its own in the
// cluster of CTest's fixture "postgres"). A server test opens its database by location, as
// `tabula serve --db` does (storage::open), and may open it again for a restart.
//
//   TEST_CASE_TEMPLATE("...", Db, STORAGE_BACKENDS) {
//       Db database;                                 // what a test that holds it needs
//       PlayServer server(database.location(), ...);
//
// A doctest fixture (TEST_CASE_FIXTURE) is given its database when it is made: it takes a
// TestDatabase, and TEST_CASE_FIXTURE_ON_BACKENDS runs its test once per backend.
//
//   struct Fixture { explicit Fixture(std::unique_ptr<test_db::TestDatabase> database); ... };
//   TEST_CASE_FIXTURE_ON_BACKENDS(Fixture, "...") { ... the members of Fixture ... }
//
// A test binary whose cases use PostgreSQL sets FIXTURES_REQUIRED postgres (tests/CMakeLists.txt).

#include "storage/open.h"
#include "tests/storage/backends.h"

#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <doctest/doctest.h>

namespace test_db {

// A database of one backend, held for a test; the servers open it by location().
class TestDatabase {
public:
    virtual ~TestDatabase() = default;
    // What storage::open takes for it (a file path, or a URI whose search path is the test's
    // schema).
    virtual std::string location() const = 0;
    virtual storage::BackendKind kind() const = 0;
};

// The database `Db` (storage_test::OnSqlite or OnPostgres) as a TestDatabase.
template <class Db> class DatabaseOn final : public TestDatabase {
public:
    std::string location() const override { return db_.location(); }
    storage::BackendKind kind() const override {
        return std::is_same_v<Db, storage_test::OnPostgres> ? storage::BackendKind::Postgres
                                                            : storage::BackendKind::Sqlite;
    }
    Db& db() { return db_; }

private:
    Db db_;
};

template <class Db> std::unique_ptr<TestDatabase> make() {
    return std::make_unique<DatabaseOn<Db>>();
}

// The default of the fixtures whose tests need no second backend.
inline std::unique_ptr<TestDatabase> sqlite() {
    return make<storage_test::OnSqlite>();
}

} // namespace test_db

// A doctest TEST_CASE_FIXTURE run once per backend: the body is a member of a type derived
// from `Fixture` (not a template, so the fixture's members are named as in TEST_CASE_FIXTURE),
// made with the database of each backend in turn. The test names end in the backend's type.
#define TABULA_FIXTURE_ON_BACKENDS_IMPL(Fixture, Body, name)                                       \
    namespace {                                                                                    \
    struct Body : Fixture {                                                                        \
        using Fixture::Fixture;                                                                    \
        void run();                                                                                \
    };                                                                                             \
    }                                                                                              \
    TEST_CASE_TEMPLATE(name, Db, STORAGE_BACKENDS) {                                               \
        Body body{test_db::make<Db>()};                                                            \
        body.run();                                                                                \
    }                                                                                              \
    void Body::run()

#define TEST_CASE_FIXTURE_ON_BACKENDS(Fixture, name)                                               \
    TABULA_FIXTURE_ON_BACKENDS_IMPL(Fixture, DOCTEST_ANONYMOUS(TABULA_ON_BACKENDS_), name)
