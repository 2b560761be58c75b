// What the game page needs for Chinese checkers and Halma, in Node: the standard start
// positions, the earlier positions replayed from a position text (stepping through the moves),
// moves read from their from-to text and drawn at once, and the record a player downloads.
// The positions come from the slow reference generator of fixtures/halma_reference.js.

import assert from 'node:assert/strict';
import { test } from '../harness.js';
import { apply_move, board_numbers, canonical_path, replay, square_numbering, with_paths }
    from '../../../web/js/board/notation.js';
import { halma_cell_of, halma_start_position } from '../../../web/js/board/halma_cells.js';
import { game_record } from '../../../web/js/screens/game_record.js';
import { read_table } from '../../../web/js/net/table_state.js';
import { seat, table_state, table_message } from '../lib/table_messages.js';
import { HALMA_VARIANTS, apply, grid_of, move_views, reference_moves, start_position, write_fen }
    from '../fixtures/halma_reference.js';

const node = { needs: 'node' };

// `n` moves from the start, each the reference generator's longest (the first of them), so
// the line has chains of hops, as the server sends them: {move, display, path} in grid cells.
function line(variant, n) {
    let pos = start_position(variant);
    const moves = [];
    for (let i = 0; i < n; i++) {
        const views = move_views(pos);
        const chosen = views.reduce((best, m, k) => (m.path.length > views[best].path.length ? k : best), 0);
        moves.push(views[chosen]);
        pos = apply(pos, reference_moves(pos)[chosen]);
    }
    return { moves, final: pos };
}

test('halma start positions: the first seat to move, each home in board order, as the rules write them', () => {
    for (const variant of Object.keys(HALMA_VARIANTS)) {
        assert.equal(halma_start_position(variant), write_fen(start_position(variant)), variant);
    }
    assert.equal(halma_start_position('chinese-checkers-2'),
        '1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-');
}, node);

test('halma replay: every earlier position from the start text, null when it does not reach the board', () => {
    for (const variant of ['chinese-checkers-2', 'halma-2']) {
        const { moves, final } = line(variant, 12);
        assert.ok(moves.some((m) => m.path.length > 2), `${variant}: a hop chain in the line`);
        const board = grid_of(final);
        const grids = replay(halma_start_position(variant), variant, moves, board);
        assert.ok(grids, variant);
        assert.equal(grids.length, moves.length + 1);
        assert.equal(grids[0].cells, grid_of(start_position(variant)).cells);
        assert.equal(grids[moves.length].cells, board.cells);
        // One move left out: the replay does not reach the server's board.
        assert.equal(replay(halma_start_position(variant), variant, moves.slice(1), board), null);
    }
}, node);

test('halma moves: from-to and full paths read by cell name, drawn without a path, no square numbers', () => {
    const start = grid_of(start_position('chinese-checkers-2'));
    const star = (name) => halma_cell_of('star', name);
    assert.deepEqual(canonical_path(start, 'chinese-checkers-2', 'n2-m6'), [star('n2'), star('m6')]);
    assert.deepEqual(canonical_path(start, 'chinese-checkers-2', 'p2-n2-l5'), [star('p2'), star('n2'), star('l5')]);
    assert.equal(canonical_path(start, 'chinese-checkers-2', '32-28'), null);
    assert.equal(canonical_path(start, 'chinese-checkers-2', 'n2-z9'), null);
    const after = apply_move(start, 'chinese-checkers-2', { move: 'n2-m6' });
    assert.equal(after.cells[star('n2')], '.');
    assert.equal(after.cells[star('m6')], '1');
    assert.equal(apply_move(start, 'chinese-checkers-2', { move: 'i5-h5' }), null); // no piece there
    assert.deepEqual(with_paths([{ move: 'd2-e6' }], start, 'chinese-checkers-2')[0].path, [star('d2'), star('e6')]);
    assert.equal(square_numbering(start, 'chinese-checkers-2'), null);
    assert.equal(board_numbers(start, 'chinese-checkers-2'), null);
}, node);

test('halma record: seats, the family result, FEN only for another start, rounds from the first seat', () => {
    const seats = [seat('ann'), seat('bo')];
    const history = ['n2-m6', 'd2-e6', 'p2-l5'].map((m) => ({ move: m, display: m, path: [], captures: [] }));
    const state = read_table(table_message(table_state({
        code: 'K7QFZP', variant: 'chinese-checkers-2', status: 'finished', seats,
        start_position: halma_start_position('chinese-checkers-2'), moves: history.map((m) => m.move), history,
        result: { kind: 'win', winner: 0, places: null, reason: 'resign', did_not_start: null },
        started_at: Date.UTC(2026, 10, 24), version: 9,
    })));
    const { name, text } = game_record(state, 'tabula.test');
    assert.equal(name, 'tabula-K7QFZP-1.pdn');
    assert.match(text, /\[Seat1 "ann"\]\n\[Seat2 "bo"\]\n\[Result "1-0"\]\n\[Variant "chinese-checkers-2"\]\n\n/);
    assert.doesNotMatch(text, /\[White |\[FEN |GameType/);
    assert.match(text, /\n1\. n2-m6 d2-e6 2\. p2-l5 1-0\n$/);

    const other = read_table(table_message(table_state({
        code: 'K7QFZP', variant: 'halma-2', seats, version: 3,
        start_position: '2:a1,a2:p16,p15:0:-', moves: ['p16-o14', 'a1-b3'],
        history: [{ move: 'p16-o14', path: [] }, { move: 'a1-b3', path: [] }],
    })));
    const record = game_record(other, 'tabula.test').text;
    assert.match(record, /\[FEN "2:a1,a2:p16,p15:0:-"\]/);
    assert.match(record, /\n1\. p16-o14 2\. a1-b3 \*\n$/);
}, node);
