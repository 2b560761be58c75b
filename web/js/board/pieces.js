// The piece shapes, drawn by the client itself as SVG on a 100 x 100 cell: chess pieces as
// Staunton-like silhouettes, draughts men as discs and kings as discs with a crown. Each shape is
// a list of [tag, attributes]; class "body" takes the side's fill, "line" the detail stroke.

// The chess set, drawn for the project: Staunton-like silhouettes on one wide base, each piece
// built from a few stacked parts (head, collar, body, base) so that the two colours read
// alike. Outlines come from CSS (class "body"), inner details from class "line".
const BASE = ['path', { class: 'body', d: 'M24 88 Q24 78 31 76 H69 Q76 78 76 88 Z' }];

const CHESS = {
    p: [
        ['path', { class: 'body', d: 'M42 49 Q44 63 34 76 H66 Q56 63 58 49 Z' }],
        ['path', { class: 'body', d: 'M37 44 H63 Q64 49 58 50 H42 Q36 49 37 44 Z' }],
        ['circle', { class: 'body', cx: 50, cy: 31, r: 12 }],
        BASE,
    ],
    r: [
        ['path', { class: 'body', d: 'M36 40 H64 L67 70 H33 Z' }],
        ['path', { class: 'body', d: 'M29 70 H71 L73 77 H27 Z' }],
        ['path', { class: 'body', d: 'M29 16 H38.5 V23 H45.5 V16 H54.5 V23 H61.5 V16 H71 V34 L66 40 H34 L29 34 Z' }],
        ['path', { class: 'line', d: 'M31 34 H69' }],
        BASE,
    ],
    n: [
        ['path', { class: 'body', d: 'M33 77 C31 64 37 56 46 50 C41 51 36 54 31 58 C26 63 18 60 19 52 C20 46 26 41 31 35 C35 29 37 23 39 16 L44 23 L48 14 L53 22 C66 25 75 40 73 58 C72 66 68 72 69 77 Z' }],
        ['circle', { class: 'eye', cx: 41, cy: 32, r: 2.8 }],
        ['path', { class: 'line', d: 'M56 26 C65 35 68 49 65 66 M24 53 L28 51' }],
        BASE,
    ],
    b: [
        ['path', { class: 'body', d: 'M42 60 Q43 69 35 77 H65 Q57 69 58 60 Z' }],
        ['path', { class: 'body', d: 'M37 54 H63 Q65 60 60 61 H40 Q35 60 37 54 Z' }],
        ['path', { class: 'body', d: 'M50 20 C37 30 34 44 39 54 H61 C66 44 63 30 50 20 Z' }],
        ['circle', { class: 'body', cx: 50, cy: 15, r: 5 }],
        ['path', { class: 'line', d: 'M56 32 L46 45' }],
        BASE,
    ],
    q: [
        ['path', { class: 'body', d: 'M35 67 H65 Q59 72 63 77 H37 Q41 72 35 67 Z' }],
        ['path', { class: 'body', d: 'M30 60 L23 31 L38 50 L36 24 L47 47 L50 19 L53 47 L64 24 L62 50 L77 31 L70 60 Z' }],
        ['path', { class: 'body', d: 'M30 60 H70 L67 67 H33 Z' }],
        ['circle', { class: 'body', cx: 23, cy: 29, r: 4.5 }],
        ['circle', { class: 'body', cx: 36, cy: 22, r: 4.5 }],
        ['circle', { class: 'body', cx: 50, cy: 17, r: 4.5 }],
        ['circle', { class: 'body', cx: 64, cy: 22, r: 4.5 }],
        ['circle', { class: 'body', cx: 77, cy: 29, r: 4.5 }],
        BASE,
    ],
    k: [
        ['path', { class: 'body', d: 'M36 65 H64 Q59 71 63 77 H37 Q41 71 36 65 Z' }],
        ['path', { class: 'body', d: 'M32 58 C21 50 23 35 36 37 C42 38 46 42 50 47 C54 42 58 38 64 37 C77 35 79 50 68 58 Z' }],
        ['path', { class: 'body', d: 'M50 27 C43 27 40 32 42 37 L46 44 H54 L58 37 C60 32 57 27 50 27 Z' }],
        ['path', { class: 'body', d: 'M32 58 H68 L65 65 H35 Z' }],
        ['path', { class: 'body', d: 'M47 7 H53 V13 H59 V19 H53 V27 H47 V19 H41 V13 H47 Z' }],
        BASE,
    ],
};

const MAN = [
    ['circle', { class: 'body', cx: 50, cy: 52, r: 37 }],
    ['circle', { class: 'body', cx: 50, cy: 47, r: 37 }],
    ['circle', { class: 'line', cx: 50, cy: 47, r: 27 }],
    ['circle', { class: 'line', cx: 50, cy: 47, r: 15 }],
];

// A king: the man's disc with a gold ring and a large gold crown outlined in dark, the same on
// both colours, so that it reads as a king at a glance even on a small board.
const KING = [
    ['circle', { class: 'body', cx: 50, cy: 52, r: 37 }],
    ['circle', { class: 'body', cx: 50, cy: 47, r: 37 }],
    ['circle', { class: 'king-ring', cx: 50, cy: 47, r: 31 }],
    ['path', { class: 'crown', d: 'M27 60 L23 31 L37 43 L50 22 L63 43 L77 31 L73 60 Z' }],
    ['path', { class: 'crown', d: 'M27 60 H73 V68 H27 Z' }],
    ['circle', { class: 'crown', cx: 23, cy: 30, r: 4 }],
    ['circle', { class: 'crown', cx: 50, cy: 21, r: 4 }],
    ['circle', { class: 'crown', cx: 77, cy: 30, r: 4 }],
];

const SVG_NS = 'http://www.w3.org/2000/svg';

// A <g> with the shape of piece `ch`, its top-left corner at the origin of a 100 x 100 cell.
export function piece_element(ch, family) {
    const g = document.createElementNS(SVG_NS, 'g');
    let shape;
    let side;
    if (family === 'draughts') {
        side = ch === 'w' || ch === 'W' ? 'white' : 'black';
        shape = ch === 'W' || ch === 'B' ? KING : MAN;
    } else {
        side = ch === ch.toUpperCase() ? 'white' : 'black';
        shape = CHESS[ch.toLowerCase()];
    }
    g.setAttribute('class', `piece piece-${side}`);
    g.dataset.piece = ch;
    const inner = document.createElementNS(SVG_NS, 'g');
    for (const [tag, attrs] of shape || []) {
        const el = document.createElementNS(SVG_NS, tag);
        for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
        inner.appendChild(el);
    }
    g.appendChild(inner);
    return g;
}

export { SVG_NS };
