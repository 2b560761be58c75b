// Table messages of protocol 5 (docs/protocol.md) for the tests that give the client a state
// or an event themselves: a whole table state with every field, which a test overrides where
// it matters, the `table` message around it, and the pieces (players, seats, clocks).

export const player = (id, name = id) => ({ id, name, registered: false, rating: 1500 });

// A seat of a table state: a Player with its connection and whether it left the game.
export const seat = (id, extra = {}) => ({ ...player(id, extra.name || id), connected: true, disconnected_since: null,
                                           retired: false, ...extra });

// Clocks: remaining milliseconds by seat, the seat to move, whether it runs.
export const clocks = (remaining_ms, to_move = 0, running = false, at = 1) =>
    ({ remaining_ms, to_move, running, at, turn_started: at });

export const time = (base_ms = 300000, increment_ms = 0) =>
    ({ base_ms, increment_ms, delay_ms: 0, per_move_ms: 0, days: 0, speed: 'blitz', text: `${base_ms / 60000}+${increment_ms / 1000}` });

const EMPTY_8 = { rows: 8, cols: 8, cells: '.'.repeat(64), check: -1 };

// A table state; `fields` overrides any member, and `variant`, `time`, `rated`, `private` the
// setup's. Its seats are two open ones unless `fields.seats` says otherwise.
export function table_state({ variant = 'chess', time: control = time(), rated = false, private: hidden = false, ...fields } = {}) {
    const seats = fields.seats || [null, null];
    return {
        code: 'K7QF3X', link: '/t/K7QF3X',
        setup: { variant, position: '', time: control, rated, private: hidden, color: 'random', draw_rules: 'automatic' },
        host: player('host'), status: 'playing', game_number: 1, seats, spectators: [],
        start_position: '', position: '', board: EMPTY_8, ply: 0, moves: [], moves_display: [], history: [],
        last_move: null, legal_moves: [], clocks: clocks(seats.map(() => control.base_ms)), first_move_deadline: null,
        to_move: 0, draw_offer: null, takeback_request: null, takeback_accepted: [], takeback_waiting: [],
        rematch_offers: seats.map(() => false), result: null, chat: [], started_at: null, version: 1, game_id: null,
        ...fields,
    };
}

// The `table` message that carries a state (join, watch, resync): `you` is our seat or null.
export const table_message = (state, you = null) => ({ t: 'table', table: state.code, you, state });
