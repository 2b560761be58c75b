// The client's copy of one table, at two seats as at more (Chinese checkers for 3, 4, 6 and
// Halma for 4): every seat is its index in turn order, as the wire names it (docs/protocol.md,
// protocol 5), and a two-seat table is the same model with two seats (colour is only how the
// page draws them: seat 0 White, seat 1 Black).
//   {code, variant, private, rated, time: {base_ms, increment_ms, delay_ms, per_move_ms, days},
//    version, status: 'waiting'|'playing'|'finished'|'closed' (the wire's), seats: [Seat|null] by seat
//      (Seat = {...Player, connected, retired, left_reason}),
//    you: seat | null (a spectator), spectators: count, position: grid, position_text,
//    legal_moves: [MoveView], to_move: seat | null, start_position, game_number, ply,
//    moves: [MoveView], clocks: {remaining_ms: [ms by seat], to_move, running} | null,
//    draw_offer: seat | null, takeback: {by, plies, accepted: [seat], waiting: [seat]} | null,
//    takeback_declined_by: seat | null, rematch_offers: [bool by seat],
//    rematch_declined_by: seat | null,
//    result: null | {kind: 'win'|'draw'|'ranked'|'aborted', winner, places, reason, did_not_start},
//    chat: [{from, text, spectator, at}], absent: seat whose grace ran out | null,
//    finished: seats in finishing order (the halma family), started_at: ms | null,
//    game_id: integer | null}
// `left_reason` (resign, flag, abandonment) comes with `player_retired` and with a seat of the
// state that has left. read_table() makes the copy from a `table` message; apply_event()
// folds one versioned table_event into it; a gap in versions returns null so the caller asks
// for a resync.

import { is_halma_variant } from '../board/halma_cells.js';

// Chat lines the client keeps: the server's history (50) and what arrives while watching.
const CHAT_SHOWN = 200;

// Whether the table's game is over: the wire's status `finished` (the game ended) or `closed`
// (the table closed; docs/protocol.md 7.1, "Table summary").
export function game_over(state) {
    return state.status === 'finished' || state.status === 'closed';
}

// A seat of the state ({...Player, connected, disconnected_since, retired, left_reason}) or
// of an event (a Player, who has just sat down: connected).
function seat_of(p) {
    if (!p) return null;
    return { ...p, connected: p.connected !== false, retired: !!p.retired,
             left_reason: p.retired ? p.left_reason || null : null };
}

// A chat line of the state ({from, display_name, spectator, text, at}) or of a `chat_posted`
// event (dated by the event's `at`); shown by name.
function chat_line(c, at = null) {
    return { from: c.display_name || c.from, text: c.text, spectator: !!c.spectator,
             at: Number.isInteger(c.at) ? c.at : at };
}

// The seats that finished, in finishing order, from a halma position text
// "<to move>:<seat 1 cells>:…:<seat N cells>:<moves>:<finished>[:<left>]"
// (rules/halma/README.md, "Position notation"), finished seats counted from 1.
export function finished_seats(position, seats) {
    const fields = typeof position === 'string' ? position.split(':') : [];
    const field = fields[seats + 2];
    if (!field || field === '-') return [];
    return field.split(',').map(Number).filter((n) => Number.isInteger(n) && n >= 1 && n <= seats).map((n) => n - 1);
}

// The seats in the order of their places (1 first; a tie keeps seat order).
export function seats_by_place(places) {
    return places.map((place, seat) => [place, seat]).filter(([p]) => p > 0)
        .sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, seat]) => seat);
}

function finished_of(variant, position, seats) {
    return is_halma_variant(variant) ? finished_seats(position, seats) : [];
}

const seat_list = (a) => (Array.isArray(a) ? a.slice() : []);

