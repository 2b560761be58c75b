// Tables of more than two seats (docs/protocol.md §7.6, "Tables of more than two seats"):
// Chinese checkers for 3, 4 or 6 and Halma for 4. Where a two-seat table names a seat by
// colour, these name it by index (seat 0 moves first), so the client's copy of such a table
// (table_state.js, `group: true`) keeps its seats by index too:
//   seats: [Seat|null] by seat  Seat = {...Player, online, retired, left_reason}
//   you: seat index | null, to_move: the seat to move (index), clocks: {seats_ms, running},
//   rematch_offers: [bool] by seat, result: {kind: 'ranked', reason, places, winner: null},
//   absent: the seat whose grace ran out | null, finished: seats in finishing order,
//   takeback: {by, plies, accepted: [seat], waiting: [seat]} | null (a takeback asked: who
//   asked, who has agreed, who has still to answer), takeback_declined_by: seat | null.
// `left_reason` (resign, flag, abandonment) comes with the `retired` event and with a seat of
// the table state that has left (after a join or a reload).

// A seat as sent ({...Player, connected, retired}) with `online` for the view.
export function group_seat(p, left_reason = null) {
    if (!p) return null;
    return { ...p, online: 'connected' in p ? !!p.connected : p.online !== false, retired: !!p.retired,
             left_reason: p.retired ? p.left_reason || left_reason : null };
}

// Whether a table as sent seats more than two: its seats come as an array (§7.6).
export function is_group_table(t) {
    return Array.isArray(t && t.seats) && t.seats.length > 2;
}

// The clocks as sent: {seats_ms, seat_to_move, running}.
export function group_clocks(c) {
    if (!c || !Array.isArray(c.seats_ms)) return null;
    return { seats_ms: c.seats_ms.slice(), running: c.running ? c.seat_to_move : null };
}

export function group_result(r) {
    if (!r) return null;
    return { kind: r.kind || 'ranked', reason: r.kind === 'aborted' && !r.reason ? 'abort' : r.reason,
             places: Array.isArray(r.places) ? r.places.slice() : [], winner: null,
             did_not_start: Number.isInteger(r.did_not_start_seat) ? r.did_not_start_seat : null };
}

// The seats that finished, in finishing order, from a position text
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

// The takeback a table state as sent shows waiting (§7.6, "Takebacks at more than two seats").
export function group_takeback(t) {
    if (!Number.isInteger(t.takeback_request)) return null;
    const seats = (a) => (Array.isArray(a) ? a.filter(Number.isInteger) : []);
    return { by: t.takeback_request, plies: null, accepted: seats(t.takeback_accepted), waiting: seats(t.takeback_waiting) };
}

// The group fields of a table state as sent.
export function normalise_group(t) {
    const seats = t.seats.map((p) => group_seat(p));
    const to_move = Number.isInteger(t.seat_to_move) ? t.seat_to_move
        : Number.isInteger(t.clocks && t.clocks.seat_to_move) ? t.clocks.seat_to_move : 0;
    return {
        group: true,
        seats,
        you: Number.isInteger(t.you) && t.you >= 0 && t.you < seats.length ? t.you : null,
        to_move,
        clocks: group_clocks(t.clocks),
        rematch_offers: Array.isArray(t.rematch_offers) ? t.rematch_offers.map(Boolean) : seats.map(() => false),
        rematch_offer: null,
        draw_offer: null,
        takeback_offer: null,
        takeback: group_takeback(t),
        takeback_declined_by: null,
        result: group_result(t.result),
        finished: finished_seats(t.position, seats.length),
        absent: null,
    };
}

function with_seat(seats, seat, value) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= seats.length) return seats;
    const out = seats.slice();
    out[seat] = value;
    return out;
}

