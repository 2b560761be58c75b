// In-process WebSocket tests: the real server on 127.0.0.1:0 and a real Beast client.
#include "server/net/message_dispatcher.h"
#include "server/net/message_handler.h"
#include "tests/server/test_support.h"
#include "tests/server/ws_test_client.h"

#include <arpa/inet.h>
#include <atomic>
#include <mutex>
#include <netinet/in.h>
#include <optional>
#include <string>
#include <sys/socket.h>
#include <sys/time.h>
#include <thread>
#include <unistd.h>

#include <doctest/doctest.h>

using test::RunningServer;
using test::WsOptions;
using test::WsTestClient;
using namespace std::chrono_literals;

namespace {

// Connects and consumes the hello.
std::unique_ptr<WsTestClient> connected(const RunningServer& server, WsOptions options = {}) {
    options.port = server.port();
    auto client = std::make_unique<WsTestClient>(options);
    const auto hello = client->read_json();
    REQUIRE(hello["t"] == "hello");
    return client;
}

// Answers "whoami" with the connection's id, principal and measured round trip; "flood" sends
// 2000 messages at once; remembers open/close calls.
class ProbeHandler final : public server::net::MessageHandler {
public:
    std::mutex mutex;
    int opened = 0;
    int closed = 0;

    void on_open(const std::shared_ptr<server::net::Connection>&) override {
        const std::lock_guard lock(mutex);
        ++opened;
    }
    void on_close(const std::shared_ptr<server::net::Connection>&) override {
        const std::lock_guard lock(mutex);
        ++closed;
    }
    bool on_message(const std::shared_ptr<server::net::Connection>& conn,
                    const server::protocol::Envelope& message) override {
        if (message.type == "flood") {
            auto text = server::net::shared_text(R"({"t":"flood"})");
            for (int i = 0; i < 2000; ++i)
                conn->send(text);
            return true;
        }
        if (message.type != "whoami")
            return false;
        const auto who = conn->principal();
        const auto rtt = conn->round_trip();
        nlohmann::json reply{{"t", "whoami"},
                             {"id", message.id},
                             {"connection", conn->id()},
                             {"user", who ? who->display_name : ""},
                             {"account", who && who->account ? *who->account : 0},
                             {"address", conn->remote_address()},
                             {"origin", conn->origin()},
                             {"rtt_us", rtt ? rtt->count() : -1}};
        conn->send(server::net::shared_text(reply.dump()));
        return true;
    }
};

} // namespace

TEST_CASE("websocket: hello arrives first with the protocol version") {
    const RunningServer server;
    WsTestClient client(WsOptions(server.port()));
    const auto hello = client.read_json();
    CHECK(hello["t"] == "hello");
    CHECK(hello["protocol"] == 5);
    CHECK(hello["server"].get<std::string>().starts_with("tabula "));
}

TEST_CASE("websocket: ping gets pong echoing the id") {
    const RunningServer server;
    auto client = connected(server);
    client->send_text(R"({"t":"ping","id":17})");
    CHECK(client->read_json() == nlohmann::json{{"t", "pong"}, {"id", 17}});
    client->send_text(R"({"t":"ping","id":"abc"})");
    CHECK(client->read_json() == nlohmann::json{{"t", "pong"}, {"id", "abc"}});
    client->send_text(R"({"t":"ping"})");
    CHECK(client->read_json() == nlohmann::json{{"t", "pong"}});
}

TEST_CASE("websocket: malformed messages each get an error code and the connection stays open") {
    const RunningServer server;
    auto client = connected(server);
    const std::vector<std::pair<std::string, std::string>> cases{
        {"this is not json", "bad_json"},
        {"[1,2,3]", "bad_message"},
        {R"({"id":5})", "bad_message"},
        {R"({"t":42,"id":6})", "bad_message"},
        {R"({"t":"ping","id":[1]})", "bad_message"},
        {R"({"t":"teleport","id":8})", "unknown_type"},
        {"", "bad_json"},
    };
    for (const auto& [text, code] : cases) {
        CAPTURE(text);
        client->send_text(text);
        const auto reply = client->read_json();
        CHECK(reply.value("t", "") == "error");
        CHECK(reply.value("code", "") == code);
        CHECK(reply.value("message", nlohmann::json()).is_string());
    }
    client->send_binary("\x01\x02");
    CHECK(client->read_json()["code"] == "bad_message");
    client->send_text(R"({"t":"ping","id":99})");
    CHECK(client->read_json() == nlohmann::json{{"t", "pong"}, {"id", 99}});
    CHECK(client->is_open());
}

TEST_CASE("websocket: errors echo a valid id") {
    const RunningServer server;
    auto client = connected(server);
    client->send_text(R"({"id":5})");
    CHECK(client->read_json()["id"] == 5);
    client->send_text(R"({"t":"teleport","id":"q"})");
    CHECK(client->read_json()["id"] == "q");
}

