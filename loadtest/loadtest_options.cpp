#include "loadtest/loadtest_options.h"

#include <charconv>
#include <limits>

namespace loadtest {

namespace {

// A whole number in [low, high] from `text`, or nullopt.
std::optional<std::int64_t> number(const std::string& text, std::int64_t low, std::int64_t high) {
    std::int64_t value = 0;
    const auto* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc{} || ptr != end || value < low || value > high)
        return std::nullopt;
    return value;
}

// "B+I": a base and an increment in whole seconds, as "15+2".
std::optional<std::pair<std::chrono::seconds, std::chrono::seconds>>
clock_of(const std::string& text) {
    const auto plus = text.find('+');
    if (plus == std::string::npos)
        return std::nullopt;
    const auto base = number(text.substr(0, plus), 1, 3'600);
    const auto increment = number(text.substr(plus + 1), 0, 180);
    if (!base || !increment)
        return std::nullopt;
    return std::pair{std::chrono::seconds(*base), std::chrono::seconds(*increment)};
}

} // namespace

const char* loadtest_usage() {
    return "usage: tabula loadtest [--host H] [--port P] [--closed | --open --interval-ms K]\n"
           "                       [--games N] [--duration S] [--variant V] [--seed N]\n"
           "                       [--plies N]\n"
           "                       [--server-pid PID [--return-to-idle [--sweep-wait S]]]\n"
           "                       [--commit-probe DIR [--commits N | --commit-every MS]]\n"
           "                       [--computer-game easy|medium|hard [--computer-clock B+I]]\n"
           "       tabula loadtest --idle-sockets N --server-pid PID [--port P]\n"
           "       tabula loadtest --lobby TABLES [--subscribers S] [--changes-per-second C]\n"
           "                       [--duration S] --server-pid PID [--port P]\n"
           "       tabula loadtest --echo [--port P] [--games N] [--duration S]\n"
           "       tabula loadtest --echo-server --port P   (0: any free port, printed)\n"
           "       tabula loadtest --relay [--port P] [--games N] [--duration S] [--store F]\n"
           "       tabula loadtest --relay-server --port P [--store F]\n\n"
           "Plays N games (2 WebSocket connections each) against a Tabula server at\n"
           "ws://H:P/ws (default 127.0.0.1:8080) for S seconds (default 10) and reports moves/s,\n"
           "the mover's latency (move sent -> its answer, the move event carrying the move's id)\n"
           "and the opponent's (move sent -> the opponent has the move) p50/p99/max, and with\n"
           "--server-pid the server's CPU per move and RSS. --closed (default): one move in\n"
           "flight per game; --open: each game moves every K ms. --echo measures a bare\n"
           "WebSocket echo server instead (the one of --echo-server at --port P, else one\n"
           "started in-process): the transport ceiling.\n"
           "--relay measures the floor of a move instead: a relay server that sends every\n"
           "frame to both connections of its pair (one read, two writes, as a move goes to\n"
           "its mover and its opponent), with --store F after committing it to the new\n"
           "SQLite file F (WAL, synchronous=FULL, one transaction per batch, as the game\n"
           "writer); a round trip ends when the other connection has the frame.\n"
           "--plies N: each game is resigned once it has N plies and a new one begins (else\n"
           "moves are played until the rules end the game, about 350 plies of random chess):\n"
           "games as long as people's, so that what a game costs once counts.\n"
           "--commit-probe DIR times N (default 300) single-row SQLite WAL commits with\n"
           "synchronous=FULL in DIR: the disk's floor (DIR a postgresql:// URI: single-row\n"
           "PostgreSQL commits in that database). --games 0 plays no game. With\n"
           "--commit-every MS the commits run beside the games instead, one every MS ms for\n"
           "as long as they play: the disk's floor over the same seconds.\n"
           "--return-to-idle: the server's RSS before the first connection, then after the\n"
           "games (each resigned and left, every connection closed) once its /metrics shows\n"
           "no connection and no table (waiting at most S s, default 60; run the server with\n"
           "short finished_table_*_seconds). --idle-sockets N: the server's RSS before and\n"
           "with N connections that only receive `welcome` and stay idle: bytes per socket.\n"
           "--lobby TABLES: the lobby's public list (loadtest/lobby_run.h): TABLES public\n"
           "tables (3 per guest), then S (default 100) subscribers subscribe at once (the\n"
           "server's CPU per subscribe, one page shared, then a filter each), then tables are\n"
           "created and cancelled at C (default 50) changes a second for the duration: the\n"
           "server's CPU per change and share of a core. Run the server with room for it:\n"
           "--max-connections-per-ip above TABLES/3 + S + 8, --lobby-tables-per-address\n"
           "above TABLES + 8.\n"
           "--computer-game L: one more connection plays the computer at level L beside the\n"
           "games (docs/protocol.md 7.14), clock B+I seconds (default 15+2: Hard thinks about\n"
           "2 s a move), answering each of its moves at once; reports the computer's moves,\n"
           "how long each took, and the share of the window it spent thinking.\n"
           "The last line (RESULT key=value ...) is for scripts.\n";
}

std::variant<LoadtestOptions, std::string>
parse_loadtest_options(const std::vector<std::string>& args) {
    LoadtestOptions options;
    bool computer_clock = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& flag = args[i];
        if (flag == "--closed") {
            options.mode = LoopMode::Closed;
            continue;
        }
        if (flag == "--open") {
            options.mode = LoopMode::Open;
            continue;
        }
        if (flag == "--echo") {
            options.echo = true;
            continue;
        }
        if (flag == "--echo-server") {
            options.echo_server = true;
            continue;
        }
        if (flag == "--relay") {
            options.relay = true;
            continue;
        }
        if (flag == "--relay-server") {
            options.relay_server = true;
            continue;
        }
        if (flag == "--return-to-idle") {
            options.return_to_idle = true;
            continue;
        }
        if (i + 1 >= args.size())
            return "loadtest: " + flag + " needs a value (or is unknown; see --help)";
        const std::string& value = args[++i];
        const auto bad = [&] { return "loadtest: bad value for " + flag + ": \"" + value + "\""; };
        if (flag == "--host") {
            options.host = value;
        } else if (flag == "--port") {
            const auto port = number(value, 0, 65535); // 0: any free port (--echo-server)
            if (!port)
                return bad();
            options.port = static_cast<std::uint16_t>(*port);
        } else if (flag == "--interval-ms") {
            const auto ms = number(value, 1, 3'600'000);
            if (!ms)
                return bad();
            options.interval = std::chrono::milliseconds(*ms);
        } else if (flag == "--games") {
            const auto games = number(value, 0, 100'000);
            if (!games)
                return bad();
            options.games = static_cast<int>(*games);
        } else if (flag == "--plies") {
            const auto plies = number(value, 1, 100'000);
            if (!plies)
                return bad();
            options.plies = static_cast<int>(*plies);
        } else if (flag == "--duration") {
            const auto seconds = number(value, 1, 86'400);
            if (!seconds)
                return bad();
            options.duration = std::chrono::seconds(*seconds);
        } else if (flag == "--variant") {
            const auto variant = rules::variant_from_name(value);
            if (!variant)
                return bad();
            options.variant = *variant;
        } else if (flag == "--seed") {
            const auto seed = number(value, 0, std::numeric_limits<std::int64_t>::max());
            if (!seed)
                return bad();
            options.seed = static_cast<std::uint64_t>(*seed);
        } else if (flag == "--server-pid") {
            if (!number(value, 1, std::numeric_limits<std::int32_t>::max()))
                return bad();
            options.server_pid = value;
        } else if (flag == "--commit-probe") {
            options.commit_probe = value;
        } else if (flag == "--store") {
            options.store = value;
        } else if (flag == "--commits") {
            const auto commits = number(value, 1, 1'000'000);
            if (!commits)
                return bad();
            options.commits = static_cast<int>(*commits);
        } else if (flag == "--commit-every") {
            const auto every = number(value, 1, 1000);
            if (!every)
                return bad();
            options.commit_every = std::chrono::milliseconds(*every);
        } else if (flag == "--sweep-wait") {
            const auto seconds = number(value, 1, 86'400);
            if (!seconds)
                return bad();
            options.sweep_wait = std::chrono::seconds(*seconds);
        } else if (flag == "--computer-game") {
            if (value != "easy" && value != "medium" && value != "hard")
                return bad();
            options.computer_level = value;
        } else if (flag == "--computer-clock") {
            const auto clock = clock_of(value);
            if (!clock)
                return bad();
            options.computer_base = clock->first;
            options.computer_increment = clock->second;
            computer_clock = true;
        } else if (flag == "--lobby") {
            const auto tables = number(value, 1, 1'000'000);
            if (!tables)
                return bad();
            options.lobby_tables = static_cast<int>(*tables);
        } else if (flag == "--subscribers") {
            const auto subscribers = number(value, 0, 100'000);
            if (!subscribers)
                return bad();
            options.lobby_subscribers = static_cast<int>(*subscribers);
        } else if (flag == "--changes-per-second") {
            const auto changes = number(value, 0, 100'000);
            if (!changes)
                return bad();
            options.lobby_changes_per_second = static_cast<double>(*changes);
        } else if (flag == "--idle-sockets") {
            const auto sockets = number(value, 1, 100'000);
            if (!sockets)
                return bad();
            options.idle_sockets = static_cast<int>(*sockets);
        } else {
            return "loadtest: unknown option " + flag + " (see --help)";
        }
    }
    if (options.echo_server && !options.port)
        return std::string("loadtest: --echo-server needs --port (0: any free port)");
    if (options.relay_server && !options.port)
        return std::string("loadtest: --relay-server needs --port (0: any free port)");
    if (int(options.echo) + int(options.echo_server) + int(options.relay) +
            int(options.relay_server) >
        1)
        return std::string("loadtest: --echo, --echo-server, --relay and --relay-server are "
                           "one each");
    if (options.store && !(options.relay_server || (options.relay && !options.port)))
        return std::string("loadtest: --store goes with --relay-server, or with --relay "
                           "without --port (the relay started in-process)");
    if ((options.return_to_idle || options.idle_sockets > 0 || options.lobby_tables > 0) &&
        !options.server_pid)
        return std::string(
            "loadtest: --return-to-idle, --idle-sockets and --lobby need --server-pid");
    if (computer_clock && !options.computer_level)
        return std::string("loadtest: --computer-clock goes with --computer-game");
    // Games are played (what --computer-game and --commit-every run beside): no other mode.
    const bool game_run = !options.echo && !options.echo_server && !options.relay &&
                          !options.relay_server && options.idle_sockets == 0 &&
                          options.lobby_tables == 0 && options.games > 0;
    if (options.plies > 0 && !game_run)
        return std::string("loadtest: --plies goes with a game run (--games N >= 1)");
    if (options.computer_level && !game_run)
        return std::string("loadtest: --computer-game plays beside a game run (--games N >= 1)");
    if (options.commit_every && (!options.commit_probe || !game_run))
        return std::string("loadtest: --commit-every goes with --commit-probe DIR beside a game "
                           "run (--games N >= 1)");
    if (!options.echo_server && !options.relay_server && options.port == 0)
        return std::string("loadtest: --port 0 is for --echo-server and --relay-server only");
    return options;
}

} // namespace loadtest
