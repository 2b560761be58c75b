#!/usr/bin/env bash
# The strength ladder of the computer opponent, run by hand (never in CI or as a unit test).
#
#   bench/engine-ladder.sh <path/to/tabula> [options]
#     --games N          games per pair and variant (default 40)
#     --movetime MS      per move for the level pairs (default 100)
#     --variants "V…"    variants to climb (default: every variant of two players); "" climbs none
#     --seed S           opening and choice seed (default 1)
#     --stockfish        also chess against Stockfish with UCI_LimitStrength: Medium and Easy
#                        against Elo 1350 (Stockfish 15.1's floor), Hard against 1800, 2000
#                        and 2200
#     --sf-games N       games per Stockfish match (default: --games)
#     --sf-movetime MS   per move in the Stockfish matches (default 1000)
#     --sf-elos "E…"     Hard's opponents (default "1800 2000 2200")
#     --limit-minutes M  a match still running after M minutes is stopped and its finished
#                        games are reported, marked "partial" (default 240)
#     --nice N           niceness of every match (default 19, so builds on a shared machine
#                        come first; wall-clock movetimes then buy less CPU, which Hard feels)
#
# One match at a time. Each prints one line: variant, players, W-D-L from player a's view,
# score, its 95 % interval and the Elo difference it implies. The interval is the normal
# approximation: with n = W + D + L games and score s = (W + D/2) / n, the standard error of
# one game's score is sqrt((W + D/4) / n - s^2) (the sample deviation over the W/D/L
# counts), and the interval is s +- 1.96 * that / sqrt(n). It is too narrow near 0 and 100 %
# (a clean sweep gives +- 0); read those as "at least about 93 %" for 40 games (the rule of
# three: 1 - 3/n). The issue asks each level to score at least 75 % against the one below,
# and Hard at least 50 % against Stockfish 1800 at 1 s a move.
set -u -o pipefail

usage() {
    echo "usage: $0 <path/to/tabula> [--games N] [--movetime MS] [--variants \"V …\"]" \
        "[--seed S] [--stockfish] [--sf-games N] [--sf-movetime MS] [--sf-elos \"E …\"]" \
        "[--limit-minutes M] [--nice N]" >&2
    exit 2
}

[[ $# -ge 1 && -x "$1" ]] || usage
tabula="$1"
shift
games=40 movetime=100 seed=1 stockfish=0 sf_games="" sf_movetime=1000 limit_minutes=240 niceness=19
sf_elos="1800 2000 2200"
variants="chess chess960 international brazilian russian english italian spanish pool czech turkish antidraughts russian-giveaway frisian frysk breakthrough killer chinese-checkers-2 halma-2"
while [[ $# -gt 0 ]]; do
    [[ $# -ge 2 || "$1" == --stockfish ]] || usage
    case "$1" in
    --games) games="$2" ;;
    --movetime) movetime="$2" ;;
    --variants) variants="$2" ;;
    --seed) seed="$2" ;;
    --stockfish) stockfish=1; shift; continue ;;
    --sf-games) sf_games="$2" ;;
    --sf-movetime) sf_movetime="$2" ;;
    --sf-elos) sf_elos="$2" ;;
    --limit-minutes) limit_minutes="$2" ;;
    --nice) niceness="$2" ;;
    *) echo "$0: unknown option $1" >&2; usage ;;
    esac
    shift 2
done
sf_games="${sf_games:-$games}"

# summary <game lines file> <player a>: W-D-L, score, interval and Elo from the `game N:`
# lines (so a match stopped by the time limit still counts its finished games).
summary() {
    awk -v a="$2" '
        /^game [0-9]+: / {
            white_is_a = index($0, ": " a " (white) v ") > 0
            if ($0 ~ /: draw /) d++
            else if (($0 ~ /: 1-0 /) == white_is_a) w++
            else l++
        }
        END {
            n = w + d + l
            if (n == 0) { printf "no finished game"; exit }
            s = (w + d / 2) / n
            v = (w + d / 4) / n - s * s
            half = 1.96 * sqrt(v > 0 ? v : 0) / sqrt(n)
            printf "%d-%d-%d  score %.1f %% +- %.1f %% (95 %%, %d games)", w, d, l, 100 * s, 100 * half, n
            if (s > 0 && s < 1) printf ", Elo %+.0f", -400 * log(1 / s - 1) / log(10)
        }' "$1"
}

run() { # run <variant> <a> <b> <movetime> <games>
    local started=$SECONDS log status partial=""
    log=$(mktemp)
    timeout --kill-after=30s "${limit_minutes}m" nice -n "$niceness" \
        "$tabula" match "$1" "$2" "$3" --games "$5" --movetime "$4" --seed "$seed" >"$log" 2>&1
    status=$?
    if [[ $status -eq 124 || $status -eq 137 ]]; then
        partial=" partial: stopped after ${limit_minutes} min"
    elif [[ $status -ne 0 ]]; then
        partial=" failed (exit $status): $(tail -1 "$log")"
    fi
    printf '%-16s %s v %s, %s ms: %s (%d s)%s\n' "$1" "$2" "$3" "$4" "$(summary "$log" "$2")" \
        $((SECONDS - started)) "$partial"
    rm -f "$log"
}

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)," \
    "nice $niceness, seed $seed, $("$tabula" --version 2>/dev/null || echo "$tabula")"

for variant in $variants; do
    run "$variant" random easy "$movetime" "$games"
    run "$variant" easy medium "$movetime" "$games"
    run "$variant" medium hard "$movetime" "$games"
done

if [[ $stockfish -eq 1 ]]; then
    # Debian installs it in /usr/games, which is not on root's PATH.
    sf=$(command -v stockfish || echo /usr/games/stockfish)
    if [[ ! -x "$sf" ]]; then
        echo "$0: stockfish missing, installing Debian's package" >&2
        apt-get install -y stockfish >&2 || { echo "$0: cannot install stockfish" >&2; exit 1; }
    fi
    limited="uci:$sf?UCI_LimitStrength=true&UCI_Elo="
    run chess medium "${limited}1350" "$sf_movetime" "$sf_games"
    run chess easy "${limited}1350" "$sf_movetime" "$sf_games"
    for elo in $sf_elos; do
        run chess hard "${limited}$elo" "$sf_movetime" "$sf_games"
    done
fi
echo "# done $(date -u '+%Y-%m-%d %H:%M UTC')"
