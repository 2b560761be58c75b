#pragma once
// A small blocking WebSocket test client on Beast (plain ws:// or wss://) with a deadline on
// every call, for the in-process server tests. It answers the server's WebSocket pings while
// it reads, like a browser.
//
//   test::WsTestClient client(test::WsOptions(app.port()));
//   auto hello = client.read_json();          // {"t":"hello",...}
//   client.send_text(R"({"t":"ping","id":1})");
//   CHECK(client.read_json()["t"] == "pong");
//
// A refused upgrade throws UpgradeRefused with the HTTP status.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace test {

// Connection options; chain the setters: WsOptions(port).origin_header("http://x").
struct WsOptions {
    std::uint16_t port = 0;
    std::string target = "/ws";
    std::string origin; // sent as Origin when not empty
    std::string cookie; // sent as Cookie when not empty
    // More header lines of the upgrade request, in order (a name may come twice).
    std::vector<std::pair<std::string, std::string>> extra_headers;
    std::string from;   // the local address to connect from ("127.0.0.2"); empty: any
    bool tls = false;   // wss://, trusting `ca_file` (verify_none when empty)
    std::string ca_file;
    std::chrono::milliseconds timeout{5000}; // per call

    WsOptions() = default;
    explicit WsOptions(std::uint16_t to_port) : port(to_port) {}
    WsOptions& at(std::string path) {
        target = std::move(path);
        return *this;
    }
    WsOptions& origin_header(std::string value) {
        origin = std::move(value);
        return *this;
    }
    WsOptions& cookie_header(std::string value) {
        cookie = std::move(value);
        return *this;
    }
    WsOptions& header(std::string name, std::string value) {
        extra_headers.emplace_back(std::move(name), std::move(value));
        return *this;
    }
    WsOptions& from_address(std::string local) {
        from = std::move(local);
        return *this;
    }
    WsOptions& over_tls(std::string trusted_ca_file) {
        tls = true;
        ca_file = std::move(trusted_ca_file);
        return *this;
    }
};

struct UpgradeRefused : std::runtime_error {
    int status;
    explicit UpgradeRefused(int http_status)
        : std::runtime_error("upgrade refused with HTTP " + std::to_string(http_status)),
          status(http_status) {}
};

class WsTestClient {
public:
    explicit WsTestClient(const WsOptions& options);
    ~WsTestClient();
    WsTestClient(const WsTestClient&) = delete;
    WsTestClient& operator=(const WsTestClient&) = delete;

    void send_text(std::string_view text);
    void send_binary(std::string_view data);
    // The next text message; nothing on timeout or when the connection ended.
    std::optional<std::string> read_text();
    std::optional<std::string> read_text(std::chrono::milliseconds timeout);
    // The next message as JSON; throws on timeout, close or bad JSON.
    nlohmann::json read_json();
    // Reads until the server closes; the close code, or nothing on timeout.
    std::optional<std::uint16_t> wait_for_close(std::chrono::milliseconds timeout);
    bool is_open() const;
    // The negotiated TLS version ("TLSv1.3"), empty for plain connections.
    std::string tls_version() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace test
