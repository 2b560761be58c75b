#!/usr/bin/env bash
# The strength ladder of the computer opponent, run by hand (never in CI: it takes hours).
#
#   bench/engine-ladder.sh <path/to/tabula> [options]
#     --games N       games per pair and variant (default 40)
#     --movetime MS   per move for the level pairs (default 100)
#     --variants "V…" variants to climb (default: every variant)
#     --seed S        opening and choice seed (default 1)
#     --stockfish     also Hard against Stockfish (Debian package `stockfish`, 15.1 in
#                     bookworm) limited to 1800, 2000 and 2200 Elo, chess at 1 s a move
#
# Each pair prints its `match:` line and the score with its 95 % interval; the issue asks
# each level to score at least 75 % against the one below, and Hard at least 50 % against
# Stockfish at 1800. Run it on an otherwise idle machine, one match at a time: Hard's
# strength follows the CPU it gets (the lower levels are capped by nodes and do not).
set -u -o pipefail

if [[ $# -lt 1 || ! -x "$1" ]]; then
    echo "usage: $0 <path/to/tabula> [--games N] [--movetime MS] [--variants \"V …\"]" \
         "[--seed S] [--stockfish]" >&2
    exit 2
fi
tabula="$1"
shift
games=40 movetime=100 seed=1 stockfish=0
variants="chess international brazilian russian english italian spanish pool czech turkish antidraughts russian-giveaway"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --games) games="$2"; shift 2 ;;
        --movetime) movetime="$2"; shift 2 ;;
        --variants) variants="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --stockfish) stockfish=1; shift ;;
        *) echo "$0: unknown option $1" >&2; exit 2 ;;
    esac
done

run() { # run <variant> <a> <b> <movetime>
    local started=$SECONDS
    local out
    out=$("$tabula" match "$1" "$2" "$3" --games "$games" --movetime "$4" --seed "$seed" | tail -2)
    printf '%-18s %s | %s (%d s)\n' "$1" "$(tail -1 <<<"$out")" "$(head -1 <<<"$out")" \
        $((SECONDS - started))
}

for variant in $variants; do
    run "$variant" random easy "$movetime"
    run "$variant" easy medium "$movetime"
    run "$variant" medium hard "$movetime"
done

if [[ $stockfish -eq 1 ]]; then
    # Debian installs it in /usr/games, which is not on root's PATH.
    sf=$(command -v stockfish || echo /usr/games/stockfish)
    if [[ ! -x "$sf" ]]; then
        echo "$0: stockfish not found (apt-get install stockfish)" >&2
        exit 1
    fi
    for elo in 1800 2000 2200; do
        run chess hard "uci:$sf?UCI_LimitStrength=true&UCI_Elo=$elo" 1000
    done
    # Medium and Easy against Stockfish's floor (1350 in Stockfish 15.1).
    run chess medium "uci:$sf?UCI_LimitStrength=true&UCI_Elo=1350" 1000
    run chess easy "uci:$sf?UCI_LimitStrength=true&UCI_Elo=1350" 1000
fi
