#pragma once
// The Prometheus text exposition format (version 0.0.4) of the server's metrics: what
// GET /metrics answers. Each metric has a HELP and a TYPE line; a histogram has cumulative
// `_bucket{le="..."}` lines ending with le="+Inf", then `_sum` (seconds) and `_count`.

#include "server/observability/metrics.h"

#include <cstdint>
#include <optional>
#include <string>

namespace server::observability {

// A node of a cluster: its membership's figures (server/cluster/node_membership.h).
struct NodeFigures {
    std::string node_id;
    std::int64_t epoch = 0;            // the current incarnation's; 0 while not registered
    std::uint64_t incarnations = 0;    // registrations made (the first, and one per fencing)
    std::uint64_t takeovers = 0;       // dead nodes this node took over
    std::uint64_t tables_claimed = 0;  // tables claimed from dead nodes and earlier incarnations
    std::uint64_t renewals_failed = 0; // renewals the database failed (not refusals)
    bool at_risk = false;              // not renewed for longer than the lease
};

// What is read at scrape time rather than counted as it happens.
struct ScrapeValues {
    std::int64_t connections = 0;                // live WebSocket connections
    std::optional<std::uint64_t> resident_bytes; // the process's RSS, when /proc tells it
};

// The content type of the text: "text/plain; version=0.0.4; charset=utf-8".
extern const char* const exposition_content_type;

// `node`: a node of a cluster (`tabula serve --cluster`) shows its figures too.
std::string prometheus_text(const Metrics& metrics, const ScrapeValues& scraped,
                            const std::optional<NodeFigures>& node = std::nullopt);

// A duration in microseconds as a decimal number of seconds ("0.00025", "1.5", "10").
std::string seconds_text(std::uint64_t microseconds);

} // namespace server::observability
