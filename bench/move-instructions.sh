#!/usr/bin/env bash
# The server's instructions per move, counted by callgrind (every thread: the I/O thread, the
# storage writer, SQLite): a figure that, unlike CPU time, barely moves with what else the
# machine is doing, for A/B comparisons on a shared machine (bench/README.md). A closed loop
# of 10 games (`tabula loadtest`, unpinned) runs against `tabula serve` under valgrind; once the
# games are under way, counting is switched on for a window, and the instructions are divided
# by the moves the server stored in it (tabula_moves_total of /metrics). Builds nothing; stops
# what it started.
#
#   bench/move-instructions.sh <path to tabula> [--window S] [--games N] [--plies N] [--keep DIR]
#
# --keep DIR copies the callgrind profiles to DIR, to read with callgrind_annotate. --plies N
# resigns each game at N plies (`tabula loadtest --plies`): games as long as people's, so the
# count includes a share of each game's start and end (about 350 plies of random chess else).
set -euo pipefail

usage() {
    echo "usage: bench/move-instructions.sh <tabula binary> [--window S] [--games N] [--plies N]" \
        "[--keep DIR]" >&2
    exit 2
}

[ $# -ge 1 ] || usage
tabula=$(realpath "$1")
shift
[ -x "$tabula" ] || { echo "move-instructions: $tabula is not executable" >&2; exit 2; }
window=15
games=10
plies=()
keep=""
while [ $# -gt 0 ]; do
    case "$1" in
    --window) window=${2:?}; shift 2 ;;
    --games) games=${2:?}; shift 2 ;;
    --plies) plies=(--plies "${2:?}"); shift 2 ;;
    --keep) keep=${2:?}; shift 2 ;;
    *) usage ;;
    esac
done
for tool in valgrind callgrind_control callgrind_annotate curl; do
    command -v "$tool" >/dev/null || { echo "move-instructions: $tool is needed" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/tabula-instructions.XXXXXX")
server_pid=""
load_pid=""
cleanup() {
    [ -z "$load_pid" ] || kill "$load_pid" 2>/dev/null || true
    if [ -n "$server_pid" ]; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$work/web"
: >"$work/server.log" # exists before the first look below
# Counting starts switched off: the server starts and the games begin at full speed.
valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/callgrind.out" \
    "$tabula" serve --bind 127.0.0.1 --port 0 --db "$work/bench.db" --web "$work/web" \
    --db-synchronous full --threads 1 --max-connections-per-ip 2100 >"$work/server.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 300); do
    port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$work/server.log" | head -1)
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.2
done
[ -n "$port" ] || { echo "move-instructions: the server did not start" >&2; cat "$work/server.log" >&2; exit 1; }

moves_stored() {
    curl -s "http://127.0.0.1:$port/metrics" | awk '$1 == "tabula_moves_total" { print $2 }'
}

# The load runs past the window; its own figures are not used (the server is slowed down).
"$tabula" loadtest --port "$port" --closed --games "$games" "${plies[@]}" \
    --duration $((window + 30)) >"$work/load.out" 2>&1 &
load_pid=$!
sleep 10
before=$(moves_stored)
callgrind_control -i on "$server_pid" >/dev/null
sleep "$window"
callgrind_control -i off "$server_pid" >/dev/null
after=$(moves_stored)
callgrind_control -d "$server_pid" >/dev/null
kill "$load_pid" 2>/dev/null || true
wait "$load_pid" 2>/dev/null || true
load_pid=""
kill -TERM "$server_pid" 2>/dev/null || true
wait "$server_pid" 2>/dev/null || true
server_pid=""

instructions=0
for profile in "$work"/callgrind.out*; do
    counted=$(callgrind_annotate "$profile" 2>/dev/null |
        awk '/PROGRAM TOTALS/ { gsub(",", "", $1); if ($1 ~ /^[0-9]+$/) print $1 }')
    instructions=$((instructions + ${counted:-0}))
done
if [ -n "$keep" ]; then
    mkdir -p "$keep"
    cp "$work"/callgrind.out* "$keep"/
fi
moves=$((after - before))
[ "$moves" -gt 0 ] || { echo "move-instructions: no move was stored in the window" >&2; exit 1; }
echo "server: $("$tabula" --version); $games games${plies[1]:+ of ${plies[1]} plies}, closed loop," \
    "a window of $window s under callgrind"
echo "moves stored in the window: $moves; instructions: $instructions;" \
    "instructions per move: $((instructions / moves))"
