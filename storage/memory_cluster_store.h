#pragma once
// ClusterStore in one process's memory (cluster_store.h): the single node's store (SQLite, or
// PostgreSQL without a bus), where the one node registered owns every table it reserves and
// nobody else exists to take one over. Several handles on one MemoryCluster behave as several
// nodes (tests of the contract); a handle destroyed is a session gone.
//
// The clock is given (storage reads no clock: STYLE.md §4). Handles may be used from several
// threads: the shared state is behind one mutex.

#include "storage/cluster_store.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace storage {

// The state every handle shares.
class MemoryCluster {
public:
    MemoryCluster() = default;
    MemoryCluster(const MemoryCluster&) = delete;
    MemoryCluster& operator=(const MemoryCluster&) = delete;

private:
    friend class MemoryClusterStore;
    std::mutex mutex_;
    std::map<std::string, NodeRow> nodes_;
    std::set<std::string> sessions_; // nodes whose registering handle still exists
    std::map<std::string, LiveTableRow> tables_;
    std::map<std::pair<GameId, std::int64_t>, GamePause> pauses_;
};

class MemoryClusterStore final : public ClusterStore {
public:
    using Clock = std::function<TimePoint()>;

    MemoryClusterStore(std::shared_ptr<MemoryCluster> cluster, Clock clock,
                       ClusterOptions options = {});
    ~MemoryClusterStore() override; // the registered node's session ends
    MemoryClusterStore(const MemoryClusterStore&) = delete;
    MemoryClusterStore& operator=(const MemoryClusterStore&) = delete;

    TimePoint now() override;
    Fence register_node(const NodeRegistration& node) override;
    bool renew_lease() override;
    bool leave() override;
    std::vector<NodeRow> nodes() override;
    std::vector<NodeRow> dead_nodes() override;
    bool take_over(const std::string& node_id, std::int64_t seen) override;

    Ownership reserve_table(const Fence& owner, const std::string& code, bool is_public) override;
    Ownership set_game(const Fence& owner, const std::string& code, std::optional<GameId> game,
                       bool is_public) override;
    Ownership clear_owner(const Fence& owner, const std::string& code) override;
    Ownership hand_off(const Fence& owner, const std::string& code, const std::string& to) override;
    Ownership release_table(const Fence& owner, const std::string& code) override;
    std::vector<LiveTableRow> claim_tables(const Fence& me, const std::optional<std::string>& from,
                                           const std::vector<std::string>& codes) override;
    std::vector<LiveTableRow> directory() override;
    std::optional<LiveTableRow> find_table(const std::string& code) override;

    void record_pause(const GamePause& pause) override;
    std::vector<GamePause> pauses(GameId game) override;

private:
    // Under the mutex: whether `fence` is its node's current, alive incarnation.
    bool holds(const Fence& fence) const;
    bool dead(const NodeRow& node, TimePoint now) const;
    // Under the mutex: the table of `owner`, or why not.
    std::pair<LiveTableRow*, Ownership> owned(const Fence& owner, const std::string& code);

    std::shared_ptr<MemoryCluster> cluster_;
    Clock clock_;
    ClusterOptions options_;
    std::optional<Fence> registered_;
};

} // namespace storage
