#!/usr/bin/env bash
# compose_cluster_check.sh must fail when the compose file and the HAProxy configuration
# disagree: copies of docker/compose.cluster.yaml and docker/haproxy/haproxy.cfg, in the same
# layout in a temporary folder, pass it as they are, and fail it after each single breakage.
#   bash compose_cluster_check_test.sh <repository root>
set -euo pipefail
root=$1
check=$root/tests/server/cluster/compose_cluster_check.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# fresh: the two files copied as they are.
fresh() {
    rm -rf "$work/docker"
    mkdir -p "$work/docker/haproxy"
    cp "$root/docker/compose.cluster.yaml" "$work/docker/"
    cp "$root/docker/haproxy/haproxy.cfg" "$work/docker/haproxy/"
}
run_check() {
    bash "$check" "$root" "$work/docker/compose.cluster.yaml" "$work/docker/haproxy/haproxy.cfg"
}
# expect_failure <what> <file> <sed expression>: that one change to a fresh copy fails the check.
expect_failure() {
    local what=$1 file=$2 expression=$3
    fresh
    cp "$work/docker/$file" "$work/before"
    sed -i -E "$expression" "$work/docker/$file"
    if cmp -s "$work/before" "$work/docker/$file"; then
        echo "not ok - $what: the change matched nothing (the test is out of date)"
        failures=$((failures + 1))
    elif output=$(run_check 2>&1); then
        echo "not ok - $what: the check passed"
        failures=$((failures + 1))
    else
        echo "ok - $what: $(head -n 1 <<<"$output")"
    fi
}

fresh
if output=$(run_check 2>&1); then
    echo "ok - the files as they are pass"
else
    echo "not ok - the files as they are fail: $output"
    failures=$((failures + 1))
fi

expect_failure "another file mounted" compose.cluster.yaml \
    's#\./haproxy/haproxy\.cfg:#./haproxy/other.cfg:#'
cp "$root/docker/haproxy/haproxy.cfg" "$work/docker/haproxy/other.cfg"
expect_failure "a node without --cluster" compose.cluster.yaml \
    '/^  node2:/,/^  [a-z]/ s#, "--cluster"\]#]#'
expect_failure "a server's port not the node's" compose.cluster.yaml \
    's#TABULA_NODE2: "node2:8080"#TABULA_NODE2: "node2:8081"#'
expect_failure "a server's host not a service" compose.cluster.yaml \
    's#TABULA_NODE3: "node3:8080"#TABULA_NODE3: "node4:8080"#'
expect_failure "a node named otherwise" compose.cluster.yaml \
    's#TABULA_NODE: node1$#TABULA_NODE: first#'
expect_failure "a node on SQLite" compose.cluster.yaml \
    '/^  node3:/,/^  [a-z]/ s#TABULA_DB: postgresql://.*#TABULA_DB: /data/tabula.db#'
expect_failure "a node without the bus" compose.cluster.yaml \
    '/^  node1:/,/^  [a-z]/ { /TABULA_BUS:/d }'
expect_failure "the bind not published" compose.cluster.yaml \
    's#TABULA_HAPROXY_BIND: "0.0.0.0:8080"#TABULA_HAPROXY_BIND: "0.0.0.0:9090"#'
expect_failure "a fourth server line" haproxy/haproxy.cfg \
    's#^(    server node3 .*)$#\1\n    server node4 "${TABULA_NODE4}"#'
expect_failure "a server line fewer" haproxy/haproxy.cfg '/^    server node3 /d'
expect_failure "a server at a written address" haproxy/haproxy.cfg \
    's#^    server node1 .*#    server node1 127.0.0.1:8080#'
expect_failure "the health check elsewhere" haproxy/haproxy.cfg 's#uri /healthz#uri /health#'
expect_failure "another balance" haproxy/haproxy.cfg 's#balance leastconn#balance roundrobin#'
expect_failure "no tunnel timeout" haproxy/haproxy.cfg '/timeout tunnel/d'
expect_failure "no X-Forwarded-For" haproxy/haproxy.cfg '/option forwardfor/d'
expect_failure "a node trusting no proxy" compose.cluster.yaml \
    '/^  node2:/,/^  [a-z]/ { /TABULA_TRUSTED_PROXIES:/d }'
expect_failure "a node trusting another network" compose.cluster.yaml \
    '/^  node3:/,/^  [a-z]/ s#TABULA_TRUSTED_PROXIES: .*#TABULA_TRUSTED_PROXIES: "10.0.0.0/8"#'
expect_failure "the network on another subnet" compose.cluster.yaml \
    's#subnet: 172\.28\.0\.0/16#subnet: 172.29.0.0/16#'

[ "$failures" -eq 0 ] || exit 1
echo "ok: compose_cluster_check.sh fails on each breakage"
