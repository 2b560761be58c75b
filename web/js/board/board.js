// One SVG board for every variant, driven only by the grid and the legal move list:
// squares, coordinates, pieces, last-move / check / selection highlights, move hints, and a
// keyboard cursor. Input (pointer, keyboard) lives in board_input.js and reaches the board
// through activate(cell), drag_*() and cancel().

import { parse_grid, grid_family, is_dark_cell, is_piece, piece_name, piece_side, cell_name, square_numbers } from './grid.js';
import { MovePicker } from './move_picker.js';
import { piece_element, SVG_NS } from './pieces.js';
import { choose_promotion } from './promotion.js';
import { attach_input } from './board_input.js';
import { commit_move, end_drag, move_drag, start_drag } from './drag_commit.js';

const CELL = 100;

function svg(tag, attrs = {}) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
}

export class Board {
    // `options.on_move(move)` receives the chosen legal move entry; `options.label` names the
    // board for assistive technology.
    constructor(container, options = {}) {
        this.container = container;
        this.on_move = options.on_move || (() => {});
        // After a click on the board the arrow keys step through the moves (board_input.js).
        this.arrows_step_moves = !!options.arrows_step_moves;
        this.pointer_focus = false; // the board has the focus from a click, not the keyboard
        // Premoves: while `premove_side` is set and there is no legal move to pick, a piece of
        // that side and a target cell make a premove, given to `on_premove({from, to})`.
        this.on_premove = options.on_premove || null;
        this.premove_side = null;
        this.premove = null; // {from, to} shown while queued
        this.premove_from = -1;
        this.picker = new MovePicker([]);
        this.grid = null;
        this.family = 'chess';
        this.orientation = 'white';
        this.coordinates = options.coordinates !== false;
        this.last_move = null;
        this.numbers = null; // {shape, map: Map(cell -> draughts square number)} once learnt
        this.cursor = -1;
        this.drag = null;
        this.busy = false;

        container.classList.add('board');
        this.svg = svg('svg', { class: 'board-svg', tabindex: 0, role: 'application',
                                'aria-roledescription': 'board',
                                'aria-label': options.label || 'Board' });
        this.layers = {};
        for (const name of ['squares', 'marks', 'pieces', 'coords', 'hints', 'cursor', 'drag']) {
            this.layers[name] = this.svg.appendChild(svg('g', { class: `layer-${name}` }));
        }
        this.live = document.createElement('p');
        this.live.className = 'visually-hidden';
        this.live.setAttribute('aria-live', 'polite');
        container.append(this.svg, this.live);
        attach_input(this);
    }

    // Shows a position: {grid, moves, variant, last_move: {path, captures}, orientation}.
    // Moves are the ones the local player may make now (empty when it is not their turn).
    set(state) {
        this.grid = parse_grid(state.grid);
        this.family = grid_family(this.grid, state.variant);
        if (state.orientation) this.orientation = state.orientation;
        this.last_move = state.last_move || null;
        this.picker.set_moves(state.moves || []);
        this.premove_side = state.premove_side || null;
        this.premove = state.premove || null;
        if (!this.premove_side) this.premove_from = -1;
        const shape = `${this.grid.rows}x${this.grid.cols}:${state.variant || ''}`;
        if ('numbers' in state) {
            // The caller knows how the variant's players name squares (notation.js).
            this.numbers = state.numbers ? { shape, map: state.numbers } : null;
        } else {
            // Square numbers stay known for the rest of the game once learnt from the moves.
            const numbers = square_numbers(this.grid, state.moves);
            if (numbers) this.numbers = { shape, map: numbers };
            else if (this.numbers && this.numbers.shape !== shape) this.numbers = null;
        }
        // 'plain': every square alike (Turkish); 'light': pieces on the light squares (Spanish).
        if (state.squares) this.container.dataset.squares = state.squares;
        else delete this.container.dataset.squares;
        if (this.cursor < 0 || this.cursor >= this.grid.cells.length) {
            this.cursor = this.view_to_cell(this.grid.rows - 1, 0);
        }
        this.svg.setAttribute('viewBox', `0 0 ${this.grid.cols * CELL} ${this.grid.rows * CELL}`);
        this.container.style.setProperty('--board-aspect', `${this.grid.cols} / ${this.grid.rows}`);
        this.container.dataset.family = this.family;
        this.render();
    }

