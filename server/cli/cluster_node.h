#pragma once
// This process as a node of a cluster (`tabula serve --cluster`; server/cluster/README.md): its
// membership, ticked on a thread of its own, and what the membership's reports do to the game
// service, in the order the report gives them:
//   fenced  -> the fenced incarnation's tables dropped without ending their games, its
//              players' connections closed with "service restart" (PlayService);
//   joined  -> a fenced game writer for the new incarnation (storage/postgres/pg_game_writer.h):
//              the tables opened from then on write through it, and it keeps their directory rows;
//   claimed -> the unfinished games of the claimed tables loaded and brought back.
// The reports are handled on one thread of the node's own, not an I/O thread: making a writer
// and loading games are blocking database calls.
//
//   ClusterNode node(options, backend, games, accounts::ladder_decider());
//   app.start(); node.start(address);   // returns once the first incarnation's writer is given
//   ... node.figures() for /metrics ...
//   node.hand_over(10s);                       // SIGTERM: its tables go to the others
//   app.stop(); games->stop(); node.stop();

#include "server/cluster/membership_log.h"
#include "server/cluster/membership_runner.h"
#include "server/cluster/node_membership.h"
#include "server/play/play_service.h"
#include "storage/game_writer.h"
#include "storage/postgres/pg_backend.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/thread_pool.hpp>

namespace server::cli {

class ClusterNode {
public:
    // `backend` and `games` outlive the node.
    ClusterNode(cluster::MembershipOptions options, const storage::postgres::PgBackend& backend,
                std::shared_ptr<play::PlayService> games, storage::LadderDecider decide);
    ~ClusterNode(); // stop()
    ClusterNode(const ClusterNode&) = delete;
    ClusterNode& operator=(const ClusterNode&) = delete;

    // Registers the first incarnation (StartupError if it cannot) and waits until its report
    // is handled: from then on tables open, with its writer.
    void start(std::string address);
    // A clean stop's first half (SIGTERM): the node stops serving (/healthz 503), drops its
    // tables between two moves (PlayService::hand_over_tables), leaves the cluster, and waits
    // (at most `wait`, not at all when no other node is alive) until a live node has claimed
    // them (ClusterStore::leave), so that the players, whose connections the caller closes
    // next, find their tables there.
    void hand_over(std::chrono::milliseconds wait);
    // Stops the membership (the node leaves the cluster) and the reports' thread.
    void stop();
    observability::NodeFigures figures() const;
    // Whether the node serves tables now: its incarnation's writer is in the game service (not
    // before the first one, nor between a fencing and the next). /healthz says so, so that a
    // load balancer sends no player to a node that cannot open a table. Any thread.
    bool serving() const { return serving_.load(); }

private:
    void handle(const cluster::MembershipReport& report);
    // The writer of the incarnation `fence`, tried again every second until it connects (or
    // the node stops): without it no table of the incarnation can be stored.
    std::shared_ptr<storage::GameWriter> writer_for(const storage::Fence& fence);
    void restore_claimed(const cluster::MembershipReport& report);
    // The pauses of a claimed game, its new one first recorded when the table comes from a dead
    // node (`charged_until`: that node's last renewal): a failover is not charged to the player
    // to move (server/play/stored_game.h). A failure is logged: the game is restored without.
    std::vector<storage::GamePause> pauses_of(const storage::GameWithMoves& game,
                                              std::optional<storage::TimePoint> charged_until);

    // Whether a table of the directory is still this node's (not yet claimed by another); true
    // when the directory cannot be read.
    bool owns_tables();
    // Whether another node holds a live lease (one that can claim the tables handed over);
    // true when the registry cannot be read.
    bool another_node_alive();
    // `question` asked of hand_over()'s own store handle; true when the database fails.
    bool ask_handover_store(const std::function<bool(storage::ClusterStore&)>& question);
    std::unique_ptr<storage::ClusterStore> handover_store_;

    const std::string node_id_;
    const storage::postgres::PgBackend& backend_;
    std::shared_ptr<play::PlayService> games_;
    storage::LadderDecider decide_;
    std::atomic<bool> stopping_{false};
    std::atomic<bool> serving_{false};
    // On the reports' thread.
    cluster::MembershipLog log_;
    std::unique_ptr<storage::GameStore> game_store_;
    std::unique_ptr<storage::ClusterStore> cluster_store_; // registers nothing: pauses only
    // The last renewal of each node taken over, until its tables are claimed.
    std::map<std::string, storage::TimePoint> last_renewed_;
    boost::asio::thread_pool reports_{1};
    // Made last, stopped first: its reports go to reports_.
    std::unique_ptr<cluster::MembershipRunner> runner_;
};

} // namespace server::cli
