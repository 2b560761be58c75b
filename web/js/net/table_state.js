// The client's copy of one table, as assumed from the protocol (see api.js):
//   {code, variant, private, rated, time, version, status: 'waiting'|'playing'|'over',
//    seats: {white: Player|null, black: Player|null}  Player = {name, rating, provisional, online}
//    you: 'white'|'black'|null, spectators, position: grid, legal_moves: [MoveView],
//    to_move: 'white'|'black', ply, moves: [MoveView], clocks: {white_ms, black_ms, running},
//    draw_offer, takeback_offer, rematch_offer: 'white'|'black'|null,
//    result: null | {winner: 'white'|'black'|null, reason}, chat: [{from, text}]}
// apply_event() folds one versioned table_event into it; a gap in versions returns null so
// the caller asks for a resync.

export function normalise_table(t) {
    return {
        code: t.code,
        variant: t.variant || 'chess',
        private: !!t.private,
        rated: !!t.rated,
        time: t.time || null,
        version: Number.isInteger(t.version) ? t.version : 0,
        status: t.status || 'waiting',
        seats: { white: t.seats?.white || null, black: t.seats?.black || null },
        you: t.you === 'white' || t.you === 'black' ? t.you : null,
        spectators: t.spectators || 0,
        position: t.position,
        legal_moves: t.legal_moves || [],
        to_move: t.to_move || 'white',
        ply: Number.isInteger(t.ply) ? t.ply : (t.moves || []).length,
        moves: t.moves || [],
        clocks: t.clocks || null,
        clocks_at: performance.now(),
        draw_offer: t.draw_offer || null,
        takeback_offer: t.takeback_offer || null,
        rematch_offer: t.rematch_offer || null,
        result: t.result || null,
        chat: t.chat || [],
    };
}

// Returns the new state, the same state for an old event, or null when events were missed.
export function apply_event(state, msg) {
    if (!Number.isInteger(msg.version)) return state;
    if (msg.version <= state.version) return state;
    if (msg.version !== state.version + 1) return null;
    const e = msg.event || {};
    const next = { ...state, version: msg.version };
    switch (e.type) {
    case 'moved':
        next.moves = [...state.moves, e.move];
        next.ply = e.ply + 1;
        next.position = e.position;
        next.legal_moves = e.legal_moves || [];
        next.to_move = e.to_move || (state.to_move === 'white' ? 'black' : 'white');
        next.draw_offer = null;
        next.takeback_offer = null;
        next.status = 'playing';
        break;
    case 'seated':
        next.seats = { ...state.seats, [e.colour]: e.player };
        break;
    case 'presence':
        if (state.seats[e.colour]) {
            next.seats = { ...state.seats, [e.colour]: { ...state.seats[e.colour], online: !!e.online } };
        }
        break;
    case 'started':
        next.status = 'playing';
        break;
    case 'draw_offered': next.draw_offer = e.by; break;
    case 'draw_declined': next.draw_offer = null; break;
    case 'takeback_offered': next.takeback_offer = e.by; break;
    case 'takeback_declined': next.takeback_offer = null; break;
    case 'rematch_offered': next.rematch_offer = e.by; break;
    case 'ended':
        next.status = 'over';
        next.result = e.result;
        next.legal_moves = [];
        next.draw_offer = null;
        next.takeback_offer = null;
        break;
    case 'chat': next.chat = [...state.chat, { from: e.from, text: e.text }]; break;
    case 'spectators': next.spectators = e.count; break;
    default: break;
    }
    if (e.clocks) {
        next.clocks = e.clocks;
        next.clocks_at = performance.now();
    }
    return next;
}

// Remaining time of each side now, counting down the running clock locally (display only:
// the server's clock is the truth and every event corrects it).
export function clocks_now(state, now = performance.now()) {
    if (!state.clocks) return null;
    const { white_ms, black_ms, running } = state.clocks;
    const spent = state.status === 'playing' && running ? now - state.clocks_at : 0;
    return {
        white: running === 'white' ? white_ms - spent : white_ms,
        black: running === 'black' ? black_ms - spent : black_ms,
        running: state.status === 'playing' ? running : null,
    };
}