    flip() {
        this.orientation = this.orientation === 'white' ? 'black' : 'white';
        if (this.grid) this.render();
    }

    set_coordinates(on) {
        this.coordinates = on;
        if (this.grid) this.render_coords();
    }

    // Cell <-> position on screen (row and column as drawn, after any flip).
    cell_to_view(cell) {
        const row = Math.floor(cell / this.grid.cols);
        const col = cell % this.grid.cols;
        return this.orientation === 'white' ? [row, col]
            : [this.grid.rows - 1 - row, this.grid.cols - 1 - col];
    }

    view_to_cell(vr, vc) {
        const { rows, cols } = this.grid;
        return this.orientation === 'white' ? vr * cols + vc : (rows - 1 - vr) * cols + (cols - 1 - vc);
    }

    // The cell under a point in client (CSS pixel) coordinates, or -1.
    cell_at(client_x, client_y) {
        const r = this.svg.getBoundingClientRect();
        const vc = Math.floor(((client_x - r.left) / r.width) * this.grid.cols);
        const vr = Math.floor(((client_y - r.top) / r.height) * this.grid.rows);
        if (vr < 0 || vc < 0 || vr >= this.grid.rows || vc >= this.grid.cols) return -1;
        return this.view_to_cell(vr, vc);
    }

    render() {
        this.render_squares();
        this.render_coords();
        this.render_pieces();
        this.render_marks();
    }

    render_squares() {
        const layer = this.layers.squares;
        layer.replaceChildren();
        for (let cell = 0; cell < this.grid.cells.length; cell++) {
            const [vr, vc] = this.cell_to_view(cell);
            const dark = is_dark_cell(this.grid, cell);
            layer.appendChild(svg('rect', {
                x: vc * CELL, y: vr * CELL, width: CELL, height: CELL,
                class: `square ${dark ? 'dark' : 'light'}`, 'data-cell': cell,
            }));
        }
    }

    render_coords() {
        const layer = this.layers.coords;
        layer.replaceChildren();
        if (!this.coordinates) return;
        const { rows, cols } = this.grid;
        if (this.numbers) {
            for (const [cell, n] of this.numbers.map) {
                const [vr, vc] = this.cell_to_view(cell);
                const text = svg('text', { x: vc * CELL + 4, y: vr * CELL + 17, class: 'coord square-number on-dark',
                                           'data-cell': cell });
                text.textContent = String(n);
                layer.appendChild(text);
            }
            return;
        }
        for (let vc = 0; vc < cols; vc++) {
            const cell = this.view_to_cell(rows - 1, vc);
            const text = svg('text', { x: vc * CELL + CELL - 6, y: rows * CELL - 7,
                                       class: `coord ${is_dark_cell(this.grid, cell) ? 'on-dark' : 'on-light'}`,
                                       'text-anchor': 'end' });
            text.textContent = cell_name(cell, rows, cols).charAt(0);
            layer.appendChild(text);
        }
        for (let vr = 0; vr < rows; vr++) {
            const cell = this.view_to_cell(vr, 0);
            const text = svg('text', { x: 6, y: vr * CELL + 22,
                                       class: `coord ${is_dark_cell(this.grid, cell) ? 'on-dark' : 'on-light'}` });
            text.textContent = cell_name(cell, rows, cols).slice(1);
            layer.appendChild(text);
        }
    }

    render_pieces() {
        const layer = this.layers.pieces;
        layer.replaceChildren();
        for (let cell = 0; cell < this.grid.cells.length; cell++) {
            const ch = this.grid.cells[cell];
            if (!is_piece(ch)) continue;
            const [vr, vc] = this.cell_to_view(cell);
            const g = piece_element(ch, this.family);
            g.setAttribute('transform', `translate(${vc * CELL} ${vr * CELL})`);
            g.dataset.cell = cell;
            layer.appendChild(g);
        }
    }

