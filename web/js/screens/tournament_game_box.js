// On the page of a tournament game: which tournament, round and board it is (from the
// `tournament_game` push that made it, docs/protocol.md §7.15), linked to the tournament's
// page; and in an arena, the Berserk button (halve one's own clock, no increment) while the
// player has not yet made a first move. A table the page was not told about this visit (a
// reload) shows nothing: the tournament's page offers Berserk beside "your current game".

import { h, fill_keeping_focus } from '../ui/dom.js';
import { game_over } from '../net/table_state.js';

// The moves seat `you` has made at a table of two after `ply` plies (seat 0 moves first).
export function own_moves(ply, you) {
    return Math.max(0, Math.floor((ply - you + 1) / 2));
}

export class TournamentGameBox {
    constructor(app, code) {
        this.app = app;
        this.code = code;
        this.format = null; // the tournament's, once read
        this.asked = false;
        this.berserked = false;
        this.state = null;
        this.error = h('p', { class: 'error', role: 'alert' });
        this.element = h('div', { class: 'tournament-game', hidden: true });
    }

    info() {
        return this.app.api.tournament_tables.get(this.code) || null;
    }

    // The tournament's format, read once (GET /api/tournaments/<id>).
    async read_format(id) {
        this.asked = true;
        try {
            const { tournament } = await this.app.api.tournament(id);
            this.format = tournament.format;
        } catch {
            this.format = '';
        }
        if (this.state) this.render(this.state);
    }

    render(state) {
        this.state = state;
        const info = this.info();
        this.element.hidden = !info;
        if (!info) return;
        if (!this.asked) this.read_format(info.tournament);
        const where = [Number.isInteger(info.round) ? `round ${info.round}` : null,
                       Number.isInteger(info.board) ? `board ${info.board}` : null].filter(Boolean).join(', ');
        const can_berserk = this.format === 'arena' && !this.berserked && state.you !== null && state.seats.length === 2
            && !game_over(state) && own_moves(state.ply || 0, state.you) === 0;
        fill_keeping_focus(this.element,
            h('p', {}, 'Tournament game: ', h('a', { href: `/#/tournament/${encodeURIComponent(info.tournament)}` }, info.name || `Tournament ${info.tournament}`),
                where ? ` · ${where}` : ''),
            can_berserk ? h('button', { type: 'button', class: 'small berserk', dataset: { action: 'berserk' },
                                        onclick: () => this.berserk(info.tournament) }, 'Berserk: halve my clock') : null,
            can_berserk ? h('small', { class: 'muted' }, ' Before your first move: half your time, no increment, a point more for a win of 7 moves or more.') : null,
            this.error);
    }

    async berserk(id) {
        this.error.textContent = '';
        try {
            await this.app.api.tournament_action(id, 'berserk');
            this.berserked = true;
        } catch (err) {
            this.error.textContent = `Berserk refused: ${err.message}`;
        }
        if (this.state) this.render(this.state);
    }
}
