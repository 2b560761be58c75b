#include "server/cluster/membership_log.h"

#include "server/log.h"

namespace server::cluster {
namespace {

std::string fence_text(const storage::Fence& fence) {
    return "node " + fence.node_id + " epoch " + std::to_string(fence.epoch);
}

std::string fenced_reason(const std::string& state) {
    if (state == "dead")
        return " (taken over by another node)";
    if (state == "alive")
        return " (its id registered again: is another process running with the same node?)";
    if (state == "left")
        return " (it left the cluster)";
    return "";
}

} // namespace

std::vector<MembershipLog::Line> MembershipLog::lines(const MembershipReport& report) {
    std::vector<Line> out;
    if (report.fenced)
        out.emplace_back(LogLevel::Warn, "cluster: " + fence_text(*report.fenced) + " is fenced" +
                                             fenced_reason(report.fenced_state) +
                                             ": its tables are dropped");
    if (report.joined)
        out.emplace_back(LogLevel::Info,
                         "cluster: " + fence_text(*report.joined) + " joined the cluster");
    for (const auto& node : report.taken_over)
        out.emplace_back(LogLevel::Warn, "cluster: took over the dead node " + node.node_id +
                                             " (epoch " + std::to_string(node.epoch) + ")");
    for (const auto& claim : report.claimed)
        out.emplace_back(LogLevel::Info, "cluster: claimed " + std::to_string(claim.tables.size()) +
                                             " tables of node " + claim.from);
    if (report.at_risk)
        out.emplace_back(*report.at_risk ? LogLevel::Warn : LogLevel::Info,
                         *report.at_risk
                             ? std::string("cluster: the lease has not been renewed for longer "
                                           "than the lease: other nodes may take this one over")
                             : std::string("cluster: the lease is renewed again"));
    if (!report.failures.empty()) {
        if (failures_ == 0)
            out.emplace_back(LogLevel::Warn, "cluster: the database failed (tried again every "
                                             "tick until it answers): " +
                                                 report.failures.front());
        failures_ += report.failures.size();
    }
    if (report.recovered) {
        out.emplace_back(LogLevel::Info, "cluster: the database answers again after " +
                                             std::to_string(failures_) + " failures");
        failures_ = 0;
    }
    return out;
}

void MembershipLog::operator()(const MembershipReport& report) {
    for (const auto& [level, text] : lines(report))
        log::write(level, text);
}

} // namespace server::cluster
