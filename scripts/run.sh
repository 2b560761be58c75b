#!/usr/bin/env bash
# Installs what is missing, builds Tabula (Release) and starts it on http://localhost:8080
# with its SQLite database in ./tabula.db. Extra arguments go to `tabula serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# Every cache option is set here, so whatever configured build/release before (test.sh, a
# developer) cannot change this build. The compile flags are those of test.sh's Release pass, so
# each script reuses the objects the other built; only BUILD_TESTING differs (no test targets).
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
    -DTABULA_WERROR=ON -DTABULA_SANITIZE=OFF -DTABULA_FUZZ=OFF -DCMAKE_UNITY_BUILD=OFF >/dev/null
cmake --build build/release --target tabula -j"$(nproc)"
exec build/release/server/tabula serve --port 8080 --db tabula.db --web web "$@"
