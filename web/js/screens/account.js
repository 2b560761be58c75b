// Account: log in or register; when logged in, the profile (ratings, history, downloads) and
// log out; ladders (standings, challenge buttons, open challenges) and leaderboards.

import { h, fill, field } from '../ui/dom.js';
import { VARIANTS, variant_name, record_format } from '../ui/variants.js';
import { go } from '../router.js';

const SECTIONS = [['profile', 'Profile'], ['ladders', 'Ladders'], ['leaderboards', 'Leaderboards']];
const SPEEDS = ['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'];

// Instants of the HTTP API (Unix milliseconds) as UTC text.
function format_instant(ms) {
    return Number.isFinite(ms) ? `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
}

function format_day(ms) {
    return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : '';
}

export class AccountScreen {
    constructor(root, app, route) {
        this.app = app;
        this.section = SECTIONS.some(([id]) => id === route.section) ? route.section : 'profile';
        this.arg = route.arg;
        this.body = h('div', { class: 'account-body' });
        fill(root, h('div', { class: 'account' },
            h('nav', { class: 'tabs', 'aria-label': 'Account sections' }, SECTIONS.map(([id, label]) =>
                h('a', { href: `/#/account/${id}`, 'aria-current': id === this.section ? 'page' : null }, label))),
            this.body));
        this.off = [app.session.on('change', () => this.render())];
        this.render();
    }

    destroy() {
        for (const off of this.off) off();
    }

    render() {
        if (this.section === 'ladders') return this.render_ladders();
        if (this.section === 'leaderboards') return this.render_leaderboards();
        return this.app.session.user ? this.render_profile(this.arg || this.app.session.user.name)
            : this.render_login();
    }

    render_login() {
        fill(this.body, h('div', { class: 'auth-grid' },
            this.auth_form('Log in', 'login', 'current-password'),
            this.auth_form('Create an account', 'register', 'new-password')),
        h('p', { class: 'muted' }, 'You can play casual games as a guest; rated games and ladders need an account.'));
    }

    auth_form(title, kind, autocomplete) {
        const name = h('input', { name: 'name', autocomplete: 'username', required: true, minlength: 3,
                                  maxlength: 20, pattern: '[A-Za-z0-9_\\-]+' });
        const password = h('input', { name: 'password', type: 'password', autocomplete, required: true,
                                      minlength: kind === 'register' ? 8 : 1 });
        const error = h('p', { class: 'error', role: 'alert' });
        return h('section', { class: 'card', 'aria-label': title },
            h('h2', {}, title),
            h('form', { dataset: { form: kind }, onsubmit: async (e) => {
                e.preventDefault();
                error.textContent = '';
                try {
                    await this.app.session[kind](name.value.trim(), password.value);
                } catch (err) {
                    error.textContent = err.message || 'That did not work.';
                }
            } },
            field('User name', name, kind === 'register' ? '3–20 letters, digits, _ or -' : null),
            field('Password', password, kind === 'register' ? 'At least 8 characters' : null),
            error, h('button', { type: 'submit', class: 'primary wide' }, title)));
    }

    async render_profile(name) {
        fill(this.body, h('p', { class: 'muted' }, 'Loading…'));
        const api = this.app.api;
        let profile;
        let history;
        try {
            [profile, history] = await Promise.all([api.profile(name), api.history(name)]);
        } catch (err) {
            fill(this.body, h('p', { class: 'error' }, `Profile not available: ${err.message}`));
            return;
        }
        const mine = this.app.session.user && this.app.session.user.name === name;
        const ratings = profile.ratings || [];
        const games = (history && history.games) || [];
        fill(this.body,
            h('section', { class: 'card' },
                h('div', { class: 'panel-head' }, h('h2', {}, profile.name || name),
                    mine ? h('button', { type: 'button', class: 'small', onclick: () => this.app.session.logout() }, 'Log out') : null),
                h('h3', {}, 'Ratings'),
                ratings.length ? h('table', { class: 'list' },
                    h('thead', {}, h('tr', {}, ['Variant', 'Speed', 'Rating', 'Games'].map((c) => h('th', { scope: 'col' }, c)))),
                    h('tbody', {}, ratings.map((r) => h('tr', {}, h('td', {}, variant_name(r.variant)), h('td', {}, r.speed || ''),
                        h('td', {}, `${Math.round(r.rating)}${r.provisional ? '?' : ''} ± ${Math.round(2 * (r.rd ?? r.deviation ?? 0))}`),
                        h('td', {}, r.games ?? ''))))) : h('p', { class: 'muted' }, 'No rated games yet.')),
            h('section', { class: 'card' },
                h('div', { class: 'panel-head' }, h('h2', {}, 'Games'),
                    h('span', {}, h('a', { href: api.all_games_download_url(name, 'pgn'), download: '' }, 'All chess games (PGN)'),
                        ' · ', h('a', { href: api.all_games_download_url(name, 'pdn'), download: '' }, 'All draughts games (PDN)'))),
                games.length ? h('table', { class: 'list' },
                    h('thead', {}, h('tr', {}, ['Date', 'Variant', 'White', 'Black', 'Result', ''].map((c) => h('th', { scope: 'col' }, c)))),
                    h('tbody', {}, games.map((g) => h('tr', {},
                        h('td', {}, format_day(g.ended_at ?? g.started_at)), h('td', {}, variant_name(g.variant)),
                        h('td', {}, g.white), h('td', {}, g.black),
                        h('td', {}, g.ended_at ? `${g.result || ''}${g.termination ? ` (${g.termination})` : ''}` : 'playing'),
                        h('td', {}, g.ended_at ? h('a', { href: api.game_download_url(g.id, record_format(g.variant)), download: '' },
                            record_format(g.variant).toUpperCase()) : null))))) : h('p', { class: 'muted' }, 'No games yet.')));
    }

    async render_ladders() {
        fill(this.body, h('p', { class: 'muted' }, 'Loading…'));
        const api = this.app.api;
        let ladders;
        try {
            const list = await api.ladders();
            // The list has the summaries; standings and challenges come with each ladder.
            ladders = await Promise.all(((list && list.ladders) || []).map(async (l) => (await api.ladder(l.id)).ladder));
        } catch (err) {
            fill(this.body, h('p', { class: 'error' }, `Ladders not available: ${err.message}`));
            return;
        }
        if (!ladders.length) {
            fill(this.body, h('p', { class: 'muted' }, 'No ladders yet.'));
            return;
        }
        fill(this.body, ladders.map((l) => this.ladder_card(l)));
    }

    // One ladder: its rules, the standings with a challenge button on every rung the player may
    // challenge, and the open and accepted challenges with the answers the player may give.
    ladder_card(l) {
        const api = this.app.api;
        const me = this.app.session.user && this.app.session.user.name;
        const error = h('p', { class: 'error', role: 'alert' });
        const act = (label, fn, cls = 'small') => h('button', { type: 'button', class: cls, onclick: async () => {
            error.textContent = '';
            try {
                await fn();
                this.render_ladders();
            } catch (err) {
                error.textContent = err.message;
            }
        } }, label);
        const standings = l.standings || [];
        const my_rung = standings.find((s) => s.name === me)?.rung;
        const reach = l.max_rungs_up || 0;
        const can_challenge = (s) => my_rung !== undefined && s.rung < my_rung && my_rung - s.rung <= reach;
        const challenges = (l.challenges || []).filter((c) => c.status === 'open' || c.status === 'accepted');
        const rules = [variant_name(l.variant), l.time_control, `challenge up to ${reach} rung${reach === 1 ? '' : 's'} up`,
                       `${l.response_hours} h to answer`, l.organiser ? `organised by ${l.organiser}` : null];
        return h('section', { class: 'card ladder', dataset: { ladder: l.id } },
            h('div', { class: 'panel-head' }, h('h2', {}, l.name),
                me && my_rung === undefined ? act('Join', () => api.join_ladder(l.id), 'small primary') : null),
            h('p', { class: 'muted ladder-rules' }, rules.filter(Boolean).join(' · ')),
            standings.length ? h('table', { class: 'list standings' },
                h('thead', {}, h('tr', {}, ['Rung', 'Player', ''].map((c) => h('th', { scope: 'col' }, c)))),
                h('tbody', {}, standings.map((s) => h('tr', { dataset: { rung: s.rung }, class: s.name === me ? 'me' : null },
                    h('td', {}, s.rung), h('td', {}, s.name),
                    h('td', {}, can_challenge(s) ? act('Challenge', () => api.ladder_challenge(l.id, s.name)) : null)))))
                : h('p', { class: 'muted' }, 'Nobody on this ladder yet.'),
            challenges.length ? h('div', { class: 'ladder-challenges' }, h('h3', {}, 'Open challenges'),
                h('ul', {}, challenges.map((c) => h('li', { dataset: { challenge: c.id } },
                    `${c.challenger} → ${c.challenged} · `,
                    c.status === 'open' ? `answer by ${format_instant(c.deadline_at)}` : 'accepted: the game decides',
                    c.status === 'open' && c.challenged === me ? [' ',
                        act('Accept', () => api.answer_ladder_challenge(l.id, c.id, 'accept'), 'small primary'), ' ',
                        act('Decline', () => api.answer_ladder_challenge(l.id, c.id, 'decline'))] : null,
                    c.status === 'open' && c.challenger === me ? [' ',
                        act('Withdraw', () => api.answer_ladder_challenge(l.id, c.id, 'decline'))] : null)))) : null,
            error);
    }

    async render_leaderboards() {
        const variant = h('select', { id: 'leaderboard-variant' },
            VARIANTS.map(([id, label]) => h('option', { value: id, selected: id === (this.arg || 'chess') }, label)));
        const speed = h('select', { id: 'leaderboard-speed' },
            SPEEDS.map((id) => h('option', { value: id, selected: id === (this.speed || 'blitz') }, id)));
        const table = h('div', { class: 'leaderboard' });
        variant.addEventListener('change', () => go(`#/account/leaderboards/${variant.value}`));
        speed.addEventListener('change', () => { this.speed = speed.value; this.render_leaderboards(); });
        fill(this.body, h('section', { class: 'card' }, h('h2', {}, 'Leaderboards'),
            h('div', { class: 'inline' }, field('Variant', variant), field('Speed', speed)), table));
        try {
            const data = await this.app.api.leaderboard(variant.value, speed.value);
            const players = (data && data.players) || [];
            fill(table, players.length ? h('table', { class: 'list' },
                h('thead', {}, h('tr', {}, ['#', 'Player', 'Rating', 'Games'].map((c) => h('th', { scope: 'col' }, c)))),
                h('tbody', {}, players.map((r, i) => h('tr', {}, h('td', {}, r.rank || i + 1),
                    h('td', {}, h('a', { href: `/#/account/profile/${encodeURIComponent(r.name)}` }, r.name)),
                    h('td', {}, `${Math.round(r.rating)} ± ${Math.round(2 * (r.deviation || 0))}`), h('td', {}, r.games ?? '')))))
                : h('p', { class: 'muted' }, 'No established ratings yet.'));
        } catch (err) {
            fill(table, h('p', { class: 'error' }, `Leaderboard not available: ${err.message}`));
        }
    }
}
