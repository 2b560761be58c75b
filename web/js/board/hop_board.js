// The board of the jumping race games (Chinese checkers on the star, Halma on the square),
// driven like the other board (board.js) by the server's grid and legal moves
// ({move, display, path, captures}) only: pick a piece, then a cell. It shows the hop path of
// the move under the pointer or cursor while choosing, and of the last move after it; a strip
// above the board names the players, each with its colour and mark, and marks whose turn it
// is. Input (pointer, keyboard) comes from board_input.js through the same methods as Board.

import { attach_input } from './board_input.js';
import { commit_move, end_drag, move_drag, start_drag } from './drag_commit.js';
import { square_geometry } from './halma_board.js';
import { SEAT_CORNERS, halma_cell_name, is_halma_variant, parse_halma_grid, pieces_per_seat } from './halma_cells.js';
import { corner_style, halma_piece_element, style_name } from './halma_pieces.js';
import { draw_hop_path } from './hop_path.js';
import { MovePicker } from './move_picker.js';
import { SVG_NS } from './pieces.js';
import { star_geometry } from './star_board.js';

const LEGEND = 64; // a row of the players' strip above the board
const TAGS_PER_ROW = 4; // six players take two rows of three, so that their names fit

// The rows of the players' strip for `players` seats.
function legend_rows(players) {
    return Math.ceil(players / TAGS_PER_ROW);
}

function svg(tag, attrs = {}) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
}

