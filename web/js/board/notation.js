// How each variant's players name squares and moves, and what a move does to a board grid,
// read from the moves' canonical notation and cells only (docs/protocol.md §7.1: `move` is UCI
// for chess, numeric PDN for draughts, algebraic squares for Turkish; `path` the cells).
//
// - Square numbers: the server numbers the playable cells row by row from cell 0 (White's top
//   left), except Spanish, numbered from White's bottom right (as tabula serve sends them).
// - Russian, Brazilian and Czech players write squares algebraically (c3-d4, c3:e5), as
//   lidraughts shows them; International, English, Italian, Spanish and pool players write
//   numbers; Turkish players write algebraic squares.
// - Chinese checkers and Halma (rules/halma/README.md): cells by name (n2, p16), moves from-to
//   (a hop chain's landings come in the move's `path`), positions "1:<seat 1 cells>:…".
// - apply_move() moves the pieces as a move's cells say (castling's rook, en passant, promotion
//   and draughts crowning included): the optimistic drawing of a move before the server answers
//   and the replay of earlier positions. It checks nothing: the server is the judge of legality.

import { cell_name, is_piece, piece_side } from './grid.js';
import { is_chess_variant } from '../ui/variants.js';
import { SEAT_CORNERS, halma_cell_of, halma_shape, is_halma_variant } from './halma_cells.js';

const ALGEBRAIC_DRAUGHTS = new Set(['russian', 'brazilian', 'czech', 'russian-giveaway']);
const BLACK_FIRST = new Set(['english', 'pool']); // the variants where Black moves first
const PROMOTE_IN_PASSING = new Set(['russian', 'russian-giveaway']); // a man crowned mid-capture

export function family_of(variant) {
    return is_chess_variant(variant) ? 'chess' : 'draughts';
}

// The side that moves first in the variant's start position.
export function first_mover(variant) {
    return BLACK_FIRST.has(variant) ? 'black' : 'white';
}

// True when the board shows letters and digits (chess, Turkish, Russian, Brazilian, Czech).
export function algebraic_squares(variant) {
    return is_chess_variant(variant) || variant === 'turkish' || ALGEBRAIC_DRAUGHTS.has(variant);
}

// Map(cell -> square number) for numbered draughts boards; null elsewhere.
export function square_numbering(grid, variant) {
    if (!grid || is_chess_variant(variant) || variant === 'turkish' || is_halma_variant(variant) || !grid.cells.includes(' ')) return null;
    const cells = [];
    for (let c = 0; c < grid.cells.length; c++) if (grid.cells[c] !== ' ') cells.push(c);
    if (variant === 'spanish') cells.reverse();
    return new Map(cells.map((c, i) => [c, i + 1]));
}

// Same numbering, for the board's own coordinates: null where squares are named by letters.
export function board_numbers(grid, variant) {
    return algebraic_squares(variant) ? null : square_numbering(grid, variant);
}

function cell_of_name(name, rows, cols) {
    const m = /^([a-p])(\d{1,2})$/.exec(name);
    if (!m) return -1;
    const col = m[1].charCodeAt(0) - 97;
    const row = rows - Number(m[2]);
    return col < cols && row >= 0 && row < rows ? row * cols + col : -1;
}

// The cells of a move written in canonical notation, or null when it cannot be read.
export function canonical_path(grid, variant, text) {
    const { rows, cols } = grid;
    if (is_halma_variant(variant)) { // from-to, or a full hop path, in cell names (n2-l4)
        const shape = halma_shape(grid);
        const cells = String(text || '').split('-').map((name) => halma_cell_of(shape, name));
        return shape && cells.length >= 2 && cells.every((c) => c >= 0) ? cells : null;
    }
    if (is_chess_variant(variant)) {
        const m = /^([a-h][1-8])([a-h][1-8])[qrbn]?$/.exec(text || '');
        return m ? [cell_of_name(m[1], rows, cols), cell_of_name(m[2], rows, cols)] : null;
    }
    const parts = String(text || '').split(/[-x:]/);
    if (parts.length < 2) return null;
    let cells;
    if (/^\d+$/.test(parts[0])) {
        const numbering = square_numbering(grid, variant);
        if (!numbering) return null;
        const by_number = new Map([...numbering].map(([c, n]) => [n, c]));
        cells = parts.map((p) => by_number.get(Number(p)) ?? -1);
    } else {
        cells = parts.map((p) => cell_of_name(p, rows, cols));
    }
    return cells.every((c) => c >= 0) ? cells : null;
}

