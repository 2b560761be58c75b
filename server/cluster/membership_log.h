#pragma once
// The log lines of the membership's reports (node_membership.h), for the operator: a new
// incarnation, a fencing, a takeover and the tables claimed, the lease at risk; a database
// failure once when a streak of them begins (the membership retries every tick) and once when it
// ends. One thread at a time (the runner's reports are posted to one strand).

#include "server/cluster/node_membership.h"
#include "server/config/config.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace server::cluster {

class MembershipLog {
public:
    using Line = std::pair<LogLevel, std::string>;

    // The lines of `report`, in the order of its events.
    std::vector<Line> lines(const MembershipReport& report);
    // Writes them to the process's log (server/log.h).
    void operator()(const MembershipReport& report);

private:
    std::uint64_t failures_ = 0; // in the current streak
};

} // namespace server::cluster
