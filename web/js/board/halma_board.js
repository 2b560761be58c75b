// The 16 x 16 Halma board: squares 40 units wide with file letters and rank numbers round
// them, and the yards (the corner regions where players start and finish) in their
// players' colours.

import { SVG_NS } from './pieces.js';
import { board_cells, halma_cell_name, square_yard } from './halma_cells.js';
import { corner_style } from './halma_pieces.js';

const SIDE = 16;
const CELL = 40;
const MARGIN = 26;

function element(tag, attrs) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
}

// `pieces` per player (19 or 13) sets the size of the yards.
export function square_geometry(pieces) {
    const cells = board_cells('square');
    const yards = [0, 1, 2, 3].map((corner) => square_yard(corner, pieces));
    return {
        shape: 'square',
        width: 2 * MARGIN + SIDE * CELL,
        height: 2 * MARGIN + SIDE * CELL,
        cells,
        piece_r: 15,
        hit_r: CELL * 0.72,
        center(cell) {
            return [MARGIN + (cell % SIDE) * CELL + CELL / 2, MARGIN + Math.floor(cell / SIDE) * CELL + CELL / 2];
        },
        // The board; `turn_corner` is the yard of the player to move (-1: none), `in_play` the
        // corners that are someone's home or goal (the others are no yards: two players use two
        // corners); `upright(x, y)` gives the transform that keeps a label upright when turned.
        draw(layer, { turn_corner, in_play, coordinates, upright }) {
            layer.appendChild(element('rect', { class: 'square-frame', x: 0, y: 0, width: this.width, height: this.height, rx: 8 }));
            for (const cell of cells) {
                const [x, y] = this.center(cell);
                const row = Math.floor(cell / SIDE);
                const corner = yards.findIndex((yard, k) => in_play.has(k) && yard.has(cell));
                const cls = corner >= 0 ? `region yard style-bg-${corner_style('square', corner)}${corner === turn_corner ? ' turn' : ''}`
                    : `field ${(row + (cell % SIDE)) % 2 ? 'dark' : 'light'}`;
                layer.appendChild(element('rect', { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL,
                                                    class: `halma-square ${cls}`, 'data-cell': cell,
                                                    ...(corner >= 0 ? { 'data-corner': corner } : {}) }));
            }
            if (!coordinates) return;
            for (let i = 0; i < SIDE; i++) {
                const file = element('text', { class: 'coord halma-coord', 'text-anchor': 'middle',
                                               transform: upright(MARGIN + i * CELL + CELL / 2, this.height - MARGIN / 2 + 6) });
                file.textContent = halma_cell_name('square', (SIDE - 1) * SIDE + i).charAt(0);
                const rank = element('text', { class: 'coord halma-coord', 'text-anchor': 'middle',
                                               transform: upright(MARGIN / 2, MARGIN + i * CELL + CELL / 2 + 6) });
                rank.textContent = String(SIDE - i);
                layer.append(file, rank);
            }
        },
    };
}
