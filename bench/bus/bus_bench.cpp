// The bus's latency through a NATS server (bench/README.md "The bus"): two NatsBus
// connections in this process, as two nodes would have, handlers on an io_context thread as
// the server's strands would run them.
//   bus_bench <nats-url> [--count N] [--warmup N] [--payload BYTES]
// 1. publish -> subscribe: one bus publishes a payload, the other's handler receives it; one
//    message in flight at a time, timed from before publish() to inside the handler.
// 2. request -> reply: one bus requests with a 33-byte body, the other's handler replies; timed
//    from before request() to inside the reply handler.
// Prints p50, p90, p99 and max in milliseconds for each.

#include "server/cluster/nats_bus.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

namespace {

using Clock = std::chrono::steady_clock;
using server::cluster::Message;
using server::cluster::NatsBus;
using server::cluster::Reply;

// Waits for one signal at a time from a handler.
class Signal {
public:
    void raise() {
        const std::lock_guard lock(mutex_);
        raised_ = true;
        changed_.notify_one();
    }
    bool wait(std::chrono::milliseconds limit) {
        std::unique_lock lock(mutex_);
        const bool ok = changed_.wait_for(lock, limit, [&] { return raised_; });
        raised_ = false;
        return ok;
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    bool raised_ = false;
};

void report(const char* what, std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) {
        return ms[std::min(ms.size() - 1,
                           static_cast<std::size_t>(q * static_cast<double>(ms.size())))];
    };
    std::printf("%-34s n=%zu  p50 %.3f  p90 %.3f  p99 %.3f  max %.3f ms\n", what, ms.size(),
                at(0.50), at(0.90), at(0.99), ms.back());
}

double since_ms(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr,
                     "usage: bus_bench <nats-url> [--count N] [--warmup N] [--payload BYTES]\n");
        return 2;
    }
    const std::string url = argv[1];
    int count = 2000;
    int warmup = 200;
    std::size_t payload_size = 3000;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        const long value = std::strtol(argv[i + 1], nullptr, 10);
        if (value <= 0) {
            std::fprintf(stderr, "bus_bench: %s needs a positive number\n", flag.c_str());
            return 2;
        }
        if (flag == "--count")
            count = static_cast<int>(value);
        else if (flag == "--warmup")
            warmup = static_cast<int>(value);
        else if (flag == "--payload")
            payload_size = static_cast<std::size_t>(value);
        else {
            std::fprintf(stderr, "bus_bench: unknown flag %s\n", flag.c_str());
            return 2;
        }
    }

    boost::asio::io_context io;
    auto guard = boost::asio::make_work_guard(io);
    std::thread io_thread([&io] { io.run(); });

    int status = 0;
    {
        server::cluster::NatsBusOptions options;
        options.urls = {url};
        options.name = "bench-a";
        NatsBus a(options);
        options.name = "bench-b";
        NatsBus b(options);
        a.start();
        b.start();
        if (!a.connected() || !b.connected()) {
            std::fprintf(stderr, "bus_bench: cannot connect to %s\n", url.c_str());
            return 1;
        }

        Signal signal;
        auto received = b.subscribe("bench.pub", io.get_executor(),
                                    [&signal](const Message&) { signal.raise(); });
        auto responder = b.subscribe("bench.req", io.get_executor(),
                                     [&b](const Message& m) { (void)b.reply(m, "ok"); });
        (void)b.flush(std::chrono::seconds(5));

        const std::string payload(payload_size, 'm');
        std::vector<double> publish_ms;
        for (int i = 0; i < warmup + count && status == 0; ++i) {
            const auto start = Clock::now();
            (void)a.publish("bench.pub", payload);
            if (!signal.wait(std::chrono::seconds(5))) {
                std::fprintf(stderr, "bus_bench: a message was lost\n");
                status = 1;
            } else if (i >= warmup) {
                publish_ms.push_back(since_ms(start));
            }
        }

        const std::string body(33, 'r');
        std::vector<double> request_ms;
        for (int i = 0; i < warmup + count && status == 0; ++i) {
            const auto start = Clock::now();
            bool ok = false;
            a.request("bench.req", body, std::chrono::seconds(5), io.get_executor(),
                      [&](const Reply& r) {
                          ok = r.ok();
                          signal.raise();
                      });
            if (!signal.wait(std::chrono::seconds(10)) || !ok) {
                std::fprintf(stderr, "bus_bench: a request failed\n");
                status = 1;
            } else if (i >= warmup) {
                request_ms.push_back(since_ms(start));
            }
        }
        if (status == 0) {
            report(("publish -> subscribe, " + std::to_string(payload_size) + " B").c_str(),
                   publish_ms);
            report("request -> reply, 33 B", request_ms);
        }
    }
    guard.reset();
    io.stop();
    io_thread.join();
    return status;
}
