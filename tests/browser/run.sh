#!/usr/bin/env bash
# Runs the browser tests in headless Chromium (Debian's /usr/bin/chromium, driven by
# playwright-core). Starts `tabula serve` on a free 127.0.0.1 port with a temporary database
# for the lobby tests; the board tests use a small static server of their own.
#   bash tests/browser/run.sh <path to the tabula binary>
# The last line is always "browser: N passed, N failed"; the exit code is non-zero on failure.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
tabula="${1:-$repo/build/release/server/tabula}"
case "$tabula" in /*) ;; *) tabula="$PWD/$tabula" ;; esac

summary() { echo "browser: $1 passed, $2 failed"; }

if [ ! -d "$here/node_modules/playwright-core" ]; then
    echo "browser tests: playwright-core is missing; run: (cd tests/browser && npm ci)"
    summary 0 1
    exit 1
fi
if [ ! -x /usr/bin/chromium ]; then
    echo "browser tests: /usr/bin/chromium is missing; install Debian's chromium package"
    summary 0 1
    exit 1
fi

tmp="$(mktemp -d)"
server_pid=""
# A test may restart the server (tabula_server.js); the pid of the one running is in this file.
pid_file="$tmp/server.pid"
current_server_pid() {
    if [ -s "$pid_file" ]; then cat "$pid_file"; else echo "$server_pid"; fi
}
cleanup() {
    server_pid="$(current_server_pid)"
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null
        for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$server_pid" 2>/dev/null
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT

# Starts tabula serve and waits until it answers; sets TABULA_URL or TABULA_FAILURE.
export TABULA_URL="" TABULA_FAILURE=""
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
if [ ! -x "$tabula" ]; then
    TABULA_FAILURE="no tabula binary at $tabula"
else
    serve_args=(serve --bind 127.0.0.1 --port "$port" --db "$tmp/t.db" --web "$repo/web")
    "$tabula" "${serve_args[@]}" >"$tmp/server.log" 2>&1 &
    server_pid=$!
    disown "$server_pid" # a test may kill it; no "Killed" notice from this shell then
    echo "$server_pid" >"$pid_file"
    # How to start it again on the same port and database (tabula_server.js).
    export TABULA_BIN="$tabula" TABULA_LOG="$tmp/server.log" TABULA_PID_FILE="$pid_file"
    TABULA_ARGS="$(node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "${serve_args[@]}")"
    export TABULA_ARGS
    for _ in $(seq 100); do
        if ! kill -0 "$server_pid" 2>/dev/null; then
            TABULA_FAILURE="tabula serve exited: $(tail -n 3 "$tmp/server.log" | tr '\n' ' ')"
            break
        fi
        if curl -fs -o /dev/null --max-time 1 "http://127.0.0.1:$port/"; then
            TABULA_URL="http://127.0.0.1:$port"
            break
        fi
        sleep 0.1
    done
    if [ -z "$TABULA_URL" ] && [ -z "$TABULA_FAILURE" ]; then
        TABULA_FAILURE="tabula serve did not answer on port $port within 10 s"
    fi
fi
if [ -n "$TABULA_FAILURE" ]; then
    echo "browser tests: the game server is not available ($TABULA_FAILURE);" \
         "the tests that need it fail"
fi

export RESULT_FILE="$tmp/result"
# A bound for a runner that hangs (each test has its own time limit): the suite takes about
# 5 min on two idle cores and 9 on loaded ones.
(cd "$here" && timeout 1200 node runner.js)
status=$?
if [ -f "$RESULT_FILE" ]; then
    read -r passed failed <"$RESULT_FILE"
else
    echo "browser tests: the runner stopped without a result (exit $status)"
    passed=0
    failed=1
fi
server_pid="$(current_server_pid)"
if [ -n "$server_pid" ] && ! kill -0 "$server_pid" 2>/dev/null && [ -n "$TABULA_URL" ]; then
    echo "browser tests: tabula serve died during the run; its log:"
    tail -n 20 "$tmp/server.log"
fi
summary "$passed" "$failed"
[ "$failed" -eq 0 ]
