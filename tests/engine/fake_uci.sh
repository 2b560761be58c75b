#!/usr/bin/env bash
# A stand-in UCI engine for the match command's test (no test may need a real engine): it
# completes the handshake (uci -> uciok, isready -> readyok), takes any setoption, and answers
# every go with the null move 0000, which `tabula match` scores as a failure to move.
while read -r line; do
    case "$line" in
        uci) echo "id name fake"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1"; echo "bestmove 0000" ;;
        quit) exit 0 ;;
    esac
done
