#!/usr/bin/env bash
# docker/compose.cluster.yaml cannot run here (no Docker engine), but the HAProxy configuration
# it mounts is the one tests/server/cluster/haproxy_test.cpp runs. This checks that the compose
# file names what that configuration expects, so the cluster it describes is the tested one:
#   - the haproxy service mounts docker/haproxy/haproxy.cfg (that very file) as the image's
#     configuration, and sets TABULA_HAPROXY_BIND, which the file's `bind` reads, to a port it
#     publishes;
#   - each `server NAME "${VAR}"` line has VAR set in that service to NAME:PORT, NAME a service
#     that runs `tabula serve ... --cluster` as node NAME (TABULA_NODE) on PORT (TABULA_PORT),
#     on a postgresql:// database and a nats:// bus at services of the file; and no node runs
#     outside HAProxy (as many --cluster services as server lines, at least two); each node
#     trusts as proxies (TABULA_TRUSTED_PROXIES) the subnet the file gives its network;
#   - the configuration checks /healthz, balances leastconn, sets a tunnel timeout and adds
#     X-Forwarded-For (option forwardfor), which the nodes read from their trusted proxy.
#   bash compose_cluster_check.sh <repository root> [<compose file> <haproxy.cfg>]
# (The two files default to the repository's; compose_cluster_check_test.sh passes broken copies.)
set -euo pipefail
root=$1
compose=${2:-$root/docker/compose.cluster.yaml}
config=${3:-$root/docker/haproxy/haproxy.cfg}
problems=0
problem() {
    echo "compose_cluster_check: $*"
    problems=$((problems + 1))
}

