#include "server/cluster/local_bus.h"
#include "tests/server/cluster/bus_test_support.h"

#include <set>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <doctest/doctest.h>

using namespace server::cluster;
using cluster_test::IoThread;
using cluster_test::Queue;
using namespace std::chrono_literals;

namespace {

// Subscribes `bus` to `pattern`, the messages going to `into`.
Subscription collect(Bus& bus, std::string_view pattern, IoThread& io, Queue<Message>& into) {
    return bus.subscribe(pattern, io.executor(), [&into](const Message& m) { into.push(m); });
}

} // namespace

TEST_CASE("local bus: a message reaches every subscription whose subject matches, once") {
    BusMetrics metrics;
    LocalBus bus(metrics);
    IoThread io;
    Queue<Message> exact, star, tail, other;
    auto s1 = collect(bus, "tabula.table.abc", io, exact);
    auto s2 = collect(bus, "tabula.table.*", io, star);
    auto s3 = collect(bus, "tabula.>", io, tail);
    auto s4 = collect(bus, "tabula.lobby.*", io, other);

    CHECK_FALSE(bus.publish("tabula.table.abc", "move 1"));
    CHECK_FALSE(bus.publish("tabula.table.xyz.events", "deep"));
    auto m = exact.take();
    REQUIRE(m);
    CHECK(m->subject == "tabula.table.abc");
    CHECK(m->data == "move 1");
    CHECK(m->reply.empty());
    REQUIRE(star.take());
    REQUIRE(tail.take());
    const auto deep = tail.take();
    REQUIRE(deep);
    CHECK(deep->data == "deep");
    CHECK_FALSE(star.take(100ms)); // "*" is one token, not two
    CHECK_FALSE(exact.take(100ms));
    CHECK(other.size() == 0);
    CHECK(metrics.messages_published.value() == 2);
    CHECK(metrics.messages_received.value() == 4);
}

TEST_CASE("local bus: a subscription ends with its handle, and bad subjects are refused") {
    LocalBus bus;
    IoThread io;
    Queue<Message> got;
    auto subscription = collect(bus, "a.b", io, got);
    CHECK_FALSE(bus.publish("a.b", "1"));
    REQUIRE(got.take());
    subscription.reset();
    CHECK_FALSE(subscription.active());
    CHECK_FALSE(bus.publish("a.b", "2"));
    CHECK_FALSE(got.take(100ms));

    CHECK(bus.publish("a.*", "x") == BusError::InvalidSubject);
    CHECK(bus.publish("", "x") == BusError::InvalidSubject);
    CHECK_THROWS_AS(bus.subscribe("a..b", io.executor(), [](const Message&) {}), BusFailure);
}

TEST_CASE("local bus: messages from one publisher keep their order, handlers run on the executor") {
    LocalBus bus;
    IoThread io;
    auto strand = boost::asio::make_strand(io.context());
    Queue<std::string> got;
    bool off_strand = false;
    auto subscription = bus.subscribe("t.one", strand, [&](const Message& m) {
        off_strand = off_strand || !strand.running_in_this_thread();
        got.push(m.data);
    });
    for (int i = 0; i < 200; ++i)
        CHECK_FALSE(bus.publish("t.one", std::to_string(i)));
    for (int i = 0; i < 200; ++i) {
        const auto data = got.take();
        REQUIRE(data);
        CHECK(*data == std::to_string(i));
    }
    CHECK_FALSE(off_strand);
}

TEST_CASE("local bus: request and reply, no responders, timeout") {
    BusMetrics metrics;
    LocalBus bus(metrics);
    IoThread io;
    auto responder = bus.subscribe("svc.echo", io.executor(), [&bus](const Message& m) {
        CHECK_FALSE(m.reply.empty());
        CHECK_FALSE(bus.reply(m, "echo:" + m.data));
    });
    auto silent = bus.subscribe("svc.silent", io.executor(), [](const Message&) {});
    Queue<Reply> replies;
    auto keep = [&replies](const Reply& r) { replies.push(r); };

    bus.request("svc.echo", "hi", 5s, io.executor(), keep);
    auto reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->ok());
    CHECK(reply->data == "echo:hi");
    CHECK(metrics.request_seconds.snapshot().count == 1);

    bus.request("svc.nobody", "hi", 5s, io.executor(), keep);
    reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->error == BusError::NoResponders);

    bus.request("svc.silent", "hi", 50ms, io.executor(), keep);
    reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->error == BusError::Timeout);

    bus.request("svc.*", "hi", 5s, io.executor(), keep);
    reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->error == BusError::InvalidSubject);
    CHECK(bus.reply(Message{"a", "b", ""}, "x") == BusError::InvalidSubject);
    CHECK(metrics.request_failures.value() == 3);
}

TEST_CASE("local bus: a lost connection fails waiting requests, then it comes back") {
    BusMetrics metrics;
    LocalBus bus(metrics);
    IoThread io;
    Queue<BusState> states;
    auto watch = bus.watch_state(io.executor(), [&](BusState s) { states.push(s); });
    auto silent = bus.subscribe("svc.silent", io.executor(), [](const Message&) {});
    Queue<Message> got;
    auto listener = collect(bus, "news", io, got);
    Queue<Reply> replies;
    bus.request("svc.silent", "hi", 60s, io.executor(), [&](const Reply& r) { replies.push(r); });

    bus.disconnect();
    CHECK_FALSE(bus.connected());
    CHECK(cluster_test::wait_for_state(states, BusState::Disconnected));
    auto reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->error == BusError::Disconnected);
    CHECK_FALSE(bus.publish("news", "lost")); // handed over, and lost: at-most-once
    CHECK(bus.flush(1s) == BusError::Disconnected);

    bus.reconnect();
    CHECK(bus.connected());
    CHECK(cluster_test::wait_for_state(states, BusState::Reconnected));
    CHECK_FALSE(bus.publish("news", "kept"));
    const auto m = got.take();
    REQUIRE(m);
    CHECK(m->data == "kept");
    CHECK(metrics.reconnects.value() == 1);

    bus.request("svc.silent", "again", 60s, io.executor(),
                [&](const Reply& r) { replies.push(r); });
    bus.close();
    reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->error == BusError::Closed);
    CHECK(cluster_test::wait_for_state(states, BusState::Closed));
    CHECK(bus.publish("news", "x") == BusError::Closed);
    CHECK_THROWS_AS(bus.subscribe("news", io.executor(), [](const Message&) {}), BusFailure);
}
