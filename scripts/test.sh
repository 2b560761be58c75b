#!/usr/bin/env bash
# Installs what is missing, then builds and runs every test:
#   1. Release build, warnings as errors: every unit, server and slow (deep perft) test;
#   2. the same unit and server tests again under AddressSanitizer + UndefinedBehaviorSanitizer
#      (warnings shown, not fatal: pass 1 enforces them);
#   3. the fuzz targets (fuzz/README.md), built with clang's libFuzzer + ASan + UBSan, each
#      for a short bounded time (TABULA_FUZZ_SECONDS, default 15): a crash is a failure;
#   4. the browser tests in headless Chromium against a running server.
# Ends with the names of the tests that failed, if any, and one summary line:
# "tests: N passed, N failed".
# Each configure line sets every option the pass relies on (tests/scripts_options_guard.sh
# checks it), so whatever configured a build folder before (run.sh, a developer) cannot change
# what a pass builds or runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
jobs=$(nproc)
passed=0
failed=0
failures=()
log_dir=build/test-logs
mkdir -p "$log_dir"

# count_ctest <log> <pass>: adds the pass/fail counts of a ctest run to the totals.
count_ctest() {
    local line total fails
    line=$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$1" | tail -n 1 || true)
    if [ -z "$line" ]; then
        failed=$((failed + 1)); failures+=("$2: no ctest summary in $1"); return
    fi
    fails=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")
    total=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\2/' <<<"$line")
    passed=$((passed + total - fails))
    failed=$((failed + fails))
    local name
    while IFS= read -r name; do
        failures+=("$2: $name")
    done < <(sed -n '/^The following tests FAILED:/,/^[^[:space:]]/p' "$1" \
        | grep -E '^[[:space:]]+[0-9]+ - ' | sed -E 's/^[[:space:]]+//')
}

echo "== Release build (warnings as errors)"
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON \
    -DTABULA_WERROR=ON -DTABULA_SANITIZE=OFF -DTABULA_FUZZ=OFF -DCMAKE_UNITY_BUILD=OFF >/dev/null
cmake --build build/release -j"$jobs"
echo "== Release tests"
(cd build/release && ctest --output-on-failure -j"$jobs" --timeout 1500) 2>&1 \
    | tee "$log_dir/release.log" || true
count_ctest "$log_dir/release.log" release

echo "== ASan + UBSan build"
# Warnings are errors in the Release pass above; this pass is for runtime errors, and GCC's
# sanitizer instrumentation raises false warnings in third-party headers (Beast), so here they
# are reported but do not stop the build.
# This pass was most of the run's compiling (README.md, "Other builds"), so:
# - -Og and line tables only (-g1): compiles in about 60 % of the time of -O1 -g1, and the
#   reports still name file and line;
# - a unity build: each target's files compiled eight to a translation unit, so the headers
#   (Beast, nlohmann/json, doctest) and their template instances are compiled once per eight
#   files instead of once per file. The Release pass above compiles every file on its own, so a
#   file that leans on its neighbours' includes is still caught there.
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-Og -g1" \
    -DBUILD_TESTING=ON -DTABULA_SANITIZE=ON -DTABULA_WERROR=OFF -DTABULA_FUZZ=OFF \
    -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build build/asan -j"$jobs"
echo "== ASan + UBSan tests (slow ones skipped: they ran in Release)"
(cd build/asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --output-on-failure -j"$jobs" -LE slow --timeout 1500) 2>&1 \
    | tee "$log_dir/asan.log" || true
count_ctest "$log_dir/asan.log" asan

fuzz_seconds=${TABULA_FUZZ_SECONDS:-15}
echo "== Fuzz targets (clang libFuzzer + ASan + UBSan, ${fuzz_seconds} s each; fuzz/README.md)"
# A build folder of its own: another compiler, and every object instrumented for coverage. Only
# the rules library, the protocol parser and the five targets are built.
cmake -S . -B build/fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DBUILD_TESTING=OFF -DTABULA_FUZZ=ON \
    -DTABULA_SANITIZE=OFF -DTABULA_WERROR=OFF -DTABULA_FUZZ_SECONDS="$fuzz_seconds" \
    -DCMAKE_UNITY_BUILD=OFF >/dev/null
cmake --build build/fuzz -j"$jobs" --target fuzz_targets
(cd build/fuzz && ctest --output-on-failure -j"$jobs" -L fuzz) 2>&1 \
    | tee "$log_dir/fuzz.log" || true
count_ctest "$log_dir/fuzz.log" fuzz

if [ -f tests/browser/run.sh ]; then
    echo "== Browser tests (headless Chromium)"
    if bash tests/browser/run.sh build/release/server/tabula 2>&1 | tee "$log_dir/browser.log"; then
        :
    fi
    line=$(grep -E '^browser: [0-9]+ passed, [0-9]+ failed' "$log_dir/browser.log" | tail -n 1 || true)
    if [ -n "$line" ]; then
        passed=$((passed + $(sed -E 's/browser: ([0-9]+) passed.*/\1/' <<<"$line")))
        failed=$((failed + $(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")))
        while IFS= read -r name; do
            failures+=("browser: $name")
        done < <(grep -E '^not ok - ' "$log_dir/browser.log" | cut -c8-120)
    else
        failed=$((failed + 1)); failures+=("browser: no summary line in $log_dir/browser.log")
    fi
fi

echo
for name in "${failures[@]}"; do echo "FAILED $name"; done
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
