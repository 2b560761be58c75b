#!/usr/bin/env bash
# Fails when a doctest test name holds a ';'. doctest_discover_tests hands names to CTest as a
# CMake list, so a ';' splits one test into entries that match no test case and pass without
# running anything: a test that cannot fail. Name tests with ',' instead.
# Reads TEST_CASE("..."), TEST_CASE_FIXTURE(Fixture, "...") and SUBCASE("..."), the name
# possibly on the next line, and names written as adjacent string literals.
set -euo pipefail
cd "${1:-.}"
hits=$(find tests -name '*.cpp' -o -name '*.h' | sort | xargs perl -0777 -ne '
    while (/\b(?:TEST_CASE|TEST_CASE_FIXTURE|SUBCASE)\s*\(\s*(?:\w+\s*,\s*)?((?:"(?:[^"\\]|\\.)*"\s*)+)/g) {
        my $name = $1;
        print "$ARGV: $name\n" if $name =~ /;/;
    }')
if [ -n "$hits" ]; then
    echo "test_names_guard: these test names contain ';' (CTest would split them and run nothing):"
    echo "$hits"
    exit 1
fi
echo "test_names_guard: no test name contains ';'"
