// The client's copy of a table (web/js/net/table_state.js), in Node: one model by seat index
// for a table of two seats and of more, read from protocol-5 states and events in the shapes
// `tabula serve` sends (docs/protocol.md); a Chinese checkers table of three, a chess table of
// two, the result text with the places, and the lobby's count of seats.

import assert from 'node:assert/strict';
import { test } from '../harness.js';
import { read_table, apply_event, clocks_now, finished_seats, game_over, seats_by_place } from '../../../web/js/net/table_state.js';
import { result_text } from '../../../web/js/screens/table_view.js';
import { variant_players } from '../../../web/js/ui/variants.js';
import { player, seat, clocks, time, table_state, table_message } from '../lib/table_messages.js';

const node = { needs: 'node' };

const BOARD = { rows: 17, cols: 25, cells: ' '.repeat(17 * 25), check: -1 };
const START = '1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1:e10,e11,e12,e13,f10,f11,f12,g10,g11,h10:0:-';
const three_clocks = (to_move, running = false) => clocks([60000, 59000, 58000], to_move, running);

// As `join` answers a table of three that has started.
function three_raw(fields = {}) {
    return table_state({
        code: 'TBW7ND', variant: 'chinese-checkers-3', time: time(60000, 1000),
        seats: [seat('guest-AAAA'), seat('guest-BBBB'), seat('guest-CCCC')], board: BOARD,
        position: START, start_position: START, legal_moves: [{ move: 'n1-m5', path: [334, 308], captures: [] }],
        clocks: three_clocks(0), version: 4, ...fields,
    });
}
const state_of_three = (you = 0, fields = {}) => read_table(table_message(three_raw(fields), you));

const event = (version, e) => ({ t: 'table_event', table: 'TBW7ND', version, at: 1700000000000 + version, event: e });

test('table state: seats by index, seat 0 is a seat (not "nobody"), the seat to move and its clocks', () => {
    const s = state_of_three(0);
    assert.equal(s.you, 0);
    assert.equal(s.to_move, 0);
    assert.equal(s.code, 'TBW7ND');
    assert.deepEqual(s.time, time(60000, 1000));
    assert.deepEqual(s.seats.map((p) => p.name), ['guest-AAAA', 'guest-BBBB', 'guest-CCCC']);
    assert.deepEqual(clocks_now(s), { remaining_ms: [60000, 59000, 58000], running: null });
    assert.equal(state_of_three(null).you, null);
    // A table of two is the same model with two seats.
    const two = read_table(table_message(table_state({ seats: [seat('a'), null] }), 0));
    assert.equal(two.you, 0);
    assert.equal(two.seats.length, 2);
    assert.equal(two.seats[1], null);
}, node);

test('table state: a move at two seats passes the turn and runs the other clock; a draw offer; the result by seat', () => {
    let s = read_table(table_message(table_state({ seats: [seat('ann'), seat('bob')], version: 3,
                                                   legal_moves: [{ move: 'e2e4', path: [52, 36], captures: [] }] }), 1));
    s = apply_event(s, { version: 4, at: 5, event: { type: 'move_played', ply: 0, by: 0, to_move: 1,
        move: { move: 'e2e4', display: 'e4', path: [52, 36], captures: [] }, position: 'fen', board: s.position,
        legal_moves: [], clocks: clocks([299000, 300000], 1, true), first_move_deadline: null } });
    assert.equal(s.to_move, 1);
    assert.equal(s.ply, 1);
    assert.equal(clocks_now(s, s.clocks_at + 1000).remaining_ms[1], 299000);
    assert.equal(clocks_now(s, s.clocks_at + 1000).running, 1);
    s = apply_event(s, { version: 5, event: { type: 'draw_offered', by: 0 } });
    assert.equal(s.draw_offer, 0);
    s = apply_event(s, { version: 6, event: { type: 'draw_offer_withdrawn', by: 0 } });
    assert.equal(s.draw_offer, null);
    s = apply_event(s, { version: 7, event: { type: 'game_ended', game_number: 1, rated: false, moves: ['e2e4'], game_id: 3,
        clocks: clocks([299000, 300000], 1), result: { kind: 'win', winner: 1, places: null, reason: 'resign', did_not_start: null } } });
    assert.equal(s.status, 'finished');
    assert.equal(game_over(s), true);
    assert.equal(result_text(s.result), 'Black wins · resignation');
    assert.equal(result_text(s.result, ['ann', 'bob']), 'bob wins · resignation');
    // The wire's words: a table that closes is `closed`, and its game is over too.
    const closed = apply_event(s, { version: 8, event: { type: 'table_closed', reason: 'idle' } });
    assert.equal(closed.status, 'closed');
    assert.equal(game_over(closed), true);
    assert.equal(game_over({ ...s, status: 'playing' }), false);
}, node);

