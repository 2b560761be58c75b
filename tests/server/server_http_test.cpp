// In-process HTTP tests: the real server on 127.0.0.1:0, raw HTTP/1.1 requests.
#include "server/http/routes.h"
#include "tests/server/test_support.h"
#include "tests/server/ws_test_client.h"

#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using test::http_request;
using test::raw_http;
using test::RunningServer;
using namespace std::chrono_literals;

TEST_CASE("http: static files are served with their content types") {
    const RunningServer server;
    const auto index = http_request(server.port(), "GET", "/");
    CHECK(index.status == 200);
    CHECK(index.header("content-type") == "text/html; charset=utf-8");
    CHECK(index.body == "<!doctype html><title>Tabula test</title>");
    CHECK(index.header("cache-control") == "no-cache");
    CHECK(index.header("x-content-type-options") == "nosniff");

    const auto script = http_request(server.port(), "GET", "/app.js?v=3");
    CHECK(script.status == 200);
    CHECK(script.header("content-type") == "text/javascript; charset=utf-8");
    CHECK(script.body == "export const answer = 42;\n");
    CHECK(http_request(server.port(), "GET", "/style.css").header("content-type") ==
          "text/css; charset=utf-8");
    CHECK(http_request(server.port(), "GET", "/logo.svg").header("content-type") ==
          "image/svg+xml");
    CHECK(http_request(server.port(), "GET", "/data.json").header("content-type") ==
          "application/json");
    CHECK(http_request(server.port(), "GET", "/sub/page.html").body == "<p>sub page</p>");
}

TEST_CASE("http: a join link /t/<CODE> serves index.html, missing files are 404") {
    const RunningServer server;
    const auto join = http_request(server.port(), "GET", "/t/K7QF");
    CHECK(join.status == 200);
    CHECK(join.body == "<!doctype html><title>Tabula test</title>");
    CHECK(http_request(server.port(), "GET", "/missing.js").status == 404);
    CHECK(http_request(server.port(), "GET", "/.hidden").status == 404);
}

TEST_CASE("http: HEAD gives the headers and no body, a matching ETag gives 304") {
    const RunningServer server;
    const auto head = http_request(server.port(), "HEAD", "/app.js");
    CHECK(head.status == 200);
    CHECK(head.header("content-length") == "26");
    CHECK(head.body.empty());
    const auto tag = head.header("etag");
    REQUIRE_FALSE(tag.empty());
    const auto again =
        http_request(server.port(), "GET", "/app.js", "If-None-Match: " + tag + "\r\n");
    CHECK(again.status == 304);
    CHECK(again.body.empty());
}

TEST_CASE("http: path traversal never leaves the web dir") {
    const RunningServer server;
    for (const char* target :
         {"/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/sub/../../secret.txt",
          "/..%5csecret.txt", "/..\\secret.txt", "/index.html%00", "//etc/passwd",
          "/sub/%2e%2e/%2e%2e/secret.txt", "/%252e%252e/secret.txt"}) {
        CAPTURE(target);
        const auto reply = http_request(server.port(), "GET", target);
        CHECK((reply.status == 400 || reply.status == 404));
        CHECK(reply.body.find("TOP SECRET") == std::string::npos);
    }
    // An absolute-form or asterisk target and a raw NUL byte are refused too.
    CHECK(http_request(server.port(), "GET", "http://127.0.0.1/../secret.txt").status == 400);
    static constexpr char nul_text[] = "GET /a\0b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    const std::string nul_request(nul_text, sizeof nul_text - 1);
    const auto nul = raw_http(server.port(), nul_request);
    CHECK(nul.status == 400);
}

TEST_CASE("http: /health answers 200 with status and version") {
    const RunningServer server;
    const auto health = http_request(server.port(), "GET", "/health");
    CHECK(health.status == 200);
    CHECK(health.header("content-type") == "application/json");
    const auto body = nlohmann::json::parse(health.body);
    CHECK(body["status"] == "ok");
    CHECK(body["version"].is_string());
    CHECK(http_request(server.port(), "HEAD", "/health").status == 200);
    CHECK(http_request(server.port(), "POST", "/health").status == 405);
}

