#pragma once
// The server's own measurements, read by GET /metrics (docs/http-api.md). Every instrument is
// a fixed set of lock-free atomics: observing costs a few relaxed atomic adds and never
// allocates, so the move path may observe freely from any thread.
//
//   observability::metrics().moves_total.add();
//   observability::metrics().move_seconds.observe(observability::Clock::now() - received);

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace server::observability {

using Clock = std::chrono::steady_clock;

// Only ever goes up (Prometheus "counter").
class Counter {
public:
    void add(std::uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
    std::uint64_t value() const { return value_.load(std::memory_order_relaxed); }

private:
    std::atomic<std::uint64_t> value_{0};
};

// Goes up and down (Prometheus "gauge").
class Gauge {
public:
    void add(std::int64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
    void sub(std::int64_t n = 1) { value_.fetch_sub(n, std::memory_order_relaxed); }
    std::int64_t value() const { return value_.load(std::memory_order_relaxed); }

private:
    std::atomic<std::int64_t> value_{0};
};

// Holds one unit of a gauge for as long as it lives (a member of whatever is counted).
class GaugeHold {
public:
    explicit GaugeHold(Gauge& gauge) : gauge_(&gauge) { gauge_->add(); }
    ~GaugeHold() { gauge_->sub(); }
    GaugeHold(const GaugeHold&) = delete;
    GaugeHold& operator=(const GaugeHold&) = delete;

private:
    Gauge* gauge_;
};

// Durations in fixed buckets (Prometheus "histogram", in seconds on the wire). The bounds run
// from 50 µs to 10 s, about three per decade, so that both a loopback move (well under a
// millisecond) and a slow disk commit (tens of milliseconds) land in a bucket that tells them
// apart.
class DurationHistogram {
public:
    static constexpr std::array<std::chrono::microseconds, 17> upper_bounds{
        std::chrono::microseconds{50},        std::chrono::microseconds{100},
        std::chrono::microseconds{250},       std::chrono::microseconds{500},
        std::chrono::microseconds{1'000},     std::chrono::microseconds{2'000},
        std::chrono::microseconds{5'000},     std::chrono::microseconds{10'000},
        std::chrono::microseconds{25'000},    std::chrono::microseconds{50'000},
        std::chrono::microseconds{100'000},   std::chrono::microseconds{250'000},
        std::chrono::microseconds{500'000},   std::chrono::microseconds{1'000'000},
        std::chrono::microseconds{2'500'000}, std::chrono::microseconds{5'000'000},
        std::chrono::microseconds{10'000'000}};

    void observe(Clock::duration took);
    void observe_since(Clock::time_point started) { observe(Clock::now() - started); }

    // A consistent-enough copy for the exposition: per-bucket (not cumulative) counts, the
    // last one being +Inf, the count and the sum in microseconds.
    struct Snapshot {
        std::array<std::uint64_t, upper_bounds.size() + 1> buckets{};
        std::uint64_t count = 0;
        std::uint64_t sum_us = 0;
    };
    Snapshot snapshot() const;

private:
    std::array<std::atomic<std::uint64_t>, upper_bounds.size() + 1> buckets_{};
    std::atomic<std::uint64_t> sum_us_{0};
};

// Every instrument of the server, by name. One instance per process (metrics()); tests make
// their own.
struct Metrics {
    Gauge live_tables;              // tables in memory (waiting, playing, finished, not swept)
    Counter moves_total;            // moves stored and acknowledged
    DurationHistogram move_seconds; // a move's arrival at its table -> stored, ready to send
    DurationHistogram storage_write_seconds; // a move handed to the writer -> its commit
    Gauge writer_queue_depth;                // move writes handed to the writer, not committed
    Counter rate_limit_refusals;             // WebSocket messages refused as rate_limited
};

// The process's instruments.
Metrics& metrics();

// One-line observations for the move path.
// A move stored and acknowledged; `received` is when its table took it up.
inline void move_stored(Clock::time_point received) {
    metrics().moves_total.add();
    metrics().move_seconds.observe_since(received);
}
// A move handed to the storage writer now; returns the time to pass to storage_write_done.
inline Clock::time_point storage_write_started() {
    metrics().writer_queue_depth.add();
    return Clock::now();
}
// The writer has committed (or refused) a move handed to it at `started`.
inline void storage_write_done(Clock::time_point started) {
    metrics().writer_queue_depth.sub();
    metrics().storage_write_seconds.observe_since(started);
}

} // namespace server::observability