test('table state: a move at three passes the turn, a resignation takes the seat out and says why, the places at the end', () => {
    let s = state_of_three(1);
    s = apply_event(s, event(5, { type: 'move_played', ply: 0, by: 0, to_move: 1,
                                  move: { move: 'n1-m5', display: 'n1-m5', path: [334, 308], captures: [] },
                                  position: START.replace(':0:-', ':1:-'), board: BOARD, legal_moves: [], clocks: three_clocks(1),
                                  first_move_deadline: null }));
    assert.equal(s.to_move, 1);
    assert.equal(s.ply, 1);
    assert.deepEqual(s.moves.map((m) => m.move), ['n1-m5']);
    s = apply_event(s, event(6, { type: 'player_retired', seat: 1, reason: 'resign', ply: 1, to_move: 2,
                                  legal_moves: [{ move: 'e10-e9', path: [1, 2], captures: [] }], clocks: three_clocks(2, true) }));
    assert.equal(s.seats[1].retired, true);
    assert.equal(s.seats[1].left_reason, 'resign');
    assert.equal(s.to_move, 2);
    assert.equal(clocks_now(s).running, 2);
    assert.equal(s.legal_moves.length, 1);
    assert.equal(s.status, 'playing');
    s = apply_event(s, event(7, { type: 'player_retired', seat: 0, reason: 'flag', ply: 1, to_move: 2, legal_moves: [], clocks: three_clocks(2) }));
    s = apply_event(s, event(8, { type: 'game_ended', game_number: 1, rated: false, moves: ['n1-m5'], game_id: 9, clocks: three_clocks(2),
                                  result: { kind: 'ranked', winner: null, reason: 'retired', did_not_start: null, places: [2, 3, 1] } }));
    assert.equal(s.status, 'finished');
    assert.deepEqual(s.result.places, [2, 3, 1]);
    assert.equal(s.game_id, 9);
    assert.equal(result_text(s.result, s.seats.map((p) => p.name)),
                 '1st guest-CCCC · 2nd guest-AAAA · 3rd guest-BBBB · everyone else left');
    assert.deepEqual(seats_by_place(s.result.places), [2, 0, 1]);
    // A state after a reload knows a seat left, not why.
    const reloaded = state_of_three(2, { seats: [seat('a'), seat('b', { retired: true }), seat('c')] });
    assert.equal(reloaded.seats[1].retired, true);
    assert.equal(reloaded.seats[1].left_reason, null);
}, node);

test('table state: seats taken one by one, a rematch offered by one, then started with everyone one seat round', () => {
    let s = state_of_three(2, { status: 'waiting', seats: [null, null, seat('guest-CCCC')], version: 1 });
    s = apply_event(s, event(2, { type: 'player_seated', seat: 0, player: player('guest-AAAA') }));
    assert.equal(s.seats[0].name, 'guest-AAAA');
    assert.equal(s.seats[0].connected, true);
    assert.equal(s.seats[1], null);
    s = apply_event(s, event(3, { type: 'player_left', seat: 0, player: 'guest-AAAA' }));
    assert.equal(s.seats[0], null);
    s = { ...s, status: 'finished', seats: [seat('guest-AAAA'), seat('guest-BBBB'), seat('guest-CCCC')] };
    s = apply_event(s, event(4, { type: 'rematch_offered', by: 0 }));
    assert.deepEqual(s.rematch_offers, [true, false, false]);
    s = apply_event(s, event(5, { type: 'connection_changed', seat: 1, connected: false, claimable_at: 9 }));
    assert.equal(s.seats[1].connected, false);
    s = apply_event(s, event(6, { type: 'game_started', game_number: 2,
                                  players: [player('guest-CCCC'), player('guest-AAAA'), player('guest-BBBB')],
                                  start_position: START, board: BOARD, legal_moves: [], clocks: three_clocks(0), first_move_deadline: 1 }));
    assert.equal(s.you, 0, 'our player moved to seat 0');
    assert.equal(s.seats[2].connected, false, 'a player keeps its connection to its new seat');
    assert.equal(s.game_number, 2);
    assert.equal(s.status, 'playing');
    assert.deepEqual(s.rematch_offers, [false, false, false]);
}, node);