// Folds one event into `next` (a copy of `state` with the new version). Returns true when the
// event was one of the group's own; false leaves it to the common code of table_state.js.
export function apply_group_event(next, state, e, msg) {
    const seat = e.seat;
    switch (e.type) {
    case 'move':
        next.moves = [...state.moves.slice(0, e.ply), e.move];
        next.ply = e.ply + 1;
        if (e.board && typeof e.board === 'object') next.position = e.board;
        next.legal_moves = e.legal_moves || [];
        if (Number.isInteger(e.seat_to_move)) next.to_move = e.seat_to_move;
        if (typeof e.position === 'string') next.finished = finished_seats(e.position, state.seats.length);
        next.status = 'playing';
        next.takeback = null; // a move calls an asked takeback off
        next.takeback_declined_by = null; // and a decline is old news
        return true;
    case 'takeback_requested':
        next.takeback = { by: seat, plies: e.plies, accepted: [], waiting: Array.isArray(e.waiting) ? e.waiting.slice() : [] };
        next.takeback_declined_by = null;
        return true;
    case 'takeback_accepted':
        if (state.takeback) next.takeback = { ...state.takeback, accepted: e.accepted.slice(), waiting: e.waiting.slice() };
        return true;
    case 'takeback_declined':
        next.takeback = null;
        next.takeback_declined_by = Number.isInteger(seat) ? seat : null;
        return true;
    case 'takeback_done': {
        const moves = state.moves.slice(0, e.ply);
        if (e.ply > 0 && e.last_move) moves[e.ply - 1] = e.last_move;
        next.moves = moves;
        next.ply = e.ply;
        if (e.board && typeof e.board === 'object') next.position = e.board;
        next.legal_moves = e.legal_moves || [];
        if (Number.isInteger(e.clocks && e.clocks.seat_to_move)) next.to_move = e.clocks.seat_to_move;
        if (typeof e.position === 'string') next.finished = finished_seats(e.position, state.seats.length);
        next.takeback = null;
        next.takeback_declined_by = null;
        return true;
    }
    case 'started': {
        next.status = 'playing';
        next.result = null;
        next.finished = [];
        next.takeback = null;
        next.rematch_offers = state.seats.map(() => false);
        if (Array.isArray(e.players) && e.players.length === state.seats.length) {
            // A rematch moves everyone one seat round: follow our own player to its new seat.
            const mine = state.you !== null && state.seats[state.you] ? state.seats[state.you].id : null;
            next.seats = e.players.map((p, i) => {
                const was = state.seats.find((s) => s && p && s.id === p.id);
                return p ? { ...group_seat(p), online: was ? was.online : true } : state.seats[i];
            });
            if (mine) {
                const at = e.players.findIndex((p) => p && p.id === mine);
                if (at >= 0) next.you = at;
            }
        }
        if (e.board && typeof e.board === 'object') {
            next.position = e.board;
            next.moves = [];
            next.ply = 0;
            next.to_move = Number.isInteger(e.clocks && e.clocks.seat_to_move) ? e.clocks.seat_to_move : 0;
        }
        if (typeof e.start_position === 'string') next.start_position = e.start_position;
        next.game_id = null;
        if (Number.isInteger(msg.at)) next.started_at = msg.at; // the record's Date
        if (Number.isInteger(e.game_number)) next.game_number = e.game_number;
        if (e.legal_moves) next.legal_moves = e.legal_moves;
        return true;
    }
    case 'retired':
        if (state.seats[seat]) next.seats = with_seat(state.seats, seat, { ...state.seats[seat], retired: true, left_reason: e.reason || null });
        if (Number.isInteger(e.seat_to_move)) next.to_move = e.seat_to_move;
        next.legal_moves = e.legal_moves || [];
        if (state.absent === seat) next.absent = null;
        next.takeback = null; // a leave is not taken back: an asked takeback is off
        return true;
    case 'seated':
        next.seats = with_seat(state.seats, seat, group_seat(e.player));
        return true;
    case 'left':
        next.seats = with_seat(state.seats, seat, null);
        return true;
    case 'connection': {
        const online = !!e.connected;
        if (state.seats[seat]) next.seats = with_seat(state.seats, seat, { ...state.seats[seat], online });
        if (online && state.absent === seat) next.absent = null;
        return true;
    }
    case 'abandonment_claimable': next.absent = Number.isInteger(seat) ? seat : null; return true;
    case 'rematch_offered': next.rematch_offers = with_seat(state.rematch_offers, seat, true); return true;
    case 'rematch_declined': next.rematch_offers = state.seats.map(() => false); next.rematch_declined_by = seat; return true;
    case 'ended':
        next.status = 'over';
        next.absent = null;
        next.result = group_result(e.result);
        if (Number.isInteger(e.game_id)) next.game_id = e.game_id;
        next.legal_moves = [];
        next.takeback = null;
        return true;
    default:
        return false;
    }
}

// The remaining time of every seat now, the running one counted down locally (display only).
export function group_clocks_now(state, now) {
    const c = state.clocks;
    if (!c || !Array.isArray(c.seats_ms)) return null;
    const running = state.status === 'playing' ? c.running : null;
    const spent = running !== null && running !== undefined ? now - state.clocks_at : 0;
    return { seats: c.seats_ms.map((ms, i) => (i === running ? ms - spent : ms)), running };
}
