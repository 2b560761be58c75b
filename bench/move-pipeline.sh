#!/usr/bin/env bash
# The move pipeline measured in one run (issue 11): the transport ceiling (a bare WebSocket
# echo server), the floor of a move (a relay server: each frame to both connections of a pair,
# then the same after a durable SQLite commit of each frame), then `tabula serve` under a
# closed loop of 50 games, one game alone, an open loop of 1000 games moving once a second
# (with single-row SQLite commits paced beside it: the disk over the same seconds), the same
# beside a game against the computer at Hard (issue 13: its thinking must not delay other
# tables), and 300 SQLite commits back to back; then memory: the
# server's RSS after a closed loop once every game has ended and been swept, against its idle
# baseline, and what one idle WebSocket connection costs. Server (or echo
# server) pinned to core 0, load generator to core 1. Builds nothing; stops everything it
# started, bounded in time. See bench/README.md for how to read the table.
#
#   bench/move-pipeline.sh <path to tabula> [--duration S] [--core-server N] [--core-client N]
#                          [--computer-only [--control]] [--computer-games N] [--computer-level L]
#                          [--closed-only] [--postgres]
#
# --postgres runs the rows of PostgreSQL beside SQLite (issue 36), in one run: a throwaway
# PostgreSQL cluster of Debian's server (tests/support/pg_cluster.sh: a unix socket, fsync on,
# synchronous_commit on), pinned to the server's core as SQLite's writer is (it runs in the
# server's process); a new database for each run. Rows: the closed loop of 50 games and one game
# alone on SQLite, then on PostgreSQL; PostgreSQL's single-row commits back to back; the open
# loop of 1000 games on PostgreSQL with PostgreSQL's single-row commits beside it.
# --closed-only runs only the closed loop of 50 games (row 2): quick A/B comparisons of the
# server's moves/s and CPU per move, one binary after the other.
# --computer-only runs only the open loop and the open loop beside the computer, back to back
# (--computer-games games each, default 1000; the computer at --computer-level, default hard).
# --control adds two runs of the same open loop beside a busy loop at SCHED_IDLE on the server's
# core, one in the server's session and one in a session of its own (setsid): what the
# kernel's per-session group scheduling (autogroup) does to the server when something in its
# session keeps a core busy, whatever that thread's priority (bench/README.md, issue 13).
# --core-server takes a taskset list: 0-1 leaves the server free to use both cores.
set -euo pipefail

usage() {
    echo "usage: bench/move-pipeline.sh <tabula binary> [--duration S] [--core-server N] [--core-client N]" >&2
    echo "                              [--computer-only [--control]] [--computer-games N] [--computer-level L]" >&2
    echo "                              [--closed-only] [--postgres]" >&2
    exit 2
}

[ $# -ge 1 ] || usage
tabula=$(realpath "$1")
shift
[ -x "$tabula" ] || { echo "move-pipeline: $tabula is not executable" >&2; exit 2; }
duration=10
core_server=0
core_client=1
computer_only=0
closed_only=0
postgres=0
control=0
computer_games=1000
computer_level=hard
while [ $# -gt 0 ]; do
    case "$1" in
    --duration) duration=${2:?}; shift 2 ;;
    --computer-only) computer_only=1; shift ;;
    --closed-only) closed_only=1; shift ;;
    --postgres) postgres=1; shift ;;
    --control) control=1; shift ;;
    --computer-games) computer_games=${2:?}; shift 2 ;;
    --computer-level) computer_level=${2:?}; shift 2 ;;
    --core-server) core_server=${2:?}; shift 2 ;;
    --core-client) core_client=${2:?}; shift 2 ;;
    *) usage ;;
    esac
done
command -v taskset >/dev/null || { echo "move-pipeline: taskset (util-linux) is needed" >&2; exit 2; }
if [ "$control" = 1 ]; then
    command -v chrt >/dev/null && command -v setsid >/dev/null ||
        { echo "move-pipeline: --control needs chrt and setsid (util-linux)" >&2; exit 2; }
fi

bench=move-pipeline
repo=$(cd "$(dirname "$0")/.." && pwd)
# work, cleanup at exit, result_line, field, start_pinned, stop_server, start_tabula, load.
# shellcheck source=bench/lib/pinned-runs.sh
source "$(dirname "$0")/lib/pinned-runs.sh"

