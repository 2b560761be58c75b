// The transport edge, in process: socket options of accepted connections (plain and TLS).
// The server runs in this process, so its accepted sockets are among this process's own file
// descriptors: a test finds them (local port = the server's, connected to a peer) and reads
// their options back with getsockopt.
#include "server/net/message_dispatcher.h"
#include "server/net/message_handler.h"
#include "tests/server/test_certificate.h"
#include "tests/server/test_support.h"
#include "tests/server/ws_test_client.h"

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

using namespace std::chrono_literals;

namespace {

std::uint16_t local_port(const sockaddr_storage& address) {
    if (address.ss_family == AF_INET)
        return ntohs(reinterpret_cast<const sockaddr_in&>(address).sin_port);
    if (address.ss_family == AF_INET6)
        return ntohs(reinterpret_cast<const sockaddr_in6&>(address).sin6_port);
    return 0;
}

// The descriptors of this process that the server accepted on `port`: TCP sockets bound to
// that port with a peer (the listening socket has none; the test clients' sockets are bound
// to other ports).
std::vector<int> accepted_sockets(std::uint16_t port) {
    std::vector<int> found;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
        const int fd = std::stoi(entry.path().filename().string());
        struct stat info {};
        if (fstat(fd, &info) != 0 || !S_ISSOCK(info.st_mode))
            continue;
        sockaddr_storage local{};
        socklen_t length = sizeof local;
        if (getsockname(fd, reinterpret_cast<sockaddr*>(&local), &length) != 0 ||
            local_port(local) != port)
            continue;
        sockaddr_storage peer{};
        length = sizeof peer;
        if (getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &length) == 0)
            found.push_back(fd);
    }
    return found;
}

bool no_delay(int fd) {
    int value = 0;
    socklen_t length = sizeof value;
    REQUIRE(getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &value, &length) == 0);
    return value != 0;
}

// On "blast", sends one shared 1 MiB message 32 times to every open connection.
class BroadcastHandler final : public server::net::MessageHandler {
public:
    const std::shared_ptr<const std::string> payload =
        std::make_shared<const std::string>(std::string(1024 * 1024, 'x'));

    void on_open(const std::shared_ptr<server::net::Connection>& conn) override {
        const std::lock_guard lock(mutex_);
        open_.push_back(conn);
    }
    void on_close(const std::shared_ptr<server::net::Connection>& conn) override {
        const std::lock_guard lock(mutex_);
        std::erase(open_, conn);
    }
    bool on_message(const std::shared_ptr<server::net::Connection>&,
                    const server::protocol::Envelope& message) override {
        if (message.type != "blast")
            return false;
        const std::lock_guard lock(mutex_);
        for (int i = 0; i < 32; ++i)
            for (const auto& conn : open_)
                conn->send(payload);
        return true;
    }

private:
    std::mutex mutex_;
    std::vector<std::shared_ptr<server::net::Connection>> open_;
};

// Polls `done` every 10 ms for up to five seconds.
template <class Condition> bool eventually(Condition done) {
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (!done() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(10ms);
    return done();
}

} // namespace

TEST_CASE("transport: every accepted socket has TCP_NODELAY, plain and TLS") {
    SUBCASE("plain") {
        const test::RunningServer server;
        test::WsTestClient first(test::WsOptions(server.port()));
        test::WsTestClient second(test::WsOptions(server.port()));
        CHECK(first.read_json()["t"] == "hello");
        CHECK(second.read_json()["t"] == "hello");
        const auto sockets = accepted_sockets(server.port());
        CHECK(sockets.size() == 2);
        for (const int fd : sockets)
            CHECK(no_delay(fd));
    }
    SUBCASE("tls") {
        const test::TempDir keys;
        const auto files = test::write_self_signed_certificate(keys.path());
        const test::RunningServer server([&files](server::Config& config) {
            config.tls_cert = files.cert.string();
            config.tls_key = files.key.string();
        });
        test::WsTestClient client(test::WsOptions(server.port()).over_tls(files.cert.string()));
        CHECK(client.read_json()["t"] == "hello");
        const auto sockets = accepted_sockets(server.port());
        CHECK(sockets.size() == 1);
        for (const int fd : sockets)
            CHECK(no_delay(fd));
    }
}

TEST_CASE("transport: a peer that only answers pings stays, a peer silent for three pings goes") {
    const test::RunningServer server([](server::Config& config) { config.ping_interval = 1s; });
    test::WsTestClient ponging(test::WsOptions(server.port()));
    test::WsTestClient silent(test::WsOptions(server.port()));
    CHECK(ponging.read_json()["t"] == "hello");
    CHECK(silent.read_json()["t"] == "hello");
    // `ponging` reads (and so answers each ping with a pong) and sends nothing else for four and
    // a half intervals; `silent` reads nothing meanwhile, so it answers no ping at all.
    CHECK_FALSE(ponging.read_text(4500ms));
    CHECK(ponging.is_open());
    CHECK(server.app->connection_count() == 1);
    ponging.send_text(R"({"t":"ping","id":1})");
    CHECK(ponging.read_json() == nlohmann::json{{"t", "pong"}, {"id", 1}});
    // The server dropped `silent` without a close handshake: its pings are there, then the end.
    (void)silent.wait_for_close(2s);
    CHECK_FALSE(silent.is_open());
}

TEST_CASE("transport: a text frame that is not UTF-8 is closed with 1007, others stay") {
    const test::RunningServer server;
    test::WsTestClient other(test::WsOptions(server.port()));
    test::WsTestClient client(test::WsOptions(server.port()));
    CHECK(other.read_json()["t"] == "hello");
    CHECK(client.read_json()["t"] == "hello");
    client.send_text("{\"t\":\"ping\",\"id\":\"\xff\xfe\"}"); // 0xFF never occurs in UTF-8
    CHECK(client.wait_for_close(5s) == 1007);
    other.send_text(R"({"t":"ping","id":2})");
    CHECK(other.read_json() == nlohmann::json{{"t", "pong"}, {"id", 2}});
    // Valid UTF-8 that is not JSON is only an error reply, as before.
    other.send_text("{\"t\":\"caf\xc3\xa9\"");
    CHECK(other.read_json()["code"] == "bad_json");
    CHECK(other.is_open());
}

TEST_CASE("transport: a broadcast is queued as the one shared buffer, not copied per recipient") {
    auto handler = std::make_shared<BroadcastHandler>();
    const test::RunningServer server(
        {}, [&handler](server::App& app) { app.add_message_handler(handler); });
    auto sender = std::make_unique<test::WsTestClient>(test::WsOptions(server.port()));
    auto other = std::make_unique<test::WsTestClient>(test::WsOptions(server.port()));
    CHECK(sender->read_json()["t"] == "hello");
    CHECK(other->read_json()["t"] == "hello");
    sender->send_text(R"({"t":"blast"})");
    // Neither client reads: 32 MiB per connection cannot all pass the socket buffers, so each
    // queue holds messages for a while. Every queued message is a reference to the handler's
    // one buffer (a copy per recipient would leave its count at 1).
    CHECK(eventually([&] { return handler->payload.use_count() >= 3; }));
    CHECK(server.app->connection_count() == 2);
    // When the connections end, their queues let go of it.
    sender.reset();
    other.reset();
    CHECK(eventually([&] { return handler->payload.use_count() == 1; }));
    CHECK(eventually([&] { return server.app->connection_count() == 0; }));
}