// The copy of a table from a `table` message ({table: code, you: seat | null, state}).
export function read_table(msg) {
    const t = msg.state;
    const setup = t.setup;
    const seats = t.seats.map(seat_of);
    return {
        code: msg.table,
        variant: setup.variant,
        private: !!setup.private,
        rated: !!setup.rated,
        time: setup.time,
        version: t.version,
        status: t.status,
        seats,
        you: Number.isInteger(msg.you) ? msg.you : null,
        spectators: t.spectators.length,
        position: t.board,
        position_text: t.position,
        legal_moves: t.legal_moves,
        to_move: Number.isInteger(t.to_move) ? t.to_move : null,
        start_position: t.start_position,
        game_number: t.game_number,
        ply: t.ply,
        // Every move whole (§7.1: with its path and captures), which stepping back through a
        // draughts capture that turns a corner needs after a join or a reload.
        moves: t.history,
        clocks: t.clocks,
        clocks_at: performance.now(),
        draw_offer: t.draw_offer,
        takeback: Number.isInteger(t.takeback_request)
            ? { by: t.takeback_request, plies: null, accepted: seat_list(t.takeback_accepted),
                waiting: seat_list(t.takeback_waiting) }
            : null,
        takeback_declined_by: null,
        rematch_offers: t.rematch_offers.map(Boolean),
        rematch_declined_by: null,
        result: t.result,
        chat: t.chat.map((c) => chat_line(c)),
        absent: null,
        finished: finished_of(setup.variant, t.position, seats.length),
        started_at: t.started_at, // the record's Date
        game_id: t.game_id, // stored: /api/games/<id>
    };
}

function with_seat(seats, seat, value) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= seats.length) return seats;
    const out = seats.slice();
    out[seat] = value;
    return out;
}