TEST_CASE("http: unknown and unsupported methods get 405") {
    const RunningServer server;
    CHECK(http_request(server.port(), "DELETE", "/index.html").status == 405);
    CHECK(http_request(server.port(), "BREW", "/").status == 405);
    CHECK(http_request(server.port(), "OPTIONS", "/").status == 405);
}

TEST_CASE("http: registered JSON routes answer, POST from a foreign origin is 403") {
    using server::http::beast_http::status;
    using server::http::beast_http::verb;
    const RunningServer server({}, [](server::App& app) {
        app.routes().add(
            verb::post, "/api/echo",
            [](const server::http::Request& request, const server::http::RequestInfo& info) {
                nlohmann::json body{{"got", request.body()},
                                    {"user", info.principal ? info.principal->display_name : ""}};
                return server::http::json_response(request, status::ok, body.dump());
            });
        app.routes().add_prefix_async(
            verb::get, "/api/games/",
            [](const server::http::Request& request, const server::http::RequestInfo&,
               server::http::Respond respond) {
                auto id = std::string(request.target().substr(11));
                std::thread([request_copy = request, respond, id] {
                    respond(server::http::json_response(request_copy, status::ok,
                                                        nlohmann::json{{"game", id}}.dump()));
                }).detach();
            });
        app.set_authenticator([](const server::http::Request& request) {
            std::shared_ptr<const server::auth::Principal> who;
            if (request[server::http::beast_http::field::cookie] == "session=alice")
                who = std::make_shared<const server::auth::Principal>(
                    server::auth::Principal{.account = 7, .display_name = "Alice"});
            return who;
        });
    });
    const auto port = std::to_string(server.port());
    const auto same =
        http_request(server.port(), "POST", "/api/echo",
                     "Origin: http://127.0.0.1:" + port + "\r\nCookie: session=alice\r\n", "hi");
    CHECK(same.status == 200);
    CHECK(nlohmann::json::parse(same.body) == nlohmann::json{{"got", "hi"}, {"user", "Alice"}});
    const auto foreign =
        http_request(server.port(), "POST", "/api/echo", "Origin: http://evil.example\r\n", "hi");
    CHECK(foreign.status == 403);
    CHECK(http_request(server.port(), "GET", "/api/echo").status == 405);
    const auto game = http_request(server.port(), "GET", "/api/games/g42");
    CHECK(game.status == 200);
    CHECK(nlohmann::json::parse(game.body)["game"] == "g42");
}

TEST_CASE("http: a session check that waits on the database holds no I/O thread: other "
          "requests are answered meanwhile, and it is answered once the check returns") {
    using server::http::beast_http::status;
    using server::http::beast_http::verb;
    std::promise<void> database_back;
    std::shared_future<void> back = database_back.get_future().share();
    std::atomic<bool> checking{false};
    const RunningServer server([](server::Config& config) { config.threads = 1; },
                               [&](server::App& app) {
        app.routes().add(verb::get, "/api/who",
                         [](const server::http::Request& request,
                            const server::http::RequestInfo& info) {
                             const nlohmann::json body{
                                 {"user", info.principal ? info.principal->display_name : ""}};
                             return server::http::json_response(request, status::ok, body.dump());
                         });
        app.set_authenticator([&](const server::http::Request& request) {
            std::shared_ptr<const server::auth::Principal> who;
            if (request[server::http::beast_http::field::cookie] == "session=slow") {
                checking = true;
                back.wait(); // a lookup stuck on an unreachable database
                who = std::make_shared<const server::auth::Principal>(
                    server::auth::Principal{.account = 9, .display_name = "Slow"});
            }
            return who;
        });
    });
    auto slow = std::async(std::launch::async, [&] {
        return http_request(server.port(), "GET", "/api/who", "Cookie: session=slow\r\n");
    });
    while (!checking)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    // The one I/O thread answers a guest, and a player whose own check is quick (bounded: a
    // server whose I/O thread waited on the check would answer them only once it returns).
    auto guest = std::async(std::launch::async,
                            [&] { return http_request(server.port(), "GET", "/api/who"); });
    auto other = std::async(std::launch::async, [&] {
        return http_request(server.port(), "GET", "/api/who", "Cookie: session=other\r\n");
    });
    const bool answered_meanwhile =
        guest.wait_for(std::chrono::seconds(5)) == std::future_status::ready &&
        other.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
    CHECK(answered_meanwhile);
    CHECK(slow.wait_for(std::chrono::milliseconds(0)) == std::future_status::timeout);
    database_back.set_value();
    const auto guest_reply = guest.get();
    CHECK(guest_reply.status == 200);
    CHECK(nlohmann::json::parse(guest_reply.body)["user"] == "");
    CHECK(other.get().status == 200);
    const auto answered = slow.get();
    CHECK(answered.status == 200);
    CHECK(nlohmann::json::parse(answered.body)["user"] == "Slow");
}

