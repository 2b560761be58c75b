#pragma once
// What the membership tests share: a MemoryCluster on manual time (the store's clock and the
// membership's steady clock move together), and a store handle that forwards to a
// MemoryClusterStore but can fail like a database (StorageError) and run a hook before a
// takeover (to play a race between two nodes in one thread).

#include "server/cluster/node_membership.h"
#include "storage/errors.h"
#include "storage/memory_cluster_store.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cluster_test {

// Faults shared by the handles of one node.
struct Faults {
    bool down = false;                      // every call throws StorageError
    std::function<void()> before_take_over; // run once, then cleared
    std::function<void()> after_take_over;  // the same, after it
    int renewals = 0;                       // renew_lease calls that reached the store
};

class FaultyStore final : public storage::ClusterStore {
public:
    FaultyStore(std::unique_ptr<storage::ClusterStore> inner, std::shared_ptr<Faults> faults)
        : inner_(std::move(inner)), faults_(std::move(faults)) {}

    storage::TimePoint now() override { return check(), inner_->now(); }
    storage::Fence register_node(const storage::NodeRegistration& node) override {
        check();
        return inner_->register_node(node);
    }
    bool renew_lease() override {
        check();
        ++faults_->renewals;
        return inner_->renew_lease();
    }
    bool leave() override { return check(), inner_->leave(); }
    std::vector<storage::NodeRow> nodes() override { return check(), inner_->nodes(); }
    std::vector<storage::NodeRow> dead_nodes() override { return check(), inner_->dead_nodes(); }
    bool take_over(const std::string& node_id, std::int64_t seen) override {
        check();
        if (faults_->before_take_over) {
            auto hook = std::move(faults_->before_take_over);
            faults_->before_take_over = nullptr;
            hook();
        }
        const bool taken = inner_->take_over(node_id, seen);
        if (faults_->after_take_over) {
            auto hook = std::move(faults_->after_take_over);
            faults_->after_take_over = nullptr;
            hook();
        }
        return taken;
    }
    storage::Ownership reserve_table(const storage::Fence& owner, const std::string& code,
                                     bool is_public) override {
        return check(), inner_->reserve_table(owner, code, is_public);
    }
    storage::Ownership set_game(const storage::Fence& owner, const std::string& code,
                                std::optional<storage::GameId> game, bool is_public) override {
        return check(), inner_->set_game(owner, code, game, is_public);
    }
    storage::Ownership clear_owner(const storage::Fence& owner, const std::string& code) override {
        return check(), inner_->clear_owner(owner, code);
    }
    storage::Ownership hand_off(const storage::Fence& owner, const std::string& code,
                                const std::string& to) override {
        return check(), inner_->hand_off(owner, code, to);
    }
    storage::Ownership release_table(const storage::Fence& owner,
                                     const std::string& code) override {
        return check(), inner_->release_table(owner, code);
    }
    std::vector<storage::LiveTableRow>
    claim_tables(const storage::Fence& me, const std::optional<std::string>& from,
                 const std::vector<std::string>& codes) override {
        return check(), inner_->claim_tables(me, from, codes);
    }
    std::vector<storage::LiveTableRow> directory() override { return check(), inner_->directory(); }
    std::optional<storage::LiveTableRow> find_table(const std::string& code) override {
        return check(), inner_->find_table(code);
    }
    void record_pause(const storage::GamePause& pause) override {
        check();
        inner_->record_pause(pause);
    }
    std::vector<storage::GamePause> pauses(storage::GameId game) override {
        return check(), inner_->pauses(game);
    }

private:
    void check() const {
        if (faults_->down)
            throw storage::StorageError("the database is down");
    }

    std::unique_ptr<storage::ClusterStore> inner_;
    std::shared_ptr<Faults> faults_;
};

// A cluster in memory on manual time.
class ManualCluster {
public:
    std::shared_ptr<storage::MemoryCluster> shared = std::make_shared<storage::MemoryCluster>();
    std::chrono::milliseconds elapsed{0};

    storage::TimePoint store_now() const {
        return storage::TimePoint{std::chrono::milliseconds(1'700'000'000'000)} + elapsed;
    }
    server::cluster::MembershipClock::time_point now() const {
        return server::cluster::MembershipClock::time_point{} + elapsed;
    }
    // A plain handle (an observer, or a node's tables reserved by hand).
    std::unique_ptr<storage::MemoryClusterStore> handle() {
        return std::make_unique<storage::MemoryClusterStore>(shared,
                                                             [this] { return store_now(); });
    }
    // A factory of handles for a node, failing as `faults` say.
    server::cluster::ClusterStoreFactory factory(std::shared_ptr<Faults> faults) {
        return [this, faults] { return std::make_unique<FaultyStore>(handle(), faults); };
    }
    // The options of node `id` with the stores' defaults (renew 1 s, watch 1 s, lease 5 s).
    static server::cluster::MembershipOptions options(const std::string& id) {
        server::cluster::MembershipOptions options;
        options.node = {id, id + ":8080", "test"};
        return options;
    }
    // The registry's row of `id`.
    storage::NodeRow row(const std::string& id) {
        for (auto& node : handle()->nodes())
            if (node.node_id == id)
                return node;
        return {};
    }
};

} // namespace cluster_test
