#pragma once
// Gives memory freed after a burst of load back to the system (issue 11: "after every game has
// ended and been swept, RSS back within 10 % of its idle baseline").
//
// Why it is needed: glibc's malloc keeps what a thread frees in that thread's arena and gives
// back to the system only the free space at the top of a heap (M_TRIM_THRESHOLD). After
// thousands of games the freed tables, histories and messages lie scattered between the few
// blocks still in use, so nothing is at the top: measured after a 10 s closed loop of 50 games,
// every table swept, the heap held 2.8 MB in use and 50 MB free in the I/O thread's arena, all
// of it still resident. malloc_trim(0) walks every arena and releases each whole free page
// (madvise MADV_DONTNEED). Limiting the arenas (M_ARENA_MAX) or lowering M_TRIM_THRESHOLD does
// not help, since the free space is not at the top (bench/README.md has the figures).
//
// When: a watcher reads the load (live tables plus WebSocket connections: two counters) every
// `period`. Once the load has fallen to at most half of the highest load seen since the last
// return, and by at least `min_drop`, a burst has passed (its tables were swept, its
// connections closed): the `compact` step runs (it ends the I/O threads' malloc caches and
// asks the services to give back what the load grew, server/app/io_threads.h), and at the
// next reading, once that work has run, the memory is returned; the high then starts again
// from the load of the moment the burst was seen to have passed. A steady load never triggers it,
// so the hot path does not pay for pages given back and taken again. A return costs little
// (malloc_trim took 0.1 to 2 ms after the bench's runs), so a small server that empties at night
// may trim too.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace server {

// The rule above, without a clock: fed one load reading at a time.
//
// What a burst held is not all free when its load has fallen: closing handshakes and timers
// free the connections' sessions over the next seconds. Measured after 10,000 idle sockets had
// closed: the return at the fall left 70.9 MB resident, and another malloc_trim 6 s later
// 29.6 MB (the idle server 38.0 MB). So after a burst the memory is returned again at the 2nd,
// 4th, 8th and 16th reading, while the load stays within `min_drop` of where it fell to.
enum class TrimStep : std::uint8_t {
    None,
    Burst, // a burst has passed: compact now, return at the next reading
    Again, // return once more
};

class TrimDecision {
public:
    explicit TrimDecision(std::int64_t min_drop) : min_drop_(min_drop) {}
    TrimStep observe(std::int64_t load);

private:
    static constexpr int returns_after_burst = 4;
    std::int64_t min_drop_;
    std::int64_t peak_ = 0;
    std::int64_t fell_to_ = 0;    // the load when the last burst was seen to have passed
    int readings_since_burst_ = 0;
    int next_again_ = 0;          // the reading (since the burst) of the next return
    int agains_left_ = 0;
};

// Releases the free pages of every malloc arena; returns false where that is not available
// (not glibc).
bool return_free_memory();

// malloc_trim releases the free pages inside an arena, but not the free space at the top of a
// thread's arena (glibc trims that only from free(), once the top exceeds M_TRIM_THRESHOLD,
// which by default rises with the largest block ever freed, 1 MB or more here). Measured after
// the bench's closed loop with every table swept: 0.9 MB resident at the top of the writer
// thread's arena and 0.6 MB at the I/O thread's. A fixed threshold of `trim_threshold` bytes
// lets free() give that back; it also fixes the mmap threshold at its start value (128 KiB),
// so a rare large block (a 1 MiB message) is mapped and unmapped instead of staying in an
// arena. Call once at start-up; returns false where not available (not glibc).
bool fix_trim_threshold(std::size_t trim_threshold = 512 * 1024);

// The watcher: a timer on the server's io_context.
class MemoryReturn {
public:
    struct Settings {
        std::chrono::milliseconds period{1000};
        std::int64_t min_drop = 8; // tables + connections
    };
    // `load` is read on an I/O thread; it must be thread-safe. `compact` runs on an I/O
    // thread when a burst has passed, one period before the memory is returned; it may post
    // work (it must not block).
    MemoryReturn(boost::asio::io_context& io, std::function<std::int64_t()> load,
                 std::function<void()> compact, Settings settings);
    void start();
    void stop();

private:
    struct State;
    std::shared_ptr<State> state_;
};

} // namespace server
