// The node's membership (server/cluster/node_membership.h) over MemoryClusterStore on manual
// time: registration, the renewal's schedule, takeovers and claims (also when two nodes race),
// fencing and the new incarnation, a failing database retried, the log's lines.
#include "server/cluster/membership_log.h"
#include "server/cluster/node_membership.h"
#include "tests/server/cluster/membership_test_support.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace std::chrono_literals;
using cluster_test::Faults;
using cluster_test::ManualCluster;
using server::cluster::MembershipReport;
using server::cluster::NodeMembership;

namespace {

// A node of the test: its membership and its faults.
struct TestNode {
    std::shared_ptr<Faults> faults = std::make_shared<Faults>();
    NodeMembership membership;

    TestNode(ManualCluster& cluster, const std::string& id)
        : membership(ManualCluster::options(id), cluster.factory(faults)) {}
};

// Every table claimed in `reports`, by code, with how often.
std::map<std::string, int> claimed_codes(const std::vector<MembershipReport>& reports) {
    std::map<std::string, int> codes;
    for (const auto& report : reports)
        for (const auto& claim : report.claimed)
            for (const auto& table : claim.tables)
                ++codes[table.code];
    return codes;
}

// Ticks the nodes every 200 ms until `until`, keeping their reports.
void run_until(ManualCluster& cluster, std::chrono::milliseconds until,
               const std::vector<TestNode*>& nodes, std::vector<MembershipReport>& reports) {
    while (cluster.elapsed < until) {
        cluster.elapsed += 200ms;
        for (auto* node : nodes)
            reports.push_back(node->membership.tick(cluster.now()));
    }
}

} // namespace

TEST_CASE("membership: a node registers with a fresh epoch and its figures say so") {
    ManualCluster cluster;
    TestNode a(cluster, "a");
    const auto report = a.membership.start(cluster.now());
    REQUIRE(report.joined.has_value());
    CHECK(report.joined->node_id == "a");
    CHECK(report.joined->epoch == 1);
    CHECK(report.failures.empty());
    CHECK(a.membership.fence()->epoch == 1);
    CHECK(cluster.row("a").state == "alive");
    CHECK(cluster.row("a").address == "a:8080");
    const auto& figures = a.membership.figures();
    CHECK(figures.node_id == "a");
    CHECK(figures.epoch == 1);
    CHECK(figures.incarnations == 1);
    CHECK(figures.takeovers == 0);
    CHECK(!figures.at_risk);
}

