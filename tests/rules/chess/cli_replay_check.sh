#!/usr/bin/env bash
# tabula replay chess chess_real_games.pgn prints "game <n>: ok <plies> <outcome>" for each of
# the 45 games; plies and outcome must match the manifest (chess.js and pgn-extract).
set -euo pipefail
tabula=$1
games=$2
expected=$(awk -F'\t' 'NR > 1 {
    state = $14
    if (state == "-") state = "ongoing"
    if (state == "50-move") state = "fifty-move"
    printf "game %s: ok %s %s\n", $1, $9, state }' "$games/chess_real_games_manifest.tsv")
actual=$("$tabula" replay chess "$games/chess_real_games.pgn")
if [ "$actual" != "$expected" ]; then
    diff <(echo "$expected") <(echo "$actual")
    exit 1
fi
echo ok