# The PostgreSQL cluster of --postgres: started here, stopped and removed at exit.
pg_state=""
pg_uri=""
stop_postgres() {
    [ -n "$pg_state" ] && bash "$repo/tests/support/pg_cluster.sh" stop "$pg_state" >/dev/null 2>&1
    pg_state=""
}
trap 'stop_server; stop_postgres; rm -rf "$work"' EXIT
start_postgres() {
    command -v psql >/dev/null || { echo "move-pipeline: --postgres needs psql (postgresql-client)" >&2; exit 2; }
    pg_state="$work/pg-state"
    bash "$repo/tests/support/pg_cluster.sh" start "$pg_state" >&2
    pg_uri=$(cat "$pg_state/uri")
    # The postmaster and what it runs now on the server's core; the backends it forks later
    # inherit that.
    local postmaster child
    postmaster=$(head -1 "$(cat "$pg_state/folder")/data/postmaster.pid")
    taskset -a -p -c "$core_server" "$postmaster" >/dev/null
    for child in $(pgrep -P "$postmaster"); do taskset -a -p -c "$core_server" "$child" >/dev/null; done
}

echo "move-pipeline: $duration s per run, server on core $core_server, client on core $core_client" >&2
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# The open loop without, then with, a game against the computer beside it (issue 13: one
# table's computer thinking for 2 s adds nothing measurable to other tables' move latency).
# Same server flags, back to back; the computer plays 15+2 (Hard thinks about 2 s a move) and
# its opponent answers at once, so it thinks nearly all the window. One engine thread (the
# default).
open_and_computer() {
    echo "move-pipeline: open loop, $computer_games games, one move a second each ..." >&2
    start_tabula open
    # The disk's floor over the same seconds: a single-row commit every 10 ms beside the games,
    # on the database's file system (the goal's "commit p99 in the same run").
    load open --port "$port" --open --interval-ms 1000 --games "$computer_games" --server-pid "$server_pid" \
        --commit-probe "$work" --commit-every 10
    stop_server
    echo "move-pipeline: the same beside a game against the computer ($computer_level) ..." >&2
    start_tabula computer
    load computer --port "$port" --open --interval-ms 1000 --games "$computer_games" \
        --server-pid "$server_pid" --computer-game "$computer_level"
    stop_server
}

# The open loop beside a SCHED_IDLE busy loop on the server's core; $1 "session" (the
# script's session, as the server's) or "own" (setsid: a session, so an autogroup, of its own).
beside_busy_loop() {
    local hog
    start_tabula "busy-$1"
    if [ "$1" = own ]; then
        setsid taskset -c "$core_server" chrt --idle 0 bash -c 'while :; do :; done' &
    else
        taskset -c "$core_server" chrt --idle 0 bash -c 'while :; do :; done' &
    fi
    hog=$!
    sleep 0.2
    echo "move-pipeline: busy loop $hog in $(cat "/proc/$hog/autogroup" 2>/dev/null || echo '?'), server in $(cat "/proc/$server_pid/autogroup" 2>/dev/null || echo '?')" >&2
    load "busy-$1" --port "$port" --open --interval-ms 1000 --games "$computer_games" --server-pid "$server_pid"
    kill "$hog" 2>/dev/null || true
    wait "$hog" 2>/dev/null || true
    stop_server
}

closed_loop() {
    echo "move-pipeline: closed loop, 50 games ..." >&2
    start_tabula closed
    load closed --port "$port" --closed --games 50 --server-pid "$server_pid"
    stop_server
}

# The rows of --postgres: SQLite, then the same on PostgreSQL (pg_uri set: start_tabula makes
# a database of the cluster for each run).
postgres_runs() {
    closed_loop
    echo "move-pipeline: one game alone on SQLite ..." >&2
    start_tabula single --messages-per-second 10000 --burst 10000
    load single --port "$port" --closed --games 1 --server-pid "$server_pid"
    stop_server
    start_postgres
    echo "move-pipeline: closed loop, 50 games, on PostgreSQL ..." >&2
    start_tabula pg_closed
    load pg_closed --port "$port" --closed --games 50 --server-pid "$server_pid"
    stop_server
    echo "move-pipeline: one game alone on PostgreSQL ..." >&2
    start_tabula pg_single --messages-per-second 10000 --burst 10000
    load pg_single --port "$port" --closed --games 1 --server-pid "$server_pid"
    stop_server
    echo "move-pipeline: PostgreSQL's single-row commits, 300 back to back ..." >&2
    load pg_commit --games 0 --commit-probe "$pg_uri" --commits 300
    echo "move-pipeline: open loop, $computer_games games, one move a second each, on PostgreSQL ..." >&2
    start_tabula pg_open
    load pg_open --port "$port" --open --interval-ms 1000 --games "$computer_games" --server-pid "$server_pid" \
        --commit-probe "$pg_uri" --commit-every 10
    stop_server
}

