#include "server/net/message_dispatcher.h"
#include "server/net/message_limiter.h"

#include <stdexcept>

#include <doctest/doctest.h>

using server::net::Connection;
using server::net::MessageDispatcher;
using server::protocol::Envelope;

namespace {

// Records what the server would have sent.
class FakeConnection final : public Connection {
public:
    std::vector<nlohmann::json> sent;

    server::net::ConnectionId id() const override { return 1; }
    void send(std::shared_ptr<const std::string> message) override {
        sent.push_back(nlohmann::json::parse(*message));
    }
    void close(server::net::CloseCode, std::string) override {}
    const std::string& remote_address() const override { return address_; }
    const std::string& origin() const override { return address_; }
    std::optional<std::chrono::microseconds> round_trip() const override { return {}; }
    std::shared_ptr<const server::auth::Principal> principal() const override { return {}; }
    void set_principal(std::shared_ptr<const server::auth::Principal>) override {}

private:
    std::string address_ = "127.0.0.1";
};

// Owns "echo"; throws on "boom"; records its lifecycle calls.
class EchoHandler final : public server::net::MessageHandler {
public:
    std::vector<std::string> calls;

    void on_open(const std::shared_ptr<Connection>&) override { calls.push_back("open"); }
    bool on_message(const std::shared_ptr<Connection>& conn, const Envelope& message) override {
        calls.push_back(message.type);
        if (message.type == "boom")
            throw std::runtime_error("handler bug");
        if (message.type != "echo")
            return false;
        conn->send(
            server::net::shared_text(nlohmann::json{{"t", "echo"}, {"id", message.id}}.dump()));
        return true;
    }
    void on_close(const std::shared_ptr<Connection>&) override { calls.push_back("close"); }
};

} // namespace

TEST_CASE("dispatch: ping is answered with pong echoing the id, without the handlers") {
    MessageDispatcher dispatcher;
    auto handler = std::make_shared<EchoHandler>();
    dispatcher.add(handler);
    auto conn = std::make_shared<FakeConnection>();
    dispatcher.dispatch(conn, R"({"t":"ping","id":"p1"})");
    REQUIRE(conn->sent.size() == 1);
    CHECK(conn->sent[0] == nlohmann::json{{"t", "pong"}, {"id", "p1"}});
    CHECK(handler->calls.empty());
}

TEST_CASE("dispatch: handlers are offered messages in order, unhandled types are errors") {
    MessageDispatcher dispatcher;
    auto first = std::make_shared<EchoHandler>();
    auto second = std::make_shared<EchoHandler>();
    dispatcher.add(first);
    dispatcher.add(second);
    auto conn = std::make_shared<FakeConnection>();
    dispatcher.open(conn);
    dispatcher.dispatch(conn, R"({"t":"echo","id":1})");
    dispatcher.dispatch(conn, R"({"t":"fly","id":2})");
    dispatcher.close(conn);
    REQUIRE(conn->sent.size() == 2);
    CHECK(conn->sent[0] == nlohmann::json{{"t", "echo"}, {"id", 1}});
    CHECK(conn->sent[1]["code"] == "unknown_type");
    CHECK(conn->sent[1]["id"] == 2);
    CHECK(first->calls == std::vector<std::string>{"open", "echo", "fly", "close"});
    CHECK(second->calls == std::vector<std::string>{"open", "fly", "close"});
}

TEST_CASE("dispatch: malformed messages get errors and never reach a handler") {
    MessageDispatcher dispatcher;
    auto handler = std::make_shared<EchoHandler>();
    dispatcher.add(handler);
    auto conn = std::make_shared<FakeConnection>();
    for (const char* text : {"nope", "[]", "{}", R"({"t":1,"id":4})", R"({"t":"echo","id":{}})"})
        dispatcher.dispatch(conn, text);
    REQUIRE(conn->sent.size() == 5);
    CHECK(conn->sent[0]["code"] == "bad_json");
    CHECK(conn->sent[1]["code"] == "bad_message");
    CHECK(conn->sent[2]["code"] == "bad_message");
    CHECK(conn->sent[3]["code"] == "bad_message");
    CHECK(conn->sent[3]["id"] == 4);
    CHECK(conn->sent[4]["code"] == "bad_message");
    CHECK(handler->calls.empty());
}

TEST_CASE("dispatch: a throwing handler gives internal_error, not a crash") {
    MessageDispatcher dispatcher;
    dispatcher.add(std::make_shared<EchoHandler>());
    auto conn = std::make_shared<FakeConnection>();
    dispatcher.dispatch(conn, R"({"t":"boom","id":9})");
    REQUIRE(conn->sent.size() == 1);
    CHECK(conn->sent[0]["code"] == "internal_error");
    CHECK(conn->sent[0]["id"] == 9);
}