// Folds one table_event ({version, at, event: {type, ...}}) into the state: the new state, the
// same state for an old event, or null when events were missed. The types are exactly those
// of docs/protocol.md ("Table events").
export function apply_event(state, msg) {
    if (!Number.isInteger(msg.version)) return state;
    if (msg.version <= state.version) return state;
    if (msg.version !== state.version + 1) return null;
    const e = msg.event;
    const next = { ...state, version: msg.version };
    switch (e.type) {
    case 'move_played':
        next.moves = [...state.moves.slice(0, e.ply), e.move];
        next.ply = e.ply + 1;
        // A resync's replayed older move carries no board: the next event has one.
        if (e.board) next.position = e.board;
        next.position_text = e.position;
        next.legal_moves = e.legal_moves;
        next.to_move = e.to_move;
        next.finished = finished_of(state.variant, e.position, state.seats.length);
        next.status = 'playing';
        next.draw_offer = null;
        next.takeback = null; // a move calls an asked takeback off
        next.takeback_declined_by = null; // and a decline is old news
        break;
    case 'game_started': {
        next.status = 'playing';
        next.result = null;
        next.finished = [];
        next.takeback = null;
        next.takeback_declined_by = null;
        next.draw_offer = null;
        next.rematch_offers = state.seats.map(() => false);
        next.rematch_declined_by = null;
        // A rematch moves everyone one seat round: follow our own player to its new seat.
        const mine = state.you !== null && state.seats[state.you] ? state.seats[state.you].id : null;
        next.seats = e.players.map((p) => {
            const was = state.seats.find((s) => s && s.id === p.id);
            return { ...seat_of(p), connected: was ? was.connected : true };
        });
        if (mine) {
            const at = e.players.findIndex((p) => p.id === mine);
            if (at >= 0) next.you = at;
        }
        next.position = e.board;
        next.position_text = e.start_position;
        next.moves = [];
        next.ply = 0;
        next.to_move = e.clocks.to_move;
        next.start_position = e.start_position;
        next.game_id = null; // a new game: stored under its own id
        if (Number.isInteger(msg.at)) next.started_at = msg.at; // the record's Date
        next.game_number = e.game_number;
        next.legal_moves = e.legal_moves;
        break;
    }
    case 'takeback_requested':
        next.takeback = { by: e.by, plies: e.plies, accepted: [], waiting: seat_list(e.waiting) };
        next.takeback_declined_by = null;
        break;
    case 'takeback_accepted':
        if (state.takeback) next.takeback = { ...state.takeback, accepted: seat_list(e.accepted), waiting: seat_list(e.waiting) };
        break;
    case 'takeback_declined':
        next.takeback = null;
        next.takeback_declined_by = e.by;
        break;
    case 'takeback_done': {
        const moves = state.moves.slice(0, e.ply);
        if (e.ply > 0 && e.last_move) moves[e.ply - 1] = e.last_move;
        next.moves = moves;
        next.ply = e.ply;
        if (e.board) next.position = e.board;
        next.position_text = e.position;
        next.legal_moves = e.legal_moves;
        next.to_move = e.clocks.to_move;
        next.finished = finished_of(state.variant, e.position, state.seats.length);
        next.takeback = null;
        next.takeback_declined_by = null;
        break;
    }
    case 'player_retired':
        if (state.seats[e.seat]) {
            next.seats = with_seat(state.seats, e.seat, { ...state.seats[e.seat], retired: true, left_reason: e.reason || null });
        }
        next.to_move = e.to_move;
        next.legal_moves = e.legal_moves;
        if (state.absent === e.seat) next.absent = null;
        next.takeback = null; // a leave is not taken back: an asked takeback is off
        break;
    case 'player_seated': next.seats = with_seat(state.seats, e.seat, seat_of(e.player)); break;
    case 'player_left': next.seats = with_seat(state.seats, e.seat, null); break;
    case 'connection_changed':
        if (state.seats[e.seat]) next.seats = with_seat(state.seats, e.seat, { ...state.seats[e.seat], connected: !!e.connected });
        if (e.connected && state.absent === e.seat) next.absent = null;
        break;
    case 'abandonment_claimable': next.absent = e.seat; break;
    case 'draw_offered': next.draw_offer = e.by; break;
    case 'draw_declined':
    case 'draw_offer_withdrawn': next.draw_offer = null; break;
    case 'rematch_offered': next.rematch_offers = with_seat(state.rematch_offers, e.by, true); break;
    case 'rematch_declined':
        next.rematch_offers = state.seats.map(() => false);
        next.rematch_declined_by = e.by;
        break;
    case 'game_ended':
        next.status = 'finished';
        next.absent = null;
        next.result = e.result;
        if (Number.isInteger(e.game_id)) next.game_id = e.game_id;
        next.legal_moves = [];
        next.draw_offer = null;
        next.takeback = null;
        break;
    case 'table_closed':
        next.status = 'closed';
        if (!state.result) next.result = { kind: 'aborted', winner: null, places: null, reason: e.reason, did_not_start: null };
        next.legal_moves = [];
        break;
    case 'chat_posted': next.chat = [...state.chat, chat_line(e, msg.at)].slice(-CHAT_SHOWN); break;
    case 'spectator_joined': next.spectators = state.spectators + 1; break;
    case 'spectator_left': next.spectators = Math.max(0, state.spectators - 1); break;
    case 'berserked': break; // an arena game's halved clock: its `clocks`, taken below
    default: break;
    }
    if (e.clocks) {
        next.clocks = e.clocks;
        next.clocks_at = performance.now();
    }
    return next;
}

// The remaining time of every seat now, the running clock counted down locally (display only:
// the server's clock is the truth and every event corrects it): {remaining_ms, running: seat
// | null}, or null for a table without clocks.
export function clocks_now(state, now = performance.now()) {
    const c = state.clocks;
    if (!c) return null;
    const running = state.status === 'playing' && c.running ? c.to_move : null;
    const spent = running !== null ? now - state.clocks_at : 0;
    return { remaining_ms: c.remaining_ms.map((ms, seat) => (seat === running ? ms - spent : ms)), running };
}

// The colour a two-seat table draws a seat in (seat 0 White, seat 1 Black).
export function seat_color(seat) {
    return seat === 0 ? 'white' : 'black';
}
