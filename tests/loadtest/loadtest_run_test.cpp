// A short, bounded load run against an in-process game server (the real App, play service
// and SQLite writer on a temporary database): moves are played and stored, every latency is
// reported, and the server's /metrics counted the same moves.
#include "loadtest/idle_sockets.h"
#include "loadtest/load_run.h"
#include "server/app/app.h"
#include "server/observability/metrics.h"
#include "server/play/play_service.h"
#include "server/play/system_time_source.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/server/test_support.h"

#include <map>
#include <string>
#include <unistd.h>

#include <boost/asio/ip/address.hpp>
#include <doctest/doctest.h>

namespace lt = loadtest;
using namespace std::chrono_literals;

namespace {

// The errors a run counted, as "kind x count, ..." (empty: none), for a failing check to show.
std::string error_kinds(const std::map<std::string, std::uint64_t>& errors) {
    std::string text;
    for (const auto& [kind, count] : errors)
        text += (text.empty() ? "" : ", ") + kind + " x" + std::to_string(count);
    return text;
}

// The game service as `tabula serve` wires it (without accounts), rate limits raised so that
// a fast client is not refused.
struct GameServer {
    test::SampleWeb web;
    test::TempDir data;
    std::unique_ptr<storage::sqlite::SqliteBackend> backend;
    server::play::SystemTimeSource clock;
    std::unique_ptr<server::App> app;
    std::shared_ptr<server::play::PlayService> games;

    explicit GameServer(server::play::SweepPolicy sweep = {}, std::size_t engine_threads = 1) {
        backend =
            std::make_unique<storage::sqlite::SqliteBackend>((data.path() / "tabula.db").string());
        auto config = test::test_config(web.web);
        config.messages_per_second = 10'000;
        config.burst = 10'000;
        app = std::make_unique<server::App>(config);
        server::play::PlayOptions play;
        play.sweep = sweep;
        play.computer.threads = engine_threads;
        games = std::make_shared<server::play::PlayService>(app->io_context(), clock,
                                                            backend->game_writer(), play);
        app->add_message_handler(games);
        app->start();
    }
    ~GameServer() {
        app->stop(500ms);
        games->stop();
        games.reset();
        app.reset();
    }
};

} // namespace

TEST_CASE("a closed-loop run of two games plays moves and reports every latency") {
    GameServer server;
    const auto moves_before = server::observability::metrics().moves_total.value();
    lt::LoadRunOptions options;
    options.game.server = {boost::asio::ip::make_address("127.0.0.1"), server.app->port()};
    options.games = 2;
    options.duration = 2s;
    options.server_pid = std::to_string(getpid());
    const auto result = lt::run_load(options);

    CHECK(result.games_started == 2);
    CHECK_MESSAGE(result.stats.errors.empty(), error_kinds(result.stats.errors));
    CHECK(result.stats.moves > 10);
    CHECK(result.stats.mover.size() == result.stats.moves);
    CHECK(result.stats.opponent.size() >= result.stats.moves - 2);
    CHECK(result.stats.mover.percentile(50) > 0us);
    CHECK(result.stats.opponent.percentile(99) >= result.stats.opponent.percentile(50));
    CHECK(result.window >= 2s);
    CHECK(result.moves_per_second() > 5);
    CHECK(result.server_cpu);
    CHECK(result.server_rss_before);
    CHECK(result.server_rss_after);
    // Every acknowledged move went through the server's own count (more may have been stored
    // before or after the window).
    CHECK(server::observability::metrics().moves_total.value() - moves_before >=
          result.stats.moves);
}

TEST_CASE("games of a set length are resigned at it, and new ones take their place") {
    GameServer server;
    lt::LoadRunOptions options;
    options.game.server = {boost::asio::ip::make_address("127.0.0.1"), server.app->port()};
    options.game.plies = 6;
    options.games = 2;
    options.duration = 2s;
    const auto result = lt::run_load(options);
    CHECK(result.games_started == 2);
    CHECK_MESSAGE(result.stats.errors.empty(), error_kinds(result.stats.errors));
    CHECK(result.stats.games_ended >= 4);
    // The games the run ended are stored resigned, each with its six moves.
    auto games = server.backend->game_store();
    int resigned = 0;
    for (storage::GameId id = 1; id <= 4; ++id) {
        const auto stored = games->find_game(id);
        REQUIRE(stored);
        if (stored->game.termination != "resign")
            continue; // still in play when the run ended it
        ++resigned;
        CHECK(stored->moves.size() == 6);
    }
    CHECK(resigned >= 3);
}

TEST_CASE("an open-loop run moves each game on its interval") {
    GameServer server;
    lt::LoadRunOptions options;
    options.game.server = {boost::asio::ip::make_address("127.0.0.1"), server.app->port()};
    options.game.mode = lt::LoopMode::Open;
    options.game.interval = 100ms;
    options.games = 2;
    options.duration = 1s;
    const auto result = lt::run_load(options);
    CHECK(result.games_started == 2);
    CHECK_MESSAGE(result.stats.errors.empty(), error_kinds(result.stats.errors));
    // Two games at ten moves a second for one second: about twenty moves.
    CHECK(result.stats.moves >= 12);
    CHECK(result.stats.moves <= 24);
}

TEST_CASE("a run against no server reports that nothing started") {
    lt::LoadRunOptions options;
    options.game.server = {boost::asio::ip::make_address("127.0.0.1"), 1}; // nothing listens
    options.games = 2;
    options.duration = 1s;
    const auto result = lt::run_load(options);
    CHECK(result.games_started == 0);
    CHECK(result.stats.errors.at("connection_lost") >= 2);
    CHECK(result.stats.moves == 0);
}

