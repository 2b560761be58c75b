#pragma once
// The storage tests that every backend must pass run once per backend, from one suite:
//
//   TEST_CASE_TEMPLATE("users round-trip", Db, STORAGE_BACKENDS) {
//       Db db;                               // a fresh, empty database of that backend
//       auto users = db.backend().user_store();
//
// OnSqlite: a file in a fresh temporary directory. OnPostgres: a schema of its own in the
// throwaway cluster that CTest's fixture "postgres" starts (tests/support/pg_cluster.sh), whose
// URI it reads from $TABULA_TEST_PG_STATE/uri; the schema is dropped afterwards. Run by hand:
//   tests/support/pg_cluster.sh start /tmp/pg && TABULA_TEST_PG_STATE=/tmp/pg storage_tests
// Without a cluster the PostgreSQL cases fail, saying so: none is skipped.

#include "storage/backend.h"
#include "storage/open.h"
#include "storage/postgres/connection.h"
#include "tests/storage/temp_database.h"

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

namespace storage_test {

class OnSqlite {
public:
    storage::Backend& backend() {
        if (!backend_)
            backend_ = storage::open(location());
        return *backend_;
    }
    // What storage::open takes for this database.
    std::string location() const { return dir_.db(); }

private:
    TempDir dir_;
    std::unique_ptr<storage::Backend> backend_;
};

// The cluster's URI, from the state folder CTest's fixture wrote; throws when there is none.
inline std::string postgres_test_uri() {
    const char* state = std::getenv("TABULA_TEST_PG_STATE");
    std::string uri;
    if (state != nullptr) {
        std::ifstream in(std::string(state) + "/uri");
        std::getline(in, uri);
    }
    if (uri.empty())
        throw std::runtime_error("no PostgreSQL test cluster: run the tests with ctest (fixture "
                                 "postgres), or tests/support/pg_cluster.sh start DIR and set "
                                 "TABULA_TEST_PG_STATE=DIR");
    return uri;
}

class OnPostgres {
public:
    OnPostgres() : base_(postgres_test_uri()) {
        static std::atomic<int> next{0};
        schema_ = std::to_string(::getpid()) + "_" + std::to_string(++next);
        schema_.insert(schema_.begin(), 't'); // "t<pid>_<n>": a name of its own per test
        admin().exec("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE; CREATE SCHEMA " + schema_);
    }
    ~OnPostgres() {
        backend_.reset(); // its connections first: the schema goes after them
        try {
            admin().exec("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE");
        } catch (const std::exception&) {
            // The cluster is gone; its folder goes with the fixture's cleanup.
        }
    }
    OnPostgres(const OnPostgres&) = delete;
    OnPostgres& operator=(const OnPostgres&) = delete;

    storage::Backend& backend() {
        if (!backend_)
            backend_ = storage::open(location());
        return *backend_;
    }
    // The cluster's URI with this test's schema first on the search path, and the schema's
    // name as the connections' application_name (what a test may find them by; tests run in
    // parallel in the same database).
    std::string location() const {
        return base_ + (base_.find('?') == std::string::npos ? "?" : "&") +
               "application_name=" + schema_ + "&options=-csearch_path%3D" + schema_;
    }
    const std::string& schema() const { return schema_; }
    // A connection of its own to this test's schema (to read what a store wrote, or race it).
    storage::postgres::Connection connect() const {
        return storage::postgres::Connection(location(), {});
    }

private:
    std::string base_;
    std::string schema_;
    std::unique_ptr<storage::Backend> backend_;
    storage::postgres::Connection admin() const { return storage::postgres::Connection(base_, {}); }
};

} // namespace storage_test

#define STORAGE_BACKENDS storage_test::OnSqlite, storage_test::OnPostgres
