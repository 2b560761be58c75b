// The client's copy of a table of more than two seats (web/js/net/group_state.js through
// table_state.js), in Node: a state and events in the shapes `tabula serve` sends for a
// Chinese checkers table of three (docs/protocol.md §7.6), the result text with the places,
// and the lobby's count of seats.

import assert from 'node:assert/strict';
import { test } from '../harness.js';
import { normalise_table, apply_event, clocks_now } from '../../../web/js/net/table_state.js';
import { finished_seats, seats_by_place } from '../../../web/js/net/group_state.js';
import { group_result_text } from '../../../web/js/screens/table_view.js';
import { variant_players } from '../../../web/js/ui/variants.js';

const node = { needs: 'node' };

const player = (id) => ({ id, name: id, registered: false, rating: 1500 });
const seat = (id, retired = false) => ({ ...player(id), connected: true, disconnected_since: null, retired });
const BOARD = { rows: 17, cols: 25, cells: ' '.repeat(17 * 25), check: -1 };
const START = '1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1:e10,e11,e12,e13,f10,f11,f12,g10,g11,h10:0:-';
const clocks = (to_move, running = false) => ({ at: 1, turn_started: 1, running, seat_to_move: to_move, seats_ms: [60000, 59000, 58000] });

// As `join` answers seat 0 of a table of three that has started.
function state_of_three_raw(you = 0) {
    return {
        code: 'TBW7ND', setup: { variant: 'chinese-checkers-3', time: { base_ms: 60000, increment_ms: 1000 } },
        status: 'playing', seats: [seat('guest-AAAA'), seat('guest-BBBB'), seat('guest-CCCC')], board: BOARD,
        position: START, start_position: START, ply: 0, moves: [], history: [], last_move: null,
        legal_moves: [{ move: 'n1-m5', path: [334, 308], captures: [] }], clocks: clocks(0), seat_to_move: 0,
        rematch_offers: [false, false, false], result: null, chat: [], version: 4, you,
    };
}
function state_of_three(you = 0) {
    return normalise_table(state_of_three_raw(you));
}

const event = (version, e) => ({ t: 'table_event', table: 'TBW7ND', version, at: 1700000000000 + version, event: e });

test('group table: seats by index, seat 0 is a seat (not "nobody"), the seat to move and its clocks', () => {
    const s = state_of_three(0);
    assert.equal(s.group, true);
    assert.equal(s.you, 0);
    assert.equal(s.to_move, 0);
    assert.deepEqual(s.seats.map((p) => p.name), ['guest-AAAA', 'guest-BBBB', 'guest-CCCC']);
    assert.deepEqual(s.clocks, { seats_ms: [60000, 59000, 58000], running: null });
    assert.deepEqual(clocks_now(s).seats, [60000, 59000, 58000]);
    assert.equal(normalise_table({ ...s, seats: [seat('a'), null, null], you: null, board: BOARD }).you, null);
    // A table of two keeps its colours.
    const two = normalise_table({ code: 'X', seats: { white: seat('a'), black: null }, board: BOARD, you: 'white' });
    assert.equal(two.group, false);
    assert.equal(two.you, 'white');
}, node);

test('group table: a move passes the turn, a resignation takes the seat out and says why, the places at the end', () => {
    let s = state_of_three(1);
    s = apply_event(s, event(5, { type: 'move', ply: 0, seat: 0, seat_to_move: 1,
                                  move: { move: 'n1-m5', display: 'n1-m5', path: [334, 308], captures: [] },
                                  position: START.replace(':0:-', ':1:-'), board: BOARD, legal_moves: [], clocks: clocks(1) }));
    assert.equal(s.to_move, 1);
    assert.equal(s.ply, 1);
    assert.deepEqual(s.moves.map((m) => m.move), ['n1-m5']);
    s = apply_event(s, event(6, { type: 'retired', seat: 1, reason: 'resign', ply: 1, seat_to_move: 2,
                                  legal_moves: [{ move: 'e10-e9', path: [1, 2], captures: [] }], clocks: clocks(2, true) }));
    assert.equal(s.seats[1].retired, true);
    assert.equal(s.seats[1].left_reason, 'resign');
    assert.equal(s.to_move, 2);
    assert.equal(s.clocks.running, 2);
    assert.equal(s.legal_moves.length, 1);
    assert.equal(s.status, 'playing');
    s = apply_event(s, event(7, { type: 'retired', seat: 0, reason: 'flag', ply: 1, seat_to_move: 2, legal_moves: [], clocks: clocks(2) }));
    s = apply_event(s, event(8, { type: 'ended', game_number: 1, rated: false, moves: ['n1-m5'], game_id: 9, clocks: clocks(2),
                                  result: { kind: 'ranked', winner: null, reason: 'retired', did_not_start_seat: null, places: [2, 3, 1] } }));
    assert.equal(s.status, 'over');
    assert.deepEqual(s.result.places, [2, 3, 1]);
    assert.equal(s.game_id, 9);
    assert.equal(group_result_text(s.result, s.seats.map((p) => p.name)),
                 '1st guest-CCCC · 2nd guest-AAAA · 3rd guest-BBBB · everyone else left');
    assert.deepEqual(seats_by_place(s.result.places), [2, 0, 1]);
    // A state after a reload knows a seat left, not why.
    const reloaded = normalise_table({ ...state_of_three(2), seats: [seat('a'), seat('b', true), seat('c')], board: BOARD });
    assert.equal(reloaded.seats[1].retired, true);
    assert.equal(reloaded.seats[1].left_reason, null);
}, node);

