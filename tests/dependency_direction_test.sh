#!/usr/bin/env bash
# Checks that tests/dependency_direction.sh catches each kind of include it exists to refuse:
# on a copy of the repository's sources, the unchanged copy passes, then each bad include below,
# added alone, must make it fail with its own message.
#   bash tests/dependency_direction_test.sh <repository root>
set -euo pipefail
root=$(cd "${1:-.}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tabula-deps.XXXXXX")
trap 'rm -rf "$work"' EXIT
for dir in rules lobby storage engine server tools loadtest command_line; do
    [ -d "$root/$dir" ] && cp -r "$root/$dir" "$work/$dir"
done
mkdir -p "$work/tests"
cp "$root/tests/dependency_direction.sh" "$work/tests/"

failures=0
if ! out=$(bash "$work/tests/dependency_direction.sh" "$work" 2>&1); then
    echo "FAIL: the unchanged sources are refused:"
    echo "$out"
    exit 1
fi

# expect_refused <file> <include line> <text the refusal must contain>
expect_refused() {
    local file=$work/$1
    mkdir -p "$(dirname "$file")"
    printf '%s\n' "$2" >"$file"
    if out=$(bash "$work/tests/dependency_direction.sh" "$work" 2>&1); then
        echo "FAIL: $1 with '$2' passed"
        failures=$((failures + 1))
    elif ! grep -qF -- "$3" <<<"$out"; then
        echo "FAIL: $1 with '$2' was refused without '$3':"
        echo "$out"
        failures=$((failures + 1))
    else
        echo "ok: $1 with '$2' refused"
    fi
    rm -f "$file"
}

expect_refused server/play/bad.cpp '#include "storage/sqlite/sqlite_backend.h"' \
    'server/play must not include storage/sqlite/'
expect_refused server/bad.cpp '#include "storage/sqlite/connection.h"' \
    'server must not include storage/sqlite/'
expect_refused lobby/bad.cpp '#include "storage/sqlite/connection.h"' 'lobby must not include'
expect_refused tools/bad.cpp '#include "storage/sqlite/connection.h"' 'tools must not include'
expect_refused server/app/bad.cpp '#include <sqlite3.h>' 'server must not include tests or <sqlite3.h>'
expect_refused loadtest/bad.cpp '#include <sqlite3.h>' 'loadtest must not include'
expect_refused server/net/bad.cpp '#include <server/play/play_service.h>' \
    "the project's own headers are included with quotes"
expect_refused server/net/bad.h '#include <server/play/play_service.h>' \
    'server/net must not include server/play'
expect_refused lobby/bad.h '#include <storage/records.h>' "included with quotes"
expect_refused server/play/bad.cpp '#include "loadtest/report.h"' \
    'only server/main.cpp includes tools/ or loadtest/'
expect_refused server/cli/bad.cpp '#include "tools/commands.h"' \
    'only server/main.cpp includes tools/ or loadtest/'
expect_refused tools/bad.cpp '#include "server/log.h"' 'tools must not include'
expect_refused loadtest/bad.cpp '#include "server/play/play_service.h"' 'loadtest must not include'
expect_refused command_line/bad.h '#include "rules/game.h"' 'command_line must not include'
expect_refused rules/bad.h '#include <boost/asio.hpp>' 'rules must not include'
expect_refused server/newfolder/bad.cpp '#include "server/log.h"' \
    'server/newfolder/ has no line in server/layers.txt'

[ "$failures" -eq 0 ] || exit 1
echo "dependency_direction_test: every bad include is refused"
