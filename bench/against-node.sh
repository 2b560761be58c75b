#!/usr/bin/env bash
# Tabula against a Node.js room server, in one run (issue 11 began with "Tabula served 1.6 k
# moves/s while a Node.js Colyseus server with chess.js served 3.3 k"). The same load client
# (`tabula loadtest`, docs/protocol.md) plays a closed loop of 50 chess games, then one game
# alone, against:
#   - `tabula serve`, db_synchronous full (every move committed to SQLite before anyone sees it),
#     then the same with db_synchronous normal (committed, but not flushed to the disk: no wait
#     for the disk, as near as Tabula comes to the Node.js server's storing nothing);
#   - bench/js-rooms/room-server.mjs (ws + chess.js, nothing stored), sending the same move
#     event as Tabula, legal moves with their cells included (chess.js's verbose move list);
#   - the same Node.js server sending the move, the FEN and the board but no legal moves.
# The bare WebSocket echo ceiling comes first, as in bench/move-pipeline.sh. Server pinned to
# core 0, load generator to core 1. Builds nothing; the first run installs the pinned npm
# packages (npm ci in bench/js-rooms); stops everything it started, bounded in time.
#
#   bench/against-node.sh <path to tabula> [--duration S] [--core-server N] [--core-client N]
set -euo pipefail

usage() {
    echo "usage: bench/against-node.sh <tabula binary> [--duration S] [--core-server N] [--core-client N]" >&2
    exit 2
}

[ $# -ge 1 ] || usage
tabula=$(realpath "$1")
shift
[ -x "$tabula" ] || { echo "against-node: $tabula is not executable" >&2; exit 2; }
duration=10
core_server=0
core_client=1
while [ $# -gt 0 ]; do
    case "$1" in
    --duration) duration=${2:?}; shift 2 ;;
    --core-server) core_server=${2:?}; shift 2 ;;
    --core-client) core_client=${2:?}; shift 2 ;;
    *) usage ;;
    esac
done
for tool in taskset node npm; do
    command -v "$tool" >/dev/null || { echo "against-node: $tool is needed" >&2; exit 2; }
done
rooms="$(cd "$(dirname "$0")" && pwd)/js-rooms"
if [ ! -d "$rooms/node_modules" ]; then
    echo "against-node: installing the pinned npm packages (npm ci) ..." >&2
    (cd "$rooms" && npm ci --silent) || { echo "against-node: npm ci failed" >&2; exit 1; }
fi

bench=against-node
# work, cleanup at exit, result_line, field, start_pinned, stop_server, start_tabula, load,
# table_header, row, floor_row.
# shellcheck source=bench/lib/pinned-runs.sh
source "$(dirname "$0")/lib/pinned-runs.sh"

echo "against-node: $duration s per run, server on core $core_server, client on core $core_client" >&2
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

echo "against-node: echo ceiling ..." >&2
start_pinned "$work/echo.server.log" "listening on 127.0.0.1:" "$tabula" loadtest --echo-server --port 0
load echo --echo --port "$port" --games 50 --server-pid "$server_pid"
stop_server

# <name> <legal moves: all or none>
start_node() {
    start_pinned "$work/$1.server.log" "listening on http://127.0.0.1:" \
        node "$rooms/room-server.mjs" --port 0 --legal-moves "$2"
}

echo "against-node: closed loop, 50 games: tabula (full, normal), node, node without legal moves ..." >&2
start_tabula tabula
load tabula --port "$port" --closed --games 50 --server-pid "$server_pid"
stop_server
start_tabula tabula-normal --db-synchronous normal
load tabula-normal --port "$port" --closed --games 50 --server-pid "$server_pid"
stop_server
start_node node all
load node --port "$port" --closed --games 50 --server-pid "$server_pid"
stop_server
start_node node-lean none
load node-lean --port "$port" --closed --games 50 --server-pid "$server_pid"
stop_server

