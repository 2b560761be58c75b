// The variant-neutral board grid sent by the server: {rows, cols, cells, check}.
// Row 0 is the far side as White sees it, column 0 is White's left; cell = row * cols + col.
// '.' is an empty playable cell, ' ' a cell no piece may stand on; chess pieces are FEN
// letters, draughts pieces 'w' 'W' (white man, king) and 'b' 'B' (black man, king).

const MAX_SIDE = 16;

// Checks a grid's shape and returns a clean copy; throws an Error naming what is wrong.
import { is_chess_variant } from '../ui/variants.js';

export function parse_grid(grid) {
    if (!grid || typeof grid !== 'object') throw new Error('grid is not an object');
    const { rows, cols, cells } = grid;
    if (!Number.isInteger(rows) || rows < 1 || rows > MAX_SIDE) throw new Error('bad grid rows');
    if (!Number.isInteger(cols) || cols < 1 || cols > MAX_SIDE) throw new Error('bad grid cols');
    if (typeof cells !== 'string' || cells.length !== rows * cols) {
        throw new Error(`grid cells must be ${rows * cols} characters`);
    }
    if (!/^[.\x20PNBRQKpnbrqkwWbB]*$/.test(cells)) throw new Error('grid has an unknown piece');
    const check = Number.isInteger(grid.check) && grid.check >= 0 && grid.check < cells.length
        ? grid.check : -1;
    return { rows, cols, cells, check };
}

// 'chess' or 'draughts'. 'b' and 'B' mean different pieces in the two families, so a caller
// that knows the variant passes it; otherwise a grid with kings ('K', 'k') is chess, since
// every chess position has both kings and no draughts grid has either letter.
export function grid_family(grid, variant) {
    if (variant) return is_chess_variant(variant) ? 'chess' : 'draughts';
    return /[Kk]/.test(grid.cells) ? 'chess' : 'draughts';
}

export function is_piece(ch) {
    return ch !== '.' && ch !== ' ';
}

// 'white', 'black' or null for an empty cell.
export function piece_side(ch, family) {
    if (!is_piece(ch)) return null;
    if (family === 'draughts') return ch === 'w' || ch === 'W' ? 'white' : 'black';
    return ch === ch.toUpperCase() ? 'white' : 'black';
}

// A name for screen readers: "white knight", "black king" (draughts: "black man").
export function piece_name(ch, family) {
    const side = piece_side(ch, family);
    if (!side) return 'empty';
    if (family === 'draughts') return `${side} ${ch === 'W' || ch === 'B' ? 'king' : 'man'}`;
    const names = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
    return `${side} ${names[ch.toLowerCase()]}`;
}

// Algebraic name of a cell as White sees the board: column letter, row number from the
// bottom ("e4"); used by coordinates, announcements and the typed-move field.
export function cell_name(cell, rows, cols) {
    const row = Math.floor(cell / cols);
    const col = cell % cols;
    return String.fromCharCode(97 + col) + String(rows - row);
}

// Dark cells are the playable ones on a draughts board with unplayable cells; otherwise the
// usual chequer with the bottom-left (White's left corner) dark.
export function is_dark_cell(grid, cell) {
    if (grid.cells.includes(' ')) return grid.cells[cell] !== ' ';
    const row = Math.floor(cell / grid.cols);
    const col = cell % grid.cols;
    return (grid.rows - 1 - row + col) % 2 === 0;
}

// Draughts square numbers, learnt from the server's own moves: when every legal move written
// with numbers ("32-28", "28x19x10") starts and ends on the cells its path gives under one of
// the usual orders (playable cells counted row by row from one of the four corners: from
// White's top left in international draughts, from White's bottom right in Spanish), returns
// Map(cell -> number); otherwise null. Chess and algebraic draughts notations never match,
// so those boards show letters and digits instead.
export function square_numbers(grid, moves) {
    const numeric = (moves || []).filter((m) => /^\d+([-x:]\d+)+$/.test(m.move || ''));
    if (!numeric.length || !grid.cells.includes(' ')) return null;
    const { rows, cols } = grid;
    const orders = [
        (r, c) => r * cols + c,
        (r, c) => r * cols + (cols - 1 - c),
        (r, c) => (rows - 1 - r) * cols + (cols - 1 - c),
        (r, c) => (rows - 1 - r) * cols + c,
    ];
    for (const order of orders) {
        const numbers = new Map();
        let n = 0;
        for (let r = 0; r < grid.rows; r++) {
            for (let c = 0; c < grid.cols; c++) {
                const cell = order(r, c);
                if (grid.cells[cell] !== ' ') numbers.set(cell, ++n);
            }
        }
        const fits = numeric.every((m) => {
            const parts = m.move.split(/[-x:]/).map(Number);
            return numbers.get(m.path[0]) === parts[0]
                && numbers.get(m.path[m.path.length - 1]) === parts[parts.length - 1];
        });
        if (fits) return numbers;
    }
    return null;
}
