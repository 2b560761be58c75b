// The client's copy of one table, as assumed from the protocol (see api.js):
//   {code, variant, private, rated, time, version, status: 'waiting'|'playing'|'over',
//    seats: {white: Player|null, black: Player|null}  Player = {name, rating, provisional, online}
//    you: 'white'|'black'|null, spectators, position: grid, legal_moves: [MoveView],
//    to_move: 'white'|'black', ply, moves: [MoveView], clocks: {white_ms, black_ms, running},
//    draw_offer, takeback_offer, rematch_offer: 'white'|'black'|null,
//    result: null | {winner: 'white'|'black'|null, reason}, chat: [{from, text, spectator, at}],
//    absent: 'white'|'black'|null, started_at: ms|null, game_id: integer|null}
// A table of more than two seats (Chinese checkers for 3, 4, 6, Halma for 4) has `group: true`
// and keeps its seats, turn, clocks and result by seat index instead (group_state.js).
// apply_event() folds one versioned table_event into it; a gap in versions returns null so
// the caller asks for a resync.

import { from_wire_time } from './api.js';
import { apply_group_event, group_clocks, group_clocks_now, is_group_table, normalise_group } from './group_state.js';

// A seat as sent ({...Player, connected}) with `online` for the view.
function seat(p) {
    return p ? { ...p, online: 'connected' in p ? !!p.connected : p.online !== false } : null;
}

// Moves as sent: MoveView objects, or canonical strings beside `moves_display`. A table state
// sends every move whole in `history` (§7.1: Moves with their path and captures), which the
// stepping back through a draughts capture that turns a corner needs after a join or a reload;
// `last_move` alone (a takeback_done event) gives the last move's cells.
function moves_of(t) {
    if (Array.isArray(t.history) && t.history.length === (t.moves || []).length) {
        return t.history.map((m) => ({ move: m.move, display: m.display || m.move,
                                       path: m.path || [], captures: m.captures || [] }));
    }
    const moves = (t.moves || []).map((m, i) => (typeof m === 'string'
        ? { move: m, display: (t.moves_display || [])[i] || m, path: [], captures: [] } : m));
    const last = t.last_move;
    const n = moves.length;
    if (n && last && typeof last === 'object' && last.move === moves[n - 1].move) {
        moves[n - 1] = { ...moves[n - 1], path: last.path || [], captures: last.captures || [] };
    }
    return moves;
}

// A chat line as sent: the state's {from, display_name, spectator, text, at} or a `chat`
// event's fields (with the event's `at`); shown by name.
export function chat_line(c, at) {
    return { from: c.display_name || c.from_name || c.from, text: c.text,
             spectator: !!c.spectator, at: Number.isInteger(c.at) ? c.at : at ?? null };
}

const STATUS = { finished: 'over', closed: 'over' };

// Chat lines the client keeps: the server's history (50) and what arrives while watching.
const CHAT_SHOWN = 200;

export function normalise_table(t) {
    const setup = t.setup || t;
    const offers = t.rematch_offers || {};
    const table = {
        code: t.code,
        variant: setup.variant || 'chess',
        private: !!setup.private,
        rated: !!setup.rated,
        time: from_wire_time(setup.time),
        version: Number.isInteger(t.version) ? t.version : 0,
        status: STATUS[t.status] || t.status || 'waiting',
        seats: { white: seat(t.seats?.white), black: seat(t.seats?.black) },
        you: t.you === 'white' || t.you === 'black' ? t.you : null,
        spectators: Array.isArray(t.spectators) ? t.spectators.length : t.spectators || 0,
        position: t.board && typeof t.board === 'object' ? t.board : t.position,
        legal_moves: t.legal_moves || [],
        to_move: t.to_move || side_to_move(t.start_position) || 'white',
        start_position: t.start_position || null,
        game_number: Number.isInteger(t.game_number) ? t.game_number : 1,
        ply: Number.isInteger(t.ply) ? t.ply : (t.moves || []).length,
        moves: moves_of(t),
        clocks: normalise_clocks(t.clocks),
        clocks_at: performance.now(),
        draw_offer: t.draw_offer || null,
        takeback_offer: t.takeback_offer || t.takeback_request || null,
        rematch_offer: t.rematch_offer || (offers.white ? 'white' : offers.black ? 'black' : null),
        result: normalise_result(t.result),
        chat: Array.isArray(t.chat) ? t.chat.map((c) => chat_line(c)) : [],
        absent: t.absent || null, // a seat whose grace period ran out: the other may claim
        started_at: Number.isInteger(t.started_at) ? t.started_at : null, // the record's Date
        game_id: Number.isInteger(t.game_id) ? t.game_id : null, // stored: /api/games/<id>
        group: false,
    };
    return is_group_table(t) ? { ...table, ...normalise_group(t) } : table;
}

