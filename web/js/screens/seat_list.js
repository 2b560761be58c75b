// The players of a table of more than two seats, under the board: one row per seat in turn
// order with the seat's piece (colour and mark, as on the board), the player's name, whether
// they are connected, a note (you, to move, left and why, the place once finished) and the
// seat's clock, which runs for the seat to move. The seat to move is framed for everyone.

import { h, fill } from '../ui/dom.js';
import { format_clock } from '../ui/time_format.js';
import { halma_piece_element, PIECE_STYLES, style_name } from '../board/halma_pieces.js';
import { SVG_NS } from '../board/pieces.js';
import { ordinal } from './table_view.js';

// Why a player left the game (the `player_retired` event's reason).
const LEFT = { resign: 'resigned', flag: 'out of time', abandonment: 'abandoned' };

export function left_text(seat) {
    return seat.left_reason && LEFT[seat.left_reason] ? `left · ${LEFT[seat.left_reason]}` : 'left';
}

function piece_mark(style) {
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', '-12 -12 24 24');
    svg.setAttribute('class', 'seat-mark');
    svg.setAttribute('aria-hidden', 'true');
    svg.appendChild(halma_piece_element(style, 10.5));
    return svg;
}

export class SeatList {
    constructor() {
        this.element = h('ol', { class: 'seat-list', 'aria-label': 'Players' });
        this.rows = [];
    }

    // `view`: {seats, styles (piece style by seat), you, to_move (-1: nobody), places (by
    // seat, 0 none), finished (seats in finishing order, during the game)}.
    show(view) {
        const n = view.seats.length;
        if (this.rows.length !== n) {
            this.rows = view.seats.map(() => ({
                row: null, mark: h('span', { class: 'seat-mark-holder' }), name: h('span', { class: 'player-name' }),
                note: h('span', { class: 'seat-note' }), presence: h('span', { class: 'presence', role: 'img' }),
                clock: h('time', { class: 'clock', role: 'timer', 'aria-live': 'off' }, '–'), style: -1,
            }));
            fill(this.element, this.rows.map((r, seat) => {
                r.row = h('li', { class: 'seat-row', dataset: { seat } },
                    r.mark, r.presence, h('span', { class: 'seat-who' }, r.name, r.note), r.clock);
                return r.row;
            }));
        }
        view.seats.forEach((player, seat) => {
            const r = this.rows[seat];
            const style = view.styles[seat];
            if (r.style !== style) {
                fill(r.mark, piece_mark(style));
                r.style = style;
                r.row.dataset.style = PIECE_STYLES[style].colour;
            }
            const current = seat === view.to_move;
            const place = view.places[seat] || 0;
            const finished_at = view.finished.indexOf(seat);
            r.row.classList.toggle('current', current);
            r.row.classList.toggle('you', seat === view.you);
            r.row.classList.toggle('retired', !!(player && player.retired));
            if (current) r.row.setAttribute('aria-current', 'step');
            else r.row.removeAttribute('aria-current');
            r.name.textContent = player ? player.name : 'Open seat';
            const notes = [];
            if (seat === view.you) notes.push('you');
            if (place) notes.push(ordinal(place));
            else if (finished_at >= 0) notes.push(`finished ${ordinal(finished_at + 1)}`);
            if (player && player.retired) notes.push(left_text(player));
            else if (current) notes.push('to move');
            r.note.textContent = notes.join(' · ');
            const online = !!player && player.connected;
            r.presence.classList.toggle('online', online);
            r.presence.setAttribute('aria-label', !player ? 'seat free' : online ? 'connected' : 'disconnected');
            r.row.title = `${player ? player.name : 'Open seat'}: ${style_name(style)}${notes.length ? ` (${notes.join(', ')})` : ''}`;
        });
    }

    // `clocks`: {remaining_ms: [ms by seat], running: seat | null}, or null (no clocks yet).
    show_clocks(clocks, low_ms) {
        this.rows.forEach((r, seat) => {
            const ms = clocks ? clocks.remaining_ms[seat] : null;
            if (ms === null || ms === undefined) {
                r.clock.textContent = '–';
                r.clock.classList.remove('running', 'low');
                return;
            }
            r.clock.textContent = format_clock(ms);
            r.clock.classList.toggle('running', clocks.running === seat);
            r.clock.classList.toggle('low', ms < low_ms);
        });
    }
}
