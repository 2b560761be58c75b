// The load generator's parts: the message scanner, the percentiles, the options, the commit
// probe and the echo measurement.
#include "loadtest/commit_probe.h"
#include "loadtest/echo_run.h"
#include "loadtest/echo_server.h"
#include "loadtest/latency_samples.h"
#include "loadtest/loadtest_options.h"
#include "loadtest/message_scan.h"
#include "loadtest/server_gauges.h"
#include "tests/server/test_support.h"

#include <thread>

#include <boost/asio/ip/address.hpp>
#include <doctest/doctest.h>

namespace lt = loadtest;
using namespace std::chrono_literals;

TEST_CASE("the scanner finds a move event's fields whatever else the event carries") {
    const auto scanned = lt::scan_server_message(
        R"({"t":"table_event","table":"K7QFZP","version":18,"at":1700000012345,)"
        R"("event":{"type":"move_played","ply":14,"by":0,"to_move":1,)"
        R"("move":{"move":"e2e4","display":"e4","path":[52,36],"captures":[]},)"
        R"("board":{"rows":8,"cols":8,"cells":"r}n\"b[q{","check":-1},)"
        R"("legal_moves":[{"move":"e7e5","path":[12,28]}],"clocks":null}})");
    REQUIRE(scanned);
    CHECK(scanned->type == "table_event");
    CHECK(scanned->table == "K7QFZP");
    CHECK(scanned->event_type == "move_played");
    CHECK(scanned->ply == 14);
    CHECK(scanned->move == "e2e4");
    CHECK(scanned->id == -1);
}

TEST_CASE("the scanner reads replies in any key order and with whitespace") {
    const auto ok =
        lt::scan_server_message(" { \"id\" : 42 , \"t\" : \"ok\", \"duplicate\": false } ");
    REQUIRE(ok);
    CHECK(ok->type == "ok");
    CHECK(ok->id == 42);
    const auto created = lt::scan_server_message(
        R"({"t":"table_created","id":3,"code":"P4XW2M","table":"P4XW2M","you":0,)"
        R"("state":{"code":"P4XW2M","seats":[{"id":"u1"},null]}})");
    REQUIRE(created);
    CHECK(created->code == "P4XW2M");
    CHECK(created->table == "P4XW2M");
    const auto error = lt::scan_server_message(
        R"({"t":"error","id":"x","code":"rate_limited","message":"slow down"})");
    REQUIRE(error);
    CHECK(error->code == "rate_limited");
    CHECK(error->id == -1); // a string id is none of ours
}

TEST_CASE("the scanner refuses what is not one JSON object") {
    CHECK_FALSE(lt::scan_server_message(""));
    CHECK_FALSE(lt::scan_server_message("[1,2]"));
    CHECK_FALSE(lt::scan_server_message(R"({"t":"ok")"));
    CHECK_FALSE(lt::scan_server_message(R"({"t":"ok"} trailing)"));
    CHECK_FALSE(lt::scan_server_message(R"({"t":"unterminated})"));
    CHECK_FALSE(lt::scan_server_message(R"({"event":{"move":[1,2})"));
}

TEST_CASE("percentiles are nearest-rank over every sample") {
    lt::LatencySamples samples;
    CHECK(samples.percentile(50) == 0us);
    for (int ms = 100; ms >= 1; --ms)
        samples.add(std::chrono::milliseconds(ms));
    CHECK(samples.percentile(50) == 50ms);
    CHECK(samples.percentile(99) == 99ms);
    CHECK(samples.max() == 100ms);
    CHECK(samples.percentile(0) == 1ms);
}

