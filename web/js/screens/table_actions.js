// The game's actions and the offers to answer at a table, for two seats and more alike (the
// model of table_state.js): abort until every seat has moved, draw offers (two seats only:
// docs/protocol.md §7.6), takebacks in casual games (who asked, who has agreed, who must
// still answer), resign and abort on a second click within CONFIRM_MS, the claim against a
// player whose grace ran out (at two seats the win or a draw; at more, taking them out while
// the others play on), the rematch (at more than two it needs everyone, so the offers say
// who), and leaving a table still waiting. At two seats the other player is "your opponent".

import { h, fill_keeping_focus } from '../ui/dom.js';
import { go } from '../router.js';
import { game_over } from '../net/table_state.js';

const CONFIRM_MS = 4000; // how long a "Confirm resign" button waits for its second click

export class TableActions {
    // `offers`, `actions`: the elements filled; `error`: where a refusal is shown;
    // `redraw()`: called when a confirmation ran out.
    constructor({ api, code, offers, actions, error, redraw }) {
        Object.assign(this, { api, code, offers, actions, error, redraw });
        this.confirming = null; // 'resign' | 'abort' awaiting its second click
        this.confirm_timer = null;
    }

    destroy() {
        clearTimeout(this.confirm_timer);
    }

    // A game-ending action on one click would be a slip away: the first click asks again.
    confirmed(what) {
        clearTimeout(this.confirm_timer);
        if (this.confirming === what) {
            this.confirming = null;
            return true;
        }
        this.confirming = what;
        this.confirm_timer = setTimeout(() => { this.confirming = null; this.redraw(); }, CONFIRM_MS);
        this.redraw();
        return false;
    }

    // Runs `fn(code)` and shows a refusal under the actions.
    async run(fn) {
        this.error.textContent = '';
        try {
            await fn(this.code);
        } catch (err) {
            this.error.textContent = err.message;
        }
    }

    button(label, fn, cls = 'small') {
        return h('button', { type: 'button', class: cls, onclick: () => this.run(fn) }, label);
    }

    // A button whose action runs on a second click within CONFIRM_MS.
    confirm_button(what, label, confirm_label, cls, fn) {
        const asking = this.confirming === what;
        return h('button', { type: 'button', class: `${cls}${asking ? ' confirming' : ''}`, dataset: { action: what },
                             onclick: () => { if (this.confirmed(what)) this.run(fn); } }, asking ? confirm_label : label);
    }

