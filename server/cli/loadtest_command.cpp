// tabula loadtest: the load generator of issue 11 (server/loadtest/). Plays games against a
// running server, or measures a bare WebSocket echo server (the transport ceiling), or is that
// echo server, and optionally times the disk's own SQLite commits; prints a report whose last
// line a script can parse. bench/move-pipeline.sh runs it against `tabula serve`.
#include "server/cli/commands.h"
#include "server/loadtest/commit_probe.h"
#include "server/loadtest/echo_run.h"
#include "server/loadtest/echo_server.h"
#include "server/loadtest/idle_sockets.h"
#include "server/loadtest/load_run.h"
#include "server/loadtest/loadtest_options.h"
#include "server/loadtest/report.h"

#include <csignal>
#include <iostream>
#include <optional>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>

namespace server::cli {
namespace {

namespace asio = boost::asio;
namespace lt = server::loadtest;

// The echo server alone, until SIGINT or SIGTERM.
int serve_echo(std::uint16_t port) {
    asio::io_context io{1};
    lt::EchoServer echo(io, port);
    asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int) {
        echo.stop();
        io.stop();
    });
    std::cout << "echo server listening on 127.0.0.1:" << echo.port() << std::endl;
    io.run();
    return 0;
}

// The echo measurement: against --port, else against an echo server on a thread of its own.
bool measure_echo(const lt::LoadtestOptions& options, const asio::ip::address& host,
                  lt::Report& report) {
    asio::io_context echo_io{1};
    std::optional<lt::EchoServer> local;
    std::thread echo_thread;
    std::uint16_t port = options.port.value_or(0);
    if (!options.port) {
        local.emplace(echo_io, 0);
        port = local->port();
        echo_thread = std::thread([&echo_io] { echo_io.run(); });
    }
    lt::EchoRunOptions run;
    run.server = {host, port};
    run.pairs = std::max(options.games, 1);
    run.duration = options.duration;
    const auto result = lt::run_echo(run);
    if (local) {
        echo_io.stop();
        echo_thread.join();
    }
    report.echo(result);
    return result.pairs_connected > 0;
}

bool measure_games(const lt::LoadtestOptions& options, const asio::ip::address& host,
                   lt::Report& report) {
    lt::LoadRunOptions run;
    run.game.server = {host, options.port.value_or(8080)};
    run.game.variant = options.variant;
    run.game.mode = options.mode;
    run.game.interval = options.interval;
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
    const auto result = lt::run_load(run);
    report.games(result, options.mode, options.games);
    return result.games_started > 0 && (!result.idle_wait || result.idle_wait->idle) &&
           (!result.computer || result.computer->games_started > 0);
}

bool measure_idle_sockets(const lt::LoadtestOptions& options, const asio::ip::address& host,
                          lt::Report& report) {
    lt::IdleSocketsOptions run;
    run.server = {host, options.port.value_or(8080)};
    run.connections = options.idle_sockets;
    run.server_pid = options.server_pid.value_or("self");
    const auto result = lt::measure_idle_sockets(run);
    report.idle_sockets(result, options.idle_sockets);
    return result.welcomed > 0;
}

} // namespace

int run_loadtest(const Args& args) {
    for (const auto& arg : args)
        if (arg == "--help" || arg == "-h") {
            std::cout << lt::loadtest_usage();
            return 0;
        }
    const auto parsed = lt::parse_loadtest_options(args);
    if (const auto* error = std::get_if<std::string>(&parsed)) {
        std::cerr << "tabula " << *error << "\n";
        return 2;
    }
    const auto& options = std::get<lt::LoadtestOptions>(parsed);
    try {
        if (options.echo_server)
            return serve_echo(*options.port);
        boost::system::error_code ec;
        const auto host = asio::ip::make_address(options.host, ec);
        if (ec) {
            std::cerr << "tabula loadtest: --host must be an IP address\n";
            return 2;
        }
        lt::Report report(std::cout);
        bool measured = true;
        if (options.echo)
            measured = measure_echo(options, host, report);
        else if (options.idle_sockets > 0)
            measured = measure_idle_sockets(options, host, report);
        else if (options.games > 0)
            measured = measure_games(options, host, report);
        if (options.commit_probe) {
            const auto probe = lt::probe_commits(*options.commit_probe, options.commits);
            report.commits(probe);
            measured = measured && !probe.error;
        }
        report.finish();
        return measured ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "tabula loadtest: " << e.what() << "\n";
        return 1;
    }
}

} // namespace server::cli
