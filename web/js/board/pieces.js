// The piece shapes, drawn by the client itself as SVG on a 100 x 100 cell: chess pieces as
// simple silhouettes, draughts men as discs and kings as discs with a crown. Each shape is
// a list of [tag, attributes]; class "body" takes the side's fill, "line" the detail stroke.

const BASE = ['path', { class: 'body', d: 'M25 85 Q25 75 35 73 H65 Q75 75 75 85 Z' }];

const CHESS = {
    p: [
        ['path', { class: 'body', d: 'M41 44 Q50 49 59 44 L61 49 Q55 53 56 57 L62 73 H38 L44 57 Q45 53 39 49 Z' }],
        ['circle', { class: 'body', cx: 50, cy: 33, r: 12 }],
        BASE,
    ],
    r: [
        ['path', { class: 'body', d: 'M34 73 L37 45 H63 L66 73 Z' }],
        ['path', { class: 'body', d: 'M30 45 V22 H38.5 V30 H46 V22 H54 V30 H61.5 V22 H70 V45 Z' }],
        ['path', { class: 'line', d: 'M37 52 H63' }],
        BASE,
    ],
    n: [
        ['path', { class: 'body', d: 'M35 73 C35 61 43 55 49 47 C45 49 41 51 35 51 L28 56 Q19 56 21 47 L30 35 C32 28 37 24 41 22 L41 12 L48 19 C61 19 71 31 71 48 C71 58 66 66 66 73 Z' }],
        ['circle', { class: 'eye', cx: 40, cy: 32, r: 2.8 }],
        ['path', { class: 'line', d: 'M61 28 C66 39 66 55 61 69' }],
        BASE,
    ],
    b: [
        ['path', { class: 'body', d: 'M50 21 C35 33 33 51 40 62 L37 73 H63 L60 62 C67 51 65 33 50 21 Z' }],
        ['circle', { class: 'body', cx: 50, cy: 17, r: 5.5 }],
        ['path', { class: 'line', d: 'M55 35 L46 48 M41 62 H59' }],
        BASE,
    ],
    q: [
        ['path', { class: 'body', d: 'M32 73 L22 38 L33 56 L36 30 L44 52 L50 25 L56 52 L64 30 L67 56 L78 38 L68 73 Z' }],
        ['circle', { class: 'body', cx: 22, cy: 35, r: 4.5 }],
        ['circle', { class: 'body', cx: 36, cy: 27, r: 4.5 }],
        ['circle', { class: 'body', cx: 50, cy: 21, r: 4.5 }],
        ['circle', { class: 'body', cx: 64, cy: 27, r: 4.5 }],
        ['circle', { class: 'body', cx: 78, cy: 35, r: 4.5 }],
        ['path', { class: 'line', d: 'M34 65 H66' }],
        BASE,
    ],
    k: [
        ['path', { class: 'body', d: 'M33 73 C21 60 24 42 37 43 C43 43 47 48 50 54 C53 48 57 43 63 43 C76 42 79 60 67 73 Z' }],
        ['path', { class: 'body', d: 'M46.5 13 H53.5 V21 H61 V28 H53.5 V41 H46.5 V28 H39 V21 H46.5 Z' }],
        ['path', { class: 'line', d: 'M50 54 V44 M35 65 H65' }],
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
    // Chess shapes are drawn small; grow them a little about the cell's centre.
    const inner = document.createElementNS(SVG_NS, 'g');
    if (family !== 'draughts') inner.setAttribute('transform', 'matrix(1.12 0 0 1.12 -6 -7)');
    for (const [tag, attrs] of shape || []) {
        const el = document.createElementNS(SVG_NS, tag);
        for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
        inner.appendChild(el);
    }
    g.appendChild(inner);
    return g;
}

export { SVG_NS };
