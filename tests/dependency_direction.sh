#!/usr/bin/env bash
# Fails when an include points against the one-way dependencies of DESIGN.md:
#   server -> lobby -> rules, server -> engine -> rules, server -> storage; rules, lobby and
#   engine see no Boost, Beast, SQLite or JSON.
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
[ "$status" -eq 0 ] && echo "dependency_direction: all includes point the right way"
exit "$status"
