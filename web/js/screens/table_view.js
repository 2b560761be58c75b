// Pieces of the table screen that only display state: player bars with clocks, the move list,
// the result line and the chat log.

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

// The move list: numbered pairs of move texts (`per_row` 1: one numbered move a line, for a
// game of more than two); the move shown is marked; clicking a move (table.js) shows the
// position after it. An empty list says so instead of looking like a field. A finished game
// ends with its `ending` ("1-0 · White wins · resignation"), unnumbered.
export function render_move_list(list, texts, shown_ply, per_row = 2, ending = '') {
    const items = [];
    for (let i = 0; i < texts.length; i += per_row) {
        items.push(h('li', {}, texts.slice(i, i + per_row).map((text, k) =>
            h('span', { class: 'move', dataset: { ply: i + k }, role: 'button', tabindex: -1 }, text))));
    }
    if (ending && texts.length) items.push(h('li', { class: 'move-result' }, ending));
    fill(list, items);
    list.classList.toggle('empty', !texts.length);
    list.dataset.empty = texts.length ? '' : 'No moves yet';
    const current = list.querySelector(`[data-ply="${shown_ply - 1}"]`);
    if (current) {
        current.classList.add('current');
        current.setAttribute('aria-current', 'step');
        if (shown_ply === texts.length) list.scrollTop = list.scrollHeight; // the list only, never the page
        else list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
    } else {
        list.scrollTop = 0;
    }
}

// The phone's strip of the last moves above the board: "12. Nf3 Nc6" pairs in one row,
// scrolled to the move shown, and the score once over.
export function render_move_strip(strip, texts, shown_ply, per_row = 2, ending = '') {
    fill(strip, texts.map((t, i) => h('li', { class: i % per_row ? '' : 'pair-start', dataset: { number: `${Math.floor(i / per_row) + 1}.` } },
        h('span', { class: `move${i === shown_ply - 1 ? ' current' : ''}`, dataset: { ply: i } }, t))),
    ending && texts.length ? h('li', { class: 'move-result' }, ending) : null);
    const current = strip.querySelector('.move.current');
    if (current) strip.scrollLeft = current.parentElement.offsetLeft - strip.clientWidth + current.parentElement.offsetWidth + 8;
    else strip.scrollLeft = 0;
}

export function render_chat(log, chat) {
    fill(log, chat.map((m) => h('p', {
        class: m.spectator ? 'chat-line chat-spectator' : 'chat-line',
        title: Number.isInteger(m.at) ? new Date(m.at).toLocaleTimeString() : null,
    }, h('strong', {}, m.from), ' ', m.text)));
    log.scrollTop = log.scrollHeight;
}
