#!/usr/bin/env bash
# Draughts perft speed: tabula against JavaScript libraries from npm, in the same run.
#
#   bench/run-draughts.sh <path/to/tabula> [options]
#     --international N   tabula depth for international (default 9)
#     --english N         tabula depth for english (default 11)
#     --turkish N         tabula depth for turkish (default 8; 0 skips it), counted with
#                         --keep-duplicates like the published (kish) table
#     --js-international N  depth for the draughts npm package (default 6)
#     --js-english N        depth for rapid-draughts (default 8)
#
# Every engine counts from the start position with bulk counting at the last ply. Each count
# is checked against the published table (sources in bench/README.md); a mismatch is flagged
# in the table, so a faster but wrong generator cannot win. The table goes to stdout.
set -u -o pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ $# -lt 1 || ! -x "$1" ]]; then
    echo "usage: $0 <path/to/tabula> [--international N] [--english N] [--turkish N]" \
         "[--js-international N] [--js-english N]" >&2
    exit 2
fi
tabula="$1"
shift
int_depth=9 eng_depth=11 turk_depth=8 js_int_depth=6 js_eng_depth=8
while [[ $# -gt 0 ]]; do
    case "$1" in
        --international) int_depth="$2"; shift 2 ;;
        --english) eng_depth="$2"; shift 2 ;;
        --turkish) turk_depth="$2"; shift 2 ;;
        --js-international) js_int_depth="$2"; shift 2 ;;
        --js-english) js_eng_depth="$2"; shift 2 ;;
        *) echo "$0: unknown option $1" >&2; exit 2 ;;
    esac
done

# Published counts, depth 1 first (see bench/README.md for the sources).
declare -A published=(
    [international]="9 81 658 4265 27117 167140 1049442 6483961 41022423 258895763"
    [english]="7 49 302 1469 7361 36768 179740 845931 3963680 18391564 85242128"
    [turkish]="8 64 708 7538 85090 931312 10782382 123290300 1454144462"
)

expected() { # variant depth -> published count or "-"
    local counts=(${published[$1]})
    if [[ "$2" -ge 1 && "$2" -le ${#counts[@]} ]]; then
        echo "${counts[$(($2 - 1))]}"
    else
        echo "-"
    fi
}

rows=()
add_row() { # engine variant depth nodes seconds
    local want check rate seconds
    want="$(expected "$2" "$3")"
    if [[ "$4" == "-" ]]; then check="failed"
    elif [[ "$want" == "-" ]]; then check="unpublished"
    elif [[ "$4" == "$want" ]]; then check="ok"
    else check="WRONG (published $want)"; fi
    rate="$(awk -v n="$4" -v s="$5" 'BEGIN {
        if (n ~ /^[0-9]+$/ && s + 0 > 0) printf "%.0f", n / s; else print "-" }')"
    seconds="$(awk -v s="$5" 'BEGIN { printf "%.4f", s }')"
    rows+=("$1|$2|$3|$4|$seconds|$rate|$check")
}

run_tabula() { # variant depth [extra perft options]
    local out err nodes seconds
    err="$(mktemp)"
    out="$("$tabula" perft "$@" 2>"$err")" || { echo "tabula perft $* failed: $(cat "$err")" >&2; }
    nodes="$(printf '%s\n' "$out" | tail -n 1)"
    [[ "$nodes" =~ ^[0-9]+$ ]] || nodes="-"
    seconds="$(sed -n 's/^time \([0-9.e+-]*\) s.*/\1/p' "$err" | tail -n 1)"
    rm -f "$err"
    add_row "tabula" "$1" "$2" "$nodes" "${seconds:-0}"
}

run_js() { # library variant depth
    local line nodes seconds
    line="$(node "$here/js-draughts/perft.mjs" "$1" "$2" "$3")" || line=""
    nodes="$(awk '{ for (i = 1; i < NF; ++i) if ($i == "nodes") print $(i + 1) }' <<<"$line")"
    seconds="$(awk '{ for (i = 1; i < NF; ++i) if ($i == "seconds") print $(i + 1) }' <<<"$line")"
    add_row "$1 (npm)" "$2" "$3" "${nodes:--}" "${seconds:-0}"
}

if [[ ! -d "$here/js-draughts/node_modules" ]]; then
    echo "installing the pinned npm packages (npm ci)..." >&2
    (cd "$here/js-draughts" && npm ci --silent) || { echo "npm ci failed" >&2; exit 1; }
fi

run_tabula international "$int_depth"
run_js draughts international "$js_int_depth"
run_tabula english "$eng_depth"
run_js rapid-draughts english "$js_eng_depth"
[[ "$turk_depth" -gt 0 ]] && run_tabula turkish "$turk_depth" --keep-duplicates

{
    echo "engine|variant|depth|nodes|seconds|nodes/s|count"
    printf '%s\n' "${rows[@]}"
} | column -t -s '|'

# Speed ratio per variant: tabula's nodes/s over the JavaScript library's.
echo
for row in "${rows[@]}"; do
    IFS='|' read -r engine variant _ _ _ rate _ <<<"$row"
    [[ "$engine" == "tabula" ]] || continue
    for other in "${rows[@]}"; do
        IFS='|' read -r js_engine js_variant _ _ _ js_rate _ <<<"$other"
        [[ "$js_engine" != "tabula" && "$js_variant" == "$variant" ]] || continue
        awk -v v="$variant" -v a="$rate" -v b="$js_rate" -v e="$js_engine" 'BEGIN {
            if (a ~ /^[0-9]+$/ && b ~ /^[0-9]+$/ && b > 0)
                printf "%s: tabula is %.1f times as fast as %s\n", v, a / b, e }'
    done
done