TEST_CASE("websocket: an oversized message gets message_too_large and the connection lives") {
    const RunningServer server;
    auto client = connected(server);
    client->send_text(std::string(5000, ' '));
    const auto reply = client->read_json();
    CHECK(reply["code"] == "message_too_large");
    client->send_text(R"({"t":"ping","id":1})");
    CHECK(client->read_json()["t"] == "pong");
    // Past the hard cap (1 MiB) the stream itself is closed (1009 when the close frame gets
    // through before the server drops the socket).
    try {
        client->send_text(std::string(1024 * 1024 + 10, ' '));
    } catch (const std::runtime_error&) { // the server may close while we still write
    }
    const auto code = client->wait_for_close(5s);
    CHECK_FALSE(client->is_open());
    if (code)
        CHECK(*code == 1009);
}

TEST_CASE("websocket: over the rate limit gets rate_limited, sustained abuse is closed (1008)") {
    const RunningServer server([](server::Config& config) {
        config.burst = 5;
        config.messages_per_second = 1;
    });
    auto client = connected(server);
    for (int i = 0; i < 8; ++i)
        client->send_text(R"({"t":"ping","id":)" + std::to_string(i) + "}");
    int pongs = 0;
    int limited = 0;
    for (int i = 0; i < 8; ++i) {
        const auto reply = client->read_json();
        CHECK(reply.value("id", -1) == i); // refused or not, the reply names its request
        if (reply.value("t", "") == "pong")
            ++pongs;
        if (reply.value("code", "") == "rate_limited")
            ++limited;
    }
    CHECK(pongs >= 5);
    CHECK(pongs <= 6);
    CHECK(limited == 8 - pongs);
    CHECK(client->is_open());
    for (int i = 0; i < 40; ++i)
        client->send_text(R"({"t":"ping"})");
    CHECK(client->wait_for_close(5s) == 1008);
}

TEST_CASE("websocket: a foreign Origin is refused with 403, same host and allowed ones pass") {
    const RunningServer server;
    CHECK_THROWS_AS(WsTestClient(WsOptions(server.port()).origin_header("http://evil.example")),
                    test::UpgradeRefused);
    try {
        WsTestClient refused(WsOptions(server.port()).origin_header("http://evil.example"));
    } catch (const test::UpgradeRefused& e) {
        CHECK(e.status == 403);
    }
    auto same = connected(
        server, WsOptions().origin_header("http://127.0.0.1:" + std::to_string(server.port())));
    CHECK(same->is_open());

    const RunningServer listed(
        [](server::Config& config) { config.allowed_origins = {"https://play.example"}; });
    auto allowed = connected(listed, WsOptions().origin_header("https://play.example"));
    CHECK(allowed->is_open());
    CHECK_THROWS_AS(
        WsTestClient(WsOptions(listed.port())
                         .origin_header("http://127.0.0.1:" + std::to_string(listed.port()))),
        test::UpgradeRefused);
}

TEST_CASE("websocket: an upgrade anywhere but /ws is refused") {
    const RunningServer server;
    CHECK_THROWS_AS(WsTestClient(WsOptions(server.port()).at("/other")), test::UpgradeRefused);
}

