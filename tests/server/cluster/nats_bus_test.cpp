#include "server/cluster/nats_bus.h"
#include "tests/server/cluster/bus_test_support.h"

#include <atomic>

#include <boost/asio/strand.hpp>
#include <doctest/doctest.h>

using namespace server::cluster;
using cluster_test::IoThread;
using cluster_test::Queue;
using namespace std::chrono_literals;

namespace {

NatsBusOptions fixture_options(std::string name) {
    NatsBusOptions options;
    options.urls = {cluster_test::fixture_nats_url()};
    options.name = std::move(name);
    return options;
}

// A subject no other test of the run uses (they share the fixture's server).
std::string unique_subject(std::string_view base) {
    static std::atomic<int> counter{0};
    return "test." + std::string(base) + "." + std::to_string(::getpid()) + "-" +
           std::to_string(counter.fetch_add(1));
}

} // namespace

TEST_CASE(
    "nats bus: a message published on one bus reaches the matching subscriptions of another") {
    BusMetrics metrics;
    NatsBus sender(fixture_options("sender"), metrics);
    NatsBus receiver(fixture_options("receiver"), metrics);
    sender.start();
    receiver.start();
    CHECK(sender.connected());
    IoThread io;
    const auto base = unique_subject("pubsub");
    Queue<Message> exact, wildcard, tail;
    auto s1 = receiver.subscribe(base + ".table", io.executor(),
                                 [&](const Message& m) { exact.push(m); });
    auto s2 =
        receiver.subscribe(base + ".*", io.executor(), [&](const Message& m) { wildcard.push(m); });
    auto s3 =
        receiver.subscribe(base + ".>", io.executor(), [&](const Message& m) { tail.push(m); });
    REQUIRE_FALSE(receiver.flush(5s));

    const std::string payload(3000, 'x');
    CHECK_FALSE(sender.publish(base + ".table", payload));
    CHECK_FALSE(sender.publish(base + ".table.deep", "deep"));
    const auto m = exact.take();
    REQUIRE(m);
    CHECK(m->subject == base + ".table");
    CHECK(m->data == payload);
    CHECK(m->reply.empty());
    REQUIRE(wildcard.take());
    REQUIRE(tail.take());
    const auto deep = tail.take();
    REQUIRE(deep);
    CHECK(deep->data == "deep");
    CHECK_FALSE(wildcard.take(200ms));
    CHECK(metrics.messages_published.value() == 2);
    CHECK(metrics.messages_received.value() == 4);

    s1.reset();
    REQUIRE_FALSE(receiver.flush(5s));
    CHECK_FALSE(sender.publish(base + ".table", "after"));
    REQUIRE(wildcard.take());
    CHECK_FALSE(exact.take(200ms));
    CHECK(sender.publish(base + ".*", "x") == BusError::InvalidSubject);
}

TEST_CASE("nats bus: messages of one publisher on one subject arrive in order, on the strand") {
    NatsBus sender(fixture_options("order-sender"));
    NatsBus receiver(fixture_options("order-receiver"));
    sender.start();
    receiver.start();
    IoThread io;
    auto strand = boost::asio::make_strand(io.context());
    const auto subject = unique_subject("order");
    Queue<std::string> got;
    std::atomic<bool> off_strand{false};
    std::atomic<bool> off_thread{false};
    const auto io_thread = io.id();
    auto subscription = receiver.subscribe(subject, strand, [&](const Message& m) {
        if (!strand.running_in_this_thread())
            off_strand = true;
        if (std::this_thread::get_id() != io_thread)
            off_thread = true;
        got.push(m.data);
    });
    REQUIRE_FALSE(receiver.flush(5s));
    constexpr int count = 1000;
    for (int i = 0; i < count; ++i)
        REQUIRE_FALSE(sender.publish(subject, std::to_string(i)));
    for (int i = 0; i < count; ++i) {
        const auto data = got.take();
        REQUIRE(data);
        REQUIRE(*data == std::to_string(i));
    }
    CHECK_FALSE(off_strand.load());
    CHECK_FALSE(off_thread.load());
}

TEST_CASE("nats bus: request and reply, no responders, timeout, closed") {
    BusMetrics metrics;
    NatsBus client(fixture_options("client"), metrics);
    NatsBus service(fixture_options("service"));
    client.start();
    service.start();
    IoThread io;
    const auto base = unique_subject("request");
    auto echo = service.subscribe(base + ".echo", io.executor(), [&service](const Message& m) {
        CHECK_FALSE(service.reply(m, "echo:" + m.data));
    });
    auto silent = service.subscribe(base + ".silent", io.executor(), [](const Message&) {});
    REQUIRE_FALSE(service.flush(5s));
    Queue<Reply> replies;
    auto keep = [&replies](const Reply& r) { replies.push(r); };

    client.request(base + ".echo", "hi", 5s, io.executor(), keep);
    auto reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->ok());
    CHECK(reply->data == "echo:hi");
    CHECK(metrics.request_seconds.snapshot().count == 1);

    client.request(base + ".nobody", "hi", 5s, io.executor(), keep);
    reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->error == BusError::NoResponders);

    client.request(base + ".silent", "hi", 100ms, io.executor(), keep);
    reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->error == BusError::Timeout);

    client.request(base + ".silent", "hi", 60s, io.executor(), keep);
    client.close();
    reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->error == BusError::Closed);
    CHECK_FALSE(client.connected());
    CHECK(client.publish(base + ".echo", "x") == BusError::Closed);
    client.request(base + ".echo", "x", 5s, io.executor(), keep);
    reply = replies.take();
    REQUIRE(reply);
    CHECK(reply->error == BusError::Closed);
    CHECK(metrics.requests_total.value() == 5);
    CHECK(metrics.request_failures.value() == 4);
}

TEST_CASE("nats bus: the watchers hear connected and closed, handles may outlive the bus") {
    IoThread io;
    Queue<BusState> states;
    Subscription watch;
    Subscription kept;
    {
        NatsBus bus(fixture_options("watched"));
        watch = bus.watch_state(io.executor(), [&](BusState s) { states.push(s); });
        bus.start();
        CHECK(cluster_test::wait_for_state(states, BusState::Connected));
        kept = bus.subscribe(unique_subject("kept"), io.executor(), [](const Message&) {});
    }
    CHECK(cluster_test::wait_for_state(states, BusState::Closed));
    kept.reset(); // after the bus: unsubscribes from a closed connection, harmlessly
    CHECK_FALSE(kept.active());
}
