#include "server/cli/cluster_node.h"

#include "server/log.h"
#include "storage/errors.h"

#include <chrono>
#include <future>
#include <thread>
#include <utility>
#include <vector>

#include <boost/asio/post.hpp>

namespace server::cli {

ClusterNode::ClusterNode(cluster::MembershipOptions options,
                         const storage::postgres::PgBackend& backend,
                         std::shared_ptr<play::PlayService> games, storage::LadderDecider decide)
    : node_id_(options.node.node_id), backend_(backend), games_(std::move(games)),
      decide_(std::move(decide)) {
    const auto store_options = storage::ClusterOptions{.lease = options.lease};
    runner_ = std::make_unique<cluster::MembershipRunner>(
        std::move(options),
        [&backend, store_options] { return backend.cluster_store(store_options); },
        reports_.get_executor(), [this](const cluster::MembershipReport& report) { handle(report); });
}

ClusterNode::~ClusterNode() {
    stop();
}

void ClusterNode::start(std::string address) {
    runner_->start(std::move(address));
    // The reports' thread handles one thing at a time, in order: once this runs, the first
    // incarnation's report has been handled.
    std::promise<void> handled;
    boost::asio::post(reports_, [&handled] { handled.set_value(); });
    handled.get_future().wait();
}

void ClusterNode::hand_over(std::chrono::milliseconds wait) {
    serving_.store(false);
    const auto started = std::chrono::steady_clock::now();
    const std::size_t tables = games_->hand_over_tables();
    runner_->stop(); // leaves: the tables still in its name go to the node that takes it over
    if (tables == 0)
        return;
    if (!another_node_alive()) {
        log::warn("cluster: " + std::to_string(tables) + " tables left in the directory: no " +
                  "other node is alive; the next node to join claims them");
        return;
    }
    const auto deadline = started + wait;
    bool claimed = !owns_tables();
    while (!claimed && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        claimed = !owns_tables();
    }
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - started);
    if (claimed)
        log::info("cluster: " + std::to_string(tables) + " tables handed over in " +
                  std::to_string(took.count()) + " ms");
    else
        log::warn("cluster: " + std::to_string(tables) + " tables handed over, not all claimed " +
                  "after " + std::to_string(took.count()) +
                  " ms: a live node claims them once it sees this node left");
}

// On the caller's thread, with a handle of its own (cluster_store_ is the reports' thread's).
// A database failure answers true: the hand-over waits rather than closing connections early.
bool ClusterNode::ask_handover_store(const std::function<bool(storage::ClusterStore&)>& question) {
    try {
        if (!handover_store_)
            handover_store_ = backend_.cluster_store(storage::ClusterOptions{});
        return question(*handover_store_);
    } catch (const storage::StorageError&) {
        handover_store_.reset();
        return true;
    }
}

bool ClusterNode::another_node_alive() {
    return ask_handover_store([this](storage::ClusterStore& store) {
        const auto now = store.now();
        for (const auto& node : store.nodes())
            if (node.node_id != node_id_ && node.state == "alive" && node.lease_until >= now)
                return true;
        return false;
    });
}

bool ClusterNode::owns_tables() {
    return ask_handover_store([this](storage::ClusterStore& store) {
        for (const auto& table : store.directory())
            if (table.owner == node_id_)
                return true;
        return false;
    });
}

void ClusterNode::stop() {
    stopping_.store(true);
    runner_->stop();
    reports_.join();
}

observability::NodeFigures ClusterNode::figures() const {
    return runner_->figures();
}

// Logged once done: a line that says a node joined is read (by operators, by the tests) as
// "it serves tables".
void ClusterNode::handle(const cluster::MembershipReport& report) {
    if (report.fenced) {
        serving_.store(false);
        games_->drop_fenced_tables(report.fenced->epoch);
    }
    if (report.joined) {
        if (auto writer = writer_for(*report.joined)) {
            games_->use_writer(std::move(writer), report.joined->epoch);
            serving_.store(true);
        }
    }
    restore_claimed(report);
    log_(report);
}

std::shared_ptr<storage::GameWriter> ClusterNode::writer_for(const storage::Fence& fence) {
    for (;;) {
        try {
            return backend_.fenced_game_writer(fence, decide_);
        } catch (const storage::StorageError& e) {
            log::error("cluster: no game writer for epoch " + std::to_string(fence.epoch) +
                       " (tried again in 1 s): " + e.what());
        }
        if (stopping_.load())
            return nullptr;
        std::this_thread::sleep_for(std::chrono::seconds(1));
    }
}

void ClusterNode::restore_claimed(const cluster::MembershipReport& report) {
    for (const auto& node : report.taken_over)
        last_renewed_[node.node_id] = node.renewed_at;
    std::vector<storage::GameWithMoves> games;
    play::PlayService::PausesByGame pauses;
    for (const auto& claimed : report.claimed) {
        // A dead node's tables stood still from its last renewal; this node's own previous
        // incarnation's (a restart) are charged, as a single node's restart is.
        std::optional<storage::TimePoint> charged_until;
        if (const auto renewed = last_renewed_.find(claimed.from); renewed != last_renewed_.end())
            charged_until = renewed->second;
        for (const auto& table : claimed.tables) {
            if (!table.game_id)
                continue; // a table waiting for players: its players open another
            try {
                if (!game_store_)
                    game_store_ = backend_.game_store();
                auto game = game_store_->find_game(*table.game_id);
                if (!game || game->game.ended_at)
                    continue;
                pauses[game->game.id] = pauses_of(*game, charged_until);
                games.push_back(std::move(*game));
            } catch (const storage::StorageError& e) {
                game_store_.reset();
                log::error("cluster: table " + table.code + " claimed from " + claimed.from +
                           " but its game " + std::to_string(*table.game_id) +
                           " could not be loaded: " + e.what());
            }
        }
        last_renewed_.erase(claimed.from);
    }
    if (!games.empty())
        games_->restore_claimed(std::move(games), std::move(pauses));
}

std::vector<storage::GamePause>
ClusterNode::pauses_of(const storage::GameWithMoves& game,
                       std::optional<storage::TimePoint> charged_until) {
    try {
        if (!cluster_store_)
            cluster_store_ = backend_.cluster_store(storage::ClusterOptions{});
        if (charged_until)
            cluster_store_->record_pause(storage::GamePause{
                .game_id = game.game.id,
                .ply = static_cast<std::int64_t>(game.moves.size()),
                .charged_until = *charged_until,
                .resumed_at = cluster_store_->now()});
        return cluster_store_->pauses(game.game.id);
    } catch (const storage::StorageError& e) {
        cluster_store_.reset();
        log::error("cluster: game " + std::to_string(game.game.id) +
                   ": its failover pauses could not be stored or read, so the player to move is "
                   "charged for the outage: " +
                   std::string(e.what()));
        return {};
    }
}

} // namespace server::cli
