#!/usr/bin/env bash
# One test executable per test folder (STYLE.md §10): each executable links the whole library
# under test and its own copy of doctest's main, so every extra one costs CI link time and
# compile time for its shared support files. Subfolders add their sources with target_sources.
# Fails when a CMakeLists.txt under tests/ declares more than one tabula_add_test_executable.
#   bash tests/test_executables_guard.sh <repository root>
set -euo pipefail
root=$1
problems=0
while IFS= read -r file; do
    count=$(grep -cE '^[[:space:]]*tabula_add_test_executable\(' "$file" || true)
    if [ "$count" -gt 1 ]; then
        echo "${file#"$root"/}: $count test executables; one per folder"
        problems=$((problems + 1))
    fi
done < <(find "$root/tests" -name CMakeLists.txt -not -path '*/node_modules/*')
[ "$problems" -eq 0 ] || exit 1
echo "ok: one test executable per folder"