// Legal moves with their cells: a move that came without `path` gets it from its notation
// (the board picks moves by their cells only).
export function with_paths(moves, grid, variant) {
    if (!moves.some((m) => !(Array.isArray(m.path) && m.path.length >= 2))) return moves;
    return moves.map((m) => (Array.isArray(m.path) && m.path.length >= 2 ? m
        : { ...m, path: canonical_path(grid, variant, m.move) || [] }));
}

// The text of a move in the move list: the server's display form, except on the boards whose
// players name squares by letters, where a numeric form is written from the cells.
export function move_text(variant, move, grid) {
    const shown = move.display || move.move;
    if (!ALGEBRAIC_DRAUGHTS.has(variant) || !grid || !/^\d/.test(shown)) return shown;
    const path = move.path && move.path.length >= 2 ? move.path : canonical_path(grid, variant, move.move);
    if (!path) return shown;
    const capture = (move.captures && move.captures.length) || /[x:]/.test(move.move || shown);
    return path.map((c) => cell_name(c, grid.rows, grid.cols)).join(capture ? ':' : '-');
}

// The cells strictly between two cells on one line (rank, file or diagonal).
function between(grid, from, to) {
    const { cols } = grid;
    const [r0, c0, r1, c1] = [Math.floor(from / cols), from % cols, Math.floor(to / cols), to % cols];
    const dr = Math.sign(r1 - r0);
    const dc = Math.sign(c1 - c0);
    const steps = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
    if ((dr && dc && Math.abs(r1 - r0) !== Math.abs(c1 - c0))) return [];
    const out = [];
    for (let i = 1; i < steps; i++) out.push((r0 + dr * i) * cols + (c0 + dc * i));
    return out;
}

// A new grid after `move` ({move, path, captures}); null when the move does not fit the grid.
export function apply_move(grid, variant, move) {
    const path = move.path && move.path.length >= 2 ? move.path : canonical_path(grid, variant, move.move);
    if (!path) return null;
    const cells = grid.cells.split('');
    const from = path[0];
    const to = path[path.length - 1];
    const piece = cells[from];
    if (is_halma_variant(variant)) { // the piece goes from its origin to the end; nothing is taken
        if (!/[1-6]/.test(piece)) return null;
        cells[from] = '.';
        cells[to] = piece;
        return { rows: grid.rows, cols: grid.cols, cells: cells.join(''), check: -1 };
    }
    if (!is_piece(piece)) return null;
    const family = family_of(variant);
    const side = piece_side(piece, family);
    let captures = Array.isArray(move.captures) && move.captures.length ? move.captures : null;
    const far_row = (cell) => Math.floor(cell / grid.cols) === (side === 'white' ? 0 : grid.rows - 1);
    let placed = piece;
    if (family === 'chess') {
        const kind = piece.toLowerCase();
        const dc = (to % grid.cols) - (from % grid.cols);
        if (!captures && kind === 'p' && dc !== 0 && !is_piece(cells[to])) {
            captures = [from - (from % grid.cols) + (to % grid.cols)]; // en passant
        }
        const row_start = to - (to % grid.cols);
        if (kind === 'k' && cells[to] === (side === 'white' ? 'R' : 'r')) {
            // Chess960 castling, written as the king taking its own rook (protocol.md, §7.4):
            // the king goes to the g or c file, the rook to f or d, on the rook's side.
            const king_side = dc > 0;
            const rook = cells[to];
            cells[to] = '.';
            cells[from] = '.';
            cells[row_start + (king_side ? 5 : 3)] = rook;
            cells[row_start + (king_side ? 6 : 2)] = piece;
            return { rows: grid.rows, cols: grid.cols, cells: cells.join(''), check: -1 };
        }
        if (kind === 'k' && Math.abs(dc) === 2) { // castling: the rook comes round the king
            const rook_from = dc > 0 ? row_start + grid.cols - 1 : row_start;
            const rook_to = to - Math.sign(dc);
            cells[rook_to] = cells[rook_from];
            cells[rook_from] = '.';
        }
        if (kind === 'p' && far_row(to)) {
            const promo = /^[a-h][1-8][a-h][1-8]([qrbn])$/.exec(move.move || '');
            const letter = promo ? promo[1] : 'q';
            placed = side === 'white' ? letter.toUpperCase() : letter;
        }
    } else {
        if (!captures) {
            captures = [];
            for (let i = 1; i < path.length; i++) {
                for (const c of between(grid, path[i - 1], path[i])) {
                    if (is_piece(cells[c]) && piece_side(cells[c], family) !== side) captures.push(c);
                }
            }
        }
        const man = piece === 'w' || piece === 'b';
        const crowned = PROMOTE_IN_PASSING.has(variant) ? path.slice(1).some(far_row) : far_row(to);
        if (man && crowned) placed = piece.toUpperCase();
    }
    for (const c of captures || []) cells[c] = '.';
    cells[from] = '.';
    cells[to] = placed;
    return { rows: grid.rows, cols: grid.cols, cells: cells.join(''), check: -1 };
}

