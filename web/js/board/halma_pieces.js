// The pieces of the halma family: up to six players told apart by colour and by a mark (dot,
// triangle, square, diamond, plus, cross), so that players who do not see the colours apart
// still can. A player's colour is the colour of its home corner: the six traditional colours
// of a Chinese checkers star, and four of them on the Halma board.

import { SVG_NS } from './pieces.js';

// Colour and mark of each style; the mark is drawn in `ink` on the piece.
export const PIECE_STYLES = [
    { colour: 'red', mark: 'dot' },
    { colour: 'yellow', mark: 'triangle' },
    { colour: 'blue', mark: 'square' },
    { colour: 'green', mark: 'diamond' },
    { colour: 'black', mark: 'plus' },
    { colour: 'white', mark: 'cross' },
];

// Star point (0 top, clockwise) -> style: the first seat's bottom point red, green opposite.
const STAR_STYLE = [3, 4, 5, 0, 1, 2];
// Square corner (0 a1, 1 a16, 2 p16, 3 p1) -> style.
const SQUARE_STYLE = [0, 2, 3, 1];

export function corner_style(shape, corner) {
    if (corner < 0) return -1;
    return (shape === 'star' ? STAR_STYLE : SQUARE_STYLE)[corner];
}

// Marks on a piece of radius 10 centred at the origin (scaled by the caller).
const MARKS = {
    dot: [['circle', { r: 4.2 }]],
    triangle: [['path', { d: 'M0 -5.6 L5.2 3.6 H-5.2 Z' }]],
    square: [['rect', { x: -4, y: -4, width: 8, height: 8 }]],
    diamond: [['path', { d: 'M0 -6 L5 0 L0 6 L-5 0 Z' }]],
    plus: [['path', { d: 'M-1.6 -5.5 H1.6 V-1.6 H5.5 V1.6 H1.6 V5.5 H-1.6 V1.6 H-5.5 V-1.6 H-1.6 Z' }]],
    cross: [['path', { d: 'M-4.2 -2 L-2 -4.2 L0 -2.2 L2 -4.2 L4.2 -2 L2.2 0 L4.2 2 L2 4.2 L0 2.2 L-2 4.2 L-4.2 2 L-2.2 0 Z' }]],
};

function element(tag, attrs) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
}

// A <g> for a piece of style `style`, centred at the origin with radius `r`.
export function halma_piece_element(style, r) {
    const { colour, mark } = PIECE_STYLES[style];
    const g = element('g', { class: `piece halma-piece style-${colour}` });
    g.dataset.style = colour;
    g.dataset.mark = mark;
    g.appendChild(element('circle', { class: 'body', r }));
    const inner = element('g', { class: 'mark', transform: `scale(${r / 10})` });
    for (const [tag, attrs] of MARKS[mark]) inner.appendChild(element(tag, attrs));
    g.appendChild(inner);
    return g;
}

// "red dot", "yellow triangle": how a player's pieces look, for people and screen readers.
export function style_name(style) {
    return style < 0 ? 'no colour' : `${PIECE_STYLES[style].colour} ${PIECE_STYLES[style].mark}`;
}
