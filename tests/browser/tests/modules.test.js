// The client's pure modules, imported straight into Node (they touch no DOM): move picking,
// typed moves, square numbers, table events and time formats, the material difference of a
// chess position and the ratings shown.

import assert from 'node:assert/strict';
import { test } from '../harness.js';
import { MovePicker, match_typed_move } from '../../../web/js/board/move_picker.js';
import { parse_grid, grid_family, piece_side, square_numbers } from '../../../web/js/board/grid.js';
import { read_table, apply_event } from '../../../web/js/net/table_state.js';
import { clocks, seat, table_state, table_message } from '../lib/table_messages.js';
import { format_clock, format_time_control } from '../../../web/js/ui/time_format.js';
import { result_text } from '../../../web/js/screens/table_view.js';
import { material, material_words } from '../../../web/js/board/material.js';
import { rating_text, name_with_rating } from '../../../web/js/ui/rating.js';
import { cell, CHESS_START, CHESS_PROMOTION, DRAUGHTS_TWO_PATHS, INTERNATIONAL_START } from '../fixtures/positions.js';

const node = { needs: 'node' };

test('picker: select, move, reselect another piece, cancel', () => {
    const p = new MovePicker(CHESS_START.moves);
    assert.deepEqual(p.click(cell('e4')), { kind: 'none' });
    assert.equal(p.click(cell('e2')).kind, 'select');
    assert.deepEqual([...p.hints().next].sort(), [cell('e4'), cell('e3')].sort());
    assert.equal(p.click(cell('g1')).kind, 'select');
    const done = p.click(cell('f3'));
    assert.equal(done.kind, 'move');
    assert.deepEqual(done.moves.map((m) => m.move), ['g1f3']);
    assert.equal(p.click(cell('b1')).kind, 'select');
    assert.equal(p.click(cell('b1')).kind, 'cancel');
    assert.equal(p.selected(), -1);
}, node);

test('picker: a promotion gives every piece to choose from', () => {
    const p = new MovePicker(CHESS_PROMOTION.moves);
    p.click(cell('b7'));
    const done = p.click(cell('b8'));
    assert.equal(done.kind, 'move');
    assert.deepEqual(done.moves.map((m) => m.move).sort(), ['b7b8b', 'b7b8n', 'b7b8q', 'b7b8r']);
}, node);

test('picker: two paths to one square need the path', () => {
    const p = new MovePicker(DRAUGHTS_TWO_PATHS.moves);
    p.click(cell('e1'));
    const first = p.click(cell('e5'));
    assert.equal(first.kind, 'ambiguous');
    assert.equal(first.paths.length, 2);
    const done = p.click(cell('c3'));
    assert.deepEqual(done.moves.map((m) => m.move), ['e1:c3:e5']);
}, node);

test('picker: a path step shared by two captures extends the selection', () => {
    const moves = [
        { move: 'a', path: [1, 2, 3], captures: [] },
        { move: 'b', path: [1, 2, 4], captures: [] },
    ];
    const p = new MovePicker(moves);
    p.click(1);
    assert.deepEqual(p.click(2), { kind: 'extend', prefix: [1, 2] });
    assert.deepEqual(p.click(4).moves.map((m) => m.move), ['b']);
}, node);

test('typed moves: UCI with a dash, case, squares; SAN goes to the server as typed', () => {
    assert.equal(match_typed_move(CHESS_START.moves, 'e2-e4').move.move, 'e2e4');
    assert.equal(match_typed_move(CHESS_START.moves, 'E2E4').move.move, 'e2e4');
    assert.equal(match_typed_move(CHESS_START.moves, 'g1f3').move.move, 'g1f3');
    assert.deepEqual(match_typed_move(CHESS_START.moves, 'Nf3'), { text: 'Nf3' });
    assert.deepEqual(match_typed_move(CHESS_START.moves, ' Ke2 '), { text: 'Ke2' });
    assert.match(match_typed_move(CHESS_START.moves, '  ').error, /Type a move/);
    assert.equal(match_typed_move(CHESS_PROMOTION.moves, 'b7-b8n').move.move, 'b7b8n');
    assert.equal(match_typed_move(CHESS_PROMOTION.moves, 'b7b8=Q').move.move, 'b7b8q');
    assert.deepEqual(match_typed_move(CHESS_PROMOTION.moves, 'b8=Q'), { text: 'b8=Q' });
}, node);

