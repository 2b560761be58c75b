// A move's path drawn over the board: a line through every landing, a dot on each cell it
// passes and an arrowhead on the last, for the last move played and for the move about to be
// chosen. Points are SVG user coordinates.

import { SVG_NS } from './pieces.js';

function element(tag, attrs) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
}

// Appends the path through `points` ([[x, y], …], origin first) to `layer` as a <g> of class
// `cls`, with `cells` (the grid cells of the points) in data-cells; returns the <g>.
export function draw_hop_path(layer, points, cells, cls) {
    const g = element('g', { class: `hop-path ${cls}`, 'data-cells': cells.join(',') });
    if (points.length < 2) return g;
    const line = points.map((p) => p.join(',')).join(' ');
    // A light casing under the line keeps it visible on every colour of the board.
    g.appendChild(element('polyline', { class: 'hop-casing', points: line }));
    g.appendChild(element('polyline', { class: 'hop-line', points: line }));
    points.slice(1, -1).forEach(([x, y], i) => {
        g.appendChild(element('circle', { class: 'hop-landing', cx: x, cy: y, r: 5, 'data-hop': i + 1 }));
    });
    const [x0, y0] = points[points.length - 2];
    const [x1, y1] = points[points.length - 1];
    const angle = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
    // The arrowhead stops short of the centre, so the piece on the cell stays visible.
    g.appendChild(element('path', { class: 'hop-arrow', d: 'M-20 -7 L-8 0 L-20 7 Z',
                                     transform: `translate(${x1} ${y1}) rotate(${angle})` }));
    g.appendChild(element('circle', { class: 'hop-origin', cx: points[0][0], cy: points[0][1], r: 6 }));
    layer.appendChild(g);
    return g;
}
