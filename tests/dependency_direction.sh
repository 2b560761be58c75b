#!/usr/bin/env bash
# Fails when an include points against the one-way dependencies of docs/architecture.md:
#   server -> lobby -> rules, server -> engine -> rules, server -> storage;
#   tools -> engine, rules; loadtest -> rules, storage, server/observability; all three ->
#   command_line; rules, lobby and engine see no Boost, Beast, SQLite or JSON;
#   only storage/ includes <sqlite3.h>, and only storage/, the server's commands (server/cli/)
#   and the load generator's SQLite yardsticks (loadtest/) include storage/sqlite/: everything
#   else sees storage through its interfaces;
#   the project's own headers are included with quotes, so that every check here reads them;
# and, inside server/, against the layers of server/layers.txt (each sub-folder with the
# folders it may include, lowest first; "base" is the files directly in server/). main.cpp
# sits on top of everything and is the only file of server/ that includes tools/ or loadtest/.
#   bash tests/dependency_direction.sh [repository root]
# tests/dependency_direction_test.sh checks that each rule here catches what it should.
set -euo pipefail
root=${1:-.}
cd "$root"
status=0
forbid() { # forbid <folder> <regex> <why>
    local hits
    [ -e "$1" ] || return 0
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
forbid server  'tests/|sqlite3' 'tests or <sqlite3.h>'
forbid tools   'lobby/|storage/|server/|loadtest/|boost/|sqlite3|nlohmann/|openssl/' 'lobby, storage, server, loadtest, Boost, SQLite, JSON or OpenSSL'
forbid loadtest 'lobby/|engine/|tools/|sqlite3|server/(base|config|protocol|auth|tls|http|net|accounts|play|app|cli)/|server/[a-z_]+\.h' 'lobby, engine, tools, <sqlite3.h> or any of server/ but its /proc readers (server/observability)'
forbid command_line 'rules/|lobby/|storage/|server/|engine/|tools/|loadtest/|boost/|sqlite3|nlohmann/|openssl/' 'anything but the standard library'

# storage/sqlite/ is SQLite's own backend: outside storage/ only the server's commands, which
# open it, and the load generator's yardsticks, which time SQLite's own commit, include it.
for folder in rules lobby engine tools command_line server; do
    for dir in "$folder"/*/ "$folder"; do
        [ -e "$dir" ] || continue
        [ "$dir" = server/cli/ ] && continue
        if [ "$dir" = "$folder" ]; then
            hits=$(grep -nE '^\s*#\s*include\s*[<"]storage/sqlite/' "$dir"/*.h "$dir"/*.cpp 2>/dev/null || true)
        else
            hits=$(grep -rnE '^\s*#\s*include\s*[<"]storage/sqlite/' "$dir" --include='*.h' --include='*.cpp' || true)
        fi
        if [ -n "$hits" ]; then
            echo "dependency_direction: ${dir%/} must not include storage/sqlite/ (only storage/, server/cli/ and loadtest/ do):"
            echo "$hits"
            status=1
        fi
    done
done

# The project's own headers with angle brackets would slip past the checks above and below.
hits=$(grep -rnE '^\s*#\s*include\s*<(rules|lobby|storage|server|engine|tools|loadtest|command_line|tests)/' \
    rules lobby storage engine server tools loadtest command_line tests --include='*.h' --include='*.cpp' 2>/dev/null || true)
if [ -n "$hits" ]; then
    echo "dependency_direction: the project's own headers are included with quotes:"
    echo "$hits"
    status=1
fi

# Only main.cpp, on top of everything, includes the tools and the load generator.
hits=$(grep -rnE '^\s*#\s*include\s*[<"](tools|loadtest)/' server --include='*.h' --include='*.cpp' \
    | grep -v '^server/main\.cpp:' || true)
if [ -n "$hits" ]; then
    echo "dependency_direction: only server/main.cpp includes tools/ or loadtest/:"
    echo "$hits"
    status=1
fi

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
    target=$(sed -E 's/.*[<"]server\/([^">]+)[">].*/\1/' <<<"$text")
    case $target in
    */*) to=${target%%/*} ;;
    *) to=base ;;
    esac
    [ "$from" = "$to" ] && continue
    if [[ "${allowed[$from]-}" != *" $to "* ]]; then
        echo "dependency_direction: server/$from must not include server/$to ($layers): $file:$number: $text"
        status=1
    fi
done < <(grep -rnE '^\s*#\s*include\s*[<"]server/' server --include='*.h' --include='*.cpp' || true)

[ "$status" -eq 0 ] && echo "dependency_direction: all includes point the right way"
exit "$status"
