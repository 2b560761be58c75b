#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests (issue 36): the CTest fixture "postgres"
# (tests/CMakeLists.txt) starts one before the tests that need it and stops it after them, also
# when a test fails. Debian 12's PostgreSQL 15 server (scripts/install-deps.sh --test).
#
#   pg_cluster.sh start <state-dir>   initdb into a new folder under $TMPDIR, start the server
#                                     on a unix socket in that folder (no TCP port, so nothing
#                                     to collide with), create the database `tabula_test`, and
#                                     write its libpq URI to <state-dir>/uri
#   pg_cluster.sh stop <state-dir>    stop the server and remove its folder
#   pg_cluster.sh halt <state-dir>    stop the server as a crash would (pg_ctl stop -m
#                                     immediate: no checkpoint), keeping its folder
#   pg_cluster.sh resume <state-dir>  start a halted server again (crash recovery replays its
#                                     WAL), on the same socket: the same URI works again
#
# fsync stays on, as in production. initdb refuses to run as root, so as root the cluster runs
# as the user `nobody` (through runuser); the tests connect over the socket with trust
# authentication, whoever they run as. A cluster left by an interrupted run is stopped and
# removed by the next start.
set -euo pipefail

action=${1:-}
state=${2:-}
if [ -z "$action" ] || [ -z "$state" ]; then
    echo "usage: pg_cluster.sh start|stop|halt|resume <state-dir>" >&2
    exit 2
fi

bin=${TABULA_PG_BIN:-}
if [ -z "$bin" ]; then
    for candidate in /usr/lib/postgresql/*/bin; do
        [ -x "$candidate/initdb" ] && bin=$candidate
    done
fi
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "pg_cluster: no PostgreSQL server found (install Debian's postgresql:" \
         "scripts/install-deps.sh --test)" >&2
    exit 1
fi

# Runs a server program as the cluster's owner.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u nobody -- "$@"
    else
        "$@"
    fi
}

stop_cluster() {
    [ -f "$state/folder" ] || return 0
    local folder
    folder=$(cat "$state/folder")
    if [ -d "$folder/data" ]; then
        as_owner "$bin/pg_ctl" -D "$folder/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$folder"
    rm -f "$state/folder" "$state/uri"
}

# Starts the server of the cluster in $folder: a unix socket in that folder, fsync on.
start_server() {
    if ! as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 30 \
            -o "-c listen_addresses='' -k $folder -c fsync=on -c max_connections=200" \
            start >/dev/null; then
        cat "$folder/server.log" >&2
        return 1
    fi
}

case "$action" in
start)
    mkdir -p "$state"
    stop_cluster
    folder=$(mktemp -d "${TMPDIR:-/tmp}/tabula-pg-XXXXXX")
    echo "$folder" > "$state/folder"
    chmod 755 "$folder"
    mkdir "$folder/data"
    [ "$(id -u)" -eq 0 ] && chown nobody "$folder" "$folder/data"
    if ! as_owner "$bin/initdb" -D "$folder/data" -U tabula --auth=trust -E UTF8 \
            --locale=C.UTF-8 >"$folder/initdb.log" 2>&1; then
        cat "$folder/initdb.log" >&2
        stop_cluster
        exit 1
    fi
    if ! start_server; then
        stop_cluster
        exit 1
    fi
    "$bin/createdb" -h "$folder" -U tabula tabula_test
    echo "postgresql:///tabula_test?host=$folder&user=tabula" > "$state/uri"
    echo "pg_cluster: started, $(cat "$state/uri")"
    ;;
stop)
    stop_cluster
    echo "pg_cluster: stopped"
    ;;
halt)
    folder=$(cat "$state/folder")
    as_owner "$bin/pg_ctl" -D "$folder/data" -m immediate -w stop >/dev/null
    echo "pg_cluster: halted"
    ;;
resume)
    folder=$(cat "$state/folder")
    start_server
    echo "pg_cluster: resumed"
    ;;
*)
    echo "usage: pg_cluster.sh start|stop|halt|resume <state-dir>" >&2
    exit 2
    ;;
esac