test('table state: the finished seats from the position text, and the players of each variant', () => {
    assert.deepEqual(finished_seats(START, 3), []);
    assert.deepEqual(finished_seats('2:a:b:c:d:40:3,1', 4), [2, 0]);
    assert.deepEqual(finished_seats('2:a:b:c:12:-:2', 3), []);
    assert.deepEqual(finished_seats('', 3), []);
    assert.deepEqual(state_of_three(0, { position: '2:a:b:c:12:2' }).finished, [1]);
    assert.deepEqual(['chinese-checkers-2', 'chinese-checkers-3', 'chinese-checkers-4', 'chinese-checkers-6', 'halma-2', 'halma-4', 'chess']
        .map(variant_players), [2, 3, 4, 6, 2, 4, 2]);
}, node);

test('table state: a takeback asked, accepted by one, done; a move, a leave or a decline calls it off', () => {
    let s = state_of_three(0);
    s = { ...s, ply: 4, moves: ['a', 'b', 'c', 'd'].map((m) => ({ move: m })) };
    s = apply_event(s, event(5, { type: 'takeback_requested', by: 1, plies: 3, waiting: [0, 2] }));
    assert.deepEqual(s.takeback, { by: 1, plies: 3, accepted: [], waiting: [0, 2] });
    s = apply_event(s, event(6, { type: 'takeback_accepted', by: 2, accepted: [2], waiting: [0] }));
    assert.deepEqual(s.takeback, { by: 1, plies: 3, accepted: [2], waiting: [0] });
    const done = apply_event(s, event(7, { type: 'takeback_done', plies_undone: 3, ply: 1, moves: ['a'],
                                           last_move: { move: 'a', path: [1, 2], captures: [] }, position: START,
                                           board: BOARD, legal_moves: [], clocks: three_clocks(1, true) }));
    assert.equal(done.takeback, null);
    assert.equal(done.ply, 1);
    assert.deepEqual(done.moves.map((m) => m.move), ['a']);
    assert.deepEqual(done.moves[0].path, [1, 2]);
    assert.equal(done.to_move, 1);
    const declined = apply_event(s, event(7, { type: 'takeback_declined', by: 0 }));
    assert.equal(declined.takeback, null);
    assert.equal(declined.takeback_declined_by, 0);
    const left = apply_event(s, event(7, { type: 'player_retired', seat: 0, reason: 'resign', ply: 4, to_move: 1, legal_moves: [], clocks: three_clocks(1, true) }));
    assert.equal(left.takeback, null);
    // The state as a join or reload gets it shows the request and who has agreed.
    const joined = state_of_three(0, { takeback_request: 1, takeback_accepted: [2], takeback_waiting: [0] });
    assert.deepEqual(joined.takeback, { by: 1, plies: null, accepted: [2], waiting: [0] });
    assert.equal(state_of_three(0).takeback, null);
}, node);

test('table state: only the event names of protocol 5 change a table', () => {
    const s = state_of_three(0);
    for (const type of ['move', 'moved', 'seated', 'left', 'started', 'draw_withdrawn', 'connection', 'chat', 'retired', 'ended', 'closed']) {
        const next = apply_event(s, event(5, { type, seat: 0, by: 0, ply: 0, to_move: 1, text: 'x', result: { kind: 'draw' } }));
        assert.deepEqual({ ...next, version: 4 }, s, `${type} changes nothing but the version`);
    }
}, node);