    // `s`: the table state; `names`: the players' names by seat.
    render(s, names) {
        const { api } = this;
        const two = s.seats.length === 2;
        const list = (seats) => seats.map((i) => names[i]).join(', ');
        const offers = [];
        const buttons = [];
        const me = s.you !== null ? s.seats[s.you] : null;
        if (me && !me.retired && s.status === 'playing') {
            if (two && s.draw_offer !== null && s.draw_offer !== s.you) {
                offers.push(h('p', {}, 'Your opponent offers a draw.'),
                    this.button('Accept draw', (c) => api.accept_draw(c), 'small primary'),
                    this.button('Decline', (c) => api.decline_draw(c)));
            } else if (two && s.draw_offer === s.you) {
                offers.push(h('p', { class: 'muted' }, 'Draw offered.'));
            }
            offers.push(...this.takeback_offer(s, names));
            if (s.absent !== null && s.absent !== s.you) {
                if (two) {
                    offers.push(h('p', {}, 'Your opponent has left and did not come back in time.'),
                        this.button('Claim the win', (c) => api.claim_win(c), 'small primary'),
                        this.button('Call it a draw', (c) => api.claim_draw(c)));
                } else {
                    offers.push(h('p', {}, `${names[s.absent]} has left and did not come back in time.`),
                        this.button('Claim: take them out', (c) => api.claim_win(c), 'small primary'));
                }
            }
            if (s.ply < s.seats.length) buttons.push(this.confirm_button('abort', 'Abort', 'Confirm abort', 'small', (c) => api.abort(c)));
            if (two && s.draw_offer !== s.you) buttons.push(this.button('Offer draw', (c) => api.offer_draw(c)));
            // At more than two, seat i makes its first move at ply i (seat 0 moves first) and one
            // who has finished plays no more. The server says why when it refuses all the same.
            const has_moved = two ? s.ply > 0 : s.ply > s.you && !s.finished.includes(s.you);
            if (!s.rated && !s.takeback && has_moved) buttons.push(this.button('Takeback', (c) => api.request_takeback(c)));
            buttons.push(this.confirm_button('resign', 'Resign', 'Confirm resign', 'small danger', (c) => api.resign(c)));
        } else if (me && game_over(s)) {
            const offered = s.seats.flatMap((p, i) => (s.rematch_offers[i] ? [i] : []));
            const waiting = s.seats.flatMap((p, i) => (s.rematch_offers[i] ? [] : [i]));
            const who = two ? 'Your opponent' : list(offered);
            if (s.rematch_offers[s.you]) {
                offers.push(h('p', { class: 'muted rematch-note' }, two ? 'Rematch offered.' : `Rematch offered. Waiting for ${list(waiting)}.`));
            } else if (offered.length) {
                offers.push(h('p', { class: 'rematch-note' }, `${who} ${offered.length === 1 ? 'wants' : 'want'} a rematch.`));
                buttons.push(this.button('Accept rematch', (c) => api.accept_rematch(c), 'small primary'));
            } else {
                buttons.push(this.button('Rematch', (c) => api.offer_rematch(c), 'small primary'));
            }
            if (Number.isInteger(s.rematch_declined_by) && s.rematch_declined_by !== s.you && !offered.length) {
                offers.push(h('p', { class: 'muted rematch-note' },
                              `${two ? 'Your opponent' : names[s.rematch_declined_by]} declined the rematch.`));
            }
        }
        if (me && s.status === 'waiting') buttons.push(this.button('Leave table', async (c) => { await api.leave(c); go('#/'); }));
        buttons.push(h('button', { type: 'button', class: 'small', onclick: () => go('#/') }, 'Back to lobby'));
        // Redrawn at every event: a focused button keeps the focus (Resign, then Enter again on
        // "Confirm resign"; "Offer draw" while the opponent moves).
        fill_keeping_focus(this.offers, offers);
        fill_keeping_focus(this.actions, buttons);
    }

    // The takeback asked: who asked, who has agreed, who must still answer, and Accept /
    // Decline for a player who must. At two seats: "Your opponent asks to take back a move."
    takeback_offer(s, names) {
        const { api } = this;
        const two = s.seats.length === 2;
        const list = (seats) => seats.map((i) => names[i]).join(', ');
        const t = s.takeback;
        if (!t) {
            if (!Number.isInteger(s.takeback_declined_by) || s.takeback_declined_by === s.you) return [];
            return [h('p', { class: 'muted takeback-note' },
                      `${two ? 'Your opponent' : names[s.takeback_declined_by]} declined the takeback.`)];
        }
        // At two seats the other player answers; at more, those the request waits for.
        const answers = two ? t.by !== s.you : t.waiting.includes(s.you);
        const answer = answers
            ? [this.button('Accept takeback', (c) => api.accept_takeback(c), 'small primary'),
               this.button('Decline', (c) => api.decline_takeback(c))]
            : [];
        if (two) {
            if (t.by === s.you) return [];
            return [h('p', { class: 'takeback-note' }, 'Your opponent asks to take back a move.'), ...answer];
        }
        const who = t.by === s.you ? 'You ask' : `${names[t.by]} asks`;
        const agreed = t.accepted.length ? ` Agreed: ${list(t.accepted)}.` : '';
        const waiting = t.waiting.length ? ` Waiting for ${list(t.waiting)}.` : '';
        return [h('p', { class: 'takeback-note' }, `${who} to take back ${t.by === s.you ? 'your' : 'their'} last move.${agreed}${waiting}`), ...answer];
    }
}