TEST_CASE("loadtest options: defaults, each flag, and clear refusals") {
    const auto defaults = lt::parse_loadtest_options({});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(defaults));
    CHECK(std::get<lt::LoadtestOptions>(defaults).mode == lt::LoopMode::Closed);
    CHECK(std::get<lt::LoadtestOptions>(defaults).games == 10);

    const auto open = lt::parse_loadtest_options({"--open", "--interval-ms", "250", "--games",
                                                  "1000", "--duration", "5", "--variant",
                                                  "international", "--server-pid", "1"});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(open));
    const auto& o = std::get<lt::LoadtestOptions>(open);
    CHECK(o.mode == lt::LoopMode::Open);
    CHECK(o.interval == 250ms);
    CHECK(o.games == 1000);
    CHECK(o.duration == 5s);
    CHECK(o.variant == rules::VariantId::International);
    CHECK(o.server_pid == "1");

    for (const std::vector<std::string>& bad : {std::vector<std::string>{"--games", "-1"},
                                                {"--variant", "go"},
                                                {"--port", "70000"},
                                                {"--port", "0"},
                                                {"--duration"},
                                                {"--fly"},
                                                {"--echo-server"},
                                                {"--server-pid", "self"},
                                                {"--return-to-idle"},
                                                {"--idle-sockets", "100"},
                                                {"--idle-sockets", "0", "--server-pid", "1"},
                                                {"--sweep-wait", "0"},
                                                {"--computer-game", "grandmaster"},
                                                {"--computer-game", "hard", "--games", "0"},
                                                {"--computer-game", "hard", "--echo"},
                                                {"--computer-clock", "15"},
                                                {"--computer-clock", "0+2"},
                                                {"--computer-clock", "15+x"},
                                                {"--computer-clock", "15+2"},
                                                {"--relay-server"},
                                                {"--relay", "--echo"},
                                                {"--relay-server", "--port", "0", "--echo"},
                                                {"--store", "x.db"},
                                                {"--relay", "--port", "9000", "--store", "x.db"},
                                                {"--echo", "--store", "x.db"},
                                                {"--computer-game", "hard", "--relay"}}) {
        const auto parsed = lt::parse_loadtest_options(bad);
        REQUIRE(std::holds_alternative<std::string>(parsed));
        CHECK(std::get<std::string>(parsed).starts_with("loadtest: "));
    }
}

TEST_CASE("loadtest options: the relay, its server and its store") {
    const auto relay = lt::parse_loadtest_options({"--relay", "--store", "floor.db"});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(relay));
    CHECK(std::get<lt::LoadtestOptions>(relay).relay);
    CHECK(std::get<lt::LoadtestOptions>(relay).store == "floor.db");
    const auto server =
        lt::parse_loadtest_options({"--relay-server", "--port", "0", "--store", "floor.db"});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(server));
    CHECK(std::get<lt::LoadtestOptions>(server).relay_server);
    CHECK(std::get<lt::LoadtestOptions>(server).port == 0);
    const auto measured = lt::parse_loadtest_options({"--relay", "--port", "9000"});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(measured));
    CHECK_FALSE(std::get<lt::LoadtestOptions>(measured).store);
}

TEST_CASE("loadtest options: return to idle and idle sockets") {
    const auto parsed =
        lt::parse_loadtest_options({"--server-pid", "7", "--return-to-idle", "--sweep-wait", "30"});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(parsed));
    CHECK(std::get<lt::LoadtestOptions>(parsed).return_to_idle);
    CHECK(std::get<lt::LoadtestOptions>(parsed).sweep_wait == 30s);
    const auto idle = lt::parse_loadtest_options({"--idle-sockets", "500", "--server-pid", "7"});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(idle));
    CHECK(std::get<lt::LoadtestOptions>(idle).idle_sockets == 500);
}

TEST_CASE("loadtest options: a game against the computer beside the games") {
    const auto defaults = lt::parse_loadtest_options({"--computer-game", "hard"});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(defaults));
    const auto& d = std::get<lt::LoadtestOptions>(defaults);
    CHECK(d.computer_level == "hard");
    CHECK(d.computer_base == 15s);
    CHECK(d.computer_increment == 2s);
    CHECK_FALSE(std::get<lt::LoadtestOptions>(lt::parse_loadtest_options({})).computer_level);

    const auto set = lt::parse_loadtest_options(
        {"--open", "--games", "200", "--computer-game", "medium", "--computer-clock", "60+0"});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(set));
    const auto& o = std::get<lt::LoadtestOptions>(set);
    CHECK(o.computer_level == "medium");
    CHECK(o.computer_base == 60s);
    CHECK(o.computer_increment == 0s);
}