test('group table: seats taken one by one, a rematch offered by one, then started with everyone one seat round', () => {
    let s = normalise_table({ code: 'P4XW2M', setup: { variant: 'chinese-checkers-3' }, status: 'waiting',
                              seats: [null, null, seat('guest-CCCC')], board: BOARD, position: START, you: 2, version: 1,
                              clocks: clocks(0), rematch_offers: [false, false, false] });
    s = apply_event(s, event(2, { type: 'seated', seat: 0, player: player('guest-AAAA') }));
    assert.equal(s.seats[0].name, 'guest-AAAA');
    assert.equal(s.seats[1], null);
    s = apply_event(s, event(3, { type: 'left', seat: 0, player: 'guest-AAAA' }));
    assert.equal(s.seats[0], null);
    s = { ...s, status: 'over', seats: [seat('guest-AAAA'), seat('guest-BBBB'), seat('guest-CCCC')] };
    s = apply_event(s, event(4, { type: 'rematch_offered', seat: 0 }));
    assert.deepEqual(s.rematch_offers, [true, false, false]);
    s = apply_event(s, event(5, { type: 'started', game_number: 2,
                                  players: [player('guest-CCCC'), player('guest-AAAA'), player('guest-BBBB')],
                                  start_position: START, board: BOARD, legal_moves: [], clocks: clocks(0), first_move_deadline: 1 }));
    assert.equal(s.you, 0, 'our player moved to seat 0');
    assert.equal(s.game_number, 2);
    assert.equal(s.status, 'playing');
    assert.deepEqual(s.rematch_offers, [false, false, false]);
}, node);

test('group table: the finished seats from the position text, and the players of each variant', () => {
    assert.deepEqual(finished_seats(START, 3), []);
    assert.deepEqual(finished_seats('2:a:b:c:d:40:3,1', 4), [2, 0]);
    assert.deepEqual(finished_seats('2:a:b:c:12:-:2', 3), []);
    assert.deepEqual(finished_seats('', 3), []);
    assert.deepEqual(['chinese-checkers-2', 'chinese-checkers-3', 'chinese-checkers-4', 'chinese-checkers-6', 'halma-2', 'halma-4', 'chess']
        .map(variant_players), [2, 3, 4, 6, 2, 4, 2]);
}, node);

test('group table: a takeback asked, accepted by one, done; a move, a leave or a decline calls it off', () => {
    let s = state_of_three(0);
    s = { ...s, ply: 4, moves: ['a', 'b', 'c', 'd'].map((m) => ({ move: m })) };
    s = apply_event(s, event(5, { type: 'takeback_requested', seat: 1, plies: 3, waiting: [0, 2] }));
    assert.deepEqual(s.takeback, { by: 1, plies: 3, accepted: [], waiting: [0, 2] });
    s = apply_event(s, event(6, { type: 'takeback_accepted', seat: 2, accepted: [2], waiting: [0] }));
    assert.deepEqual(s.takeback, { by: 1, plies: 3, accepted: [2], waiting: [0] });
    const done = apply_event(s, event(7, { type: 'takeback_done', plies_undone: 3, ply: 1, moves: ['a'],
                                           last_move: { move: 'a', path: [1, 2], captures: [] }, position: START,
                                           board: BOARD, legal_moves: [], clocks: clocks(1, true) }));
    assert.equal(done.takeback, null);
    assert.equal(done.ply, 1);
    assert.deepEqual(done.moves.map((m) => m.move), ['a']);
    assert.equal(done.to_move, 1);
    const declined = apply_event(s, event(7, { type: 'takeback_declined', seat: 0 }));
    assert.equal(declined.takeback, null);
    assert.equal(declined.takeback_declined_by, 0);
    const left = apply_event(s, event(7, { type: 'retired', seat: 0, reason: 'resign', ply: 4, seat_to_move: 1, legal_moves: [], clocks: clocks(1, true) }));
    assert.equal(left.takeback, null);
    // The state as a join or reload gets it shows the request and who has agreed.
    const joined = normalise_table({ ...state_of_three_raw(), takeback_request: 1, takeback_accepted: [2], takeback_waiting: [0] });
    assert.deepEqual(joined.takeback, { by: 1, plies: null, accepted: [2], waiting: [0] });
    assert.equal(state_of_three(0).takeback, null);
}, node);
