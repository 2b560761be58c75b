#!/usr/bin/env bash
# Installs what Tabula needs from Debian 12 packages (and playwright-core from npm for the
# browser tests), skipping whatever is already there. Run as root.
#   scripts/install-deps.sh          build and run the server (SQLite; libpq-dev, PostgreSQL's
#                                    small client library, is built in so that `--db
#                                    postgresql://...` works without a second build; libnats-dev,
#                                    the NATS client of the cluster's bus, server/cluster/)
#   scripts/install-deps.sh --test   also what the tests need (Chromium, Node.js, playwright-core,
#                                    clang with libFuzzer, the PostgreSQL server for the throwaway
#                                    test cluster of tests/support/pg_cluster.sh, NATS for the
#                                    cluster tests, and HAProxy, which they run in front of the
#                                    nodes with docker/haproxy/haproxy.cfg)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make pkg-config libboost-dev nlohmann-json3-dev libsqlite3-dev libssl-dev
          libargon2-dev doctest-dev libpq-dev libnats-dev)
if [ "${1:-}" = "--test" ]; then
    # clang and its runtime (libFuzzer, ASan, UBSan) build the fuzz targets (fuzz/README.md).
    packages+=(chromium nodejs npm curl sqlite3 clang libclang-rt-14-dev postgresql nats-server
              haproxy)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# A Node.js that did not come from Debian (nvm, a tarball) serves as well as Debian's.
if command -v node >/dev/null && command -v npm >/dev/null; then
    filtered=()
    for p in "${missing[@]}"; do [ "$p" = nodejs ] || [ "$p" = npm ] || filtered+=("$p"); done
    missing=("${filtered[@]+"${filtered[@]}"}")
fi
if [ "${#missing[@]}" -gt 0 ]; then
    echo "install-deps: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ "${1:-}" = "--test" ] && [ -f tests/browser/package.json ]; then
    if [ ! -d tests/browser/node_modules/playwright-core ]; then
        echo "install-deps: installing the browser test driver (playwright-core, no browser download)"
        (cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
    fi
fi