// Clocks as sent: {white_ms, black_ms, running} or lobby's ClockView shape
// {remaining: [white, black], to_move, running}.
export function normalise_clocks(c) {
    if (!c) return null;
    if (Array.isArray(c.remaining)) {
        return { white_ms: c.remaining[0], black_ms: c.remaining[1], running: c.running ? c.to_move : null };
    }
    if (typeof c.running === 'boolean') {
        return { white_ms: c.white_ms, black_ms: c.black_ms, running: c.running ? c.to_move : null };
    }
    return c;
}

// A result as sent: {winner, reason} or {kind: '1-0'|'0-1'|'1/2-1/2'|'aborted'|'white_wins'|..., reason}.
export function normalise_result(r) {
    if (!r) return null;
    if ('winner' in r) return r;
    const kind = String(r.kind || '').toLowerCase();
    const winner = kind === '1-0' || kind.startsWith('white') ? 'white'
        : kind === '0-1' || kind.startsWith('black') ? 'black' : null;
    return { winner, reason: kind === 'aborted' && !r.reason ? 'abort' : r.reason };
}

const other = (c) => (c === 'white' ? 'black' : 'white');

// The side to move in a start position (chess FEN "... w ...", draughts FEN "B:W21-32:B1-12"):
// English and pool draughts start with Black. A chess FEN is the one with spaces.
function side_to_move(fen) {
    const text = typeof fen === 'string' ? fen : '';
    const letter = text.includes(' ') ? text.split(' ')[1] : text[0];
    return { w: 'white', W: 'white', b: 'black', B: 'black' }[letter] || null;
}

