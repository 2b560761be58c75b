// notation.js and game_record.js in Node: what moves do to a grid (castling, en passant,
// promotion, draughts captures and crowning), the replay of a game checked against the
// server's board, each variant's move texts, and the records a guest downloads.

import assert from 'node:assert/strict';
import { test } from '../harness.js';
import { apply_move, replay, grid_from_fen, move_text, canonical_path, square_numbering, board_numbers, with_paths }
    from '../../../web/js/board/notation.js';
import { game_record } from '../../../web/js/screens/game_record.js';
import { read_table, apply_event } from '../../../web/js/net/table_state.js';
import { clocks, seat, table_state, table_message } from '../lib/table_messages.js';
import { cell } from '../fixtures/positions.js';

const node = { needs: 'node' };
const EMPTY_8 = { rows: 8, cols: 8, cells: '.'.repeat(64), check: -1 };
// The 8x8 draughts shape: row 0 starts with an unplayable cell (as tabula serve sends it).
const DRAUGHTS_8 = { rows: 8, cols: 8, check: -1,
                     cells: Array.from({ length: 64 }, (_, c) => ((Math.floor(c / 8) + c) % 2 ? '.' : ' ')).join('') };
const CHESS_START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function play_all(fen, variant, shape, moves) {
    let grid = grid_from_fen(fen, variant, shape);
    for (const m of moves) grid = apply_move(grid, variant, { move: m });
    return grid;
}

