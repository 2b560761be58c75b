#pragma once
// This node's membership of the cluster (issue 37), pure logic over storage::ClusterStore: it
// registers (an incarnation: a Fence of id and epoch), renews the lease on a schedule, watches
// for dead nodes on another, takes each over (a compare-and-set on its epoch) and claims its
// tables. No clock, thread or Asio: the caller passes `now` (a steady clock's; only the
// schedule and the lease's age are measured with it, the lease itself expires by the store's
// clock) and acts on what each call reports. membership_runner.h drives it on a thread.
//
// Store handles: a handle registers once (cluster_store.h), so each incarnation gets a fresh
// one from the factory; the handle of a fenced incarnation is dropped (in PostgreSQL its session,
// and with it the old advisory lock, ends).
//
// Failures: a call of the store (or the factory) that throws is reported in `failures` and
// tried again on the next tick; nothing is thrown from here. A node that could not renew for
// longer than the lease is `at_risk`: other nodes may have taken it over already.
//
// Claims: the tables of a dead node taken over, and those of this node's own previous
// incarnation (a restart with the same id fences it, and nobody else sees it dead), are claimed
// by compare-and-set (claim_tables), so two nodes get each table once between them. A claim
// counts as made once a renewal after it succeeded (proof that it ran with a live fence); if
// the node is fenced first, or the claim threw, it is made again, by the next incarnation if
// need be, so that no dead node's tables are left without an owner by this node's fault.
//
// One thread at a time.

#include "server/observability/prometheus_text.h"
#include "storage/cluster_store.h"

#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace server::cluster {

using MembershipClock = std::chrono::steady_clock;

// A fresh handle on the cluster's store for an incarnation; may throw StorageError.
using ClusterStoreFactory = std::function<std::unique_ptr<storage::ClusterStore>()>;

struct MembershipOptions {
    storage::NodeRegistration node;              // id, address, build
    std::chrono::milliseconds renew_every{1000}; // the lease is renewed this often
    std::chrono::milliseconds lease{5000};       // the store's lease (storage::ClusterOptions)
    std::chrono::milliseconds watch_every{1000}; // dead nodes are looked for this often
};

// The tables claimed from one node (a dead one, or this node's previous incarnation).
struct ClaimedTables {
    std::string from;
    std::vector<storage::LiveTableRow> tables;
};

// What one call did. The caller acts in this order: drop the tables of `fenced`, take note of
// `joined`, then load the `claimed` tables.
struct MembershipReport {
    // This incarnation was fenced (its renewal was refused): it owns nothing any more and its
    // tables must be dropped at once. `fenced_state` is its row's state when it could be read:
    // "dead" (taken over by another node), "alive" (the same id registered again: another
    // process with the same `node`) or "left".
    std::optional<storage::Fence> fenced;
    std::string fenced_state;
    // A new incarnation was registered (at start, or again after `fenced`).
    std::optional<storage::Fence> joined;
    // Dead nodes this node took over (their rows as seen, before the takeover).
    std::vector<storage::NodeRow> taken_over;
    std::vector<ClaimedTables> claimed;
    // What the store threw; the same work is tried again on the next tick.
    std::vector<std::string> failures;
    // The store answered a whole tick again after ticks with failures.
    bool recovered = false;
    // Set when it changes: true once the lease could not be renewed for longer than the lease.
    std::optional<bool> at_risk;

    bool empty() const;
};

class NodeMembership {
public:
    NodeMembership(MembershipOptions options, ClusterStoreFactory make_store);
    ~NodeMembership();
    NodeMembership(const NodeMembership&) = delete;
    NodeMembership& operator=(const NodeMembership&) = delete;

    // Registers the first incarnation (a failure is reported and retried by tick()).
    MembershipReport start(MembershipClock::time_point now);
    // The same with the address of the registration, known only now (the port bound).
    MembershipReport start(std::string address, MembershipClock::time_point now);
    // Registers when not registered; renews when due; watches when due.
    MembershipReport tick(MembershipClock::time_point now);
    // A clean stop: the incarnation leaves (ClusterStore::leave) and the handle is dropped.
    // False when it was fenced already, not registered, or the store failed (`failure` says).
    bool leave(std::string* failure = nullptr);

    // The current incarnation, if registered.
    const std::optional<storage::Fence>& fence() const { return fence_; }
    // The figures of /metrics.
    const observability::NodeFigures& figures() const { return figures_; }

private:
    void join(MembershipClock::time_point now, MembershipReport& report);
    // False when the renewal was refused (fenced: the caller joins again).
    bool renew(MembershipClock::time_point now, MembershipReport& report);
    void watch(MembershipClock::time_point now, MembershipReport& report);
    void claim_pending(MembershipReport& report);
    void check_risk(MembershipClock::time_point now, MembershipReport& report);
    void fail(MembershipReport& report, const char* doing, const std::exception& e);
    MembershipReport finish(MembershipReport report);

    MembershipOptions options_;
    ClusterStoreFactory make_store_;
    std::unique_ptr<storage::ClusterStore> store_;
    std::optional<storage::Fence> fence_;
    MembershipClock::time_point next_renew_{};
    MembershipClock::time_point next_watch_{};
    // When the last successful renewal (or the registration) was asked for.
    MembershipClock::time_point renewed_{};
    // Nodes whose tables are to be claimed, and those claimed but not yet confirmed by a
    // renewal that followed.
    std::set<std::string> to_claim_;
    std::set<std::string> unconfirmed_;
    bool failing_ = false; // the last call reported failures
    observability::NodeFigures figures_;
};

} // namespace server::cluster