// Event types are accepted under the client's first guesses ('moved', 'seated', ...) and under
// the names of lobby/table_events.h in snake case ('move_played', 'player_seated', ...).
// Returns the new state, the same state for an old event, or null when events were missed.
export function apply_event(state, msg) {
    if (!Number.isInteger(msg.version)) return state;
    if (msg.version <= state.version) return state;
    if (msg.version !== state.version + 1) return null;
    const e = msg.event || {};
    const colour = e.colour || e.color;
    const grid = (x) => (x && typeof x === 'object' ? x : null);
    const next = { ...state, version: msg.version };
    if (state.group && apply_group_event(next, state, e, msg)) {
        if (e.clocks) {
            next.clocks = group_clocks(e.clocks) || state.clocks;
            next.clocks_at = performance.now();
        }
        return next;
    }
    switch (e.type) {
    case 'move':
    case 'moved':
    case 'move_played':
        next.moves = [...state.moves.slice(0, e.ply), e.move];
        next.ply = e.ply + 1;
        next.position = grid(e.board) || grid(e.position) || state.position;
        next.legal_moves = e.legal_moves || [];
        next.to_move = e.to_move || other(e.by || state.to_move);
        next.draw_offer = null;
        next.takeback_offer = null;
        next.status = 'playing';
        break;
    case 'started':
    case 'game_started':
        next.status = 'playing';
        next.result = null;
        next.rematch_offer = null;
        if (e.white || e.black) {
            next.seats = { white: seat(e.white) || state.seats.white, black: seat(e.black) || state.seats.black };
            // A rematch swaps the colours: follow our own player to its new seat.
            const mine = state.you && state.seats[state.you] && state.seats[state.you].id;
            if (mine && e.white && e.white.id === mine) next.you = 'white';
            else if (mine && e.black && e.black.id === mine) next.you = 'black';
        }
        if (grid(e.board)) {
            next.position = e.board;
            next.moves = [];
            next.ply = 0;
            next.to_move = (e.clocks && e.clocks.to_move) || side_to_move(e.start_position) || 'white';
        }
        if (typeof e.start_position === 'string') next.start_position = e.start_position;
        if (Number.isInteger(msg.at)) next.started_at = msg.at; // the record's Date
        next.game_id = null; // a new game: stored under its own id
        if (Number.isInteger(e.game_number)) next.game_number = e.game_number;
        if (e.legal_moves) next.legal_moves = e.legal_moves;
        break;
    case 'takeback_done':
        next.ply = e.ply;
        next.moves = moves_of({ moves: state.moves.slice(0, e.ply), last_move: e.last_move });
        next.position = grid(e.board) || state.position;
        next.legal_moves = e.legal_moves || [];
        next.to_move = (e.plies_undone ?? state.ply - e.ply) % 2 ? other(state.to_move) : state.to_move;
        next.takeback_offer = null;
        break;
    case 'seated':
    case 'player_seated':
        next.seats = { ...state.seats, [colour]: seat(e.player) };
        break;
    case 'left':
    case 'player_left':
        next.seats = { ...state.seats, [colour]: null };
        break;
    case 'presence':
    case 'connection':
    case 'connection_changed': {
        const online = 'online' in e ? !!e.online : !!e.connected;
        if (state.seats[colour]) next.seats = { ...state.seats, [colour]: { ...state.seats[colour], online } };
        if (online && state.absent === colour) next.absent = null;
        break;
    }
    case 'draw_offered': next.draw_offer = e.by; break;
    case 'draw_declined':
    case 'draw_withdrawn':
    case 'draw_offer_withdrawn': next.draw_offer = null; break;
    case 'takeback_offered':
    case 'takeback_requested': next.takeback_offer = e.by; break;
    case 'takeback_declined': next.takeback_offer = null; break;
    case 'rematch_offered': next.rematch_offer = e.by; break;
    case 'rematch_declined': next.rematch_offer = null; break;
    case 'ended':
    case 'game_ended':
        next.status = 'over';
        next.absent = null;
        next.result = normalise_result(e.result);
        if (Number.isInteger(e.game_id)) next.game_id = e.game_id;
        next.legal_moves = [];
        next.draw_offer = null;
        next.takeback_offer = null;
        break;
    case 'closed':
    case 'table_closed':
        next.status = 'over';
        next.result = { winner: null, reason: e.reason || 'closed' };
        next.legal_moves = [];
        break;
    case 'chat':
    case 'chat_posted': next.chat = [...state.chat, chat_line(e, msg.at)].slice(-CHAT_SHOWN); break;
    case 'abandonment_claimable': next.absent = e.absent || colour; break;
    case 'spectators': next.spectators = e.count; break;
    case 'spectator_joined': next.spectators = state.spectators + 1; break;
    case 'spectator_left': next.spectators = Math.max(0, state.spectators - 1); break;
    default: break;
    }
    if (e.clocks) {
        next.clocks = state.group ? group_clocks(e.clocks) || state.clocks : normalise_clocks(e.clocks);
        next.clocks_at = performance.now();
    }
    return next;
}

// Remaining time of each side now, counting down the running clock locally (display only:
// the server's clock is the truth and every event corrects it).
// A table of more than two: {seats: [ms by seat], running: seat | null}.
export function clocks_now(state, now = performance.now()) {
    if (!state.clocks) return null;
    if (state.group) return group_clocks_now(state, now);
    const { white_ms, black_ms, running } = state.clocks;
    const spent = state.status === 'playing' && running ? now - state.clocks_at : 0;
    return {
        white: running === 'white' ? white_ms - spent : white_ms,
        black: running === 'black' ? black_ms - spent : black_ms,
        running: state.status === 'playing' ? running : null,
    };
}