if [ "$closed_only" = 1 ]; then
    closed_loop
elif [ "$postgres" = 1 ]; then
    postgres_runs
elif [ "$computer_only" = 1 ]; then
    open_and_computer
    if [ "$control" = 1 ]; then
        echo "move-pipeline: the open loop beside a SCHED_IDLE busy loop in the server's session ..." >&2
        beside_busy_loop session
        echo "move-pipeline: ... and in a session of its own ..." >&2
        beside_busy_loop own
    fi
else
echo "move-pipeline: echo ceiling ..." >&2
start_pinned "$work/echo.server.log" "listening on 127.0.0.1:" "$tabula" loadtest --echo-server --port 0
load echo --echo --port "$port" --games 50 --server-pid "$server_pid"
stop_server

# The floor of a move: what the transport of a move (one read, two writes) allows, then that
# and a durable commit of each frame (SQLite WAL, synchronous=FULL, batched as the game writer
# does) on the database's file system: what relaying and storing each frame cost alone, in the
# same closed loop as the games. A game server that stores its moves the same way can come
# near the durable relay's rate, not pass it by much.
echo "move-pipeline: relay floor, then durable relay floor ..." >&2
start_pinned "$work/relay.server.log" "listening on 127.0.0.1:" "$tabula" loadtest --relay-server --port 0
load relay --relay --port "$port" --games 50 --server-pid "$server_pid"
stop_server
start_pinned "$work/durable.server.log" "listening on 127.0.0.1:" "$tabula" loadtest --relay-server \
    --port 0 --store "$work/relay-floor.db"
load durable --relay --port "$port" --games 50 --server-pid "$server_pid"
stop_server

closed_loop

# One game alone moves about 2,400 times a second on loopback, so each of its two connections
# sends about 1,200 messages a second: over the default limit of 1000 a second (sized for real
# play, config/README.md), which would refuse some moves (rate_limited) and stall the game for
# the client's retry. This run alone raises the limit, so that the row measures the pipeline.
echo "move-pipeline: one game alone (rate limit raised to 10000/s for this run) ..." >&2
start_tabula single --messages-per-second 10000 --burst 10000
load single --port "$port" --closed --games 1 --server-pid "$server_pid"
stop_server

open_and_computer

# Memory (issue 11). Finished tables are swept 2 s after their last connection left (default
# 5 min) so that the run sees every table go; the server returns freed memory within a second
# of the load falling (server/app/memory_return.h), and the load generator waits 3 s more.
echo "move-pipeline: closed loop, 50 games, then every game ended, left and swept ..." >&2
start_tabula idle --finished-table-idle-seconds 2 --finished-table-kept-seconds 2
load idle --port "$port" --closed --games 50 --server-pid "$server_pid" --return-to-idle --sweep-wait 60
stop_server

echo "move-pipeline: 1000 idle WebSocket connections ..." >&2
start_tabula sockets
load sockets --port "$port" --idle-sockets 1000 --server-pid "$server_pid"
stop_server

echo "move-pipeline: SQLite commit probe on the database's file system ..." >&2
load commit --games 0 --commit-probe "$work" --commits 300
fi
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo_r=$(result_line "$work/echo.out" || true)
relay_r=$(result_line "$work/relay.out" || true)
durable_r=$(result_line "$work/durable.out" || true)
closed_r=$(result_line "$work/closed.out" || true)
single_r=$(result_line "$work/single.out" || true)
open_r=$(result_line "$work/open.out" || true)
computer_r=$(result_line "$work/computer.out" || true)
commit_r=$(result_line "$work/commit.out" || true)
idle_r=$(result_line "$work/idle.out" || true)
sockets_r=$(result_line "$work/sockets.out" || true)

cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo
echo "Tabula move pipeline, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($cpu_model), $(uname -sr)"
echo "server: $("$tabula" --version), db_synchronous full, 1 I/O thread, core $core_server; client: core $core_client; $duration s per run"
echo "load average (1, 5, 15 min): $load_before at the start, $load_after at the end"
echo
table_header
# The computer beside the open loop: what it did, and the other tables' latency with it over
# without it (same run, back to back).
computer_summary() {
    echo "computer ($computer_level, 15+2) beside the open loop: $(field "$computer_r" computer_moves) moves in the window," \
        "each took p50 $(field "$computer_r" computer_think_p50_ms) ms, max $(field "$computer_r" computer_think_max_ms) ms;" \
        "thinking $(field "$computer_r" computer_busy) of the window; errors $(field "$computer_r" computer_errors)"
    local ratio
    for key in opponent_p50_ms opponent_p99_ms mover_p50_ms mover_p99_ms; do
        ratio=$(awk -v a="$(field "$computer_r" $key)" -v b="$(field "$open_r" $key)" \
            'BEGIN { if (b + 0 > 0 && a != "na") printf "x%.2f", a / b; else print "na" }')
        printf "  %s with the computer over without: %s\n" "$key" "$ratio"
    done
    echo "  (goal: x1 within the noise; compare only within this run)"
}

# The closed loop's CPU per move, and how busy the server's core was.
busy_line() {
    local busy
    busy=$(awk -v r="$(field "$closed_r" moves_per_s)" -v c="$(field "$closed_r" server_cpu_us_per_move)" \
        'BEGIN { if (r != "na" && c != "na") printf "%.0f %%", r * c / 10000; else print "na" }')
    echo "CPU per move, closed loop: $(field "$closed_r" server_cpu_us_per_move) us, the server's core $busy busy   (goal <= 60 us at saturation, i.e. near 100 % busy)"
}

gap_to() { # gap_to <result line with commit_p99_ms> [open loop's result]: its mover p99 over it
    awk -v a="$(field "${2:-$open_r}" mover_p99_ms)" -v b="$(field "$1" commit_p99_ms)" \
        'BEGIN { if (a != "na" && b != "na") printf "%+.3f ms", a - b; else print "na" }'
}
commit_row() { # commit_row <label> <result line with the commit probe's keys>
    printf "$fmt" "$1" "-" "-" "-" "$(field "$2" commit_p50_ms)" "$(field "$2" commit_p99_ms)" \
        "$(field "$2" commit_max_ms)" "-" "-" "-"
}

if [ "$closed_only" = 1 ]; then
    row "closed loop, 50 games" "$closed_r"
    echo "(times in ms)"
    busy_line
    exit 0
fi
if [ "$postgres" = 1 ]; then
    pg_closed_r=$(result_line "$work/pg_closed.out" || true)
    pg_single_r=$(result_line "$work/pg_single.out" || true)
    pg_open_r=$(result_line "$work/pg_open.out" || true)
    pg_commit_r=$(result_line "$work/pg_commit.out" || true)
    row "closed loop, 50 games, sqlite" "$closed_r"
    row "closed loop, 50 games, postgres" "$pg_closed_r"
    row "one game alone, sqlite" "$single_r"
    row "one game alone, postgres" "$pg_single_r"
    row "open loop, $computer_games at 1/s, postgres" "$pg_open_r"
    commit_row "pg commit, beside the open loop" "$pg_open_r"
    commit_row "pg commit, 300 back to back" "$pg_commit_r"
    echo "(times in ms; the commit rows: one single-row INSERT, its own transaction, synchronous_commit on)"
    echo
    echo "PostgreSQL's closed-loop moves/s as a share of SQLite's: $(awk -v a="$(field "$pg_closed_r" moves_per_s)" \
        -v b="$(field "$closed_r" moves_per_s)" 'BEGIN { if (b + 0 > 0 && a != "na") printf "%.1f %%", 100 * a / b; else print "na" }')   (goal >= 60 %)"
    echo "one game alone on PostgreSQL, opponent p50 minus PostgreSQL's commit p50: $(awk \
        -v a="$(field "$pg_single_r" opponent_p50_ms)" -v b="$(field "$pg_commit_r" commit_p50_ms)" \
        'BEGIN { if (a != "na" && b != "na") printf "%+.3f ms", a - b; else print "na" }')   (goal <= +0.3 ms)"
    echo "open loop on PostgreSQL, mover p99 minus PostgreSQL's commit p99 beside it: $(gap_to \
        "$pg_open_r" "$pg_open_r")   (goal <= +2 ms)"
    exit 0
fi
if [ "$computer_only" = 1 ]; then
    row "open loop, $computer_games games at 1/s" "$open_r"
    row "the same + computer $computer_level" "$computer_r"
    commit_row "sqlite commit, beside the open loop" "$open_r"
    if [ "$control" = 1 ]; then
        row "the same + idle loop, session" "$(result_line "$work/busy-session.out" || true)"
        row "the same + idle loop, own sess." "$(result_line "$work/busy-own.out" || true)"
    fi
    echo "(times in ms; cpu us/move of the computer row includes the engine's search)"
    echo "open loop mover p99 minus the commit p99 beside it: $(gap_to "$open_r")   (goal <= +2 ms)"
    echo
    computer_summary
    exit 0
