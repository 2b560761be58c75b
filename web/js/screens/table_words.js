// What the table page says in words, from the table state (table_state.js), for two seats and
// more alike: who each seat is, the status line (whose turn it is), the result line, the
// clocks read out and a move announced. At a two-seat table of chess or draughts a seat is
// its colour (seat 0 White, seat 1 Black); at the halma family's tables (whose colours are not
// white and black) and at tables of more than two it is its player's name.

import { is_halma_variant } from '../board/halma_cells.js';
import { game_over } from '../net/table_state.js';
import { format_clock } from '../ui/time_format.js';
import { result_text } from './table_view.js';

// The players' names by seat ("Seat 2" for an open one).
export function player_names(s) {
    return s.seats.map((p, i) => (p ? p.name : `Seat ${i + 1}`));
}

// Who each seat is in the page's sentences: White and Black, or the players' names.
export function side_names(s) {
    if (s.seats.length === 2 && !is_halma_variant(s.variant)) return ['White', 'Black'];
    return player_names(s);
}

// The result in words ("White wins · resignation"), '' while the game is on.
export function result_line(s) {
    return result_text(s.result, side_names(s));
}

// The status line: whose turn it is, for players and spectators; `pending`: our move is sent.
export function status_text(s, pending) {
    const two = s.seats.length === 2;
    if (game_over(s)) return 'Game over';
    if (s.status === 'waiting') {
        if (two) return s.private ? 'Waiting for your opponent: share the code or the link.' : 'Waiting for an opponent…';
        const seated = s.seats.filter(Boolean).length;
        return `Waiting for players (${seated} of ${s.seats.length} seated)${s.private ? ': share the code or the link.' : '…'}`;
    }
    const mover = side_names(s)[s.to_move];
    if (s.you === null) return `${mover} to move · you are watching`;
    if (s.seats[s.you] && s.seats[s.you].retired) return `You have left this game · ${mover} to move`;
    if (pending) return 'Move sent…';
    if (s.to_move === s.you) return 'Your move';
    return two ? 'Waiting for your opponent’s move' : `${mover} to move`;
}

// Every clock, and which one runs: "White, ann: 4:59, running. Black, bob: 5:00." (the
// players' names alone where the seat is its player). `c`: clocks_now() of table_state.js.
export function clocks_words(s, c) {
    if (!c) return 'This game has no clocks.';
    const sides = side_names(s);
    const players = player_names(s);
    return s.seats.map((p, i) => {
        const who = sides[i] !== players[i] && p ? `${sides[i]}, ${p.name}` : sides[i];
        return `${who}: ${format_clock(c.remaining_ms[i])}${c.running === i ? ', running' : ''}.`;
    }).join(' ');
}

// "Black played e5. Your move.": the last move as the move list writes it (`text`), who made
// it (`mover`, the seat to move before it) and what the status line says now.
export function move_words(s, mover, text, pending) {
    const who = mover === s.you && s.you !== null ? 'You' : side_names(s)[mover];
    const after = game_over(s) ? `Game over. ${result_line(s)}` : status_text(s, pending);
    return `${who} played ${text}. ${after}`;
}
