#include "server/cluster/node_membership.h"

#include <exception>
#include <utility>

namespace server::cluster {

bool MembershipReport::empty() const {
    return !fenced && !joined && taken_over.empty() && claimed.empty() && failures.empty() &&
           !recovered && !at_risk;
}

NodeMembership::NodeMembership(MembershipOptions options, ClusterStoreFactory make_store)
    : options_(std::move(options)), make_store_(std::move(make_store)) {
    figures_.node_id = options_.node.node_id;
}

NodeMembership::~NodeMembership() = default;

void NodeMembership::fail(MembershipReport& report, const char* doing, const std::exception& e) {
    report.failures.push_back(std::string(doing) + ": " + e.what());
}

MembershipReport NodeMembership::finish(MembershipReport report) {
    const bool failed = !report.failures.empty();
    report.recovered = failing_ && !failed;
    failing_ = failed;
    return report;
}

MembershipReport NodeMembership::start(MembershipClock::time_point now) {
    MembershipReport report;
    join(now, report);
    return finish(std::move(report));
}

MembershipReport NodeMembership::start(std::string address, MembershipClock::time_point now) {
    options_.node.address = std::move(address);
    return start(now);
}

MembershipReport NodeMembership::tick(MembershipClock::time_point now) {
    MembershipReport report;
    if (!fence_) {
        join(now, report);
        return finish(std::move(report));
    }
    if (now >= next_renew_ && !renew(now, report)) {
        join(now, report); // fenced: a new incarnation at once
        return finish(std::move(report));
    }
    check_risk(now, report);
    if (now >= next_watch_)
        watch(now, report);
    return finish(std::move(report));
}

// A fresh handle, a new epoch; then the tables of the previous incarnations of this id, which
// no other node sees dead (the row is alive again), are claimed back.
void NodeMembership::join(MembershipClock::time_point now, MembershipReport& report) {
    try {
        if (!store_)
            store_ = make_store_();
        fence_ = store_->register_node(options_.node);
    } catch (const std::exception& e) {
        // A handle whose registration failed may hold a half-made session: the next try starts
        // from a fresh one.
        store_.reset();
        fail(report, "register", e);
        return;
    }
    report.joined = fence_;
    figures_.epoch = fence_->epoch;
    ++figures_.incarnations;
    renewed_ = now;
    next_renew_ = now + options_.renew_every;
    next_watch_ = now;
    if (figures_.at_risk) {
        figures_.at_risk = false;
        report.at_risk = false;
    }
    to_claim_.insert(options_.node.node_id);
    claim_pending(report);
}

bool NodeMembership::renew(MembershipClock::time_point now, MembershipReport& report) {
    bool renewed = false;
    try {
        renewed = store_->renew_lease();
    } catch (const std::exception& e) {
        ++figures_.renewals_failed;
        fail(report, "renew", e);
        return true; // not known to be fenced: tried again on the next tick
    }
    if (renewed) {
        renewed_ = now;
        next_renew_ = now + options_.renew_every;
        unconfirmed_.clear(); // the fence held after them: those claims stand
        if (figures_.at_risk) {
            figures_.at_risk = false;
            report.at_risk = false;
        }
        return true;
    }
    report.fenced = fence_;
    try {
        for (const auto& row : store_->nodes())
            if (row.node_id == fence_->node_id)
                report.fenced_state = row.state;
    } catch (const std::exception&) {
        // Only the reason is missing: the fencing is reported all the same.
    }
    // Claims made under the fenced epoch may have been refused: the next incarnation makes
    // them again.
    to_claim_.insert(unconfirmed_.begin(), unconfirmed_.end());
    unconfirmed_.clear();
    fence_.reset();
    figures_.epoch = 0;
    store_.reset();
    return false;
}

void NodeMembership::check_risk(MembershipClock::time_point now, MembershipReport& report) {
    const bool at_risk = now - renewed_ > options_.lease;
    if (at_risk != figures_.at_risk) {
        figures_.at_risk = at_risk;
        report.at_risk = at_risk;
    }
}

// Each dead node (never this one: a renewal that still succeeds keeps it) is taken over with
// the epoch seen; a node another one took over first is left to it.
void NodeMembership::watch(MembershipClock::time_point now, MembershipReport& report) {
    claim_pending(report);
    try {
        for (const auto& node : store_->dead_nodes()) {
            if (node.node_id == fence_->node_id)
                continue;
            if (!store_->take_over(node.node_id, node.epoch))
                continue;
            ++figures_.takeovers;
            report.taken_over.push_back(node);
            to_claim_.insert(node.node_id);
        }
    } catch (const std::exception& e) {
        fail(report, "take over", e);
        return; // next_watch_ stays: the next tick looks again
    }
    next_watch_ = now + options_.watch_every;
    claim_pending(report);
}

void NodeMembership::claim_pending(MembershipReport& report) {
    while (!to_claim_.empty()) {
        const std::string from = *to_claim_.begin();
        std::vector<storage::LiveTableRow> tables;
        try {
            tables = store_->claim_tables(*fence_, from, {});
        } catch (const std::exception& e) {
            fail(report, "claim tables", e);
            return;
        }
        to_claim_.erase(from);
        unconfirmed_.insert(from);
        if (tables.empty())
            continue;
        figures_.tables_claimed += tables.size();
        report.claimed.push_back(ClaimedTables{from, std::move(tables)});
    }
}

bool NodeMembership::leave(std::string* failure) {
    if (!fence_ || !store_)
        return false;
    bool left = false;
    try {
        left = store_->leave();
    } catch (const std::exception& e) {
        if (failure != nullptr)
            *failure = e.what();
    }
    fence_.reset();
    figures_.epoch = 0;
    store_.reset();
    return left;
}

} // namespace server::cluster