TEST_CASE("the server's gauges are read from its Prometheus text") {
    const auto gauges = lt::parse_gauges("# HELP tabula_connections Live.\n"
                                         "# TYPE tabula_connections gauge\n"
                                         "tabula_connections 12\n"
                                         "tabula_connections_refused 5\n"
                                         "tabula_live_tables 3\n");
    CHECK(gauges.connections == 12);
    CHECK(gauges.live_tables == 3);
    const auto missing = lt::parse_gauges("tabula_moves_total 4\n");
    CHECK(missing.connections == -1);
    CHECK(missing.live_tables == -1);
}

TEST_CASE("the commit probe times each commit and leaves nothing behind") {
    test::TempDir dir;
    const auto probe = lt::probe_commits(dir.path(), 5);
    REQUIRE_FALSE(probe.error);
    CHECK(probe.commits.size() == 5);
    CHECK(probe.commits.max() > 0us);
    CHECK(std::filesystem::is_empty(dir.path()));

    const auto missing = lt::probe_commits(dir.path() / "missing", 5);
    CHECK(missing.error);
}

TEST_CASE("the paced commit probe commits beside a run until finished, at its pace, and leaves "
          "nothing behind") {
    test::TempDir dir;
    const auto begun = std::chrono::steady_clock::now();
    lt::PacedCommitProbe probe(dir.path(), 20ms);
    std::this_thread::sleep_for(300ms);
    const auto paced = probe.finish();
    const auto ticks = (std::chrono::steady_clock::now() - begun) / 20ms;
    REQUIRE_FALSE(paced.error);
    // One commit at once, then one a tick, never a burst to catch up: some even on a slow disk.
    CHECK(paced.commits.size() >= 2);
    CHECK(paced.commits.size() <= static_cast<std::size_t>(ticks) + 1);
    CHECK(std::filesystem::is_empty(dir.path()));

    lt::PacedCommitProbe nowhere(dir.path() / "missing", 20ms);
    CHECK(nowhere.finish().error);
}

TEST_CASE("loadtest options: the commit probe beside the games") {
    const auto beside = lt::parse_loadtest_options(
        {"--open", "--games", "10", "--commit-probe", "/tmp", "--commit-every", "10"});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(beside));
    CHECK(std::get<lt::LoadtestOptions>(beside).commit_every == 10ms);
    for (const std::vector<std::string>& bad :
         {std::vector<std::string>{"--commit-every", "10"},
          {"--commit-probe", "/tmp", "--commit-every", "0"},
          {"--commit-probe", "/tmp", "--commit-every", "1001"},
          {"--commit-probe", "/tmp", "--commit-every", "10", "--games", "0"},
          {"--commit-probe", "/tmp", "--commit-every", "10", "--echo"}}) {
        const auto parsed = lt::parse_loadtest_options(bad);
        REQUIRE(std::holds_alternative<std::string>(parsed));
        CHECK(std::get<std::string>(parsed).starts_with("loadtest: "));
    }
}

TEST_CASE("loadtest options: games of a set length") {
    const auto set = lt::parse_loadtest_options({"--closed", "--plies", "80"});
    REQUIRE(std::holds_alternative<lt::LoadtestOptions>(set));
    CHECK(std::get<lt::LoadtestOptions>(set).plies == 80);
    CHECK(std::get<lt::LoadtestOptions>(lt::parse_loadtest_options({})).plies == 0);
    for (const std::vector<std::string>& bad : {std::vector<std::string>{"--plies", "0"},
                                                {"--plies", "x"},
                                                {"--plies", "80", "--echo"},
                                                {"--plies", "80", "--games", "0"}}) {
        const auto parsed = lt::parse_loadtest_options(bad);
        REQUIRE(std::holds_alternative<std::string>(parsed));
        CHECK(std::get<std::string>(parsed).starts_with("loadtest: "));
    }
}

TEST_CASE("the echo measurement makes round trips through a bare WebSocket echo server") {
    boost::asio::io_context io{1};
    lt::EchoServer echo(io, 0);
    std::thread serving([&io] { io.run(); });
    lt::EchoRunOptions options;
    options.server = {boost::asio::ip::make_address("127.0.0.1"), echo.port()};
    options.pairs = 2;
    options.duration = 300ms;
    const auto result = lt::run_echo(options);
    io.stop();
    serving.join();
    CHECK(result.pairs_connected == 2);
    CHECK(result.errors.empty());
    CHECK(result.round_trips > 10);
    CHECK(result.latency.size() == result.round_trips);
    CHECK(result.round_trips_per_second() > 0);
}
