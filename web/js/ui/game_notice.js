// The line under the header that tells a player seated at another game that a tournament
// paired them (docs/protocol.md §7.15): which tournament, round and opponent, with a link to
// the new table and a Dismiss button. It sits in a polite live region (index.html), so a
// screen reader hears it without losing its place; following the link clears it.

import { h, fill } from './dom.js';

// "Club Swiss, round 2: your game against bob (you play White) is ready."
export function tournament_game_words(msg, me) {
    const where = [msg.name || `Tournament ${msg.tournament}`, Number.isInteger(msg.round) ? `round ${msg.round}` : null]
        .filter(Boolean).join(', ');
    const white = me && msg.white === me;
    const black = me && msg.black === me;
    const opponent = white ? msg.black : black ? msg.white : null;
    if (!opponent) return `${where}: your game is ready.`;
    return `${where}: your game against ${opponent} (you play ${white ? 'White' : 'Black'}) is ready.`;
}

export class GameNotice {
    constructor(element) {
        this.element = element;
        this.code = null;
    }

    show(msg, me) {
        this.code = msg.table;
        fill(this.element, h('div', { class: 'game-notice-body' },
            h('span', {}, tournament_game_words(msg, me), ' '),
            h('a', { class: 'game-notice-link', href: `/#/table/${encodeURIComponent(msg.table)}`,
                     onclick: () => this.clear() }, `Go to table ${msg.table}`),
            h('button', { type: 'button', class: 'small', onclick: () => this.clear() }, 'Dismiss')));
    }

    // Cleared by Dismiss, by following its link, and by opening that table another way.
    clear() {
        this.code = null;
        this.element.replaceChildren();
    }
}