test('chess moves: castling brings the rook, en passant takes the pawn, promotion takes the piece named', () => {
    const castled = play_all(CHESS_START_FEN, 'chess', EMPTY_8,
        ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'e1g1']);
    assert.equal(castled.cells[cell('g1')], 'K');
    assert.equal(castled.cells[cell('f1')], 'R');
    assert.equal(castled.cells[cell('h1')], '.');
    const long = play_all('r3k3/8/8/8/8/8/8/4K3 b q - 0 1', 'chess', EMPTY_8, ['e8c8']);
    assert.equal(long.cells[cell('c8')], 'k');
    assert.equal(long.cells[cell('d8')], 'r');
    assert.equal(long.cells[cell('a8')], '.');
    const ep = play_all('4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1', 'chess', EMPTY_8, ['d7d5', 'e5d6']);
    assert.equal(ep.cells[cell('d6')], 'P');
    assert.equal(ep.cells[cell('d5')], '.');
    const promoted = play_all('4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'chess', EMPTY_8, ['a7a8n']);
    assert.equal(promoted.cells[cell('a8')], 'N');
    assert.equal(play_all('4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'chess', EMPTY_8, ['a7a8']).cells[cell('a8')], 'Q');
}, node);

test('chess960 moves: the king taking its own rook castles, king to g or c, rook to f or d', () => {
    // Position 0 of Chess960 (BBQNNRKR) with the pieces between cleared: king g1, rooks f1, h1.
    const short_side = play_all('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1', 'chess960',
        EMPTY_8, ['g1h1']);
    assert.equal(short_side.cells[cell('g1')], 'K');
    assert.equal(short_side.cells[cell('f1')], 'R');
    assert.equal(short_side.cells[cell('h1')], '.');
    // King b1 and rook a1 castle long: the king lands on c1 and the rook on d1.
    const long_side = play_all('1k6/8/8/8/8/8/8/RK6 w A - 0 1', 'chess960', EMPTY_8, ['b1a1']);
    assert.equal(long_side.cells[cell('c1')], 'K');
    assert.equal(long_side.cells[cell('d1')], 'R');
    assert.equal(long_side.cells[cell('a1')], '.');
    assert.equal(long_side.cells[cell('b1')], '.');
    // In standard chess the king's two-square step still castles.
    assert.equal(play_all('4k3/8/8/8/8/8/8/4K2R w K - 0 1', 'chess', EMPTY_8, ['e1g1']).cells[cell('f1')], 'R');
}, node);

test('draughts moves: numbered squares, captures found between the cells, crowning (in passing in Russian only)', () => {
    // Russian: 1. c3-d4 d6-c5 2. b2-c3 c7-d6 3. d4-e5 f6:d4:b2, written as the server writes it.
    const line = ['22-18', '10-14', '25-22', '6-10', '18-15', '11x25'];
    const grid = play_all('W:W21-32:B1-12', 'russian', DRAUGHTS_8, line);
    assert.equal(grid.cells[cell('b2')], 'b');
    assert.equal(grid.cells[cell('e5')], '.');
    assert.equal(grid.cells[cell('c3')], '.');
    assert.equal(grid.cells.split('').filter((c) => c === 'w').length, 10);
    // With the cells a move event gives, every landing square; from the notation alone, its ends.
    assert.equal(move_text('russian', { move: '11x25', display: '11x25', path: [cell('f6'), cell('d4'), cell('b2')] }, grid),
        'f6:d4:b2');
    assert.equal(move_text('russian', { move: '11x25', display: '11x25' }, grid), 'f6:b2');
    assert.equal(move_text('russian', { move: '22-18', display: '22-18' }, grid), 'c3-d4');
    assert.equal(move_text('international', { move: '32-28', display: '32-28' }, grid), '32-28');
    // A man takes over c7 to d8 (the last row) and on over e7 to f6.
    const fen = 'W:W9:B6,7';
    const start = grid_from_fen(fen, 'russian', DRAUGHTS_8);
    assert.equal(start.cells[cell('b6')], 'w');
    const path = [cell('b6'), cell('d8'), cell('f6')];
    assert.equal(apply_move(start, 'russian', { move: '9x2x11', path }).cells[cell('f6')], 'W');
    assert.equal(apply_move(start, 'czech', { move: '9x2x11', path }).cells[cell('f6')], 'w');
    assert.equal(apply_move(start, 'russian', { move: '9x2x11', path }).cells[cell('c7')], '.');
}, node);

test('square numbers: row by row from White’s top left, Spanish from White’s bottom right; letters on lettered boards', () => {
    const numbers = square_numbering(DRAUGHTS_8, 'english');
    assert.equal(numbers.get(1), 1);
    assert.equal(numbers.get(62), 32);
    const spanish_shape = { ...DRAUGHTS_8, cells: DRAUGHTS_8.cells.split('').map((c) => (c === ' ' ? '.' : ' ')).join('') };
    const spanish = square_numbering(spanish_shape, 'spanish');
    assert.equal(spanish.get(63), 1);
    assert.equal(board_numbers(DRAUGHTS_8, 'russian'), null);
    assert.equal(board_numbers(DRAUGHTS_8, 'international').size, 32);
    assert.deepEqual(canonical_path(EMPTY_8, 'turkish', 'a3-a4'), [cell('a3'), cell('a4')]);
    assert.equal(canonical_path(EMPTY_8, 'chess', 'e9e4'), null);
    // Legal moves sent without cells get them from their canonical notation.
    const moves = with_paths([{ move: 'e2e4' }, { move: 'g1f3', path: [cell('g1'), cell('f3')] }], EMPTY_8, 'chess');
    assert.deepEqual(moves.map((m) => m.path), [[cell('e2'), cell('e4')], [cell('g1'), cell('f3')]]);
}, node);

test('replay: every position of a game, or null when it does not reach the server’s board', () => {
    const moves = ['e2e4', 'e7e5'].map((move) => ({ move }));
    const end = play_all(CHESS_START_FEN, 'chess', EMPTY_8, ['e2e4', 'e7e5']);
    const grids = replay(CHESS_START_FEN, 'chess', moves, end);
    assert.equal(grids.length, 3);
    assert.equal(grids[0].cells[cell('e2')], 'P');
    assert.equal(grids[1].cells[cell('e4')], 'P');
    assert.equal(grids[1].cells[cell('e7')], 'p');
    assert.equal(replay(CHESS_START_FEN, 'chess', moves.slice(0, 1), end), null);
}, node);

test('records: PDN pairs open with Black in English draughts, a chess game from a position has SetUp and FEN', () => {
    const seats = [{ name: 'ann' }, { name: 'bob' }];
    const english = game_record({ variant: 'english', code: 'K7QF3X', game_number: 2, status: 'finished', seats,
                                  result: { kind: 'win', winner: 1, reason: 'resign' }, start_position: 'B:W21-32:B1-12',
                                  moves: [{ display: '9-13' }, { display: '22-18' }, { display: '13x22' }],
                                  started_at: Date.UTC(2026, 10, 24) }, 'example.org');
    assert.equal(english.name, 'tabula-K7QF3X-2.pdn');
    assert.match(english.text, /^\[Event "Tabula casual game"\]\n\[Site "example.org"\]\n\[Date "2026\.11\.24"\]\n\[Round "2"\]\n\[White "ann"\]\n\[Black "bob"\]\n\[Result "0-2"\]\n\[GameType "21"\]\n\[FEN "B:W21-32:B1-12"\]\n\n1\. 9-13 22-18 2\. 13x22 0-2\n$/);
    const chess = game_record({ variant: 'chess', code: 'AAAAAA', status: 'playing', seats,
                                start_position: '4k3/8/8/8/8/8/4P3/4K3 b - - 0 1', moves: [{ display: 'Kd7' }, { display: 'e4' }] }, 's');
    assert.match(chess.text, /\[SetUp "1"\]\n\[FEN "4k3\/8\/8\/8\/8\/8\/4P3\/4K3 b - - 0 1"\]\n\n1\.\.\. Kd7 2\. e4 \*\n$/);
    const drawn = game_record({ variant: 'chess', code: 'AAAAAA', status: 'finished', seats, start_position: CHESS_START_FEN,
                                result: { kind: 'draw', winner: null, reason: 'agreement' }, moves: [{ display: 'e4' }] }, 's');
    assert.match(drawn.text, /\[Result "1\/2-1\/2"\]/);
    assert.doesNotMatch(drawn.text, /FEN/);
}, node);

test('a table state read after a reload: moves with their cells from history, the record dated by started_at, the stored game id from the state and the ended event', () => {
    // Russian draughts 1. a3-b4 b6-a5 2. c3-d4 a5:c3:e5, as tabula serve sends the state.
    const history = [{ move: '21-17', display: '21-17', path: [40, 33], captures: [] },
                     { move: '9-13', display: '9-13', path: [17, 24], captures: [] },
                     { move: '22-18', display: '22-18', path: [42, 35], captures: [] },
                     { move: '13x15', display: '13x15', path: [24, 42, 28], captures: [33, 35] }];
    const sent = table_state({ variant: 'russian', start_position: 'W:W21-32:B1-12', ply: 4,
                               moves: history.map((m) => m.move), moves_display: history.map((m) => m.display), history,
                               last_move: history[3], started_at: Date.UTC(2024, 1, 29, 23, 59), game_id: 42, version: 9,
                               seats: [seat('ann'), seat('bob')] });
    const state = read_table(table_message(sent));
    assert.deepEqual(state.moves.map((m) => m.path), history.map((m) => m.path));
    assert.deepEqual(state.moves[3].captures, [33, 35]);
    assert.equal(state.game_id, 42);
    assert.match(game_record(state, 's').text, /\[Date "2024\.02\.29"\]/);
    // The cells of the capture replay it; its notation alone would not (it names only the ends).
    const end = history.reduce((g, m) => apply_move(g, 'russian', m), grid_from_fen(sent.start_position, 'russian', DRAUGHTS_8));
    assert.equal(end.cells[cell('e5')], 'b');
    const grids = replay(sent.start_position, 'russian', state.moves, end);
    assert.ok(grids);
    assert.equal(replay(sent.start_position, 'russian', history.map((m) => ({ move: m.move })), grids[4]), null);
    const ended = apply_event({ ...state, game_id: null },
        { version: 10, event: { type: 'game_ended', game_number: 1, rated: false, moves: [], clocks: clocks([1, 2], 1), game_id: 43,
                                result: { kind: 'win', winner: 1, places: null, reason: 'resign', did_not_start: null } } });
    assert.equal(ended.game_id, 43);
    assert.equal(read_table(table_message({ ...sent, started_at: null, game_id: null })).started_at, null);
}, node);