fi
floor_row "echo ceiling, 50 pairs" "$echo_r" echo
floor_row "relay floor, 50 pairs" "$relay_r" relay
floor_row "durable relay floor" "$durable_r" relay
row "closed loop, 50 games" "$closed_r"
row "one game alone (limit 10k/s)" "$single_r"
row "open loop, $computer_games games at 1/s" "$open_r"
row "the same + computer $computer_level" "$computer_r"
commit_row "sqlite commit, beside the open loop" "$open_r"
commit_row "sqlite commit, 300 back to back" "$commit_r"
echo "(times in ms; for the echo row the round trip, for the relay rows the frame sent until the"
echo " pair's other side has it, for the commit rows one commit (WAL, FULL; beside the open loop:"
echo " one every 10 ms for as long as it ran); cpu us/move of the echo and relay"
echo " rows is per round trip, of the computer row it includes the engine's search)"
echo
mfmt="%-38s %12s %12s %10s %22s\n"
printf "$mfmt" "memory (server RSS)" "before KiB" "after KiB" "after/idle" "anon KiB before>after"
printf "$mfmt" "closed loop 50 games, all swept" "$(field "$idle_r" server_rss_idle_kib)" \
    "$(field "$idle_r" server_rss_swept_kib)" "$(field "$idle_r" swept_over_idle)" \
    "$(field "$idle_r" server_anon_idle_kib)>$(field "$idle_r" server_anon_swept_kib)"
printf "$mfmt" "1000 idle sockets (open>closed>20 s)" "$(field "$sockets_r" idle_rss_before_kib)" \
    "$(field "$sockets_r" idle_rss_with_kib)>$(field "$sockets_r" idle_rss_after_kib)>$(field "$sockets_r" idle_rss_returned_kib)" "-" "-"
echo "(closed loop: 'before' is the idle server before its first connection, 'after' once every"
echo " game ended and every table was swept (swept=$(field "$idle_r" swept), errors $(field "$idle_r" errors));"
echo " anon is RssAnon: heap and stacks, without the code pages the run touched)"
echo
ratio=$(awk -v a="$(field "$closed_r" moves_per_s)" -v b="$(field "$echo_r" echo_per_s)" \
    'BEGIN { if (b + 0 > 0 && a != "na") printf "%.1f %%", 100 * a / b; else print "na" }')
share() { # share <numerator result> <key> <denominator result> <key>
    awk -v a="$(field "$1" "$2")" -v b="$(field "$3" "$4")" \
        'BEGIN { if (b + 0 > 0 && a != "na") printf "%.1f %%", 100 * a / b; else print "na" }'
}
echo "closed-loop moves/s as a share of the echo ceiling: $ratio   (goal >= 50 %)"
echo "  the floors' own shares of the echo: relay $(share "$relay_r" relay_per_s "$echo_r" echo_per_s)," \
    "durable relay $(share "$durable_r" relay_per_s "$echo_r" echo_per_s) (what relaying and durably storing each frame cost alone)"
echo "  closed-loop moves/s as a share of the durable relay floor: $(share "$closed_r" moves_per_s "$durable_r" relay_per_s)"
echo "one game alone, opponent p50: $(field "$single_r" opponent_p50_ms) ms   (goal <= 2 ms)"
echo "open loop mover p99 minus the commit p99 beside it: $(gap_to "$open_r")   (goal <= +2 ms)"
echo "  the same minus the p99 of 300 commits back to back at the end: $(gap_to "$commit_r") (a tenth of a second of the disk)"
busy_line
echo "RSS once every game ended and was swept, over the idle baseline: x$(field "$idle_r" swept_over_idle)   (goal <= x1.10)"
echo "  the same over a warm baseline (after a warm-up of 5 short games, swept; bench/README.md): x$(field "$idle_r" swept_over_warm), warm RSS $(field "$idle_r" server_rss_warm_kib) KiB, anon $(field "$idle_r" server_anon_warm_kib) KiB"
echo "an idle socket: $(field "$sockets_r" idle_socket_bytes) bytes of RSS, $(field "$sockets_r" idle_socket_anon_bytes) of them anonymous   (goal <= 8192)"
echo
computer_summary
