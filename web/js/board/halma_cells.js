// The boards of the halma family (Chinese checkers, Halma) as the server's grid gives them:
// which grid cells are holes, their names, where each is drawn, and the corner regions.
// rules/halma/README.md defines all of it (cell names with their diagram, the star on a
// 17 x 25 grid, the square with rank 16 on top); tests/browser/tests/halma_cells.test.js
// checks this file against that diagram and against `tabula perft`.

// Star rows a (top) to q: holes per row, two grid columns apart, centred on column 12.
const STAR_ROWS = 17;
const STAR_COLS = 25;
const STAR_WIDTH = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const SQUARE_SIDE = 16;

// The seats of each variant in turn order, by the corner they start in (star points 0 top,
// then clockwise; square corners 0 a1, 1 a16, 2 p16, 3 p1), as rules/halma/variants.h has them.
export const SEAT_CORNERS = {
    'chinese-checkers-2': [3, 0],
    'chinese-checkers-3': [3, 5, 1],
    'chinese-checkers-4': [3, 4, 0, 1],
    'chinese-checkers-6': [3, 4, 5, 0, 1, 2],
    'halma-2': [0, 2],
    'halma-4': [0, 1, 2, 3],
};

export function is_halma_variant(variant) {
    return Object.hasOwn(SEAT_CORNERS, variant || '');
}

// 'star' or 'square' for a grid of the family's size, else null.
export function halma_shape(grid) {
    if (grid.rows === STAR_ROWS && grid.cols === STAR_COLS) return 'star';
    if (grid.rows === SQUARE_SIDE && grid.cols === SQUARE_SIDE) return 'square';
    return null;
}

function star_first_col(row) {
    return 12 - (STAR_WIDTH[row] - 1);
}

// Whether grid cell (row, col) of the star is a hole.
function star_hole(row, col) {
    if (row < 0 || row >= STAR_ROWS) return false;
    const first = star_first_col(row);
    return col >= first && col <= first + 2 * (STAR_WIDTH[row] - 1) && (col - first) % 2 === 0;
}

// Every hole (or square) as grid cells, in board order: the diagrams' order, the star row by
// row from the top, the square rank by rank from a1 (the order position texts use).
export function board_cells(shape) {
    const cells = [];
    if (shape === 'star') {
        STAR_WIDTH.forEach((width, row) => {
            for (let i = 0; i < width; i++) cells.push(row * STAR_COLS + star_first_col(row) + 2 * i);
        });
    } else {
        for (let rank = 1; rank <= SQUARE_SIDE; rank++) {
            for (let file = 0; file < SQUARE_SIDE; file++) cells.push((SQUARE_SIDE - rank) * SQUARE_SIDE + file);
        }
    }
    return cells;
}

// A grid cell's name: star "e13" (row letter, hole number from the left), square "p16".
// '' for a cell that is no hole.
export function halma_cell_name(shape, cell) {
    if (shape === 'star') {
        const row = Math.floor(cell / STAR_COLS);
        const col = cell % STAR_COLS;
        if (!star_hole(row, col)) return '';
        return String.fromCharCode(97 + row) + String((col - star_first_col(row)) / 2 + 1);
    }
    if (!Number.isInteger(cell) || cell < 0 || cell >= SQUARE_SIDE * SQUARE_SIDE) return '';
    return String.fromCharCode(97 + (cell % SQUARE_SIDE)) + String(SQUARE_SIDE - Math.floor(cell / SQUARE_SIDE));
}

// The grid cell of a name, or -1.
export function halma_cell_of(shape, name) {
    const m = /^([a-q])([1-9][0-9]?)$/.exec(name || '');
    if (!m) return -1;
    const letter = m[1].charCodeAt(0) - 97;
    const number = Number(m[2]);
    if (shape === 'star') {
        if (number > STAR_WIDTH[letter]) return -1;
        return letter * STAR_COLS + star_first_col(letter) + 2 * (number - 1);
    }
    if (letter >= SQUARE_SIDE || number > SQUARE_SIDE) return -1;
    return (SQUARE_SIDE - number) * SQUARE_SIDE + letter;
}

// The star point (0 top, then clockwise) of a grid cell, or -1 in the central hexagon.
export function star_point(cell) {
    const row = Math.floor(cell / STAR_COLS);
    const col = cell % STAR_COLS;
    if (row <= 3) return 0;
    if (row >= 13) return 3;
    if (row <= 7 && col > 16 + (row - 4)) return 1;
    if (row <= 7 && col < 8 - (row - 4)) return 5;
    if (row >= 9 && col > 16 + (12 - row)) return 2;
    if (row >= 9 && col < 8 - (12 - row)) return 4;
    return -1;
}

// The yard of a square corner holding `pieces` (19 or 13) cells: seen from the corner, the
// cells (x, y) below k = 5 (or 4) with x + y <= k.
export function square_yard(corner, pieces) {
    const k = pieces === 19 ? 5 : 4;
    const cells = new Set();
    for (let x = 0; x < k; x++) {
        for (let y = 0; y < k && x + y <= k; y++) {
            const col = corner === 2 || corner === 3 ? SQUARE_SIDE - 1 - x : x;
            const row = corner === 1 || corner === 2 ? y : SQUARE_SIDE - 1 - y;
            cells.add(row * SQUARE_SIDE + col);
        }
    }
    return cells;
}

// Pieces per seat: 10 on the star, 19 (two players) or 13 (four) on the square.
export function pieces_per_seat(variant) {
    if (variant === 'halma-2') return 19;
    if (variant === 'halma-4') return 13;
    return 10;
}

// The corner region a grid cell lies in for a variant (-1: none); used for the colours.
export function corner_of(variant, shape, cell) {
    if (shape === 'star') return star_point(cell);
    for (const corner of [0, 1, 2, 3]) if (square_yard(corner, pieces_per_seat(variant)).has(cell)) return corner;
    return -1;
}

// Checks a grid of the family and returns a clean copy with its shape; throws an Error naming
// what is wrong. Pieces are the seat numbers '1'-'6' (seat 0 is '1').
export function parse_halma_grid(grid) {
    if (!grid || typeof grid !== 'object') throw new Error('grid is not an object');
    const shape = halma_shape(grid);
    if (!shape) throw new Error('a halma grid is 17 x 25 (star) or 16 x 16 (square)');
    const { rows, cols, cells } = grid;
    if (typeof cells !== 'string' || cells.length !== rows * cols) {
        throw new Error(`grid cells must be ${rows * cols} characters`);
    }
    if (!/^[ .1-6]*$/.test(cells)) throw new Error('grid has an unknown piece');
    for (let cell = 0; cell < cells.length; cell++) {
        const hole = shape === 'square' || star_hole(Math.floor(cell / cols), cell % cols);
        if (hole === (cells[cell] === ' ')) {
            throw new Error(`grid cell ${cell} ${hole ? 'is a hole but blank' : 'is no hole but filled'}`);
        }
    }
    return { rows, cols, cells, check: -1, shape };
}

// The standard start of a variant in the position notation of rules/halma/README.md: the first
// seat to move, each seat's home cells in board order, no moves played, nobody finished.
export function halma_start_position(variant) {
    const shape = variant.startsWith('halma') ? 'square' : 'star';
    const cells = board_cells(shape);
    const seats = SEAT_CORNERS[variant].map((corner) => cells
        .filter((cell) => corner_of(variant, shape, cell) === corner)
        .map((cell) => halma_cell_name(shape, cell)).join(','));
    return `1:${seats.join(':')}:0:-`;
}
