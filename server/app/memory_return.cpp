#include "server/app/memory_return.h"

#include "server/log.h"
#include "server/observability/process_stats.h"

#include <algorithm>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace server {

TrimStep TrimDecision::observe(std::int64_t load) {
    peak_ = std::max(peak_, load);
    if (peak_ - load >= min_drop_ && load * 2 <= peak_) {
        peak_ = load;
        fell_to_ = load;
        readings_since_burst_ = 0;
        next_again_ = 2;
        agains_left_ = returns_after_burst;
        return TrimStep::Burst;
    }
    if (agains_left_ == 0)
        return TrimStep::None;
    if (load > fell_to_ + min_drop_) {
        agains_left_ = 0; // load again: what it holds is in use
        return TrimStep::None;
    }
    if (++readings_since_burst_ < next_again_)
        return TrimStep::None;
    next_again_ *= 2;
    --agains_left_;
    return TrimStep::Again;
}

bool return_free_memory() {
#if defined(__GLIBC__)
    (void)malloc_trim(0);
    return true;
#else
    return false;
#endif
}

bool fix_trim_threshold(std::size_t trim_threshold) {
#if defined(__GLIBC__)
    return mallopt(M_TRIM_THRESHOLD, static_cast<int>(trim_threshold)) == 1;
#else
    (void)trim_threshold;
    return false;
#endif
}

struct MemoryReturn::State : std::enable_shared_from_this<MemoryReturn::State> {
    boost::asio::steady_timer timer;
    std::function<std::int64_t()> load;
    std::function<void()> compact;
    Settings settings;
    TrimDecision decision;
    bool stopped = false;
    bool return_due = false; // compacted at the last reading: return the memory now

    State(boost::asio::io_context& io, std::function<std::int64_t()> l, std::function<void()> c,
          Settings s)
        : timer(io), load(std::move(l)), compact(std::move(c)), settings(s), decision(s.min_drop) {}

    void arm() {
        timer.expires_after(settings.period);
        timer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
            if (ec || self->stopped)
                return;
            self->check();
            self->arm();
        });
    }

    void check() {
        const auto now = load();
        if (return_due) {
            return_due = false;
            return_memory(now);
        }
        const auto step = decision.observe(now);
        if (step == TrimStep::Burst) {
            if (compact)
                compact();
            return_due = true;
        } else if (step == TrimStep::Again) {
            return_memory(now);
        }
    }

    void return_memory(std::int64_t now) {
        const auto before = observability::resident_bytes();
        const auto begun = std::chrono::steady_clock::now();
        if (!return_free_memory())
            return;
        const auto after = observability::resident_bytes();
        const auto took = std::chrono::duration_cast<std::chrono::microseconds>(
            std::chrono::steady_clock::now() - begun);
        if (before && after)
            log::debug("memory: load down to " + std::to_string(now) + ", RSS " +
                       std::to_string(*before / 1024) + " -> " + std::to_string(*after / 1024) +
                       " KiB (malloc_trim took " + std::to_string(took.count()) + " us)");
    }
};

MemoryReturn::MemoryReturn(boost::asio::io_context& io, std::function<std::int64_t()> load,
                           std::function<void()> compact, Settings settings)
    : state_(std::make_shared<State>(io, std::move(load), std::move(compact), settings)) {
}

void MemoryReturn::start() {
    state_->arm();
}

void MemoryReturn::stop() {
    state_->stopped = true;
    state_->timer.cancel();
}

} // namespace server
