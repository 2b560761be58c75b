#include "storage/memory_cluster_store.h"

#include "storage/errors.h"

#include <algorithm>

namespace storage {

MemoryClusterStore::MemoryClusterStore(std::shared_ptr<MemoryCluster> cluster, Clock clock,
                                       ClusterOptions options)
    : cluster_(std::move(cluster)), clock_(std::move(clock)), options_(options) {
}

MemoryClusterStore::~MemoryClusterStore() {
    if (!registered_)
        return;
    std::lock_guard lock(cluster_->mutex_);
    cluster_->sessions_.erase(registered_->node_id);
}

TimePoint MemoryClusterStore::now() {
    return clock_();
}

bool MemoryClusterStore::holds(const Fence& fence) const {
    const auto found = cluster_->nodes_.find(fence.node_id);
    return found != cluster_->nodes_.end() && found->second.epoch == fence.epoch &&
           found->second.state == "alive";
}

bool MemoryClusterStore::dead(const NodeRow& node, TimePoint now) const {
    if (node.state == "left")
        return std::any_of(cluster_->tables_.begin(), cluster_->tables_.end(),
                           [&node](const auto& entry) {
                               return entry.second.owner == node.node_id &&
                                      entry.second.owner_epoch < node.epoch;
                           });
    if (node.state != "alive")
        return false;
    if (node.lease_until < now)
        return true;
    return cluster_->sessions_.count(node.node_id) == 0 &&
           node.renewed_at < now - options_.session_grace;
}

Fence MemoryClusterStore::register_node(const NodeRegistration& node) {
    if (registered_)
        throw StorageError("this handle registered node " + registered_->node_id + " already");
    if (node.node_id.empty())
        throw StorageError("a node needs an id");
    const TimePoint now = clock_();
    std::lock_guard lock(cluster_->mutex_);
    NodeRow& row = cluster_->nodes_[node.node_id];
    row.node_id = node.node_id;
    row.epoch += 1; // a new row starts at 1; a known one fences its previous incarnation
    row.address = node.address;
    row.build = node.build;
    row.state = "alive";
    row.renewed_at = now;
    row.lease_until = now + options_.lease;
    cluster_->sessions_.insert(node.node_id);
    registered_ = Fence{node.node_id, row.epoch};
    return *registered_;
}

bool MemoryClusterStore::renew_lease() {
    if (!registered_)
        throw StorageError("no node is registered on this handle");
    const TimePoint now = clock_();
    std::lock_guard lock(cluster_->mutex_);
    if (!holds(*registered_))
        return false;
    NodeRow& row = cluster_->nodes_[registered_->node_id];
    row.renewed_at = now;
    row.lease_until = now + options_.lease;
    return true;
}

bool MemoryClusterStore::leave() {
    if (!registered_)
        throw StorageError("no node is registered on this handle");
    std::lock_guard lock(cluster_->mutex_);
    if (!holds(*registered_))
        return false;
    NodeRow& row = cluster_->nodes_[registered_->node_id];
    row.epoch += 1;
    row.state = "left";
    row.renewed_at = clock_();
    return true;
}

std::vector<NodeRow> MemoryClusterStore::nodes() {
    std::lock_guard lock(cluster_->mutex_);
    std::vector<NodeRow> out;
    for (const auto& [id, row] : cluster_->nodes_)
        out.push_back(row);
    return out;
}

std::vector<NodeRow> MemoryClusterStore::dead_nodes() {
    const TimePoint now = clock_();
    std::lock_guard lock(cluster_->mutex_);
    std::vector<NodeRow> out;
    for (const auto& [id, row] : cluster_->nodes_)
        if (dead(row, now))
            out.push_back(row);
    return out;
}

bool MemoryClusterStore::take_over(const std::string& node_id, std::int64_t seen) {
    const TimePoint now = clock_();
    std::lock_guard lock(cluster_->mutex_);
    const auto found = cluster_->nodes_.find(node_id);
    if (found == cluster_->nodes_.end() || found->second.epoch != seen || !dead(found->second, now))
        return false;
    found->second.epoch += 1;
    found->second.state = "dead";
    return true;
}

std::pair<LiveTableRow*, Ownership> MemoryClusterStore::owned(const Fence& owner,
                                                              const std::string& code) {
    if (!holds(owner))
        return {nullptr, Ownership::Fenced};
    const auto found = cluster_->tables_.find(code);
    if (found == cluster_->tables_.end() || found->second.owner != owner.node_id ||
        found->second.owner_epoch != owner.epoch)
        return {nullptr, Ownership::Refused};
    return {&found->second, Ownership::Done};
}

Ownership MemoryClusterStore::reserve_table(const Fence& owner, const std::string& code,
                                            bool is_public) {
    if (code.empty())
        throw StorageError("a table needs a code");
    const TimePoint now = clock_();
    std::lock_guard lock(cluster_->mutex_);
    if (!holds(owner))
        return Ownership::Fenced;
    LiveTableRow row;
    row.code = code;
    row.owner = owner.node_id;
    row.owner_epoch = owner.epoch;
    row.is_public = is_public;
    row.version_base = now.time_since_epoch().count();
    return cluster_->tables_.emplace(code, std::move(row)).second ? Ownership::Done
                                                                  : Ownership::Refused;
}

Ownership MemoryClusterStore::set_game(const Fence& owner, const std::string& code,
                                       std::optional<GameId> game, bool is_public) {
    std::lock_guard lock(cluster_->mutex_);
    const auto [table, answer] = owned(owner, code);
    if (table != nullptr) {
        table->game_id = game;
        table->is_public = is_public;
    }
    return answer;
}

Ownership MemoryClusterStore::clear_owner(const Fence& owner, const std::string& code) {
    std::lock_guard lock(cluster_->mutex_);
    const auto [table, answer] = owned(owner, code);
    if (table != nullptr) {
        table->owner.reset();
        table->owner_epoch = 0;
    }
    return answer;
}

Ownership MemoryClusterStore::hand_off(const Fence& owner, const std::string& code,
                                       const std::string& to) {
    const TimePoint now = clock_();
    std::lock_guard lock(cluster_->mutex_);
    const auto [table, answer] = owned(owner, code);
    if (table == nullptr)
        return answer;
    const auto target = cluster_->nodes_.find(to);
    if (target == cluster_->nodes_.end() || target->second.state != "alive" ||
        target->second.lease_until < now)
        return Ownership::Refused;
    table->owner = to;
    table->owner_epoch = target->second.epoch;
    table->table_epoch += 1;
    table->version_base =
        std::max(now.time_since_epoch().count(), table->version_base + version_base_step);
    return Ownership::Done;
}

Ownership MemoryClusterStore::release_table(const Fence& owner, const std::string& code) {
    std::lock_guard lock(cluster_->mutex_);
    const auto [table, answer] = owned(owner, code);
    if (table != nullptr)
        cluster_->tables_.erase(code);
    return answer;
}

std::vector<LiveTableRow> MemoryClusterStore::claim_tables(const Fence& me,
                                                           const std::optional<std::string>& from,
                                                           const std::vector<std::string>& codes) {
    const TimePoint now = clock_();
    std::lock_guard lock(cluster_->mutex_);
    std::vector<LiveTableRow> claimed;
    if (!holds(me))
        return claimed;
    std::int64_t from_epoch = 0;
    if (from) {
        const auto found = cluster_->nodes_.find(*from);
        if (found == cluster_->nodes_.end())
            return claimed;
        from_epoch = found->second.epoch;
    }
    const auto wanted = [&codes](const std::string& code) {
        return codes.empty() || std::find(codes.begin(), codes.end(), code) != codes.end();
    };
    for (auto& [code, table] : cluster_->tables_) {
        if (!wanted(code) || table.owner != from)
            continue;
        if (from && table.owner_epoch >= from_epoch)
            continue; // its owner's incarnation is not fenced: not a dead node's table
        table.owner = me.node_id;
        table.owner_epoch = me.epoch;
        table.table_epoch += 1;
        table.version_base =
            std::max(now.time_since_epoch().count(), table.version_base + version_base_step);
        claimed.push_back(table);
    }
    return claimed;
}

std::vector<LiveTableRow> MemoryClusterStore::directory() {
    std::lock_guard lock(cluster_->mutex_);
    std::vector<LiveTableRow> out;
    for (const auto& [code, table] : cluster_->tables_)
        out.push_back(table);
    return out;
}

std::optional<LiveTableRow> MemoryClusterStore::find_table(const std::string& code) {
    std::lock_guard lock(cluster_->mutex_);
    const auto found = cluster_->tables_.find(code);
    if (found == cluster_->tables_.end())
        return std::nullopt;
    return found->second;
}

void MemoryClusterStore::record_pause(const GamePause& pause) {
    if (pause.resumed_at < pause.charged_until || pause.ply < 0)
        throw StorageError("a pause resumes after it is charged, at a ply >= 0");
    std::lock_guard lock(cluster_->mutex_);
    cluster_->pauses_[{pause.game_id, pause.ply}] = pause;
}

std::vector<GamePause> MemoryClusterStore::pauses(GameId game) {
    std::lock_guard lock(cluster_->mutex_);
    std::vector<GamePause> out;
    for (auto it = cluster_->pauses_.lower_bound({game, 0});
         it != cluster_->pauses_.end() && it->first.first == game; ++it)
        out.push_back(it->second);
    return out;
}

} // namespace storage