TEST_CASE("membership: the lease is renewed every second, not on every tick") {
    ManualCluster cluster;
    TestNode a(cluster, "a");
    a.membership.start(cluster.now());
    const auto registered = cluster.row("a").renewed_at;
    std::vector<MembershipReport> reports;
    run_until(cluster, 800ms, {&a}, reports);
    CHECK(a.faults->renewals == 0);
    CHECK(cluster.row("a").renewed_at == registered);
    run_until(cluster, 1000ms, {&a}, reports);
    CHECK(a.faults->renewals == 1);
    CHECK(cluster.row("a").renewed_at == registered + 1000ms);
    CHECK(cluster.row("a").lease_until == registered + 6000ms);
    run_until(cluster, 10'000ms, {&a}, reports);
    CHECK(a.faults->renewals == 10);
    for (const auto& report : reports)
        CHECK(report.empty());
}

TEST_CASE("membership: a node that stops renewing is taken over after its lease, its tables "
          "claimed once") {
    ManualCluster cluster;
    TestNode a(cluster, "a");
    TestNode b(cluster, "b");
    TestNode c(cluster, "c");
    a.membership.start(cluster.now());
    b.membership.start(cluster.now());
    c.membership.start(cluster.now());
    const auto c_fence = *c.membership.fence();
    auto tables = cluster.handle();
    for (const char* code : {"t1", "t2", "t3"})
        REQUIRE(tables->reserve_table(c_fence, code, true) == storage::Ownership::Done);
    REQUIRE(tables->reserve_table(*a.membership.fence(), "a1", true) == storage::Ownership::Done);

    // c stops (hung: its session stays, so only the lease ends it).
    std::vector<MembershipReport> reports;
    run_until(cluster, 5000ms, {&a, &b}, reports);
    CHECK(claimed_codes(reports).empty());
    CHECK(a.membership.figures().takeovers + b.membership.figures().takeovers == 0);
    run_until(cluster, 7000ms, {&a, &b}, reports);

    CHECK(a.membership.figures().takeovers + b.membership.figures().takeovers == 1);
    CHECK(claimed_codes(reports) == std::map<std::string, int>{{"t1", 1}, {"t2", 1}, {"t3", 1}});
    CHECK(a.membership.figures().tables_claimed + b.membership.figures().tables_claimed == 3);
    CHECK(cluster.row("c").state == "dead");
    CHECK(cluster.row("c").epoch == 2);
    // Each of c's tables is the taker's now, at its epoch; a's own table stays a's.
    const std::string taker = a.membership.figures().takeovers == 1 ? "a" : "b";
    for (const auto& row : cluster.handle()->directory()) {
        if (row.code == "a1") {
            CHECK(row.owner == std::optional<std::string>("a"));
            continue;
        }
        CHECK(row.owner == std::optional<std::string>(taker));
        CHECK(row.owner_epoch == 1);
        CHECK(row.table_epoch == 2);
    }
    // The report names the node taken over as it was seen.
    bool reported = false;
    for (const auto& report : reports)
        for (const auto& node : report.taken_over)
            reported = reported || (node.node_id == "c" && node.epoch == 1);
    CHECK(reported);
}

TEST_CASE("membership: of two nodes racing for a dead node one takes it over and claims its "
          "tables, once") {
    ManualCluster cluster;
    TestNode a(cluster, "a");
    TestNode b(cluster, "b");
    {
        TestNode c(cluster, "c");
        c.membership.start(cluster.now());
        auto tables = cluster.handle();
        for (const char* code : {"t1", "t2"})
            REQUIRE(tables->reserve_table(*c.membership.fence(), code, false) ==
                    storage::Ownership::Done);
    } // c's process is killed: its session ends, it is dead once it renewed 1 s ago
    a.membership.start(cluster.now());
    b.membership.start(cluster.now());
    cluster.elapsed = 1200ms;
    // a has seen c dead and is about to take it over when b ticks, sees it, takes it over and
    // claims its tables; a's compare-and-set on the epoch it saw then fails.
    std::vector<MembershipReport> reports;
    a.faults->before_take_over = [&] { reports.push_back(b.membership.tick(cluster.now())); };
    reports.push_back(a.membership.tick(cluster.now()));

    CHECK(b.membership.figures().takeovers == 1);
    CHECK(a.membership.figures().takeovers == 0);
    CHECK(claimed_codes(reports) == std::map<std::string, int>{{"t1", 1}, {"t2", 1}});
    CHECK(b.membership.figures().tables_claimed == 2);
    CHECK(a.membership.figures().tables_claimed == 0);
    // And later ticks claim nothing more.
    run_until(cluster, 10'000ms, {&a, &b}, reports);
    CHECK(claimed_codes(reports) == std::map<std::string, int>{{"t1", 1}, {"t2", 1}});
    for (const auto& row : cluster.handle()->directory())
        CHECK(row.owner == std::optional<std::string>("b"));
}

TEST_CASE("membership: a fenced node drops its incarnation and registers again with a new "
          "epoch") {
    ManualCluster cluster;
    TestNode a(cluster, "a");
    TestNode b(cluster, "b");
    a.membership.start(cluster.now());
    b.membership.start(cluster.now());
    REQUIRE(cluster.handle()->reserve_table(*a.membership.fence(), "t1", true) ==
            storage::Ownership::Done);
    // a hangs past its lease; b takes it over and claims its table.
    std::vector<MembershipReport> reports;
    run_until(cluster, 7000ms, {&b}, reports);
    REQUIRE(b.membership.figures().takeovers == 1);
    // a wakes up: its renewal is refused.
    cluster.elapsed += 200ms;
    const auto report = a.membership.tick(cluster.now());
    REQUIRE(report.fenced.has_value());
    CHECK(report.fenced->epoch == 1);
    CHECK(report.fenced_state == "dead");
    REQUIRE(report.joined.has_value());
    CHECK(report.joined->epoch == 3); // 1, 2 by the takeover, 3 now
    CHECK(report.claimed.empty());    // t1 is b's: nothing of the old incarnation is left
    CHECK(a.membership.fence()->epoch == 3);
    CHECK(a.membership.figures().epoch == 3);
    CHECK(a.membership.figures().incarnations == 2);
    CHECK(cluster.row("a").state == "alive");
    CHECK(cluster.handle()->find_table("t1")->owner == std::optional<std::string>("b"));
    // It renews as the new incarnation from then on.
    const int renewals = a.faults->renewals;
    reports.clear();
    run_until(cluster, 9200ms, {&a, &b}, reports);
    CHECK(a.faults->renewals > renewals);
    for (const auto& later : reports)
        CHECK(!later.fenced);
}

TEST_CASE("membership: the same id registered elsewhere fences this node, which says why") {
    ManualCluster cluster;
    TestNode a(cluster, "a");
    a.membership.start(cluster.now());
    auto other = cluster.handle();
    other->register_node(ManualCluster::options("a").node); // epoch 2
    cluster.elapsed = 1000ms;
    const auto report = a.membership.tick(cluster.now());
    REQUIRE(report.fenced.has_value());
    CHECK(report.fenced_state == "alive");
    CHECK(report.joined->epoch == 3);
    const auto lines = server::cluster::MembershipLog{}.lines(report);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].second.find("registered again") != std::string::npos);
    CHECK(lines[1].second.find("epoch 3 joined") != std::string::npos);
}