    // Highlights and hints: last move, check, selection, next cells, captures, cursor.
    render_marks() {
        const marks = this.layers.marks;
        const hints = this.layers.hints;
        marks.replaceChildren();
        hints.replaceChildren();
        const square = (cell, cls) => {
            const [vr, vc] = this.cell_to_view(cell);
            marks.appendChild(svg('rect', { x: vc * CELL, y: vr * CELL, width: CELL, height: CELL,
                                            class: cls, 'data-cell': cell }));
        };
        if (this.last_move && Array.isArray(this.last_move.path)) {
            for (const cell of this.last_move.path) square(cell, 'mark-last');
            for (const cell of this.last_move.captures || []) square(cell, 'mark-last-capture');
        }
        if (this.grid.check >= 0) square(this.grid.check, 'mark-check');
        for (const cell of this.picker.prefix) square(cell, 'mark-selected');
        if (this.premove) for (const cell of [this.premove.from, this.premove.to]) square(cell, 'mark-premove');
        if (this.premove_from >= 0) square(this.premove_from, 'mark-premove-from');
        const { next, ends, captures } = this.picker.hints();
        for (const cell of captures) square(cell, 'mark-capture');
        for (const cell of new Set([...next, ...ends])) {
            const [vr, vc] = this.cell_to_view(cell);
            const occupied = is_piece(this.grid.cells[cell]);
            const cls = `hint ${next.has(cell) ? 'hint-next' : 'hint-end'}${occupied ? ' hint-take' : ''}`;
            hints.appendChild(occupied
                ? svg('circle', { cx: vc * CELL + 50, cy: vr * CELL + 50, r: 44, class: cls, 'data-cell': cell })
                : svg('circle', { cx: vc * CELL + 50, cy: vr * CELL + 50, r: 15, class: cls, 'data-cell': cell }));
        }
        for (const g of this.layers.pieces.children) {
            g.classList.toggle('movable', this.picker.origins().has(Number(g.dataset.cell)));
        }
        this.render_cursor();
    }

    render_cursor() {
        const layer = this.layers.cursor;
        layer.replaceChildren();
        if (this.cursor < 0) return;
        const [vr, vc] = this.cell_to_view(this.cursor);
        layer.appendChild(svg('rect', { x: vc * CELL + 3, y: vr * CELL + 3, width: CELL - 6,
                                        height: CELL - 6, rx: 6, class: 'cursor',
                                        'data-cell': this.cursor }));
    }

    // The algebraic name of a cell on the board shown ("e4"), or '' without a board.
    cell_name(cell) {
        return this.grid ? cell_name(cell, this.grid.rows, this.grid.cols) : '';
    }

    describe(cell) {
        const number = this.numbers && this.numbers.map.get(cell);
        const name = number ? `square ${number}` : cell_name(cell, this.grid.rows, this.grid.cols);
        return `${name} ${piece_name(this.grid.cells[cell], this.family)}`;
    }

    announce(text) {
        this.live.textContent = text;
    }

