#!/usr/bin/env bash
# Fails when an include points against the one-way dependencies of docs/architecture.md:
#   server -> lobby -> rules, server -> engine -> rules, server -> storage; rules, lobby and
#   engine see no Boost, Beast, SQLite or JSON.
# and, inside server/, against the layers of server/layers.txt (each sub-folder with the
# folders it may include, lowest first; "base" is the files directly in server/).
#   bash tests/dependency_direction.sh [repository root]
set -euo pipefail
root=${1:-.}
cd "$root"
status=0
forbid() { # forbid <folder> <regex> <why>
    local hits
    hits=$(grep -rnE "^\s*#\s*include\s*[<\"]($2)" "$1" --include='*.h' --include='*.cpp' || true)
    if [ -n "$hits" ]; then
        echo "dependency_direction: $1 must not include $3:"
        echo "$hits"
        status=1
    fi
}
forbid rules   'lobby/|storage/|server/|engine/|boost/|sqlite3|nlohmann/|openssl/' 'lobby, storage, server, engine, Boost, SQLite, JSON or OpenSSL'
forbid lobby   'storage/|server/|engine/|boost/|sqlite3|nlohmann/|openssl/' 'storage, server, engine, Boost, SQLite, JSON or OpenSSL'
forbid engine  'lobby/|storage/|server/|boost/|sqlite3|nlohmann/|openssl/' 'lobby, storage, server, Boost, SQLite, JSON or OpenSSL'
forbid storage 'lobby/|server/|boost/asio|boost/beast' 'lobby, server or Asio/Beast'
forbid server  'tests/' 'tests'

# server/ sub-folders: the table itself first (every name above its user, every folder listed),
# then every include of "server/..." against it.
layers=server/layers.txt
declare -A allowed=()
while read -r line; do
    folder=${line%%:*}
    below=$(echo ${line#*:}) # the names, single-spaced
    for dependency in $below; do
        if [ -z "${allowed[$dependency]+x}" ]; then
            echo "dependency_direction: $layers: $folder names $dependency, which is not on a line above it"
            status=1
        fi
    done
    allowed[$folder]=" $below "
done < <(grep -E '^[a-z_]+:' "$layers")
for dir in server/*/; do
    folder=$(basename "$dir")
    if [ -z "${allowed[$folder]+x}" ]; then
        echo "dependency_direction: server/$folder/ has no line in $layers"
        status=1
    fi
done

# "<file>:<line>:#include "server/x/y.h"" -> the folder of the includer and of the included.
while IFS=: read -r file number text; do
    case $file in
    server/main.cpp) continue ;; # main() sits on top of everything
    server/*/*) from=${file#server/}; from=${from%%/*} ;;
    *) from=base ;;
    esac
    target=$(sed -E 's/.*"server\/([^"]+)".*/\1/' <<<"$text")
    case $target in
    */*) to=${target%%/*} ;;
    *) to=base ;;
    esac
    [ "$from" = "$to" ] && continue
    if [[ "${allowed[$from]-}" != *" $to "* ]]; then
        echo "dependency_direction: server/$from must not include server/$to ($layers): $file:$number: $text"
        status=1
    fi
done < <(grep -rnE '^\s*#\s*include\s*"server/' server --include='*.h' --include='*.cpp' || true)

[ "$status" -eq 0 ] && echo "dependency_direction: all includes point the right way"
exit "$status"
