# shellcheck shell=bash
# Shared by the benchmarks that run servers and `tabula loadtest` pinned to cores
# (bench/move-pipeline.sh, bench/against-node.sh). Sourced, not run. The script sets before
# sourcing it: bench (its name, for messages), tabula (the binary), duration (seconds a run),
# core_server and core_client (taskset lists). It makes $work, a directory removed at exit with
# whatever server still runs.

work=$(mktemp -d "${TMPDIR:-/tmp}/tabula-bench.XXXXXX")
server_pid=""
cleanup() {
    stop_server
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The last "RESULT ..." line of a loadtest output, and one key of it ("na" if absent).
result_line() { [ -f "$1" ] && grep "^RESULT " "$1" | tail -1; }
field() { awk -v key="$2" '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == key) { print kv[2]; found = 1 } } } END { if (!found) print "na" }' <<<"$1"; }

# Starts a process pinned to the server core, logging to $2; waits for "$3<port>" in the log.
# Sets server_pid and port.
start_pinned() {
    local log=$1 pattern=$2
    shift 2
    : >"$log" # exists before the first look below (the background redirection may come later)
    taskset -c "$core_server" "$@" >"$log" 2>&1 &
    server_pid=$!
    port=""
    for _ in $(seq 100); do
        port=$(sed -n "s|.*${pattern}\([0-9]*\).*|\1|p" "$log" 2>/dev/null | head -1 || true)
        [ -n "$port" ] && return 0
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "$bench: could not start: $*" >&2
    cat "$log" >&2
    exit 1
}

stop_server() {
    [ -n "$server_pid" ] || return 0
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 100); do
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
}

# A fresh server on a fresh database for each run, so no table of one run lives on into the
# next. db_synchronous full; the default rate limits (sized for a fast honest client since
# issue 11); the per-address connection cap raised, since every load connection comes from
# 127.0.0.1 (1000 games are 2000 connections); one I/O thread, since the process has one core.
# Further `serve` flags may follow the name.
# With pg_uri set (a libpq URI of a PostgreSQL cluster the script started, whose database
# `postgres` exists), each run gets a new database of that cluster instead of a SQLite file.
start_tabula() {
    local name=$1 db
    shift
    mkdir -p "$work/web"
    rm -f "$work/$name.db"*
    db="$work/$name.db"
    [ -n "${pg_uri:-}" ] && db=$(new_pg_database "$name")
    start_pinned "$work/$name.server.log" "listening on http://127.0.0.1:" \
        "$tabula" serve --bind 127.0.0.1 --port 0 --db "$db" --web "$work/web" \
        --db-synchronous full --threads 1 --max-connections-per-ip 2100 "$@"
}

# new_pg_database <name>: a new, empty database run_<name> in the cluster of $pg_uri (dropped
# first if a run before left it); prints its URI.
new_pg_database() {
    local admin="${pg_uri/\/\/\/tabula_test/\/\/\/postgres}"
    psql -q "$admin" -c "DROP DATABASE IF EXISTS run_$1" -c "CREATE DATABASE run_$1" >/dev/null
    echo "${pg_uri/\/\/\/tabula_test/\/\/\/run_$1}"
}

# Runs the load generator on the client core, bounded; the output goes to $work/<name>.out.
load() {
    local name=$1
    shift
    if ! timeout $((duration + 240)) taskset -c "$core_client" "$tabula" loadtest "$@" \
        --duration "$duration" >"$work/$name.out" 2>&1; then
        echo "$bench: the $name run failed:" >&2
        cat "$work/$name.out" >&2
    fi
}

# One row of the runs' table: a label and a loadtest RESULT line (header: table_header).
fmt="%-30s %10s %10s %10s %10s %10s %10s %12s %18s %7s\n"
table_header() {
    printf "$fmt" "run" "per s" "mover p50" "mover p99" "opp p50" "opp p99" "opp max" "cpu us/move" "rss KiB before>after" "errors"
}
row() { # row <label> <result line>
    local r=$2
    printf "$fmt" "$1" "$(field "$r" moves_per_s)" "$(field "$r" mover_p50_ms)" "$(field "$r" mover_p99_ms)" \
        "$(field "$r" opponent_p50_ms)" "$(field "$r" opponent_p99_ms)" "$(field "$r" opponent_max_ms)" \
        "$(field "$r" server_cpu_us_per_move)" \
        "$(field "$r" server_rss_before_kib)>$(field "$r" server_rss_after_kib)" "$(field "$r" errors)"
}
# A row of the echo or relay runs (their keys start with the run's name).
floor_row() { # floor_row <label> <result line> <key prefix>
    printf "$fmt" "$1" "$(field "$2" "$3"_per_s)" "-" "-" "$(field "$2" "$3"_p50_ms)" \
        "$(field "$2" "$3"_p99_ms)" "$(field "$2" "$3"_max_ms)" "$(field "$2" "$3"_server_cpu_us)" "-" \
        "$(field "$2" "$3"_errors)"
}
