// Account: log in or register; when logged in, the profile (ratings, history, downloads) and
// log out; ladders (standings, challenge buttons, open challenges) and leaderboards.

import { h, fill, field } from '../ui/dom.js';
import { VARIANTS, variant_name, record_format } from '../ui/variants.js';
import { go } from '../router.js';

const SECTIONS = [['profile', 'Profile'], ['ladders', 'Ladders'], ['leaderboards', 'Leaderboards']];

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
                        h('td', {}, (g.ended_at || '').slice(0, 10)), h('td', {}, variant_name(g.variant)),
                        h('td', {}, g.white), h('td', {}, g.black), h('td', {}, `${g.result || ''} ${g.reason ? `(${g.reason})` : ''}`),
                        h('td', {}, h('a', { href: api.game_download_url(g.id, record_format(g.variant)), download: '' },
                            record_format(g.variant).toUpperCase())))))) : h('p', { class: 'muted' }, 'No finished games yet.')));
    }

    async render_ladders() {
        fill(this.body, h('p', { class: 'muted' }, 'Loading…'));
        const api = this.app.api;
        let data;
        try {
            data = await api.ladders();
        } catch (err) {
            fill(this.body, h('p', { class: 'error' }, `Ladders not available: ${err.message}`));
            return;
        }
        const me = this.app.session.user && this.app.session.user.name;
        const ladders = (data && data.ladders) || [];
        if (!ladders.length) {
            fill(this.body, h('p', { class: 'muted' }, 'No ladders yet.'));
            return;
        }
        fill(this.body, ladders.map((l) => {
            const error = h('p', { class: 'error', role: 'alert' });
            const act = (fn) => async () => {
                try {
                    await fn();
                    this.render_ladders();
                } catch (err) {
                    error.textContent = err.message;
                }
            };
            const standings = l.standings || [];
            const my_rung = standings.find((s) => s.name === me)?.rung;
            const reach = l.challenge_reach || 5;
            return h('section', { class: 'card ladder' },
                h('div', { class: 'panel-head' }, h('h2', {}, l.name), h('span', { class: 'muted' }, variant_name(l.variant)),
                    me && my_rung === undefined ? h('button', { type: 'button', class: 'small primary', onclick: act(() => api.join_ladder(l.id)) }, 'Join') : null),
                h('table', { class: 'list' },
                    h('thead', {}, h('tr', {}, ['#', 'Player', 'Rating', ''].map((c) => h('th', { scope: 'col' }, c)))),
                    h('tbody', {}, standings.map((s) => h('tr', {}, h('td', {}, s.rung), h('td', {}, s.name), h('td', {}, s.rating ?? ''),
                        h('td', {}, my_rung !== undefined && s.rung < my_rung && my_rung - s.rung <= reach
                            ? h('button', { type: 'button', class: 'small', onclick: act(() => api.ladder_challenge(l.id, s.name)) }, 'Challenge') : null))))),
                (l.challenges || []).length ? h('div', {}, h('h3', {}, 'Open challenges'),
                    h('ul', {}, l.challenges.map((c) => h('li', {}, `${c.from} → ${c.to}${c.expires_at ? ` (until ${c.expires_at})` : ''}`)))) : null,
                error);
        }));
    }

    async render_leaderboards() {
        const select = h('select', { id: 'leaderboard-variant' },
            VARIANTS.map(([id, label]) => h('option', { value: id, selected: id === (this.arg || 'chess') }, label)));
        const table = h('div', {});
        select.addEventListener('change', () => go(`#/account/leaderboards/${select.value}`));
        fill(this.body, h('section', { class: 'card' }, h('h2', {}, 'Leaderboards'), field('Variant', select), table));
        try {
            const data = await this.app.api.leaderboard(select.value);
            const rows = (data && data.rows) || [];
            fill(table, rows.length ? h('table', { class: 'list' },
                h('thead', {}, h('tr', {}, ['#', 'Player', 'Speed', 'Rating', 'Games'].map((c) => h('th', { scope: 'col' }, c)))),
                h('tbody', {}, rows.map((r, i) => h('tr', {}, h('td', {}, r.rank || i + 1),
                    h('td', {}, h('a', { href: `/#/account/profile/${encodeURIComponent(r.name)}` }, r.name)),
                    h('td', {}, r.speed || ''), h('td', {}, Math.round(r.rating)), h('td', {}, r.games ?? '')))))
                : h('p', { class: 'muted' }, 'No established ratings yet.'));
        } catch (err) {
            fill(table, h('p', { class: 'error' }, `Leaderboard not available: ${err.message}`));
        }
    }
}
