#!/usr/bin/env bash
# Installs what is missing, builds Tabula (Release) and starts it on http://localhost:8080
# with its SQLite database in ./tabula.db. Extra arguments go to `tabula serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build/release --target tabula -j"$(nproc)"
exec build/release/server/tabula serve --port 8080 --db tabula.db --web web "$@"