TEST_CASE("membership: a restarted node claims the tables of its previous incarnation") {
    ManualCluster cluster;
    {
        TestNode before(cluster, "a");
        before.membership.start(cluster.now());
        REQUIRE(cluster.handle()->reserve_table(*before.membership.fence(), "t1", true) ==
                storage::Ownership::Done);
    } // killed, and started again at once with the same id
    cluster.elapsed = 300ms;
    TestNode after(cluster, "a");
    const auto report = after.membership.start(cluster.now());
    REQUIRE(report.joined.has_value());
    CHECK(report.joined->epoch == 2);
    REQUIRE(report.claimed.size() == 1);
    CHECK(report.claimed[0].from == "a");
    REQUIRE(report.claimed[0].tables.size() == 1);
    CHECK(report.claimed[0].tables[0].code == "t1");
    CHECK(report.claimed[0].tables[0].owner_epoch == 2);
    CHECK(after.membership.figures().tables_claimed == 1);
}

TEST_CASE("membership: a failing database is tried again on the next tick, and a lease not "
          "renewed for longer than the lease is at risk") {
    ManualCluster cluster;
    TestNode a(cluster, "a");
    a.membership.start(cluster.now());
    cluster.elapsed = 1000ms;
    a.faults->down = true;
    auto report = a.membership.tick(cluster.now());
    REQUIRE(!report.failures.empty()); // the renewal, and the watch due at the same tick
    CHECK(report.failures[0].find("renew") == 0);
    CHECK(a.membership.figures().renewals_failed == 1);
    CHECK(!report.at_risk);
    // Tried on every tick, not a second later.
    cluster.elapsed += 200ms;
    report = a.membership.tick(cluster.now());
    CHECK(a.membership.figures().renewals_failed == 2);
    CHECK(!report.at_risk);
    // 5 s after the last renewal (the registration at 0) it is at risk, once.
    std::vector<MembershipReport> reports;
    run_until(cluster, 5200ms, {&a}, reports);
    std::vector<bool> risks;
    for (const auto& r : reports)
        if (r.at_risk)
            risks.push_back(*r.at_risk);
    CHECK(risks == std::vector<bool>{true});
    CHECK(a.membership.figures().at_risk);
    // The log says it once, not on every tick.
    server::cluster::MembershipLog log;
    std::size_t failure_lines = 0;
    for (const auto& r : reports)
        for (const auto& [level, text] : log.lines(r))
            if (text.find("the database failed") != std::string::npos)
                ++failure_lines;
    CHECK(failure_lines == 1);
    // The database is back before anyone took it over: the lease is renewed, the risk ends.
    a.faults->down = false;
    cluster.elapsed += 200ms;
    report = a.membership.tick(cluster.now());
    CHECK(report.failures.empty());
    CHECK(report.recovered);
    CHECK(report.at_risk == std::optional<bool>(false));
    CHECK(!report.fenced);
    CHECK(a.membership.figures().epoch == 1);
    const auto lines = log.lines(report);
    CHECK(std::any_of(lines.begin(), lines.end(), [](const auto& line) {
        return line.second.find("answers again") != std::string::npos;
    }));
}

TEST_CASE("membership: a registration that fails at start is made on a later tick") {
    ManualCluster cluster;
    TestNode a(cluster, "a");
    a.faults->down = true;
    auto report = a.membership.start(cluster.now());
    CHECK(!report.joined);
    REQUIRE(report.failures.size() == 1);
    CHECK(report.failures[0].find("register") == 0);
    CHECK(!a.membership.fence());
    cluster.elapsed = 200ms;
    a.faults->down = false;
    report = a.membership.tick(cluster.now());
    REQUIRE(report.joined.has_value());
    CHECK(report.joined->epoch == 1);
    CHECK(report.recovered);
}

TEST_CASE("membership: a takeover whose claim failed is claimed on a later watch") {
    ManualCluster cluster;
    TestNode a(cluster, "a");
    a.membership.start(cluster.now());
    {
        TestNode c(cluster, "c");
        c.membership.start(cluster.now());
        REQUIRE(cluster.handle()->reserve_table(*c.membership.fence(), "t1", true) ==
                storage::Ownership::Done);
    }
    cluster.elapsed = 1200ms;
    // The takeover goes through; the database fails right after it.
    a.faults->after_take_over = [&a] { a.faults->down = true; };
    std::vector<MembershipReport> reports;
    reports.push_back(a.membership.tick(cluster.now()));
    REQUIRE(a.membership.figures().takeovers == 1);
    CHECK(reports.back().taken_over.size() == 1);
    CHECK(!reports.back().failures.empty());
    CHECK(claimed_codes(reports).empty());
    a.faults->down = false;
    run_until(cluster, 3000ms, {&a}, reports);
    CHECK(claimed_codes(reports) == std::map<std::string, int>{{"t1", 1}});
    CHECK(a.membership.figures().takeovers == 1);
    CHECK(cluster.handle()->find_table("t1")->owner == std::optional<std::string>("a"));
}

TEST_CASE("membership: leaving marks the node left and ends its fence") {
    ManualCluster cluster;
    TestNode a(cluster, "a");
    a.membership.start(cluster.now());
    CHECK(a.membership.leave());
    CHECK(cluster.row("a").state == "left");
    CHECK(cluster.row("a").epoch == 2);
    CHECK(!a.membership.fence());
    CHECK(!a.membership.leave());
}