TEST_CASE("return to idle: every game ends, is left and swept before the RSS is read again") {
    GameServer server(server::play::SweepPolicy{300ms, 300ms});
    lt::LoadRunOptions options;
    options.game.server = {boost::asio::ip::make_address("127.0.0.1"), server.app->port()};
    options.games = 3;
    options.duration = 1s;
    options.server_pid = std::to_string(getpid());
    options.return_to_idle = true;
    options.sweep_limit = 20s;
    options.settle = 100ms;
    const auto result = lt::run_load(options);
    CHECK(result.games_started == 3);
    CHECK_MESSAGE(result.stats.errors.empty(), error_kinds(result.stats.errors));
    REQUIRE(result.idle_wait);
    CHECK(result.idle_wait->idle);
    REQUIRE(result.idle_wait->last);
    CHECK(result.idle_wait->last->connections == 0);
    CHECK(result.idle_wait->last->live_tables == 0);
    CHECK(server::observability::metrics().live_tables.value() == 0);
    CHECK(result.server_rss_idle);
    CHECK(result.server_rss_swept);
    CHECK(result.server_anon_swept);
    // The warm baseline was read after the warm-up's games were swept, before the measured ones.
    CHECK(result.server_rss_warm);
    CHECK(result.server_anon_warm);
}

TEST_CASE("return to idle without a warm-up reads only the cold baseline") {
    GameServer server(server::play::SweepPolicy{300ms, 300ms});
    lt::LoadRunOptions options;
    options.game.server = {boost::asio::ip::make_address("127.0.0.1"), server.app->port()};
    options.games = 1;
    options.duration = 500ms;
    options.server_pid = std::to_string(getpid());
    options.return_to_idle = true;
    options.sweep_limit = 20s;
    options.settle = 0ms;
    options.warm_up_games = 0;
    const auto result = lt::run_load(options);
    CHECK(result.games_started == 1);
    CHECK(result.server_rss_idle);
    CHECK_FALSE(result.server_rss_warm);
}

TEST_CASE("return to idle reports a server that keeps its tables as not idle") {
    GameServer server; // finished tables kept 5 minutes
    lt::LoadRunOptions options;
    options.game.server = {boost::asio::ip::make_address("127.0.0.1"), server.app->port()};
    options.games = 1;
    options.duration = 1s;
    options.return_to_idle = true;
    options.sweep_limit = 1s;
    options.settle = 0ms;
    const auto result = lt::run_load(options);
    REQUIRE(result.idle_wait);
    CHECK_FALSE(result.idle_wait->idle);
    REQUIRE(result.idle_wait->last);
    CHECK(result.idle_wait->last->live_tables >= 1);
}

TEST_CASE("idle sockets: each connection is welcomed, held, then closed") {
    GameServer server;
    lt::IdleSocketsOptions options;
    options.server = {boost::asio::ip::make_address("127.0.0.1"), server.app->port()};
    options.connections = 20;
    options.server_pid = std::to_string(getpid());
    options.settle = 200ms;
    options.returned_wait = 400ms;
    options.warmup = 2;
    const auto result = lt::measure_idle_sockets(options);
    CHECK(result.welcomed == 20);
    CHECK(result.rss_after);
    CHECK(result.rss_returned);
    CHECK(result.failed == 0);
    CHECK(result.bytes_per_socket());
    CHECK(result.anonymous_bytes_per_socket());
    CHECK(server.app->connection_count() == 0);
}

TEST_CASE("a game against the computer beside the load: its moves and thinking are counted") {
    GameServer server(server::play::SweepPolicy{300ms, 300ms});
    lt::LoadRunOptions options;
    options.game.server = {boost::asio::ip::make_address("127.0.0.1"), server.app->port()};
    options.game.mode = lt::LoopMode::Open;
    options.game.interval = 100ms;
    options.games = 2;
    options.duration = 2s;
    options.return_to_idle = true; // the computer's game is resigned and left like the others
    options.sweep_limit = 20s;
    options.settle = 0ms;
    auto& computer = options.computer.emplace();
    computer.server = options.game.server;
    computer.level = "easy"; // capped by depth and nodes: many moves in the window
    const auto result = lt::run_load(options);
    CHECK(result.games_started == 2);
    CHECK_MESSAGE(result.stats.errors.empty(), error_kinds(result.stats.errors));
    CHECK(result.stats.moves >= 20); // the other games moved as usual
    REQUIRE(result.computer);
    const auto& stats = *result.computer;
    CHECK_MESSAGE(stats.errors.empty(), error_kinds(stats.errors));
    CHECK(stats.games_started >= 1);
    CHECK(stats.moves >= 3);
    CHECK(stats.think.size() == stats.moves);
    CHECK(stats.think.max() > 0us);
    CHECK(stats.busy > 0us);
    CHECK(stats.busy <= std::chrono::duration_cast<std::chrono::microseconds>(result.window));
    REQUIRE(result.idle_wait);
    CHECK(result.idle_wait->idle);
}

TEST_CASE("a server without a computer opponent refuses the computer's game, and says so") {
    GameServer server({}, 0); // engine_threads 0
    lt::LoadRunOptions options;
    options.game.server = {boost::asio::ip::make_address("127.0.0.1"), server.app->port()};
    options.games = 1;
    options.duration = 1s;
    options.computer.emplace().server = options.game.server;
    const auto result = lt::run_load(options);
    CHECK(result.games_started == 1);
    REQUIRE(result.computer);
    CHECK(result.computer->games_started == 0);
    CHECK(result.computer->moves == 0);
    CHECK(result.computer->errors.at("not_allowed") == 1);
}
