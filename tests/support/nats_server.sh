#!/usr/bin/env bash
# A throwaway NATS server for the tests: the CTest fixture "nats" (tests/CMakeLists.txt) starts
# one before the tests that need it and stops it after them, also when a test fails. Debian 12's
# nats-server 2.9 (scripts/install-deps.sh --test), NATS core only (no JetStream).
#
#   nats_server.sh start <state-dir>    start nats-server on 127.0.0.1 on a free port, with its
#                                       pid file and log in a new folder under $TMPDIR, wait
#                                       (at most 10 s) until it takes connections, and write
#                                       its URL to <state-dir>/url
#   nats_server.sh stop <state-dir>     stop the server and remove its folder
#   nats_server.sh kill <state-dir>     end the server as a crash would (SIGKILL), keeping its
#                                       folder and port
#   nats_server.sh restart <state-dir>  start it again on the same port (after kill): the same
#                                       URL works again
#
# A server left by an interrupted run is stopped and removed by the next start.
set -euo pipefail

action=${1:-}
state=${2:-}
usage() {
    echo "usage: nats_server.sh start|stop|kill|restart <state-dir>" >&2
    exit 2
}
[ -n "$action" ] && [ -n "$state" ] || usage

server=${TABULA_NATS_SERVER:-$(command -v nats-server || true)}
[ -n "$server" ] || server=/usr/sbin/nats-server
if [ ! -x "$server" ]; then
    echo "nats_server: no nats-server found (install Debian's nats-server:" \
         "scripts/install-deps.sh --test)" >&2
    exit 1
fi

# The pid of the running server, if there is one.
server_pid() {
    local folder=$1 pid
    [ -f "$folder/pid" ] || return 1
    pid=$(cat "$folder/pid")
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# Ends the server of $folder with $signal and waits (at most 5 s) until it is gone.
end_server() {
    local folder=$1 signal=$2 pid
    pid=$(server_pid "$folder") || return 0
    kill "-$signal" "$pid" 2>/dev/null || true
    for _ in $(seq 50); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
}

stop_server() {
    [ -f "$state/folder" ] || return 0
    local folder
    folder=$(cat "$state/folder")
    [ -d "$folder" ] && end_server "$folder" TERM
    rm -rf "$folder"
    rm -f "$state/folder" "$state/url"
}

# Starts nats-server in $folder on $port (-1: a free one the server picks) and waits until it
# takes connections (at most 10 s); the port it listens on is then in $folder/port.
run_server() {
    local folder=$1 port=$2 listening=""
    rm -f "$folder/pid" "$folder/server.log"
    "$server" -a 127.0.0.1 -p "$port" -P "$folder/pid" -l "$folder/server.log" \
        --no_advertise >/dev/null 2>&1 </dev/null &
    for _ in $(seq 100); do
        listening=$(sed -n 's/.*Listening for client connections on 127\.0\.0\.1:\([0-9]*\).*/\1/p' \
                    "$folder/server.log" 2>/dev/null | tail -n 1 || true)
        if [ -n "$listening" ] && server_pid "$folder" >/dev/null &&
                (exec 3<>"/dev/tcp/127.0.0.1/$listening") 2>/dev/null; then
            echo "$listening" > "$folder/port"
            return 0
        fi
        sleep 0.1
    done
    echo "nats_server: nats-server did not start on 127.0.0.1 within 10 s" >&2
    cat "$folder/server.log" >&2 2>/dev/null || true
    return 1
}

case "$action" in
start)
    mkdir -p "$state"
    stop_server
    folder=$(mktemp -d "${TMPDIR:-/tmp}/tabula-nats-XXXXXX")
    echo "$folder" > "$state/folder"
    if ! run_server "$folder" -1; then
        stop_server
        exit 1
    fi
    echo "nats://127.0.0.1:$(cat "$folder/port")" > "$state/url"
    echo "nats_server: started, $(cat "$state/url")"
    ;;
stop)
    stop_server
    echo "nats_server: stopped"
    ;;
kill)
    folder=$(cat "$state/folder")
    end_server "$folder" KILL
    echo "nats_server: killed"
    ;;
restart)
    folder=$(cat "$state/folder")
    end_server "$folder" KILL
    run_server "$folder" "$(cat "$folder/port")"
    echo "nats_server: restarted, $(cat "$state/url")"
    ;;
*)
    usage
    ;;
esac
