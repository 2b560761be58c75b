#pragma once
// A small pool of connections for the request-side stores (issue 36): a store call leases a
// connection, runs its statements and gives it back, so no connection is opened per lookup
// and each connection keeps the statements it has prepared. Thread-safe: any thread may
// lease. A connection found broken, or given back inside a transaction (an exception left
// it there), is closed instead of kept; the next lease opens a new one.
//
// The pool keeps at most `max_idle` connections waiting and never blocks: when none is idle,
// a lease opens one more (the threads that use stores are few: the accounts worker, the
// authenticator, the lobby's lookups, the commands).

#include "storage/postgres/connection.h"

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace storage::postgres {

class ConnectionPool;

// A leased connection; gives it back when destroyed.
class Lease {
public:
    Lease(ConnectionPool& pool, std::unique_ptr<Connection> connection)
        : pool_(&pool), connection_(std::move(connection)) {}
    ~Lease();
    Lease(Lease&& other) noexcept = default;
    Lease& operator=(Lease&&) = delete;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

    Connection& operator*() const { return *connection_; }
    Connection* operator->() const { return connection_.get(); }

private:
    ConnectionPool* pool_;
    std::unique_ptr<Connection> connection_;
};

class ConnectionPool {
public:
    ConnectionPool(std::string conninfo, ConnectOptions options, std::size_t max_idle = 4);

    // An idle connection, or a new one. Throws PgError when a new one cannot be made.
    Lease lease();
    // Connections made so far (for tests: a second lookup reuses the first's).
    std::size_t opened() const;

    const std::string& conninfo() const { return conninfo_; }
    const ConnectOptions& options() const { return options_; }

private:
    friend class Lease;
    void give_back(std::unique_ptr<Connection> connection);

    std::string conninfo_;
    ConnectOptions options_;
    std::size_t max_idle_;
    mutable std::mutex mutex_;
    std::vector<std::unique_ptr<Connection>> idle_;
    std::size_t opened_ = 0;
};

} // namespace storage::postgres
