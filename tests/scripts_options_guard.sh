#!/usr/bin/env bash
# The README's two commands must work whatever ran before them. A CMake cache keeps every
# option of the last configure, so a script that leaves an option out inherits it from whoever
# configured that folder before: run.sh once configured build/release with BUILD_TESTING=OFF,
# test.sh reused that cache and ran no Release test at all.
#
# Checks, for every configure (`cmake -S ... -B <dir>`) in scripts/*.sh and .ci/run:
#   - it sets every cache option the project declares (each option() of the top-level
#     CMakeLists.txt) and CMAKE_BUILD_TYPE, BUILD_TESTING and CMAKE_UNITY_BUILD, with -D<NAME>=;
#   - a folder the script runs ctest in was configured with -DBUILD_TESTING=ON (or, for the
#     fuzz runs, -DTABULA_FUZZ=ON).
#   bash tests/scripts_options_guard.sh <repository root>
set -euo pipefail
root=$1

mapfile -t required < <(
    sed -nE 's/^[[:space:]]*option\(([A-Z_]+).*/\1/p' "$root/CMakeLists.txt"
    printf '%s\n' CMAKE_BUILD_TYPE BUILD_TESTING CMAKE_UNITY_BUILD)
[ "${#required[@]}" -gt 3 ] || { echo "no option() found in $root/CMakeLists.txt"; exit 1; }

problems=0
checked=0
for script in "$root"/scripts/*.sh "$root"/.ci/run; do
    [ -f "$script" ] || continue
    name=${script#"$root"/}
    # One logical line per command: join lines continued with a backslash.
    joined=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$script")
    while IFS= read -r line; do
        checked=$((checked + 1))
        dir=$(sed -nE 's/.*-B[[:space:]]*([^[:space:]]+).*/\1/p' <<<"$line")
        for option in "${required[@]}"; do
            if ! grep -qE -- "-D${option}(:[A-Z]+)?=" <<<"$line"; then
                echo "$name: configure of $dir does not set $option"
                problems=$((problems + 1))
            fi
        done
        if grep -qE "cd[[:space:]]+$dir[[:space:]]*&&[^|]*ctest" <<<"$joined" &&
            ! grep -qE -- "-D(BUILD_TESTING|TABULA_FUZZ)(:BOOL)?=ON" <<<"$line"; then
            echo "$name: runs ctest in $dir but does not configure it with -DBUILD_TESTING=ON"
            problems=$((problems + 1))
        fi
    done < <(grep -E '(^|[[:space:];&(])cmake[[:space:]]+-S' <<<"$joined" || true)
done

[ "$checked" -gt 0 ] || { echo "no configure command found under $root/scripts"; exit 1; }
if [ "$problems" -gt 0 ]; then
    echo "$problems missing option(s) in $checked configure command(s)"
    exit 1
fi
echo "ok: $checked configure command(s) set ${required[*]}"