# The lines of service $1 in the compose file: from "  name:" under services to the next
# service or top-level key.
service() {
    awk -v name="$1" '
        /^[^ #]/ { in_services = ($0 ~ /^services:/); inside = 0; next }
        in_services && /^  [A-Za-z0-9_-]+:/ { inside = ($0 ~ "^  " name ":[[:space:]]*$"); next }
        inside { print }' "$compose"
}
services() {
    awk '/^[^ #]/ { in_services = ($0 ~ /^services:/); next }
         in_services && /^  [A-Za-z0-9_-]+:/ { sub(/^  /, ""); sub(/:.*/, ""); print }' "$compose"
}
# The value of `KEY: value` (an environment entry) in the lines on stdin, unquoted.
value_of() {
    sed -nE "s/^[[:space:]]+$1:[[:space:]]*\"?([^\"#]*[^\"#[:space:]])\"?[[:space:]]*(#.*)?$/\\1/p" |
        head -n 1
}
is_service() {
    services | grep -qxF -- "$1"
}

[ -f "$compose" ] || { echo "compose_cluster_check: no $compose"; exit 1; }
[ -f "$config" ] || { echo "compose_cluster_check: no $config"; exit 1; }

# The HAProxy configuration: what it expects from its environment, and its settings.
sp='[[:space:]]'
# has <extended regex>: a line of the configuration matches, indentation aside.
has() {
    grep -qE "^$sp*$1" "$config"
}
mapfile -t server_lines < <(grep -E "^$sp*server$sp" "$config" || true)
mapfile -t servers < <(sed -nE \
    "s/^$sp*server$sp+([A-Za-z0-9_-]+)$sp+\"\\\$\\{(TABULA_NODE[0-9]+)\\}\"($sp.*)?\$/\\1 \\2/p" \
    "$config")
[ "${#servers[@]}" -ge 2 ] ||
    problem "$config: fewer than two 'server NAME \"\${TABULA_NODEn}\"' lines"
[ "${#servers[@]}" -eq "${#server_lines[@]}" ] ||
    problem "$config: a server line that does not read its address from \${TABULA_NODEn}"
has "bind$sp+\"\\\$\\{TABULA_HAPROXY_BIND\\}\"" ||
    problem "$config: no 'bind \"\${TABULA_HAPROXY_BIND}\"'"
has "option$sp+httpchk" || problem "$config: no 'option httpchk'"
has "http-check$sp+send$sp.*uri$sp+/healthz($sp|\$)" ||
    problem "$config: the health check does not ask /healthz"
has "balance$sp+leastconn" || problem "$config: no 'balance leastconn'"
has "timeout$sp+tunnel$sp" || problem "$config: no 'timeout tunnel'"
has "option$sp+forwardfor($sp|\$)" || problem "$config: no 'option forwardfor'"

# The haproxy service: the one on the haproxy image. Its configuration is the file it mounts
# where the image reads it.
proxy=""
for name in $(services); do
    if service "$name" | grep -qE "^$sp+image:$sp*\"?haproxy(:|\"|$sp*\$)"; then
        proxy=$name
    fi
done
if [ -z "$proxy" ]; then
    problem "$compose: no service on the haproxy image"
else
    read_by_image=/usr/local/etc/haproxy/haproxy.cfg
    source_path=$(service "$proxy" |
        sed -nE "s#^$sp+-$sp*\"?([^:\"]+):$read_by_image(:ro)?\"?$sp*\$#\\1#p" | head -n 1)
    # Relative paths in a compose file are relative to its folder.
    case $source_path in /*) ;; *) source_path=$(dirname "$compose")/$source_path ;; esac
    if [ -z "${source_path##*/}" ]; then
        problem "$compose: service $proxy mounts nothing at $read_by_image, where the image" \
            "reads its configuration"
    elif [ ! -f "$source_path" ] ||
        [ "$(realpath "$source_path")" != "$(realpath "$config")" ]; then
        problem "$compose: service $proxy mounts $source_path, not the tested $config"
    fi
    bind=$(service "$proxy" | value_of TABULA_HAPROXY_BIND)
    bind_port=${bind##*:}
    if [ -z "$bind" ]; then
        problem "$compose: service $proxy does not set TABULA_HAPROXY_BIND"
    elif ! service "$proxy" | grep -qE "^$sp+-$sp*\"?([0-9.]+:)?[0-9]+:$bind_port\"?$sp*\$"; then
        problem "$compose: service $proxy does not publish its bind port $bind_port"
    fi
fi

# Each server line: its node service.
nodes=0
for entry in "${servers[@]}"; do
    name=${entry% *}
    variable=${entry#* }
    address=$( [ -n "$proxy" ] && service "$proxy" | value_of "$variable" || true)
    host=${address%:*}
    port=${address##*:}
    if [ -z "$address" ]; then
        problem "$compose: service ${proxy:-haproxy} does not set $variable (server $name)"
        continue
    fi
    [ "$host" = "$name" ] || problem "$compose: $variable is $address: its host is not $name, the server's name"
    if ! is_service "$host"; then
        problem "$compose: $variable names $host, which is not a service"
        continue
    fi
    nodes=$((nodes + 1))
    lines=$(service "$host")
    grep -qE '^[[:space:]]+command:.*"serve".*"--cluster"' <<<"$lines" ||
        problem "$compose: service $host does not run tabula serve --cluster"
    [ "$(value_of TABULA_NODE <<<"$lines")" = "$name" ] ||
        problem "$compose: service $host is not node $name (TABULA_NODE)"
    [ "$(value_of TABULA_PORT <<<"$lines")" = "$port" ] ||
        problem "$compose: service $host does not listen on $port (TABULA_PORT), the port of $variable"
    db=$(value_of TABULA_DB <<<"$lines")
    db_host=$(sed -nE 's#^postgresql://([^@/]*@)?([^:/?]+).*#\2#p' <<<"$db")
    if [ -z "$db_host" ]; then
        problem "$compose: service $host's database is not a postgresql:// URI ($db)"
    elif ! is_service "$db_host"; then
        problem "$compose: service $host's database is on $db_host, not a service of the file"
    fi
    trusted=$(value_of TABULA_TRUSTED_PROXIES <<<"$lines")
    if [ -z "$trusted" ]; then
        problem "$compose: service $host trusts no proxy (TABULA_TRUSTED_PROXIES): every player would have HAProxy's address"
    elif ! grep -qE "^$sp+-?$sp*subnet:$sp*\"?${trusted//./\\.}\"?$sp*\$" "$compose"; then
        problem "$compose: service $host trusts $trusted, not the subnet of the file's network"
    fi
    bus=$(value_of TABULA_BUS <<<"$lines")
    bus_host=$(sed -nE 's#^nats://([^:/,]+)(:[0-9]+)?$#\1#p' <<<"$bus")
    if [ -z "$bus_host" ]; then
        problem "$compose: service $host has no nats:// bus (TABULA_BUS: $bus)"
    elif ! is_service "$bus_host"; then
        problem "$compose: service $host's bus is on $bus_host, not a service of the file"
    fi
done
cluster_services=0
for name in $(services); do
    if service "$name" | grep -qE '^[[:space:]]+command:.*"--cluster"'; then
        cluster_services=$((cluster_services + 1))
    fi
done
[ "$cluster_services" -eq "${#servers[@]}" ] ||
    problem "$compose: $cluster_services services run --cluster, $config has ${#servers[@]} server lines"

[ "$problems" -eq 0 ] || exit 1
echo "ok: $compose runs $nodes --cluster nodes behind $config, as the tests do"
