// The 121-hole star of Chinese checkers: where each hole is drawn (neighbours 40 units apart,
// the grid's rows sqrt(3) x 20 apart), and the board under the pieces: the six-pointed star,
// each point in its own colour, the lines between neighbouring holes and the holes.

import { SVG_NS } from './pieces.js';
import { board_cells, star_point } from './halma_cells.js';
import { corner_style } from './halma_pieces.js';

const COLS = 25;
const DX = 20;
const DY = 20 * Math.sqrt(3);
const MARGIN = 40;

function element(tag, attrs) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
}

function at(row, col) {
    return [MARGIN + col * DX, MARGIN + row * DY];
}

// A triangle through three grid points, pushed out by `pad` units on every side.
function triangle(corners, pad) {
    const pts = corners.map(([r, c]) => at(r, c));
    const cx = (pts[0][0] + pts[1][0] + pts[2][0]) / 3;
    const cy = (pts[0][1] + pts[1][1] + pts[2][1]) / 3;
    const side = Math.hypot(pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]);
    const scale = 1 + pad / (side / (2 * Math.sqrt(3))); // the inradius grows by pad
    return pts.map(([x, y]) => `${(cx + (x - cx) * scale).toFixed(1)},${(cy + (y - cy) * scale).toFixed(1)}`).join(' ');
}

// The three outer holes of each point, by point number (0 top, then clockwise).
const POINTS = [
    [[0, 12], [3, 9], [3, 15]],
    [[4, 24], [4, 18], [7, 21]],
    [[12, 24], [12, 18], [9, 21]],
    [[16, 12], [13, 9], [13, 15]],
    [[12, 0], [12, 6], [9, 3]],
    [[4, 0], [4, 6], [7, 3]],
];

export function star_geometry() {
    const cells = board_cells('star');
    const holes = new Set(cells);
    return {
        shape: 'star',
        width: 2 * MARGIN + 24 * DX,
        height: 2 * MARGIN + 16 * DY,
        cells,
        piece_r: 15.5,
        hit_r: 20,
        center(cell) {
            return at(Math.floor(cell / COLS), cell % COLS);
        },
        // The board itself; `turn_corner` is the point of the player to move (-1: none).
        draw(layer, { turn_corner }) {
            layer.appendChild(element('polygon', { class: 'star-body', points: triangle([[0, 12], [12, 24], [12, 0]], 30) }));
            layer.appendChild(element('polygon', { class: 'star-body', points: triangle([[16, 12], [4, 0], [4, 24]], 30) }));
            POINTS.forEach((corners, point) => {
                const style = corner_style('star', point);
                layer.appendChild(element('polygon', {
                    class: `star-point region style-bg-${style}${point === turn_corner ? ' turn' : ''}`,
                    points: triangle(corners, 20), 'data-corner': point,
                }));
            });
            let lines = '';
            for (const cell of cells) {
                const [x, y] = this.center(cell);
                for (const next of [cell + 2, cell + COLS + 1, cell + COLS - 1]) {
                    if (!holes.has(next) || Math.abs((next % COLS) - (cell % COLS)) > 2) continue;
                    const [x2, y2] = this.center(next);
                    lines += `M${x.toFixed(1)} ${y.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`;
                }
            }
            layer.appendChild(element('path', { class: 'star-lines', d: lines }));
            for (const cell of cells) {
                const [x, y] = this.center(cell);
                const point = star_point(cell);
                layer.appendChild(element('circle', { cx: x, cy: y, r: 7, 'data-cell': cell,
                                                      class: `hole${point >= 0 ? ` in-point style-hole-${corner_style('star', point)}` : ''}` }));
            }
        },
    };
}