test('grids: bad shapes are refused with a reason, families read b and B apart', () => {
    assert.throws(() => parse_grid({ rows: 8, cols: 8, cells: 'x'.repeat(64) }), /unknown piece/);
    assert.throws(() => parse_grid({ rows: 8, cols: 8, cells: '...' }), /64 characters/);
    assert.throws(() => parse_grid({ rows: 0, cols: 8, cells: '' }), /rows/);
    assert.throws(() => parse_grid(null), /not an object/);
    assert.equal(parse_grid({ rows: 1, cols: 2, cells: '..', check: 7 }).check, -1);
    assert.equal(grid_family(CHESS_START.grid), 'chess');
    assert.equal(grid_family(INTERNATIONAL_START.grid), 'draughts');
    assert.equal(piece_side('B', 'chess'), 'white');
    assert.equal(piece_side('B', 'draughts'), 'black');
}, node);

test('square numbers: international from the moves, none for chess', () => {
    const numbers = square_numbers(INTERNATIONAL_START.grid, INTERNATIONAL_START.moves);
    assert.equal(numbers.size, 50);
    assert.equal(numbers.get(1), 1);   // b10
    assert.equal(numbers.get(90), 46); // a1
    assert.equal(square_numbers(CHESS_START.grid, CHESS_START.moves), null);
    const wrong = INTERNATIONAL_START.moves.map((m) => ({ ...m, move: '1-2' }));
    assert.equal(square_numbers(INTERNATIONAL_START.grid, wrong), null);
}, node);

test('table events: in order, old ones ignored, a gap asks for a resync', () => {
    const start = read_table(table_message(table_state({ version: 3, board: CHESS_START.grid, legal_moves: CHESS_START.moves,
                                                         seats: [seat('ann'), seat('bob')] }), 0));
    const joined = { type: 'spectator_joined', player: { id: 'cy', name: 'cy', registered: false, rating: 1500 } };
    assert.equal(apply_event(start, { version: 3, event: joined }), start);
    assert.equal(apply_event(start, { version: 5, event: joined }), null);
    const moved = apply_event(start, { version: 4, event: {
        type: 'move_played', ply: 0, by: 0, to_move: 1, move: CHESS_START.moves[9], position: 'fen', board: CHESS_START.grid,
        legal_moves: [], clocks: clocks([1000, 2000], 1, true), first_move_deadline: null } });
    assert.equal(moved.ply, 1);
    assert.equal(moved.to_move, 1);
    assert.deepEqual(moved.clocks, clocks([1000, 2000], 1, true));
    const result = { kind: 'draw', winner: null, places: null, reason: 'agreement', did_not_start: null };
    const ended = apply_event(moved, { version: 5, event: { type: 'game_ended', game_number: 1, result, clocks: clocks([1000, 2000], 1),
                                                            rated: false, moves: ['e2e4'] } });
    assert.deepEqual(ended.result, result);
    assert.equal(ended.status, 'finished');
}, node);

test('time formats: tenths below ten seconds, hours, time controls', () => {
    assert.equal(format_clock(9960), '0:09.9');
    assert.equal(format_clock(10000), '0:10');
    assert.equal(format_clock(65000), '1:05');
    assert.equal(format_clock(3600000), '1:00:00');
    assert.equal(format_clock(-5), '0:00.0');
    assert.equal(format_time_control({ base_ms: 300000, increment_ms: 3000 }), '5+3');
    assert.equal(format_time_control({ base_ms: 900000, increment_ms: 0, per_move_ms: 60000 }), '15+0, 60 s/move');
    assert.equal(format_time_control({ base_ms: 0, increment_ms: 0, days: 1 }), '1 day/move');
    assert.equal(format_time_control({ base_ms: 30000, increment_ms: 0 }), '0.5+0');
    assert.equal(format_time_control({ base_ms: 12000, increment_ms: 1000 }), '12s+1');
    assert.equal(format_time_control(null), 'Unlimited');
}, node);

