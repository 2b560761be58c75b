// The real `tabula serve` binary as a child process: startup errors exit 1 with a message,
// SIGTERM stops it with exit code 0 within 5 s after closing WebSockets with going-away.
#include "tests/server/serve_process.h"
#include "tests/server/test_support.h"
#include "tests/server/ws_test_client.h"

#include <csignal>
#include <cstring>
#include <netinet/in.h>
#include <optional>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <doctest/doctest.h>

using namespace std::chrono_literals;

namespace {

// The next `error` message, skipping up to 20 others (pushes from registered handlers).
nlohmann::json next_error(test::WsTestClient& client) {
    for (int skipped = 0; skipped < 20; ++skipped) {
        auto message = client.read_json();
        if (message["t"] == "error")
            return message;
    }
    return nullptr;
}

// The port it said it listens on; the test stops when it said none.
std::uint16_t listening_port(const test::ServeProcess& serve) {
    const auto port = serve.listening_port();
    REQUIRE(port != 0);
    return port;
}

// `tabula serve args...`, the binary under test.
struct ServeProcess : test::ServeProcess {
    explicit ServeProcess(std::vector<std::string> args, rlim_t descriptors = 0)
        : test::ServeProcess(TABULA_BINARY, std::move(args), descriptors) {}
};

} // namespace

TEST_CASE("serve: SIGTERM closes WebSockets with going-away and exits 0 within 5 s") {
    const test::SampleWeb sample;
    const auto db = (sample.dir.path() / "tabula.db").string();
    ServeProcess serve({"--port", "0", "--bind", "127.0.0.1", "--db", db, "--web",
                        sample.web.string(), "--threads", "2"});
    REQUIRE(serve.wait_for_output("listening on", 10s));
    const auto port = listening_port(serve);
    CHECK(std::filesystem::exists(db));
    CHECK(test::http_request(port, "GET", "/health").status == 200);
    test::WsTestClient client{test::WsOptions(port)};
    CHECK(client.read_json()["t"] == "hello");
    // Five malformed messages, each answered, still connected. The game service may push its
    // own messages (a lobby snapshot) in between; those are skipped.
    for (int i = 0; i < 5; ++i) {
        client.send_text("{bad json " + std::to_string(i));
        CHECK(next_error(client)["code"] == "bad_json");
    }
    CHECK(client.is_open());

    const auto signalled = std::chrono::steady_clock::now();
    serve.signal(SIGTERM);
    CHECK(client.wait_for_close(5s) == 1001);
    const auto code = serve.wait_exit(5s);
    const auto took = std::chrono::steady_clock::now() - signalled;
    REQUIRE(code.has_value());
    CHECK(*code == 0);
    CHECK(took < 5s);
    MESSAGE("SIGTERM to exit: ",
            std::chrono::duration_cast<std::chrono::milliseconds>(took).count(), " ms");
}

TEST_CASE("serve: with few descriptors the caps shrink to fit and /healthz stays answered") {
    // The test opens 250 connections: its own limit must allow them.
    rlimit own{};
    REQUIRE(getrlimit(RLIMIT_NOFILE, &own) == 0);
    if (own.rlim_cur < 512 && own.rlim_max >= 512) {
        own.rlim_cur = 512;
        REQUIRE(setrlimit(RLIMIT_NOFILE, &own) == 0);
    }
    const test::SampleWeb sample;
    ServeProcess serve({"--port", "0", "--bind", "127.0.0.1", "--db",
                        (sample.dir.path() / "t.db").string(), "--web", sample.web.string()},
                       160);
    REQUIRE(serve.wait_for_output("listening on", 10s));
    const auto port = listening_port(serve);
    CHECK(serve.output().find("max_connections is lowered to 64") != std::string::npos);
    // More idle connections than the server has descriptors (issue 34: 400 with 256).
    std::vector<int> idle;
    for (int i = 0; i < 250; ++i) {
        const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        REQUIRE(fd >= 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        (void)connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
        idle.push_back(fd);
    }
    // The refusals being answered wait 2 s for a request; then /healthz gets one.
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    int status = 0;
    while (status != 200 && std::chrono::steady_clock::now() < deadline) {
        status = test::raw_http(port, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 1s).status;
        if (status != 200)
            std::this_thread::sleep_for(100ms);
    }
    CHECK(status == 200);
    for (const int fd : idle)
        close(fd);
    serve.signal(SIGTERM);
    CHECK(serve.wait_exit(5s) == 0);
}

TEST_CASE("serve: SIGINT stops it too") {
    const test::SampleWeb sample;
    ServeProcess serve({"--port", "0", "--bind", "127.0.0.1", "--db",
                        (sample.dir.path() / "t.db").string(), "--web", sample.web.string()});
    REQUIRE(serve.wait_for_output("listening on", 10s));
    serve.signal(SIGINT);
    CHECK(serve.wait_exit(5s) == 0);
}

TEST_CASE("serve: a port in use stops startup with exit code 1 naming the port") {
    const test::RunningServer occupying;
    const test::SampleWeb sample;
    ServeProcess serve({"--port", std::to_string(occupying.port()), "--bind", "127.0.0.1", "--db",
                        (sample.dir.path() / "t.db").string(), "--web", sample.web.string()});
    CHECK(serve.wait_exit(10s) == 1);
    CHECK(serve.output().find("already in use") != std::string::npos);
}

TEST_CASE("serve: bad configuration stops startup with exit code 1 naming the cause") {
    const test::SampleWeb sample;
    sample.dir.write("bad.json", R"({"port": 8080, "colour": "blue"})");
    sample.dir.write("broken.json", R"({"port": )");
    const auto web = sample.web.string();
    const auto db = (sample.dir.path() / "t.db").string();
    struct Case {
        std::vector<std::string> args;
        std::string expected;
    };
    const std::vector<Case> cases{
        {{"--prot", "1"}, "--prot"},
        {{"--port", "seventy"}, "port"},
        {{"--config", (sample.dir.path() / "bad.json").string()}, "colour"},
        {{"--config", (sample.dir.path() / "broken.json").string()}, "not valid JSON"},
        {{"--config", (sample.dir.path() / "missing.json").string()}, "cannot read"},
        {{"--port", "0", "--db", db, "--web", (sample.dir.path() / "nope").string()}, "web"},
        {{"--port", "0", "--web", web, "--db", (sample.dir.path() / "no/such/dir/t.db").string()},
         "db"},
        {{"--port", "0", "--web", web, "--db", db, "--tls-cert", "/no/cert.pem", "--tls-key",
          "/no/key.pem"},
         "tls_cert"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.expected);
        ServeProcess serve(c.args);
        CHECK(serve.wait_exit(10s) == 1);
        CHECK(serve.output().find(c.expected) != std::string::npos);
    }
}

TEST_CASE("serve: --help lists the options and exits 0") {
    ServeProcess serve({"--help"});
    CHECK(serve.wait_exit(10s) == 0);
    CHECK(serve.output().find("--port") != std::string::npos);
    CHECK(serve.output().find("--tls-cert") != std::string::npos);
}