TEST_CASE("limiter: a burst passes, then the rate applies and refills with time") {
    using namespace std::chrono_literals;
    server::Config config;
    config.burst = 3;
    config.messages_per_second = 2;
    const lobby::TimePoint t0{};
    server::net::MessageLimiter limiter(config, t0);
    for (int i = 0; i < 3; ++i)
        CHECK_FALSE(limiter.admit(10, t0).error_code);
    const auto refused = limiter.admit(10, t0);
    CHECK(refused.error_code == "rate_limited");
    CHECK_FALSE(refused.close);
    CHECK(limiter.admit(10, t0 + 400ms).error_code == "rate_limited");
    CHECK_FALSE(limiter.admit(10, t0 + 600ms).error_code); // 1.2 tokens back
}

TEST_CASE("limiter: a message over read_message_max is refused, the next one passes") {
    const lobby::TimePoint t0{};
    server::Config config;
    server::net::MessageLimiter limiter(config, t0);
    const auto refused = limiter.admit(4097, t0);
    CHECK(refused.error_code == "message_too_large");
    CHECK_FALSE(refused.close);
    CHECK_FALSE(limiter.admit(4096, t0).error_code);
}

TEST_CASE("limiter: sustained abuse runs out of strikes and asks to close") {
    using namespace std::chrono_literals;
    server::Config config;
    config.burst = 1;
    config.messages_per_second = 1;
    const lobby::TimePoint t0{};
    server::net::MessageLimiter limiter(config, t0);
    CHECK_FALSE(limiter.admit(10, t0).error_code);
    int refusals_before_close = 0;
    while (!limiter.admit(10, t0).close)
        ++refusals_before_close;
    CHECK(refusals_before_close == static_cast<int>(server::net::abuse_strikes));
    // A well-behaved pace afterwards is accepted again (strikes and tokens refill).
    server::net::MessageLimiter calm(config, t0);
    for (int second = 0; second < 100; ++second)
        CHECK_FALSE(calm.admit(10, t0 + std::chrono::seconds(second)).close);
}

namespace {

// Takes plain moves as typed requests (protocol/plain_move.h) and records what it was given.
class TypedMoveHandler final : public server::net::MessageHandler {
public:
    std::vector<std::string> typed;    // the moves given as requests
    std::vector<std::string> messages; // the types given as envelopes
    bool throws = false;

    bool on_message(const std::shared_ptr<Connection>&, const Envelope& message) override {
        messages.push_back(message.type);
        return message.type == "move";
    }
    bool on_request(const std::shared_ptr<Connection>&,
                    server::protocol::Request& request) override {
        if (throws)
            throw std::runtime_error("handler bug");
        const auto& table = std::get<server::protocol::TableRequest>(request.body);
        typed.push_back(std::get<server::protocol::Move>(table.body).move);
        return true;
    }
};

} // namespace

TEST_CASE("dispatch: a plain move goes to a handler as its typed request, anything else as an "
          "envelope") {
    MessageDispatcher dispatcher;
    auto echo = std::make_shared<EchoHandler>(); // takes no typed request: offered, passes
    auto moves = std::make_shared<TypedMoveHandler>();
    dispatcher.add(echo);
    dispatcher.add(moves);
    auto conn = std::make_shared<FakeConnection>();
    dispatcher.dispatch(conn, R"({"t":"move","id":1,"table":"K7","ply":0,"move":"e2e4"})");
    // An escape in the move: read the normal way, as an envelope.
    dispatcher.dispatch(conn, R"({"t":"move","id":2,"table":"K7","ply":0,"move":"e2\u0065\u0034"})");
    dispatcher.dispatch(conn, R"({"t":"echo","id":3})");
    CHECK(moves->typed == std::vector<std::string>{"e2e4"});
    CHECK(moves->messages == std::vector<std::string>{"move"});
    CHECK(echo->calls == std::vector<std::string>{"move", "echo"});
    REQUIRE(conn->sent.size() == 1); // the echo's answer; the moves are the handler's to answer
}

TEST_CASE("dispatch: a plain move nobody takes as a request is offered as an envelope, and a "
          "handler that throws on it is answered internal_error") {
    MessageDispatcher dispatcher;
    auto echo = std::make_shared<EchoHandler>();
    dispatcher.add(echo);
    auto conn = std::make_shared<FakeConnection>();
    dispatcher.dispatch(conn, R"({"t":"move","id":4,"table":"K7","ply":0,"move":"e2e4"})");
    CHECK(echo->calls == std::vector<std::string>{"move"});
    REQUIRE(conn->sent.size() == 1);
    CHECK(conn->sent[0]["code"] == "unknown_type");

    MessageDispatcher failing;
    auto moves = std::make_shared<TypedMoveHandler>();
    moves->throws = true;
    failing.add(moves);
    failing.dispatch(conn, R"({"t":"move","id":5,"table":"K7","ply":0,"move":"e2e4"})");
    REQUIRE(conn->sent.size() == 2);
    CHECK(conn->sent[1]["code"] == "internal_error");
    CHECK(conn->sent[1]["id"] == 5);
    CHECK(moves->messages.empty());
}
