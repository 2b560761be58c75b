#!/usr/bin/env bash
# The bus's latency (bench/README.md "The bus"): starts a nats-server of its own on 127.0.0.1
# (tests/support/nats_server.sh, a free port, a temporary folder), runs bus_bench against it
# `--runs` times, and stops the server, also on failure.
#   bench/bus.sh build/release/bench/bus/bus_bench [--runs N] [bus_bench flags...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${1:?usage: bench/bus.sh <bus_bench> [--runs N] [--count N] [--warmup N] [--payload BYTES]}
shift
runs=3
if [ "${1:-}" = "--runs" ]; then
    runs=$2
    shift 2
fi
state=$(mktemp -d "${TMPDIR:-/tmp}/tabula-bus-bench-XXXXXX")
cleanup() {
    bash "$here/../tests/support/nats_server.sh" stop "$state" >/dev/null || true
    rm -rf "$state"
}
trap cleanup EXIT
bash "$here/../tests/support/nats_server.sh" start "$state" >/dev/null
url=$(cat "$state/url")
echo "nats-server $(nats-server --version 2>/dev/null | sed 's/^nats-server: //') at $url," \
     "load average $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq "$runs"); do
    echo "run $run:"
    timeout 120 "$bench" "$url" "$@"
done
