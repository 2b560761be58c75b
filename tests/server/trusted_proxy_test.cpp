// The in-process server behind a trusted proxy (trusted_proxies, server/http/client_address.h):
// the test's own 127.0.0.1 plays the proxy and X-Forwarded-For names the clients, so the
// per-address cap counts each forwarded address on its own, and a route sees the client's.
#include "server/config/ip_network.h"
#include "server/http/routes.h"
#include "tests/server/test_support.h"
#include "tests/server/ws_test_client.h"

#include <arpa/inet.h>
#include <chrono>
#include <memory>
#include <netinet/in.h>
#include <optional>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using test::RunningServer;
using test::WsOptions;
using test::WsTestClient;
using namespace std::chrono_literals;

namespace {

// The test's loopback as the trusted proxy, and one connection per address.
void behind_loopback_proxy(server::Config& config) {
    config.trusted_proxies = {*server::parse_ip_network("127.0.0.1")};
    config.max_connections_per_ip = 1;
}

// A WebSocket from `forwarded` (no header when empty); its hello read, or the refusal's status.
struct ProxiedUpgrade {
    std::unique_ptr<WsTestClient> client;
    int refused_status = 0;
};
ProxiedUpgrade proxied_upgrade(std::uint16_t port, const std::string& forwarded) {
    WsOptions options(port);
    if (!forwarded.empty())
        options.header("X-Forwarded-For", forwarded);
    ProxiedUpgrade upgrade;
    try {
        upgrade.client = std::make_unique<WsTestClient>(options);
        CHECK(upgrade.client->read_json()["t"] == "hello");
    } catch (const test::UpgradeRefused& refused) {
        upgrade.refused_status = refused.status;
    }
    return upgrade;
}

// The error code of a JSON error reply ({"error":{"code":...}}), "" for another body.
std::string proxied_error_code(const test::HttpReply& reply) {
    const auto body = nlohmann::json::parse(reply.body, nullptr, false);
    if (!body.is_object() || !body.contains("error") || !body["error"].is_object())
        return {};
    return body["error"].value("code", "");
}

std::string proxied_upgrade_request(const std::string& forwarded) {
    return "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
           "X-Forwarded-For: " +
           forwarded + "\r\n\r\n";
}

// A TCP connection from 127.0.0.1 that sends nothing (closed when destroyed): a proxy's idle
// connection.
class ProxyIdleSocket {
public:
    explicit ProxyIdleSocket(std::uint16_t port)
        : fd_(socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) {
        REQUIRE(fd_ >= 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
    }
    ~ProxyIdleSocket() { close(fd_); }
    ProxyIdleSocket(const ProxyIdleSocket&) = delete;
    ProxyIdleSocket& operator=(const ProxyIdleSocket&) = delete;

private:
    int fd_;
};

} // namespace

TEST_CASE("trusted proxy: the per-address cap counts each forwarded address on its own") {
    SUBCASE("two forwarded addresses: both open") {
        const RunningServer server(behind_loopback_proxy);
        const auto first = proxied_upgrade(server.port(), "198.51.100.1");
        const auto second = proxied_upgrade(server.port(), "198.51.100.2");
        CHECK(first.client);
        CHECK(second.client);
        // IPv6 clients and a chain of proxies ending at the trusted one.
        const auto third = proxied_upgrade(server.port(), "2001:db8::7");
        CHECK(third.client);
        const auto fourth = proxied_upgrade(server.port(), "203.0.113.4, 127.0.0.1");
        CHECK(fourth.client);
    }
    SUBCASE("the same forwarded address twice: the second is refused") {
        const RunningServer server(behind_loopback_proxy);
        const auto first = proxied_upgrade(server.port(), "198.51.100.1");
        CHECK(first.client);
        const auto second = proxied_upgrade(server.port(), "198.51.100.1");
        CHECK_FALSE(second.client);
        CHECK(second.refused_status == 503);
        const auto reply =
            test::raw_http(server.port(), proxied_upgrade_request("203.0.113.50, 198.51.100.1"));
        CHECK(reply.status == 503);
        CHECK(proxied_error_code(reply) == "too_many_connections");
        // Another client of the proxy still gets in.
        CHECK(proxied_upgrade(server.port(), "198.51.100.3").client);
    }
    SUBCASE("no trusted proxy: the header is ignored, both are 127.0.0.1") {
        const RunningServer server(
            [](server::Config& config) { config.max_connections_per_ip = 1; });
        const auto first = proxied_upgrade(server.port(), "198.51.100.1");
        CHECK(first.client);
        const auto second = proxied_upgrade(server.port(), "198.51.100.2");
        CHECK_FALSE(second.client);
        CHECK(second.refused_status == 503);
    }
    SUBCASE("a proxy that forwards no address: its clients are its own address") {
        const RunningServer server(behind_loopback_proxy);
        const auto first = proxied_upgrade(server.port(), "");
        CHECK(first.client);
        const auto second = proxied_upgrade(server.port(), "");
        CHECK(second.refused_status == 503);
        const auto garbage = proxied_upgrade(server.port(), "unknown");
        CHECK(garbage.refused_status == 503);
    }
}

TEST_CASE("trusted proxy: its idle connections count in max_connections, not per address") {
    const RunningServer server([](server::Config& config) {
        behind_loopback_proxy(config);
        config.max_connections = 4;
    });
    std::vector<std::unique_ptr<ProxyIdleSocket>> idle;
    for (int i = 0; i < 3; ++i)
        idle.push_back(std::make_unique<ProxyIdleSocket>(server.port()));
    // Three idle connections from the proxy's address, and still a WebSocket through it.
    const auto client = proxied_upgrade(server.port(), "198.51.100.1");
    CHECK(client.client);
    // The fifth connection is over max_connections.
    const auto reply = test::raw_http(server.port(), proxied_upgrade_request("198.51.100.2"));
    CHECK(reply.status == 503);
    CHECK(proxied_error_code(reply) == "server_full");
}

TEST_CASE("trusted proxy: a request's route sees the forwarded address, only from the proxy") {
    using server::http::beast_http::status;
    using server::http::beast_http::verb;
    auto who = [](server::App& app) {
        app.routes().add(
            verb::get, "/api/address",
            [](const server::http::Request& request, const server::http::RequestInfo& info) {
                const nlohmann::json body{{"address", info.remote_address}};
                return server::http::json_response(request, status::ok, body.dump());
            });
    };
    auto address_of = [](std::uint16_t port, const std::string& headers) {
        const auto reply = test::http_request(port, "GET", "/api/address", headers);
        REQUIRE(reply.status == 200);
        return nlohmann::json::parse(reply.body)["address"].get<std::string>();
    };
    {
        const RunningServer server(behind_loopback_proxy, who);
        CHECK(address_of(server.port(), "X-Forwarded-For: 198.51.100.1\r\n") == "198.51.100.1");
        CHECK(address_of(server.port(),
                         "X-Forwarded-For: 1.2.3.4\r\nX-Forwarded-For: 198.51.100.9\r\n") ==
              "198.51.100.9");
        CHECK(address_of(server.port(), "") == "127.0.0.1");
    }
    {
        const RunningServer server({}, who);
        CHECK(address_of(server.port(), "X-Forwarded-For: 198.51.100.1\r\n") == "127.0.0.1");
    }
}
