// The web's cells of the halma family (web/js/board/halma_cells.js) against the rules: the
// names and places of rules/halma/README.md's star diagram, and the test positions
// (fixtures/halma_reference.js) against `tabula perft --divide`, the rules' own move list, so
// that a name the board shows or a move it sends is the one the rules read.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '../harness.js';
import { SEAT_CORNERS, board_cells, halma_cell_name, halma_cell_of, star_point, square_yard, parse_halma_grid,
         corner_of, pieces_per_seat } from '../../../web/js/board/halma_cells.js';
import { HALMA_VARIANTS, layout, halma_positions, start_position, write_fen, reference_moves, move_name }
    from '../fixtures/halma_reference.js';

const node = { needs: 'node' };
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The tabula binary run.sh was given, or the usual build.
function tabula_bin() {
    const bin = process.env.TABULA_BIN || path.join(repo, 'build/release/server/tabula');
    if (!fs.existsSync(bin)) throw new Error(`no tabula binary at ${bin} (set TABULA_BIN)`);
    return bin;
}

// `tabula perft <variant> <depth> --divide [--fen F]`: {moves: sorted names, nodes}.
function perft(variant, depth, fen) {
    const args = ['perft', variant, String(depth), '--divide', ...(fen ? ['--fen', fen] : [])];
    const out = execFileSync(tabula_bin(), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .trim().split('\n');
    return { moves: out.slice(0, -1).map((line) => line.split(':')[0]).sort(), divide: out.slice(0, -1).sort(),
             nodes: Number(out[out.length - 1]) };
}

test('halma cells: every star name stands where rules/halma/README.md draws it', () => {
    const readme = fs.readFileSync(path.join(repo, 'rules/halma/README.md'), 'utf8');
    const diagram = readme.split('```')[1].split('\n'); // the first diagram: the cell names
    const seen = [];
    for (const line of diagram) {
        for (const m of line.matchAll(/([a-q])(\d+)/g)) {
            // Three characters per grid column; row a is grid row 0.
            const row = m[1].charCodeAt(0) - 97;
            const col = Math.round((m.index + m[0].length / 2 - 1.5) / 3);
            seen.push(m[0]);
            assert.equal(halma_cell_of('star', m[0]), row * 25 + col, `${m[0]} in the diagram`);
            assert.equal(halma_cell_name('star', row * 25 + col), m[0]);
        }
    }
    assert.equal(seen.length, 121);
    assert.deepEqual(board_cells('star').map((c) => halma_cell_name('star', c)).sort(), seen.sort());
    assert.equal(halma_cell_of('star', 'i5'), 8 * 25 + 12, 'the centre');
    assert.equal(halma_cell_of('star', 'a2'), -1);
    assert.equal(halma_cell_of('square', 'p16'), 15);
    assert.equal(halma_cell_of('square', 'a1'), 15 * 16);
    assert.equal(halma_cell_of('square', 'q1'), -1);
}, node);

test('halma cells: the web and the reference name the cells alike, in board order', () => {
    for (const variant of ['chinese-checkers-2', 'halma-2']) {
        const l = layout(variant);
        assert.deepEqual(board_cells(l.shape), l.board.cells.map((c) => c.at), `${l.shape} order`);
        assert.deepEqual(board_cells(l.shape).map((c) => halma_cell_name(l.shape, c)), l.board.cells.map((c) => c.name));
    }
}, node);

test('halma cells: each seat starts in the corner the web colours for it', () => {
    assert.deepEqual(Object.keys(SEAT_CORNERS), Object.keys(HALMA_VARIANTS));
    for (const [variant, corners] of Object.entries(SEAT_CORNERS)) {
        const l = layout(variant);
        assert.deepEqual(corners, l.corners, variant);
        assert.equal(pieces_per_seat(variant), l.pieces, variant);
        corners.forEach((corner, seat) => {
            const web = l.shape === 'star' ? board_cells('star').filter((c) => star_point(c) === corner)
                : [...square_yard(corner, l.pieces)];
            const home = [...l.home[seat]].map((c) => l.board.cells[c].at);
            assert.deepEqual(web.sort((a, b) => a - b), home.sort((a, b) => a - b), `${variant} seat ${seat + 1}`);
            for (const c of home) assert.equal(corner_of(variant, l.shape, c), corner);
        });
    }
}, node);

test('halma cells: the test positions are the rules own, and their moves are the rules moves', () => {
    for (const p of halma_positions()) {
        const label = `${p.variant} ${p.kind}`;
        const grid = parse_halma_grid(p.grid);
        const rules = perft(p.variant, 1, p.fen);
        assert.deepEqual(p.moves.map((m) => m.move).sort(), rules.moves, label);
        for (const m of p.moves) {
            const ends = `${halma_cell_name(grid.shape, m.path[0])}-${halma_cell_name(grid.shape, m.path[m.path.length - 1])}`;
            assert.equal(ends, m.move, `${label}: the web names the ends of ${m.move}`);
            assert.equal(grid.cells[m.path[0]], String(p.seat_to_move + 1), `${label}: ${m.move} moves a piece of the seat to move`);
        }
        if (p.last_move) {
            assert.ok(p.last_move.path.length >= 3, `${label}: the last move is a chain of hops`);
            assert.ok(perft(p.variant, 1, p.before_fen).moves.includes(p.last_move.move), `${label}: ${p.last_move.move}`);
        }
    }
}, { ...node, timeout_ms: 60000 });

test('halma cells: the start positions are the rules start, for every seat', () => {
    for (const variant of Object.keys(HALMA_VARIANTS)) {
        const start = start_position(variant);
        const fen = write_fen(start);
        assert.deepEqual(perft(variant, 2, fen).divide, perft(variant, 2).divide, variant);
        // Every seat in turn: its moves are the reference's moves from the rules' start.
        const l = layout(variant);
        for (let seat = 1; seat < l.players; seat++) {
            const turned = { ...start, to_move: seat };
            assert.deepEqual(perft(variant, 1, write_fen(turned)).moves,
                             reference_moves(turned).map((m) => move_name(l, m)).sort(), `${variant} seat ${seat + 1}`);
        }
        // Seats beyond the second: a perft of one whole round (8.2 million leaves with six
        // players, about a second) counts their moves from the rules' start too.
        if (l.players > 2) assert.equal(perft(variant, l.players, fen).nodes, perft(variant, l.players).nodes, variant);
    }
}, { ...node, timeout_ms: 60000 });

test('halma cells: a grid of the wrong shape or with a stray piece is refused', () => {
    const star = halma_positions()[0].grid;
    assert.throws(() => parse_halma_grid({ ...star, rows: 16 }), /17 x 25/);
    assert.throws(() => parse_halma_grid({ ...star, cells: `${star.cells.slice(0, -1)}7` }), /unknown piece|no hole/);
    assert.throws(() => parse_halma_grid({ ...star, cells: `1${star.cells.slice(1)}` }), /no hole but filled/);
    assert.equal(parse_halma_grid(star).shape, 'star');
}, node);
