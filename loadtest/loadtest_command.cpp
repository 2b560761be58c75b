// tabula loadtest: the load generator (loadtest/). Plays games against a
// running server, or measures a bare WebSocket echo server (the transport ceiling) or a relay
// server (the floor of a move: its transport, and with a store its durable commit), or is one
// of those servers, and optionally times the disk's own SQLite commits; prints a report whose
// last line a script can parse. bench/move-pipeline.sh runs it against `tabula serve`.
#include "loadtest/loadtest_command.h"

#include "loadtest/commit_probe.h"
#include "loadtest/echo_run.h"
#include "loadtest/echo_server.h"
#include "loadtest/idle_sockets.h"
#include "loadtest/load_run.h"
#include "loadtest/lobby_run.h"
#include "loadtest/loadtest_options.h"
#include "loadtest/relay_server.h"
#include "loadtest/report.h"

#include <csignal>
#include <iostream>
#include <optional>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>

namespace loadtest {
namespace {

namespace asio = boost::asio;

// The echo or relay server alone, until SIGINT or SIGTERM.
template <typename Server>
int serve_until_signal(const char* name, Server& server, asio::io_context& io) {
    asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int) {
        server.stop();
        io.stop();
    });
    std::cout << name << " server listening on 127.0.0.1:" << server.port() << std::endl;
    io.run();
    return 0;
}

int serve_echo_or_relay(const LoadtestOptions& options) {
    asio::io_context io{1};
    if (options.echo_server) {
        EchoServer echo(io, *options.port);
        return serve_until_signal("echo", echo, io);
    }
    RelayServer relay(io, *options.port, options.store);
    const int status = serve_until_signal("relay", relay, io);
    if (options.store)
        std::cout << "relay store: " << relay.stored_frames() << " frames in " << relay.commits()
                  << " commits" << std::endl;
    return status;
}

// The echo (or relay) measurement: against --port, else against a server of its own on a
// thread of its own.
bool measure_echo(const LoadtestOptions& options, const asio::ip::address& host, Report& report) {
    asio::io_context local_io{1};
    std::optional<EchoServer> local_echo;
    std::optional<RelayServer> local_relay;
    std::thread local_thread;
    std::uint16_t port = options.port.value_or(0);
    if (!options.port) {
        if (options.relay)
            port = local_relay.emplace(local_io, 0, options.store).port();
        else
            port = local_echo.emplace(local_io, 0).port();
        local_thread = std::thread([&local_io] { local_io.run(); });
    }
    EchoRunOptions run;
    run.server = {host, port};
    run.pairs = std::max(options.games, 1);
    run.duration = options.duration;
    run.relay = options.relay;
    run.server_pid = options.server_pid;
    const auto result = run_echo(run);
    if (local_thread.joinable()) {
        local_io.stop();
        local_thread.join();
    }
    report.echo(result, options.relay ? "relay" : "echo");
    return result.pairs_connected > 0;
}

bool measure_games(const LoadtestOptions& options, const asio::ip::address& host, Report& report) {
    LoadRunOptions run;
    run.game.server = {host, options.port.value_or(8080)};
    run.game.variant = options.variant;
    run.game.mode = options.mode;
    run.game.interval = options.interval;
    run.game.plies = options.plies;
    run.games = options.games;
    run.duration = options.duration;
    run.seed = options.seed;
    run.server_pid = options.server_pid;
    run.return_to_idle = options.return_to_idle;
    run.sweep_limit = options.sweep_wait;
    if (options.computer_level) {
        auto& computer = run.computer.emplace();
        computer.server = run.game.server;
        computer.variant = options.variant;
        computer.level = *options.computer_level;
        computer.base = options.computer_base;
        computer.increment = options.computer_increment;
    }
    const auto result = run_load(run);
    report.games(result, options.mode, options.games);
    return result.games_started > 0 && (!result.idle_wait || result.idle_wait->idle) &&
           (!result.computer || result.computer->games_started > 0);
}

bool measure_idle_sockets(const LoadtestOptions& options, const asio::ip::address& host,
                          Report& report) {
    IdleSocketsOptions run;
    run.server = {host, options.port.value_or(8080)};
    run.connections = options.idle_sockets;
    run.server_pid = options.server_pid.value_or("self");
    const auto result = loadtest::measure_idle_sockets(run);
    report.idle_sockets(result, options.idle_sockets);
    return result.welcomed > 0;
}

bool measure_lobby(const LoadtestOptions& options, const asio::ip::address& host) {
    LobbyRunOptions run;
    run.server = {host, options.port.value_or(8080)};
    run.tables = options.lobby_tables;
    run.subscribers = options.lobby_subscribers;
    run.changes_per_second = options.lobby_changes_per_second;
    run.duration = options.duration;
    run.server_pid = options.server_pid.value_or("self");
    const auto result = run_lobby(run);
    write_lobby_report(std::cout, run, result);
    return result.error.empty();
}

} // namespace

int run_loadtest(const command_line::Args& args) {
    for (const auto& arg : args)
        if (arg == "--help" || arg == "-h") {
            std::cout << loadtest_usage();
            return 0;
        }
    const auto parsed = parse_loadtest_options(args);
    if (const auto* error = std::get_if<std::string>(&parsed)) {
        std::cerr << "tabula " << *error << "\n";
        return 2;
    }
    const auto& options = std::get<LoadtestOptions>(parsed);
    try {
        if (options.echo_server || options.relay_server)
            return serve_echo_or_relay(options);
        boost::system::error_code ec;
        const auto host = asio::ip::make_address(options.host, ec);
        if (ec) {
            std::cerr << "tabula loadtest: --host must be an IP address\n";
            return 2;
        }
        if (options.lobby_tables > 0)
            return measure_lobby(options, host) ? 0 : 1;
        Report report(std::cout);
        bool measured = true;
        std::optional<PacedCommitProbe> beside; // --commit-every: during the games
        if (options.commit_probe && options.commit_every)
            beside.emplace(*options.commit_probe, *options.commit_every);
        if (options.echo || options.relay)
            measured = measure_echo(options, host, report);
        else if (options.idle_sockets > 0)
            measured = measure_idle_sockets(options, host, report);
        else if (options.games > 0)
            measured = measure_games(options, host, report);
        if (options.commit_probe) {
            const auto probe =
                beside ? beside->finish() : probe_commits(*options.commit_probe, options.commits);
            report.commits(probe, options.commit_every);
            measured = measured && !probe.error;
        }
        report.finish();
        return measured ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "tabula loadtest: " << e.what() << "\n";
        return 1;
    }
}

} // namespace loadtest
