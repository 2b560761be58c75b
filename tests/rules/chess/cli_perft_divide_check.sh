#!/usr/bin/env bash
# tabula perft chess 2 --fen <Kiwipete> --divide: 48 root moves "uci: count", then the total
# (2039, chessprogramming.org Perft Results) as the last line; e1g1: 43 as Stockfish 15.1 divides.
set -euo pipefail
tabula=$1
out=$("$tabula" perft chess 2 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" --divide 2>/dev/null)
[ "$(tail -n 1 <<<"$out")" = "2039" ] || { echo "last line is not 2039"; exit 1; }
[ "$(grep -cE '^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$' <<<"$out")" = "48" ] || { echo "not 48 root moves"; exit 1; }
grep -qx 'e1g1: 43' <<<"$out" || { echo "e1g1: 43 missing"; exit 1; }
sum=$(grep -E ': ' <<<"$out" | awk -F': ' '{s += $2} END {print s}')
[ "$sum" = "2039" ] || { echo "root counts sum to $sum"; exit 1; }
echo ok