TEST_CASE("http: a body over http_body_limit is refused with 413") {
    const RunningServer server([](server::Config& config) { config.http_body_limit = 100; });
    const auto reply = http_request(server.port(), "POST", "/health", {}, std::string(500, 'x'));
    CHECK(reply.status == 413);
}

namespace {

// A WebSocket upgrade request for /ws with extra header lines; the server closes after a refusal.
std::string upgrade_request(const std::string& extra_headers = {}) {
    return "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
           extra_headers + "\r\n";
}

// The error code of a body of the shape {"error":{"code":"...","message":"..."}}, or "" when
// the body has another shape.
std::string nested_error_code(const test::HttpReply& reply) {
    const auto body = nlohmann::json::parse(reply.body, nullptr, false);
    if (!body.is_object() || body.size() != 1)
        return {};
    const auto error = body.find("error");
    if (error == body.end() || !error->is_object() || error->size() != 2)
        return {};
    const auto code = error->find("code");
    const auto message = error->find("message");
    if (code == error->end() || !code->is_string() || message == error->end() ||
        !message->is_string() || message->get<std::string>().empty())
        return {};
    return code->get<std::string>();
}

} // namespace

TEST_CASE("http: every error body is {error:{code,message}}, upgrade refusals included") {
    const RunningServer server([](server::Config& config) { config.http_body_limit = 100; });
    const auto port = server.port();
    struct Case {
        test::HttpReply reply;
        int status;
        const char* code;
    };
    const std::vector<Case> cases{
        {http_request(port, "POST", "/health", "Origin: http://evil.example\r\n"), 403,
         "bad_origin"},
        {http_request(port, "POST", "/health", {}, std::string(500, 'x')), 413, "body_too_large"},
        {http_request(port, "GET", "/missing.js"), 404, "not_found"},
        {http_request(port, "GET", "/%2e%2e/secret.txt"), 400, "bad_path"},
        {http_request(port, "POST", "/health"), 405, "method_not_allowed"},
        {raw_http(port, "GET /a\r\n\r\n"), 400, "bad_request"},
        {raw_http(port, upgrade_request("Origin: http://evil.example\r\n")), 403, "bad_origin"},
        {raw_http(port, "GET /elsewhere" + upgrade_request().substr(7)), 404, "not_found"},
    };
    for (const auto& [reply, status, code] : cases) {
        CAPTURE(code);
        CAPTURE(reply.body);
        CHECK(reply.status == status);
        CHECK(reply.header("content-type") == "application/json");
        CHECK(nested_error_code(reply) == code);
    }
}

TEST_CASE("http: WebSocket upgrades over the per-address or overall cap get 503") {
    SUBCASE("per address") {
        const RunningServer server(
            [](server::Config& config) { config.max_connections_per_ip = 2; });
        test::WsTestClient first(test::WsOptions(server.port()));
        auto second = std::make_unique<test::WsTestClient>(test::WsOptions(server.port()));
        const auto refused = raw_http(server.port(), upgrade_request());
        CHECK(refused.status == 503);
        CHECK(nested_error_code(refused) == "too_many_connections");
        // A slot comes back when its connection ends: once its session is gone, a moment after
        // the registry forgot the connection, so the third client tries until then.
        second.reset();
        const auto deadline = std::chrono::steady_clock::now() + 5s;
        std::unique_ptr<test::WsTestClient> third;
        while (!third) {
            try {
                third = std::make_unique<test::WsTestClient>(test::WsOptions(server.port()));
            } catch (const std::exception&) {
                if (std::chrono::steady_clock::now() >= deadline)
                    throw;
                std::this_thread::sleep_for(10ms);
            }
        }
        CHECK(third->read_json()["t"] == "hello");
    }
    SUBCASE("overall") {
        const RunningServer server([](server::Config& config) {
            config.max_connections = 1;
            config.max_connections_per_ip = 5;
        });
        test::WsTestClient first(test::WsOptions(server.port()));
        const auto refused = raw_http(server.port(), upgrade_request());
        CHECK(refused.status == 503);
        CHECK(nested_error_code(refused) == "server_full");
        CHECK(first.read_json()["t"] == "hello");
    }
}

