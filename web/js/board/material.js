// The material difference of a chess position, as chess sites show it beside each player:
// for each kind of piece, the side with more of them shows the surplus (the opponent's pieces
// it is up), and the side ahead in points shows by how many (pawn 1, knight and bishop 3,
// rook 5, queen 9). A promoted pawn counts as its new piece, as on the board. Draughts and
// the halma family have no such line: null.

import { grid_family } from './grid.js';

const KINDS = ['q', 'r', 'b', 'n', 'p'];
const POINTS = { q: 9, r: 5, b: 3, n: 3, p: 1 };
const NAMES = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
// The pieces drawn as text (the black chess figures, coloured by CSS).
export const FIGURES = { q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F' };

// {white: {pieces: ['q', 'p', ...], points}, black: {...}} (points > 0 for the side ahead
// only), or null when the grid is not a chess position.
export function material(grid, variant) {
    if (!grid || grid_family(grid, variant) !== 'chess') return null;
    const count = { white: {}, black: {} };
    for (const ch of grid.cells) {
        const kind = ch.toLowerCase();
        if (!POINTS[kind]) continue;
        const side = ch === kind ? 'black' : 'white';
        count[side][kind] = (count[side][kind] || 0) + 1;
    }
    const out = { white: { pieces: [], points: 0 }, black: { pieces: [], points: 0 } };
    let lead = 0; // White's points less Black's
    for (const kind of KINDS) {
        const d = (count.white[kind] || 0) - (count.black[kind] || 0);
        lead += d * POINTS[kind];
        const side = d > 0 ? 'white' : 'black';
        for (let i = 0; i < Math.abs(d); i++) out[side].pieces.push(kind);
    }
    if (lead > 0) out.white.points = lead;
    if (lead < 0) out.black.points = -lead;
    return out;
}

// "up a queen and 2 pawns, +10" for a screen reader; '' when even.
export function material_words({ pieces, points }) {
    if (!pieces.length && !points) return '';
    const counts = new Map();
    for (const k of pieces) counts.set(k, (counts.get(k) || 0) + 1);
    const parts = [...counts].map(([k, n]) => (n === 1 ? `a ${NAMES[k]}` : `${n} ${NAMES[k]}s`));
    const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0] || '';
    return [list ? `up ${list}` : '', points ? `+${points}` : ''].filter(Boolean).join(', ');
}