# As in bench/move-pipeline.sh, Tabula's message limit is raised for the game alone (it moves
# faster than the default limit allows); the Node.js server has no limit.
echo "against-node: one game alone: tabula (full, normal), node, node without legal moves ..." >&2
start_tabula tabula-single --messages-per-second 10000 --burst 10000
load tabula-single --port "$port" --closed --games 1 --server-pid "$server_pid"
stop_server
start_tabula tabula-normal-single --messages-per-second 10000 --burst 10000 --db-synchronous normal
load tabula-normal-single --port "$port" --closed --games 1 --server-pid "$server_pid"
stop_server
start_node node-single all
load node-single --port "$port" --closed --games 1 --server-pid "$server_pid"
stop_server
start_node node-lean-single none
load node-lean-single --port "$port" --closed --games 1 --server-pid "$server_pid"
stop_server
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

r() { result_line "$work/$1.out" || true; }
cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo
echo "Tabula against a Node.js room server, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($cpu_model), $(uname -sr)"
echo "tabula: $("$tabula" --version), db_synchronous full, 1 I/O thread; node $(node --version)," \
    "ws $(node -p "require('$rooms/node_modules/ws/package.json').version"), chess.js $(node -p "require('$rooms/node_modules/chess.js/package.json').version")"
echo "server on core $core_server, client on core $core_client; $duration s per run"
echo "load average (1, 5, 15 min): $load_before at the start, $load_after at the end"
echo
table_header
floor_row "echo ceiling, 50 pairs" "$(r echo)" echo
row "tabula, 50 games" "$(r tabula)"
row "tabula, sync normal, 50 games" "$(r tabula-normal)"
row "node, 50 games" "$(r node)"
row "node, no legal moves, 50 g." "$(r node-lean)"
row "tabula, one game alone" "$(r tabula-single)"
row "tabula, sync normal, alone" "$(r tabula-normal-single)"
row "node, one game alone" "$(r node-single)"
row "node, no legal moves, alone" "$(r node-lean-single)"
echo "(times in ms; cpu us/move: the server's CPU time over the moves; tabula stores every move"
echo " (SQLite WAL, synchronous=FULL, or NORMAL: not flushed) before sending it, the Node.js"
echo " server stores nothing)"
echo
over() { # over <run> <key> <run> <key>: the first figure over the second
    awk -v a="$(field "$(r "$1")" "$2")" -v b="$(field "$(r "$3")" "$4")" \
        'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "x%.1f", a / b; else print "na" }'
}
echo "tabula's moves/s over node's: $(over tabula moves_per_s node moves_per_s) (same event)," \
    "$(over tabula moves_per_s node-lean moves_per_s) (node sending no legal moves)"
echo "node's CPU per move over tabula's: $(over node server_cpu_us_per_move tabula server_cpu_us_per_move)," \
    "$(over node-lean server_cpu_us_per_move tabula server_cpu_us_per_move) (no legal moves)"
echo "one game alone, node's opponent p50 over tabula's (full): $(over node-single opponent_p50_ms tabula-single opponent_p50_ms)," \
    "$(over node-lean-single opponent_p50_ms tabula-single opponent_p50_ms) (no legal moves)"
echo "  the same over tabula's with synchronous normal: $(over node-single opponent_p50_ms tabula-normal-single opponent_p50_ms)," \
    "$(over node-lean-single opponent_p50_ms tabula-normal-single opponent_p50_ms) (no legal moves)"
share_of_echo() { # share_of_echo <run>
    awk -v a="$(field "$(r "$1")" moves_per_s)" -v b="$(field "$(r echo)" echo_per_s)" \
        'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.1f %%", 100 * a / b; else print "na" }'
}
echo "closed-loop moves/s as a share of the echo ceiling: tabula $(share_of_echo tabula)," \
    "node $(share_of_echo node), node without legal moves $(share_of_echo node-lean)"
