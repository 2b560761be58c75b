#pragma once
// The PostgreSQL backend (issue 36): a database that several nodes share. The constructor
// connects, migrates under the advisory lock (migrations.h) and keeps a pool of connections
// (pool.h) that every store leases from; no store holds a connection between calls.
//
// Every store and the game writer, with the same tables, columns and constraints as SQLite's.
// The game writer (pg_game_writer.h) owns two connections of its own.

#include "storage/backend.h"
#include "storage/cluster_store.h"
#include "storage/open.h"
#include "storage/postgres/pool.h"

#include <memory>
#include <mutex>
#include <string>

namespace storage::postgres {

class PgBackend final : public Backend {
public:
    // `conninfo`: a libpq URI. Throws PgError when it cannot connect or migrate.
    PgBackend(std::string conninfo, const StorageOptions& options);
    ~PgBackend() override;

    std::unique_ptr<UserStore> user_store() const override;
    std::unique_ptr<RatingStore> rating_store() const override;
    std::unique_ptr<GameStore> game_store() const override;
    std::unique_ptr<LadderStore> ladder_store() const override;
    std::unique_ptr<TournamentStore> tournament_store() const override;
    std::unique_ptr<GameWriter> game_writer(LadderDecider decide = {}) const override;
    // A game writer for a node of a cluster: every batch runs the node's fence first
    // (pg_game_writer.h); fenced, it refuses every write with WriteStatus::fenced.
    std::unique_ptr<GameWriter> fenced_game_writer(Fence fence, LadderDecider decide = {}) const;
    // A node's handle on the cluster's registry and directory, on a connection of its own
    // (pg_cluster_store.h).
    std::unique_ptr<ClusterStore> cluster_store(ClusterOptions options = {}) const;
    // Asks the server on a connection of its own: reachable, not a standby in recovery, not
    // read-only. One question at a time; a /healthz that comes while another is asking gets
    // the last answer instead of waiting (a database that does not answer must not hold every
    // I/O thread).
    WriteStatus can_write() const override;

    ConnectionPool& pool() const { return *pool_; }

private:
    std::shared_ptr<ConnectionPool> pool_;
    mutable std::mutex probe_mutex_;            // one question at a time
    mutable std::unique_ptr<Connection> probe_; // under probe_mutex_
    mutable std::mutex answer_mutex_;           // guards last_answer_
    mutable WriteStatus last_answer_;
};

} // namespace storage::postgres