    // The whole position in words, side by side and piece by piece, for a screen reader:
    // "White: king e1; queen d1; rooks a1, h1; ... Black: ..." (draughts: men and kings on
    // their square numbers when the board shows numbers).
    describe_position() {
        if (!this.grid) return '';
        const order = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn', 'man'];
        const plural = (name) => (name === 'man' ? 'men' : `${name}s`);
        return ['white', 'black'].map((side) => {
            const by_kind = new Map();
            for (let cell = 0; cell < this.grid.cells.length; cell++) {
                const ch = this.grid.cells[cell];
                if (piece_side(ch, this.family) !== side) continue;
                const kind = piece_name(ch, this.family).slice(side.length + 1);
                const number = this.numbers && this.numbers.map.get(cell);
                if (!by_kind.has(kind)) by_kind.set(kind, []);
                by_kind.get(kind).push({ name: number ? String(number) : this.cell_name(cell),
                                         key: number || (cell % this.grid.cols) * 100 + (this.grid.rows - Math.floor(cell / this.grid.cols)) });
            }
            // Square numbers in order; squares by file, then rank (a1, a2, ..., b1).
            for (const list of by_kind.values()) list.sort((a, b) => a.key - b.key);
            const kinds = [...by_kind.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
            const parts = kinds.map((k) => `${by_kind.get(k).length === 1 ? k : plural(k)} ${by_kind.get(k).map((c) => c.name).join(', ')}`);
            return `${side === 'white' ? 'White' : 'Black'}: ${parts.length ? parts.join('; ') : 'no pieces'}.`;
        }).join(' ');
    }

    move_cursor(d_row, d_col) {
        if (!this.grid) return;
        const [vr, vc] = this.cell_to_view(this.cursor);
        const nr = Math.min(this.grid.rows - 1, Math.max(0, vr + d_row));
        const nc = Math.min(this.grid.cols - 1, Math.max(0, vc + d_col));
        this.cursor = this.view_to_cell(nr, nc);
        this.render_cursor();
        this.announce(this.describe(this.cursor));
    }

    cancel() {
        if (this.premove_from >= 0) {
            this.premove_from = -1;
            this.render_marks();
            return;
        }
        if (!this.picker.prefix.length) return;
        this.picker.cancel();
        this.render_marks();
        this.announce('Selection cancelled');
    }

    // A click, tap, drop or Enter on `cell`. Returns the picker's verdict.
    activate(cell) {
        if (!this.grid || this.busy || cell < 0) return { kind: 'none' };
        if (this.premove_side && this.on_premove && !this.picker.moves.length) return this.premove_click(cell);
        const result = this.picker.click(cell);
        const number = this.numbers && this.numbers.map.get(cell);
        const name = number ? String(number) : cell_name(cell, this.grid.rows, this.grid.cols);
        if (result.kind === 'select') {
            const n = this.picker.candidates().length;
            this.announce(`${this.describe(cell)} selected, ${n} move${n === 1 ? '' : 's'}`);
        } else if (result.kind === 'extend') {
            this.announce(`Through ${name}; choose the next square`);
        } else if (result.kind === 'ambiguous') {
            this.announce(`Several captures end on ${name}: choose the squares along the way`);
        } else if (result.kind === 'cancel') {
            this.announce('Selection cancelled');
        } else if (result.kind === 'none' && is_piece(this.grid.cells[cell])) {
            this.announce(`${this.describe(cell)} cannot move`);
        }
        this.render_marks();
        if (result.kind === 'move') this.commit(result.moves);
        return result;
    }

    // Premove input: a piece of the premoving side, then any other cell.
    premove_click(cell) {
        const own = piece_side(this.grid.cells[cell], this.family) === this.premove_side;
        if (this.premove_from < 0 || cell === this.premove_from) {
            this.premove_from = own && cell !== this.premove_from ? cell : -1;
            this.render_marks();
            if (this.premove_from >= 0) this.announce(`${this.describe(cell)} selected for a premove`);
            return { kind: this.premove_from >= 0 ? 'select' : 'cancel' };
        }
        if (own) {
            this.premove_from = cell;
            this.render_marks();
            return { kind: 'select' };
        }
        const from = this.premove_from;
        this.premove_from = -1;
        this.on_premove({ from, to: cell });
        this.announce(`Premove ${this.cell_name(from)} to ${this.cell_name(cell)} queued`);
        return { kind: 'premove' };
    }

    // A promotion asks which piece (promotion.js) before the move goes.
    commit(moves) {
        return commit_move(this, moves, { choose: choose_promotion, cancelled: 'Promotion cancelled' });
    }

    // Dragging (drag_commit.js): the piece element follows the pointer on top of everything.
    drag_start(cell) {
        start_drag(this, cell);
    }

    drag_move(client_x, client_y) {
        if (!this.drag) return;
        const r = this.svg.getBoundingClientRect();
        const x = ((client_x - r.left) / r.width) * this.grid.cols * CELL - CELL / 2;
        const y = ((client_y - r.top) / r.height) * this.grid.rows * CELL - CELL / 2;
        move_drag(this, `translate(${x} ${y})`);
    }

    drag_end() {
        end_drag(this);
    }
}