TEST_CASE("websocket: handlers see open/close, the principal from the cookie and the lag") {
    auto probe = std::make_shared<ProbeHandler>();
    const RunningServer server(
        [](server::Config& config) { config.ping_interval = 1s; },
        [&probe](server::App& app) {
            app.add_message_handler(probe);
            app.set_authenticator([](const server::http::Request& request) {
                std::shared_ptr<const server::auth::Principal> who;
                if (request[server::http::beast_http::field::cookie] == "session=bob")
                    who = std::make_shared<const server::auth::Principal>(
                        server::auth::Principal{.account = 42, .display_name = "Bob"});
                return who;
            });
        });
    {
        auto client = connected(server, WsOptions().cookie_header("session=bob"));
        client->send_text(R"({"t":"whoami","id":1})");
        auto reply = client->read_json();
        CHECK(reply["user"] == "Bob");
        CHECK(reply["account"] == 42);
        CHECK(reply["address"] == "127.0.0.1");
        CHECK(reply["rtt_us"] == -1); // no WebSocket ping answered yet
        // The server pings every second; the client answers while it waits for messages.
        CHECK_FALSE(client->read_text(1500ms));
        client->send_text(R"({"t":"whoami","id":2})");
        reply = client->read_json();
        CHECK(reply["rtt_us"].get<std::int64_t>() >= 0);
        CHECK(reply["rtt_us"].get<std::int64_t>() < 1'000'000);
        CHECK(server.app->connection_count() == 1);
    }
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (server.app->connection_count() != 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(10ms);
    CHECK(server.app->connection_count() == 0);
    const std::lock_guard lock(probe->mutex);
    CHECK(probe->opened == 1);
    CHECK(probe->closed == 1);
}

TEST_CASE("websocket: a client that cannot keep up with its queue is dropped, not the server") {
    const RunningServer server(
        [](server::Config& config) { config.max_queued_messages = 8; },
        [](server::App& app) { app.add_message_handler(std::make_shared<ProbeHandler>()); });
    auto client = connected(server);
    client->send_text(R"({"t":"flood"})");
    int received = 0;
    while (client->read_text(3s))
        ++received;
    CHECK(received < 2000);
    CHECK_FALSE(client->is_open());
    auto other = connected(server); // the server is fine
    other->send_text(R"({"t":"ping","id":1})");
    CHECK(other->read_json()["t"] == "pong");
}

namespace {

// A WebSocket client on a plain socket, so that one thread can write while another reads
// (the test's burst is sent by one while the other reads the answers later).
class RawWebSocket {
public:
    explicit RawWebSocket(std::uint16_t port)
        : fd_(socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) {
        REQUIRE(fd_ >= 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
        const timeval wait{10, 0}; // a bound on a hang
        setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
        const std::string upgrade = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                    "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                                    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
        write_all(upgrade);
        std::string head;
        while (head.find("\r\n\r\n") == std::string::npos) {
            char c = 0;
            REQUIRE(recv(fd_, &c, 1, 0) == 1);
            head.push_back(c);
        }
        REQUIRE(head.starts_with("HTTP/1.1 101"));
    }
    ~RawWebSocket() { close(fd_); }
    RawWebSocket(const RawWebSocket&) = delete;
    RawWebSocket& operator=(const RawWebSocket&) = delete;

    // One masked text frame (RFC 6455 5.3: a client masks every frame; the key 0 leaves the
    // payload as it is).
    bool send_text(const std::string& text) {
        std::string frame{'\x81'};
        if (text.size() < 126) {
            frame.push_back(static_cast<char>(0x80 | text.size()));
        } else {
            frame.push_back(static_cast<char>(0x80 | 126));
            frame.push_back(static_cast<char>((text.size() >> 8) & 0xff));
            frame.push_back(static_cast<char>(text.size() & 0xff));
        }
        frame.append(4, '\0');
        frame += text;
        return write_all(frame);
    }
    // The next text frame's payload; nullopt when the connection ended (or 10 s passed).
    std::optional<std::string> read_text() {
        for (;;) {
            std::string header;
            if (!read_exactly(2, header))
                return std::nullopt;
            const auto opcode = static_cast<unsigned char>(header[0]) & 0x0f;
            std::size_t length = static_cast<unsigned char>(header[1]) & 0x7f;
            std::string extended;
            if (length == 126 || length == 127) {
                if (!read_exactly(length == 126 ? 2 : 8, extended))
                    return std::nullopt;
                length = 0;
                for (const char byte : extended)
                    length = (length << 8) | static_cast<unsigned char>(byte);
            }
            std::string payload;
            if (!read_exactly(length, payload))
                return std::nullopt;
            if (opcode == 0x8)
                return std::nullopt; // close
            if (opcode == 0x1)
                return payload;
        }
    }

private:
    int fd_;

    bool write_all(const std::string& bytes) {
        std::size_t sent = 0;
        while (sent < bytes.size()) {
            const auto n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            sent += static_cast<std::size_t>(n);
        }
        return true;
    }
    bool read_exactly(std::size_t count, std::string& out) {
        out.resize(count);
        std::size_t got = 0;
        while (got < count) {
            const auto n = recv(fd_, out.data() + got, count - got, 0);
            if (n <= 0)
                return false;
            got += static_cast<std::size_t>(n);
        }
        return true;
    }
};

} // namespace

TEST_CASE("websocket: a burst sent faster than its answers are read is slowed, not dropped") {
    // Each answer echoes a 3000-character id, so that the answers fill the socket's buffers
    // while the client is not reading and queue up on the server: twice the burst, more than
    // the queue holds even with the burst's room.
    constexpr int burst = 1000;
    constexpr int messages = 2 * burst;
    const RunningServer server([](server::Config& config) {
        config.burst = burst;
        config.messages_per_second = 1e6;
        config.max_queued_messages = 64;
    });
    RawWebSocket client(server.port());
    REQUIRE(client.read_text().value_or("").find("hello") != std::string::npos);
    const std::string padding(3000, 'x');
    std::atomic<int> sent{0};
    std::thread sender([&] {
        for (int i = 0; i < messages; ++i) {
            if (!client.send_text(R"({"t":"ping","id":")" + padding + std::to_string(i) + "\"}"))
                return;
            ++sent;
        }
    });
    // Not reading while the burst goes out (the sender is held back once the server stops
    // reading), then reading every answer.
    std::this_thread::sleep_for(300ms);
    int pongs = 0;
    while (pongs < messages) {
        const auto text = client.read_text();
        if (!text)
            break;
        if (text->find(R"("t":"pong")") != std::string::npos)
            ++pongs;
    }
    sender.join();
    CHECK(sent.load() == messages);
    CHECK(pongs == messages);
}

TEST_CASE("websocket: stop() closes connections with going-away (1001)") {
    RunningServer server;
    auto client = connected(server);
    std::thread stopper([&server] { server.app->stop(); });
    CHECK(client->wait_for_close(5s) == 1001);
    stopper.join();
}
