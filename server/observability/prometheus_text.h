#pragma once
// The Prometheus text exposition format (version 0.0.4) of the server's metrics: what
// GET /metrics answers. Each metric has a HELP and a TYPE line; a histogram has cumulative
// `_bucket{le="..."}` lines ending with le="+Inf", then `_sum` (seconds) and `_count`.

#include "server/observability/metrics.h"

#include <cstdint>
#include <optional>
#include <string>

namespace server::observability {

// What is read at scrape time rather than counted as it happens.
struct ScrapeValues {
    std::int64_t connections = 0;                // live WebSocket connections
    std::optional<std::uint64_t> resident_bytes; // the process's RSS, when /proc tells it
};

// The content type of the text: "text/plain; version=0.0.4; charset=utf-8".
extern const char* const exposition_content_type;

std::string prometheus_text(const Metrics& metrics, const ScrapeValues& scraped);

// A duration in microseconds as a decimal number of seconds ("0.00025", "1.5", "10").
std::string seconds_text(std::uint64_t microseconds);

} // namespace server::observability
