#include "storage/postgres/pg_backend.h"

#include "storage/postgres/migrations.h"
#include "storage/postgres/pg_game_store.h"
#include "storage/postgres/pg_cluster_store.h"
#include "storage/postgres/pg_game_writer.h"
#include "storage/postgres/pg_ladder_store.h"
#include "storage/postgres/pg_rating_store.h"
#include "storage/postgres/pg_tournament_store.h"
#include "storage/postgres/pg_user_store.h"

#include <utility>

namespace storage::postgres {
namespace {

// The probe's answer: empty when the database takes writes.
std::string ask(Connection& db) {
    const auto r = db.run("SELECT pg_is_in_recovery(), current_setting('transaction_read_only')");
    if (r.text(0, 0) == "t")
        return "the database is a standby in recovery (read-only)";
    if (r.text(0, 1) == "on")
        return "the database's sessions are read-only (default_transaction_read_only)";
    return {};
}

// A cluster node's fenced writes and its membership session end a transaction left waiting for
// the node this long. It is well under the lease (ClusterOptions, 5 s), so a node hung in the
// middle of a batch has lost the batch's fence lock (FOR KEY SHARE on its nodes row, which the
// takeover's UPDATE waits for) before any other node may take it over.
constexpr int cluster_idle_in_transaction_ms = 2000;
// The membership session's statements (the takeover, the claims) give up on a lock after this
// long and are tried again at the next watch, so a lock that outlives the timeout above (a
// session stuck sending to a stopped node) can delay a takeover but never the node's own lease.
constexpr int cluster_lock_timeout_ms = 1000;

// The sessions of a cluster node's fenced writer (`lock_timeout_ms` 0) and of its membership.
ConnectOptions cluster_session(ConnectOptions options, int lock_timeout_ms) {
    options.idle_in_transaction_timeout_ms = cluster_idle_in_transaction_ms;
    options.lock_timeout_ms = lock_timeout_ms;
    return options;
}

} // namespace

PgBackend::PgBackend(std::string conninfo, const StorageOptions& options) {
    ConnectOptions connect;
    connect.durability = options.durability;
    pool_ = std::make_shared<ConnectionPool>(std::move(conninfo), connect);
    auto first = pool_->lease();
    migrate(*first);
}

PgBackend::~PgBackend() = default;

std::unique_ptr<UserStore> PgBackend::user_store() const {
    return std::make_unique<PgUserStore>(pool_);
}

std::unique_ptr<RatingStore> PgBackend::rating_store() const {
    return std::make_unique<PgRatingStore>(pool_);
}

std::unique_ptr<GameStore> PgBackend::game_store() const {
    return std::make_unique<PgGameStore>(pool_);
}

std::unique_ptr<LadderStore> PgBackend::ladder_store() const {
    return std::make_unique<PgLadderStore>(pool_);
}

std::unique_ptr<TournamentStore> PgBackend::tournament_store() const {
    return std::make_unique<PgTournamentStore>(pool_);
}

std::unique_ptr<GameWriter> PgBackend::game_writer(LadderDecider decide) const {
    return std::make_unique<PgGameWriter>(pool_->conninfo(), pool_->options(), PgWriterOptions{},
                                          std::move(decide));
}

std::unique_ptr<GameWriter> PgBackend::fenced_game_writer(Fence fence,
                                                          LadderDecider decide) const {
    PgWriterOptions options;
    options.fence = std::move(fence);
    return std::make_unique<PgGameWriter>(pool_->conninfo(), cluster_session(pool_->options(), 0),
                                          options, std::move(decide));
}

std::unique_ptr<ClusterStore> PgBackend::cluster_store(ClusterOptions options) const {
    return std::make_unique<PgClusterStore>(
        pool_->conninfo(), cluster_session(pool_->options(), cluster_lock_timeout_ms), options);
}

WriteStatus PgBackend::can_write() const {
    std::unique_lock probing(probe_mutex_, std::try_to_lock);
    if (!probing.owns_lock()) {
        const std::lock_guard answer(answer_mutex_);
        return last_answer_;
    }
    WriteStatus status;
    try {
        if (probe_ == nullptr || !probe_->healthy()) {
            probe_.reset();
            ConnectOptions quick = pool_->options();
            quick.connect_timeout_seconds = 2;
            probe_ = std::make_unique<Connection>(pool_->conninfo(), quick);
        }
        status.error = ask(*probe_);
    } catch (const StorageError& e) {
        status.error = e.what();
        probe_.reset();
    }
    const std::lock_guard answer(answer_mutex_);
    last_answer_ = status;
    return status;
}

} // namespace storage::postgres
