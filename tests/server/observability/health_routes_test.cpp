// GET /metrics and GET /healthz of a real in-process server, over HTTP.
#include "server/app/app.h"
#include "server/observability/process_stats.h"
#include "storage/open.h"
#include "tests/server/test_support.h"

#include <filesystem>

#include <doctest/doctest.h>

namespace {

// A server whose /healthz asks `backend`.
test::RunningServer serving(const storage::Backend& backend) {
    return test::RunningServer({}, [&backend](server::App& app) {
        app.set_storage_check([&backend] { return backend.can_write(); });
    });
}

} // namespace

TEST_CASE("healthz answers ok while the database takes writes") {
    test::TempDir data;
    const auto backend = storage::open((data.path() / "tabula.db").string());
    const auto server = serving(*backend);
    const auto reply = test::http_request(server.port(), "GET", "/healthz");
    CHECK(reply.status == 200);
    CHECK(reply.header("content-type") == "application/json");
    CHECK(reply.body == R"({"status":"ok"})");
}

TEST_CASE("healthz answers 503 with the error shape when storage cannot be written") {
    test::TempDir data;
    const auto folder = data.path() / "db";
    std::filesystem::create_directory(folder);
    const auto backend = storage::open((folder / "tabula.db").string());
    const auto server = serving(*backend);
    // The database's folder goes (a volume unmounted): the backend says so.
    std::filesystem::remove_all(folder);
    const auto reply = test::http_request(server.port(), "GET", "/healthz");
    CHECK(reply.status == 503);
    CHECK(reply.header("content-type") == "application/json");
    CHECK(reply.body.starts_with(R"({"error":{"code":"storage_unwritable","message":")"));
}

TEST_CASE("metrics answers the Prometheus text with this process's numbers") {
    const test::RunningServer server;
    const auto reply = test::http_request(server.port(), "GET", "/metrics");
    CHECK(reply.status == 200);
    CHECK(reply.header("content-type").starts_with("text/plain; version=0.0.4"));
    CHECK(reply.body.find("# TYPE tabula_connections gauge\ntabula_connections 0\n") !=
          std::string::npos);
    CHECK(reply.body.find("# TYPE tabula_moves_total counter\n") != std::string::npos);
    CHECK(reply.body.find("process_resident_memory_bytes ") != std::string::npos);
    CHECK(reply.body.find("tabula_move_seconds_bucket{le=\"+Inf\"}") != std::string::npos);
}

TEST_CASE("the proc readers see this process") {
    const auto rss = server::observability::resident_bytes();
    REQUIRE(rss);
    CHECK(*rss > 1024 * 1024);
    CHECK(server::observability::cpu_time());
    CHECK_FALSE(server::observability::resident_bytes("999999999"));
}

TEST_CASE("metrics on the game port answers only the allowed client addresses") {
    const test::RunningServer server([](server::Config& config) {
        config.metrics_allowed_addresses = {"192.0.2.7"}; // not the test's loopback
    });
    const auto reply = test::http_request(server.port(), "GET", "/metrics");
    CHECK(reply.status == 403);
    CHECK(reply.body.starts_with(R"({"error":{"code":"forbidden","message":")"));
    // /healthz stays open to everyone.
    CHECK(test::http_request(server.port(), "GET", "/healthz").status == 200);
}

TEST_CASE("metrics_listen serves /metrics on its own address and port, not on the game port") {
    test::TempDir data;
    const test::RunningServer server([&](server::Config& config) {
        config.db = (data.path() / "tabula.db").string();
        config.metrics_listen = "127.0.0.1:0";
    });
    const auto port = server.app->metrics_port();
    REQUIRE(port != 0);
    CHECK(port != server.port());
    const auto metrics = test::http_request(port, "GET", "/metrics");
    CHECK(metrics.status == 200);
    CHECK(metrics.body.find("# TYPE tabula_connections gauge\n") != std::string::npos);
    CHECK(test::http_request(port, "GET", "/healthz").status == 200);
    CHECK(test::http_request(server.port(), "GET", "/metrics").status == 404);
}