namespace {

// A TCP connection to the server that sends nothing (closed when destroyed).
class IdleSocket {
public:
    explicit IdleSocket(std::uint16_t port) : fd_(socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) {
        REQUIRE(fd_ >= 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
    }
    ~IdleSocket() { close(fd_); }
    IdleSocket(const IdleSocket&) = delete;
    IdleSocket& operator=(const IdleSocket&) = delete;

private:
    int fd_;
};

// Upgrades until one is refused with `code` (the server accepts the idle sockets before it),
// for at most 5 s.
bool upgrade_refused_with(std::uint16_t port, const std::string& code) {
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto reply = raw_http(port, upgrade_request());
        if (reply.status == 503 && nested_error_code(reply) == code)
            return true;
        std::this_thread::sleep_for(20ms);
    }
    return false;
}

} // namespace

TEST_CASE("http: idle TCP connections count against the caps, and /healthz is answered beyond") {
    SUBCASE("per address") {
        const RunningServer server(
            [](server::Config& config) { config.max_connections_per_ip = 3; });
        std::vector<std::unique_ptr<IdleSocket>> idle;
        for (int i = 0; i < 3; ++i)
            idle.push_back(std::make_unique<IdleSocket>(server.port()));
        CHECK(upgrade_refused_with(server.port(), "too_many_connections"));
        // A request other than an upgrade gets the same refusal; /healthz is answered.
        const auto page = raw_http(server.port(), "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        CHECK(page.status == 503);
        const auto health = raw_http(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
        CHECK(health.status == 200);
        // The idle connections gone, their slots come back.
        idle.clear();
        const auto deadline = std::chrono::steady_clock::now() + 5s;
        std::unique_ptr<test::WsTestClient> client;
        while (!client) {
            try {
                client = std::make_unique<test::WsTestClient>(test::WsOptions(server.port()));
            } catch (const std::exception&) {
                if (std::chrono::steady_clock::now() >= deadline)
                    throw;
                std::this_thread::sleep_for(10ms);
            }
        }
        CHECK(client->read_json()["t"] == "hello");
    }
    SUBCASE("overall") {
        const RunningServer server([](server::Config& config) {
            config.max_connections = 2;
            config.max_connections_per_ip = 100;
        });
        const IdleSocket first(server.port());
        const IdleSocket second(server.port());
        CHECK(upgrade_refused_with(server.port(), "server_full"));
        CHECK(raw_http(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").status == 200);
    }
}

TEST_CASE("http: a session that cannot be checked refuses the request, never makes a guest") {
    using server::http::beast_http::status;
    using server::http::beast_http::verb;
    const RunningServer server({}, [](server::App& app) {
        app.routes().add(
            verb::get, "/api/who",
            [](const server::http::Request& request, const server::http::RequestInfo& info) {
                nlohmann::json body{
                    {"user", info.principal ? info.principal->display_name : "guest"}};
                return server::http::json_response(request, status::ok, body.dump());
            });
        app.set_authenticator([](const server::http::Request& request) {
            if (request[server::http::beast_http::field::cookie] == "session=broken")
                throw std::runtime_error("database is locked"); // as a failing store throws
            return std::shared_ptr<const server::auth::Principal>{};
        });
    });
    const auto broken =
        http_request(server.port(), "GET", "/api/who", "Cookie: session=broken\r\n");
    CHECK(broken.status == 503);
    CHECK(broken.body.find("session_check_failed") != std::string::npos);
    const auto upgrade = raw_http(server.port(), upgrade_request("Cookie: session=broken\r\n"));
    CHECK(upgrade.status == 503);
    CHECK(nested_error_code(upgrade) == "session_check_failed");
    // Without the cookie the request is a guest's, as before.
    const auto guest = http_request(server.port(), "GET", "/api/who");
    CHECK(guest.status == 200);
    CHECK(nlohmann::json::parse(guest.body)["user"] == "guest");
}
