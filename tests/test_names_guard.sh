#!/usr/bin/env bash
# Fails when a doctest test name holds a ';'. doctest_discover_tests hands names to CTest as a
# CMake list, so a ';' splits one test into entries that match no test case and pass without
# running anything: a test that cannot fail. Name tests with ',' instead.
set -euo pipefail
cd "${1:-.}"
hits=$(grep -rnE '(TEST_CASE|SUBCASE)\("[^"]*;' tests --include='*.cpp' --include='*.h' || true)
if [ -n "$hits" ]; then
    echo "test_names_guard: these test names contain ';' (CTest would split them and run nothing):"
    echo "$hits"
    exit 1
fi
echo "test_names_guard: no test name contains ';'"