// A place, 1 to 6: "1st", "2nd", "3rd", "4th".
function ordinal(n) {
    return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n] || 'th'}`;
}

export class HopBoard {
    // `options.on_move(move)` receives the chosen legal move entry; `options.label` names the
    // board for assistive technology.
    // `options.strip` false: no players' strip above the board, and no "X to move" said by the
    // board (a page that shows the players and says the turn itself).
    constructor(container, options = {}) {
        this.container = container;
        this.on_move = options.on_move || (() => {});
        // After a click on the board the arrow keys step through the moves (board_input.js).
        this.arrows_step_moves = !!options.arrows_step_moves;
        this.pointer_focus = false; // the board has the focus from a click, not the keyboard
        this.picker = new MovePicker([]);
        this.grid = null;
        this.variant = '';
        this.geometry = null;
        this.rotation = 0; // degrees clockwise; 0: the first seat at the bottom
        this.coordinates = options.coordinates !== false;
        this.last_move = null;
        this.seat_to_move = -1;
        this.seat_names = [];
        this.finished = [];
        this.retired = new Set();
        this.cursor = -1;
        this.preview_cell = -1;
        this.shown_path = null; // show_path()
        this.strip = options.strip !== false;
        this.drag = null;
        this.busy = false;

        container.classList.add('board', 'hop-board');
        this.svg = svg('svg', { class: 'board-svg', tabindex: 0, role: 'application',
                                'aria-roledescription': 'board', 'aria-label': options.label || 'Board' });
        this.layers = { legend: this.svg.appendChild(svg('g', { class: 'layer-legend' })) };
        this.turned = this.svg.appendChild(svg('g', { class: 'layer-turned' }));
        for (const name of ['squares', 'marks', 'path', 'pieces', 'hints', 'preview', 'cursor', 'drag']) {
            this.layers[name] = this.turned.appendChild(svg('g', { class: `layer-${name}` }));
        }
        this.live = document.createElement('p');
        this.live.className = 'visually-hidden';
        this.live.setAttribute('aria-live', 'polite');
        container.append(this.svg, this.live);
        attach_input(this);
        // The path of the move under the pointer, while a piece is selected.
        this.svg.addEventListener('pointermove', (e) => {
            if (this.grid && !this.drag) this.show_preview(this.cell_at(e.clientX, e.clientY));
        });
        this.svg.addEventListener('pointerleave', () => this.show_preview(-1));
    }

    // Shows a position: {grid, variant, moves, last_move: {path}, seat_to_move, seat_names,
    // finished (seats in finishing order), retired (seats that left the game: their pieces stay
    // as obstacles), viewer_seat (turns the board so that this seat's home is at the bottom)}.
    // Moves are the ones the local player may make now.
    set(state) {
        if (!is_halma_variant(state.variant)) throw new Error(`no hop board for variant ${state.variant}`);
        const grid = parse_halma_grid(state.grid);
        const shape_changed = !this.grid || this.grid.shape !== grid.shape || this.variant !== state.variant;
        this.grid = grid;
        this.variant = state.variant;
        this.corners = SEAT_CORNERS[this.variant];
        if (shape_changed) {
            this.geometry = grid.shape === 'star' ? star_geometry() : square_geometry(pieces_per_seat(this.variant));
            this.cursor = -1;
        }
        if (Number.isInteger(state.viewer_seat) && state.viewer_seat >= 0 && state.viewer_seat < this.corners.length) {
            this.rotation = this.rotation_for(state.viewer_seat);
        }
        this.last_move = state.last_move || null;
        const turn = Number.isInteger(state.seat_to_move) ? state.seat_to_move : -1;
        const turn_changed = turn !== this.seat_to_move;
        this.seat_to_move = turn;
        this.seat_names = state.seat_names || [];
        this.finished = state.finished || [];
        this.retired = new Set(state.retired || []);
        this.picker.set_moves(state.moves || []);
        this.preview_cell = -1;
        if (this.cursor < 0) this.cursor = this.geometry.cells[0];
        const { width, height } = this.geometry;
        const legend = this.legend_height();
        this.svg.setAttribute('viewBox', `0 0 ${width} ${height + legend}`);
        this.container.style.setProperty('--board-aspect', `${width} / ${height + legend}`);
        this.container.dataset.family = 'halma';
        this.container.dataset.shape = grid.shape;
        this.render();
        if (turn_changed && turn >= 0 && this.strip) {
            this.announce(`${this.seat_label(turn)} to move, ${style_name(this.style_of_seat(turn))}`);
        }
    }

    // Degrees that bring `seat`'s home corner to the bottom (star points 60 degrees apart,
    // square corners 90; the first seat of every variant starts at the bottom left / bottom).
    rotation_for(seat) {
        const corner = this.corners[seat];
        return this.grid.shape === 'star' ? (((3 - corner) * 60) % 360 + 360) % 360 : ((-corner * 90) % 360 + 360) % 360;
    }

    flip() {
        this.rotation = (this.rotation + 180) % 360;
        if (this.grid) this.render();
    }

    set_coordinates(on) {
        this.coordinates = on;
        if (this.grid) this.render();
    }

    // The seat (0-based) of a piece character '1'-'6', or -1.
    seat_of(cell) {
        const ch = this.grid.cells[cell];
        return ch >= '1' && ch <= '6' ? Number(ch) - 1 : -1;
    }

    style_of_seat(seat) {
        return corner_style(this.grid.shape, this.corners[seat]);
    }

    seat_label(seat) {
        return this.seat_names[seat] || `Seat ${seat + 1}`;
    }

    // The whole position in words for a screen reader, seat by seat in turn order: "ann, red
    // dot: a1, b1, ... ." (the cells by the names of rules/halma/README.md).
    describe_position() {
        if (!this.grid) return '';
        return this.corners.map((corner, seat) => {
            const cells = [];
            for (let cell = 0; cell < this.grid.cells.length; cell++) {
                if (this.seat_of(cell) === seat) cells.push(this.cell_name(cell));
            }
            return `${this.seat_label(seat)}, ${style_name(this.style_of_seat(seat))}: ${cells.join(', ') || 'no pieces'}.`;
        }).join(' ');
    }

    // Keeps text and piece marks upright on a turned board.
    upright(x, y) {
        return `translate(${x} ${y}) rotate(${-this.rotation})`;
    }

    render() {
        const { width, height } = this.geometry;
        const legend = this.legend_height();
        this.turned.setAttribute('transform', `translate(0 ${legend}) rotate(${this.rotation} ${width / 2} ${height / 2})`);
        this.render_legend();
        const squares = this.layers.squares;
        squares.replaceChildren();
        const turn_corner = this.seat_to_move >= 0 ? this.corners[this.seat_to_move] : -1;
        const count = this.grid.shape === 'star' ? 6 : 4;
        const in_play = new Set(this.corners.flatMap((k) => [k, (k + count / 2) % count]));
        this.geometry.draw(squares, { turn_corner, in_play, coordinates: this.coordinates,
                                      upright: (x, y) => this.upright(x, y) });
        this.render_pieces();
        this.render_marks();
    }

    legend_height() {
        return this.strip ? LEGEND * legend_rows(this.corners.length) : 0;
    }

    // The players in turn order, each with its colour and mark; the one to move stands out.
    render_legend() {
        const layer = this.layers.legend;
        layer.replaceChildren();
        if (!this.strip) return;
        const players = this.corners.length;
        const per_row = Math.ceil(players / legend_rows(players));
        const slot = this.geometry.width / per_row;
        const name_chars = Math.max(4, Math.floor((slot - 46) / 8.5)); // what fits beside the piece
        for (let seat = 0; seat < players; seat++) {
            const style = this.style_of_seat(seat);
            const place = this.finished.indexOf(seat);
            const current = seat === this.seat_to_move;
            const left = this.retired.has(seat);
            const g = svg('g', { class: `seat-tag${current ? ' current' : ''}${place >= 0 ? ' finished' : ''}${left ? ' retired' : ''}`,
                                 'data-seat': seat,
                                 transform: `translate(${(seat % per_row) * slot} ${Math.floor(seat / per_row) * LEGEND})` });
            g.appendChild(svg('rect', { class: 'seat-tag-box', x: 3, y: 4, width: slot - 6, height: LEGEND - 12, rx: 10 }));
            const piece = halma_piece_element(style, 13);
            piece.setAttribute('transform', 'translate(22 26)');
            g.appendChild(piece);
            const name = svg('text', { class: 'seat-name', x: 40, y: 23 });
            const label = this.seat_label(seat);
            name.textContent = label.length > name_chars ? `${label.slice(0, name_chars - 1)}…` : label;
            const status = svg('text', { class: 'seat-status', x: 40, y: 42 });
            const placed = place >= 0 ? ordinal(place + 1) : '';
            status.textContent = left ? (placed ? `${placed} · left` : 'left') : placed || (current ? 'to move' : '');
            const title = svg('title');
            title.textContent = `${label}: ${style_name(style)}${current ? ', to move' : ''}${place >= 0 ? `, ${ordinal(place + 1)}` : ''}${left ? ', left the game' : ''}`;
            g.append(name, status, title);
            layer.appendChild(g);
        }
    }

    render_pieces() {
        const layer = this.layers.pieces;
        layer.replaceChildren();
        for (const cell of this.geometry.cells) {
            const seat = this.seat_of(cell);
            if (seat < 0) continue;
            const g = halma_piece_element(this.style_of_seat(seat), this.geometry.piece_r);
            const [x, y] = this.geometry.center(cell);
            g.setAttribute('transform', this.upright(x, y));
            g.dataset.cell = cell;
            g.dataset.seat = seat;
            g.dataset.piece = this.grid.cells[cell];
            if (seat === this.seat_to_move) g.classList.add('to-move');
            if (this.retired.has(seat)) g.classList.add('retired');
            layer.appendChild(g);
        }
    }

    ring(layer, cell, cls, r) {
        const [x, y] = this.geometry.center(cell);
        layer.appendChild(svg('circle', { cx: x, cy: y, r, class: cls, 'data-cell': cell }));
    }

    points(path) {
        return path.map((cell) => this.geometry.center(cell));
    }

    // Last move, selection, destinations, the previewed path and the cursor.
    render_marks() {
        const { marks, path, hints } = this.layers;
        marks.replaceChildren();
        path.replaceChildren();
        hints.replaceChildren();
        const r = this.geometry.piece_r;
        if (this.last_move && Array.isArray(this.last_move.path) && this.last_move.path.length >= 2) {
            const cells = this.last_move.path;
            this.ring(marks, cells[0], 'mark-last', r + 3);
            this.ring(marks, cells[cells.length - 1], 'mark-last', r + 3);
            draw_hop_path(path, this.points(cells), cells, 'hop-last');
        }
        for (const cell of this.picker.prefix.slice(0, 1)) this.ring(marks, cell, 'mark-selected', r + 4);
        for (const cell of this.ends()) this.ring(hints, cell, 'hint hint-end', 8);
        const origins = this.picker.origins();
        for (const g of this.layers.pieces.children) g.classList.toggle('movable', origins.has(Number(g.dataset.cell)));
        this.render_preview();
        this.render_cursor();
    }

    // The destinations of the selected piece.
    ends() {
        return new Set(this.picker.candidates().map((m) => m.path[m.path.length - 1]));
    }

    // The move of the selected piece that ends on `cell`, or null.
    move_to(cell) {
        return this.picker.candidates().find((m) => m.path[m.path.length - 1] === cell) || null;
    }

    show_preview(cell) {
        const next = this.move_to(cell) ? cell : -1;
        if (next === this.preview_cell) return;
        this.preview_cell = next;
        this.render_preview();
    }

    render_preview() {
        const layer = this.layers.preview;
        layer.replaceChildren();
        const move = this.preview_cell >= 0 ? this.move_to(this.preview_cell) : null;
        if (move) draw_hop_path(layer, this.points(move.path), move.path, 'hop-preview');
        else if (this.shown_path) draw_hop_path(layer, this.points(this.shown_path), this.shown_path, 'hop-preview hop-shown');
    }

    // Draws the path of a move named elsewhere (a move of the list under the pointer or the
    // focus: its cells from the first to the last), or none (null).
    show_path(path) {
        const next = Array.isArray(path) && path.length >= 2 && this.grid ? path : null;
        if (next === this.shown_path) return;
        this.shown_path = next;
        this.render_preview();
    }

    render_cursor() {
        const layer = this.layers.cursor;
        layer.replaceChildren();
        if (this.cursor >= 0) this.ring(layer, this.cursor, 'cursor', this.geometry.piece_r + 6);
    }

    cell_name(cell) {
        return this.grid ? halma_cell_name(this.grid.shape, cell) : '';
    }

    describe(cell) {
        const seat = this.seat_of(cell);
        if (seat < 0) return `${this.cell_name(cell)} empty`;
        return `${this.cell_name(cell)} ${this.seat_label(seat)}, ${style_name(this.style_of_seat(seat))}`;
    }

    announce(text) {
        this.live.textContent = text;
    }

    // The position of a cell as drawn (after the turn of the board), in board units.
    drawn_at(cell) {
        const [x, y] = this.geometry.center(cell);
        const { width, height } = this.geometry;
        const a = (this.rotation * Math.PI) / 180;
        const dx = x - width / 2;
        const dy = y - height / 2;
        return [width / 2 + dx * Math.cos(a) - dy * Math.sin(a), height / 2 + dx * Math.sin(a) + dy * Math.cos(a)];
    }

    // The cell under a point in client (CSS pixel) coordinates, or -1.
    cell_at(client_x, client_y) {
        const matrix = this.turned.getScreenCTM();
        if (!matrix) return -1;
        const p = new DOMPoint(client_x, client_y).matrixTransform(matrix.inverse());
        let best = -1;
        let best_d = this.geometry.hit_r;
        for (const cell of this.geometry.cells) {
            const [x, y] = this.geometry.center(cell);
            const d = Math.hypot(x - p.x, y - p.y);
            if (d < best_d) {
                best = cell;
                best_d = d;
            }
        }
        return best;
    }

    // The arrow keys move the cursor to the nearest cell in that direction on screen (up on
    // the star: the upper left or right neighbour, the left one first).
    move_cursor(d_row, d_col) {
        if (!this.grid) return;
        const [x0, y0] = this.drawn_at(this.cursor);
        let best = -1;
        let best_score = Infinity;
        for (const cell of this.geometry.cells) {
            const [x, y] = this.drawn_at(cell);
            const dx = x - x0;
            const dy = y - y0;
            const d = Math.hypot(dx, dy);
            if (d < 1 || (dx * d_col + dy * d_row) / d < 0.6) continue;
            const score = d + Math.abs(dx * d_row - dy * d_col) * 0.01 + (dx < 0 ? 0 : 0.001);
            if (score < best_score) {
                best = cell;
                best_score = score;
            }
        }
        if (best >= 0) this.cursor = best;
        this.render_cursor();
        this.show_preview(this.cursor);
        this.announce(this.describe(this.cursor));
    }

    cancel() {
        if (!this.picker.prefix.length) return;
        this.picker.cancel();
        this.preview_cell = -1;
        this.render_marks();
        this.announce('Selection cancelled');
    }

    // A click, tap, drop or Enter on `cell`. Returns the picker's verdict.
    activate(cell) {
        if (!this.grid || this.busy || cell < 0) return { kind: 'none' };
        let result;
        if (this.picker.prefix.length && cell !== this.picker.selected() && !this.ends().has(cell)
            && !this.picker.origins().has(cell)) {
            // Only a destination plays: a cell a chain merely passes through does not.
            this.picker.cancel();
            result = { kind: 'cancel' };
        } else {
            result = this.picker.click(cell);
        }
        if (result.kind === 'select') {
            const n = this.picker.candidates().length;
            this.announce(`${this.describe(cell)} selected, ${n} move${n === 1 ? '' : 's'}`);
        } else if (result.kind === 'cancel') {
            this.announce('Selection cancelled');
        } else if (result.kind === 'none' && this.seat_of(cell) >= 0) {
            this.announce(`${this.describe(cell)} cannot move`);
        }
        this.preview_cell = -1;
        this.render_marks();
        // Hops to one end by different chains are one move: the first of them goes.
        if (result.kind === 'move') commit_move(this, result.moves.slice(0, 1));
        return result;
    }

    // Dragging (drag_commit.js): the piece follows the pointer, upright on a turned board,
    // and the path to the cell under it is drawn.
    drag_start(cell) {
        start_drag(this, cell);
    }

    drag_move(client_x, client_y) {
        if (!this.drag) return;
        const p = new DOMPoint(client_x, client_y).matrixTransform(this.turned.getScreenCTM().inverse());
        move_drag(this, this.upright(p.x, p.y));
        this.show_preview(this.cell_at(client_x, client_y));
    }

    drag_end() {
        end_drag(this);
    }
}

