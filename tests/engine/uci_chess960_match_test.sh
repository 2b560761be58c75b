#!/usr/bin/env bash
# `tabula match chess960` against a UCI engine (tests/engine/fake_uci_engine.cpp, which reads
# what it is sent by the rules and logs it): the engine is put in its Chess960 mode with
# `setoption name UCI_Chess960 value true` before isready, is sent Chess960 start positions as
# X-FEN, and its castling moves, written as the king taking its own rook, are played. Every
# engine move must be legal (no "failed to move"), and the records are Chess960 PGN.
#   bash tests/engine/uci_chess960_match_test.sh <tabula> <fake_uci_engine>
set -uo pipefail
tabula=$1
fake=$2
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

out="$(timeout 120 "$tabula" match chess960 random "uci:$fake $tmp/engine.log" \
    --games 4 --movetime 10 --seed 3 --records "$tmp/games.pgn" 2>&1)" ||
    fail "tabula match exited with $?: $out"
echo "$out"
log="$(cat "$tmp/engine.log")"

grep -q 'failed to move' <<<"$out" && fail "an engine move was refused or missing"
grep -q '^match: random [0-4]-[0-4]-[0-4] uci:' <<<"$out" || fail "no score line"
unread="$(grep '^error' <<<"$log" | head -1)"
[ -z "$unread" ] || fail "the engine could not read what it was sent: $unread"

# The option comes with the handshake, before the first isready.
first_option="$(grep -n '^< setoption name UCI_Chess960 value true$' <<<"$log" |
    head -1 | cut -d: -f1)"
first_ready="$(grep -n '^< isready$' <<<"$log" | head -1 | cut -d: -f1)"
[ -n "$first_option" ] || fail "UCI_Chess960 was not set"
[ "$first_option" -lt "$first_ready" ] || fail "UCI_Chess960 was set after isready"

# Start positions as X-FEN, not startpos; the pairs of games start from other arrangements
# than the standard one.
grep -q '^< position startpos' <<<"$log" && fail "a Chess960 game was sent as startpos"
fens="$(sed -n 's/^< position fen \([^ ]* [wb] [^ ]* [^ ]* [0-9]* [0-9]*\).*/\1/p' <<<"$log" |
    sort -u)"
grep -qE '^[bnqkr]{8}/pppppppp/8/8/8/8/PPPPPPPP/[BNQKR]{8} w KQkq - 0 1$' <<<"$fens" ||
    fail "no Chess960 start position in X-FEN: $fens"
grep -vq '^rnbqkbnr/' <<<"$fens" || fail "every game started from the standard arrangement"

# The engine castled as the king takes its own rook (e1h1-like: same rank, onto a rook), and
# the match played it: the game went on after it.
castle="$(grep '^castle ' <<<"$log" | head -1)"
[ -n "$castle" ] || fail "the engine never castled"
grep -qE '^castle [a-h]([18])[a-h]\1 O-O' <<<"$castle" || fail "not king takes rook: $castle"
move="$(cut -d' ' -f2 <<<"$castle")"
grep -qE "^< position fen .* moves( [a-h][1-8][a-h][1-8][qrbn]?)* $move( |$)" <<<"$log" ||
    fail "the castling $move was not among the moves sent afterwards"

grep -q '^\[Variant "Chess960"\]' "$tmp/games.pgn" || fail "no Variant tag in the records"
grep -q '^\[FEN ' "$tmp/games.pgn" || fail "no FEN tag in the records"
grep -q 'O-O' "$tmp/games.pgn" || fail "no castling in the records"
echo "ok: $castle"
