// Pieces of the table screen that only display state: a player bar with its clock, and the
// result line.

import { h, fill } from '../ui/dom.js';
import { format_clock } from '../ui/time_format.js';
import { rating_text } from '../ui/rating.js';
import { FIGURES, material_words } from '../board/material.js';
import { seats_by_place } from '../net/table_state.js';

const REASONS = {
    checkmate: 'checkmate', stalemate: 'stalemate', insufficient: 'insufficient material',
    threefold: 'threefold repetition', 'fifty-move': 'fifty-move rule', fivefold: 'fivefold repetition',
    'seventyfive-move': 'seventy-five-move rule', 'no-moves': 'no moves left', flag: 'time',
    resignation: 'resignation', resign: 'resignation', agreement: 'agreement', abort: 'aborted',
    abandonment: 'abandonment', 'flag-vs-insufficient': 'time, but the opponent could not win',
    'first-move-timeout': 'the first move was not made in time',
    storage_failed: 'the game could not be stored', '3-kings': 'three kings against one',
    'long-diagonal': 'long diagonal rule', finished: 'every piece home', 'move-limit': 'move limit',
    retired: 'everyone else left', breakthrough: 'a king was made',
    '7-move': 'two kings against one: seven moves', 'king-v-king': 'king against king',
};

// The draughts counters are named '<N>-move' (protocol.md, Result): "N-move rule".
function reason_text(reason) {
    if (!reason) return '';
    if (REASONS[reason]) return REASONS[reason];
    if (/^\d+-move$/.test(reason)) return `${reason} rule`;
    return reason.replace(/[-_]/g, ' ');
}

// The result in words: "White wins · resignation", "Draw · agreement", "ann wins · every piece
// home", and at a table of more than two the places in order, each with the player's name
// ("1st ann · 2nd cid · 3rd bob · everyone else left"). `names`: who each seat is, by seat.
export function result_text(result, names = ['White', 'Black']) {
    if (!result) return '';
    const reason = reason_text(result.reason);
    if (result.reason === 'abort' || result.reason === 'aborted') return 'Game aborted';
    if (result.kind === 'aborted' || result.reason === 'first-move-timeout')
        return reason ? `Game aborted · ${reason}` : 'Game aborted';
    let who = 'Draw';
    if (result.kind === 'ranked') {
        who = seats_by_place(result.places || []).map((seat) => `${ordinal(result.places[seat])} ${names[seat]}`).join(' · ');
    } else if (result.kind === 'win') {
        who = `${names[result.winner]} wins`;
    }
    return reason ? `${who} · ${reason}` : who;
}

export function ordinal(n) {
    return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n] || 'th'}`;
}

export function low_time_ms(time) {
    const base = time && time.base_ms ? time.base_ms : 0;
    return Math.max(10000, Math.min(30000, base * 0.1));
}

export function player_bar(colour) {
    const name = h('span', { class: 'player-name' });
    const rating = h('span', { class: 'player-rating muted' });
    const presence = h('span', { class: 'presence', role: 'img' });
    const clock = h('time', { class: 'clock', role: 'timer', 'aria-live': 'off' }, '–');
    const taken = h('span', { class: 'material' }); // chess: the material this player is up
    const bar = h('div', { class: `player-bar player-${colour}`, dataset: { colour } },
        h('span', { class: `side-dot side-${colour}`, 'aria-hidden': 'true' }), presence, name, rating, taken, clock);
    return {
        bar, colour,
        show(player, label) {
            name.textContent = player ? player.name : `Waiting for ${label}…`;
            rating.textContent = rating_text(player);
            const online = !!player && player.connected;
            presence.classList.toggle('online', !!player && online);
            presence.setAttribute('aria-label', !player ? 'seat free' : online ? 'connected' : 'disconnected');
            presence.title = presence.getAttribute('aria-label');
        },
        // `m` ({pieces, points} of material.js, or null): the opponent's pieces this player
        // is up, as figures, and the lead in points.
        show_material(m) {
            const words = m ? material_words(m) : '';
            fill(taken, words ? [h('span', { class: 'material-pieces', 'aria-hidden': 'true' }, m.pieces.map((k) => FIGURES[k]).join('')),
                                 m.points ? h('span', { class: 'material-points', 'aria-hidden': 'true' }, `+${m.points}`) : null,
                                 h('span', { class: 'visually-hidden' }, words)] : []);
        },
        show_clock(ms, running, low_ms) {
            if (ms === null || ms === undefined) {
                clock.textContent = '–';
                clock.classList.remove('running', 'low');
                return;
            }
            clock.textContent = format_clock(ms);
            clock.classList.toggle('running', !!running);
            clock.classList.toggle('low', ms < low_ms);
        },
    };
}