// The start grid from a FEN (chess) or draughts FEN, shaped like `shape` (its unplayable cells).
export function grid_from_fen(fen, variant, shape) {
    const { rows, cols } = shape;
    const cells = shape.cells.split('').map((ch) => (ch === ' ' ? ' ' : '.'));
    if (is_halma_variant(variant)) { // "<seat to move>:<seat 1 cells>:…:<moves>:<finished>[:<left>]"
        const board = halma_shape(shape);
        const seats = String(fen || '').split(':').slice(1, 1 + SEAT_CORNERS[variant].length);
        if (!board || !seats.length) return null;
        for (const [i, field] of seats.entries()) {
            for (const name of field.split(',').filter(Boolean)) {
                const cell = halma_cell_of(board, name);
                if (cell < 0 || cells[cell] !== '.') return null;
                cells[cell] = String(i + 1);
            }
        }
        return { rows, cols, cells: cells.join(''), check: -1 };
    }
    if (is_chess_variant(variant)) {
        const ranks = String(fen || '').split(' ')[0].split('/');
        if (ranks.length !== rows) return null;
        for (let r = 0; r < rows; r++) {
            let c = 0;
            for (const ch of ranks[r]) {
                if (/\d/.test(ch)) c += Number(ch);
                else cells[r * cols + c++] = ch;
            }
            if (c !== cols) return null;
        }
        return { rows, cols, cells: cells.join(''), check: -1 };
    }
    const numbering = square_numbering(shape, variant);
    const by_number = numbering ? new Map([...numbering].map(([c, n]) => [n, c])) : null;
    const fields = String(fen || '').replace(/\.$/, '').split(':');
    for (const field of fields.slice(1)) {
        const colour = field[0];
        if (colour !== 'W' && colour !== 'B') continue;
        for (let token of field.slice(1).split(',').filter(Boolean)) {
            const king = token.startsWith('K');
            if (king) token = token.slice(1);
            const range = /^(\d+)-(\d+)$/.exec(token);
            const place = (cell) => {
                if (cell === undefined || cell < 0) return;
                const ch = colour === 'W' ? 'w' : 'b';
                cells[cell] = king ? ch.toUpperCase() : ch;
            };
            if (range && by_number) {
                for (let n = Number(range[1]); n <= Number(range[2]); n++) place(by_number.get(n));
            } else if (/^\d+$/.test(token) && by_number) {
                place(by_number.get(Number(token)));
            } else {
                place(cell_of_name(token, rows, cols));
            }
        }
    }
    return { rows, cols, cells: cells.join(''), check: -1 };
}

// The side to move in a FEN / draughts FEN, or null.
export function fen_side(fen, variant) {
    const text = String(fen || '');
    if (is_chess_variant(variant)) {
        const side = text.split(' ')[1];
        return side === 'w' ? 'white' : side === 'b' ? 'black' : null;
    }
    return text[0] === 'W' ? 'white' : text[0] === 'B' ? 'black' : null;
}

// Every position of a game: [start grid, after move 1, ...], replayed from the start position
// and checked against the server's current board; null when the replay does not reach it.
export function replay(start_fen, variant, moves, current) {
    if (!current) return null;
    let grid = grid_from_fen(start_fen, variant, current);
    if (!grid) return null;
    const grids = [grid];
    for (const m of moves) {
        grid = apply_move(grid, variant, m);
        if (!grid) return null;
        grids.push(grid);
    }
    if (grid.cells !== current.cells) return null;
    grids[grids.length - 1] = current; // the server's own, with its check mark
    return grids;
}