test('table state: the last move takes its cells from the state, a takeback from its event', () => {
    const board = { rows: 8, cols: 8, cells: '.'.repeat(64), check: -1 };
    const capture = { move: 'f6:d4:b2', display: 'f6:d4:b2', path: [cell('f6'), cell('d4'), cell('b2')],
                      captures: [cell('e5'), cell('c3')] };
    const texts = ['c3-d4', 'd6-c5', 'b2-c3', 'c7-d6', 'd4-e5', 'f6:d4:b2'];
    const history = texts.map((m, i) => (i === 5 ? capture : { move: m, display: m, path: [], captures: [] }));
    const draughts = read_table(table_message(table_state({ code: 'BBBBBB', variant: 'russian', board, version: 7, ply: 6,
                                                            moves: texts, moves_display: texts, history, last_move: capture })));
    assert.deepEqual(draughts.moves[5], capture);
    assert.deepEqual(draughts.moves[4].path, []);
    assert.deepEqual(read_table(table_message(table_state({ code: 'CCCCCC', board }))).moves, []);
    const undone = apply_event(draughts, { version: 8, event: { type: 'takeback_done', plies_undone: 1, ply: 5, moves: texts.slice(0, 5),
        last_move: { move: 'd4-e5', display: 'd4-e5', path: [cell('d4'), cell('e5')], captures: [] }, position: 'fen', board,
        legal_moves: [], clocks: clocks([1000, 2000], 1, true) } });
    assert.equal(undone.moves.length, 5);
    assert.deepEqual(undone.moves[4].path, [cell('d4'), cell('e5')]);
}, node);

test('table state: the chat history of a state, then chat events, by name with their times', () => {
    const joined = read_table(table_message(table_state({ code: 'AAAAAA', version: 3,
        chat: [{ from: 'guest-AB', display_name: 'Ann', spectator: false, text: 'hi', at: 1700000000000 },
               { from: 'guest-CD', display_name: 'Cy', spectator: true, text: 'hello', at: 1700000001000 }] })));
    assert.deepEqual(joined.chat, [{ from: 'Ann', text: 'hi', spectator: false, at: 1700000000000 },
                                   { from: 'Cy', text: 'hello', spectator: true, at: 1700000001000 }]);
    const more = apply_event(joined, { version: 4, at: 1700000002000,
        event: { type: 'chat_posted', from: 'guest-AB', display_name: 'Ann', spectator: false, text: 'gg' } });
    assert.deepEqual(more.chat[2], { from: 'Ann', text: 'gg', spectator: false, at: 1700000002000 });
}, node);

test('result line: every draughts counter is "N-move rule", an aborted game says why', () => {
    assert.equal(result_text({ kind: 'draw', winner: null, reason: '12-move' }),
        'Draw · 12-move rule');
    assert.equal(result_text({ kind: 'draw', winner: null, reason: '3-kings' }),
        'Draw · three kings against one');
    assert.equal(result_text({ kind: 'win', winner: 0, reason: 'checkmate' }),
        'White wins · checkmate');
    assert.equal(result_text({ kind: 'aborted', winner: null, reason: 'storage_failed' }),
        'Game aborted · the game could not be stored');
    assert.equal(result_text({ kind: 'aborted', winner: null, reason: 'abort' }), 'Game aborted');
    assert.equal(result_text(null), '');
}, node);

test('material: the surplus of each kind beside the side that has it, and the lead in points', () => {
    const grid = (cells) => ({ rows: 8, cols: 8, cells, check: -1 });
    // 1. e4 d5 2. exd5: White is a pawn up.
    const m = material(grid('rnbqkbnrppp.pppp...........P....................PPPP.PPPRNBQKBNR'), 'chess');
    assert.deepEqual(m, { white: { pieces: ['p'], points: 1 }, black: { pieces: [], points: 0 } });
    assert.equal(material_words(m.white), 'up a pawn, +1');
    assert.equal(material_words(m.black), '');
    // White has lost a rook and two pawns: Black shows them, and its lead.
    const q = material(grid('rnbqkbnrpppppppp................................PPPPPP..1NBQKBNR'.replace('1', '.')), 'chess');
    assert.deepEqual(q.black, { pieces: ['r', 'p', 'p'], points: 7 });
    assert.equal(material_words(q.black), 'up a rook and 2 pawns, +7');
    // Draughts: none.
    assert.equal(material(grid('.b.b.b.bb.b.b.b..b.b.b.b................w.w.w.w..w.w.w.ww.w.w.w.'), 'russian'), null);
}, node);

test('ratings: none for guests and the computer (registered false), "?" while provisional', () => {
    assert.equal(rating_text({ name: 'guest-K7QF', registered: false, rating: 1500 }), '');
    assert.equal(rating_text({ name: 'Pip (Easy)', registered: false, rating: 1500 }), '');
    assert.equal(rating_text({ name: 'bob', registered: true, rating: 1612 }), '1612');
    assert.equal(rating_text({ name: 'bob', registered: true, rating: 1500.4, provisional: true }), '1500?');
    assert.equal(name_with_rating({ name: 'bob', registered: true, rating: 1612 }), 'bob (1612)');
    assert.equal(name_with_rating({ name: 'guest-K7QF', registered: false, rating: 1500 }), 'guest-K7QF');
}, node);
