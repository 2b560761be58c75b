#pragma once
// A PostgreSQL cluster of one test's own (tests/support/pg_cluster.sh in a state folder of its
// own), for the tests that stop the database under a running server: halting the shared cluster
// of CTest's fixture "postgres" would fail the other tests that run beside them. Started when
// made (initdb: a few seconds), stopped and removed when destroyed. Needs TABULA_SOURCE_DIR
// (tabula_add_test_executable defines it) to find the script.

#include "tests/storage/temp_database.h"
#include "tests/support/test_databases.h"

#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>

namespace test_db {

class OwnCluster {
public:
    OwnCluster() {
        if (!run("start"))
            throw std::runtime_error("pg_cluster.sh start failed");
        std::ifstream in(state_.file("state") + "/uri");
        std::getline(in, uri_);
        if (uri_.empty())
            throw std::runtime_error("pg_cluster.sh start wrote no URI");
    }
    ~OwnCluster() { (void)run("stop"); }
    OwnCluster(const OwnCluster&) = delete;
    OwnCluster& operator=(const OwnCluster&) = delete;

    // The database `tabula_test` of the cluster (a unix socket in its folder).
    const std::string& uri() const { return uri_; }
    // Stops the server as a crash would (pg_ctl stop -m immediate: no checkpoint; what survives
    // is the WAL on disk). True on success.
    bool halt() const { return run("halt"); }
    // Starts a halted server again (crash recovery), on the same socket: uri() works again.
    bool resume() const { return run("resume"); }

private:
    bool run(const std::string& action) const {
        const std::string command = std::string("bash ") + TABULA_SOURCE_DIR +
                                    "/tests/support/pg_cluster.sh " + action + " " +
                                    state_.file("state") + " >/dev/null";
        return std::system(command.c_str()) == 0;
    }

    storage_test::TempDir state_;
    std::string uri_;
};

// The database of an OwnCluster, for the fixtures that take a TestDatabase.
class OwnClusterDatabase final : public TestDatabase {
public:
    std::string location() const override { return cluster_.uri(); }
    storage::BackendKind kind() const override { return storage::BackendKind::Postgres; }
    const OwnCluster& cluster() const { return cluster_; }

private:
    OwnCluster cluster_;
};

} // namespace test_db
