// The lobby: play now (auto-match, which opens the table it found: `matched`, or
// `group_matched` for a game of more than two), the live list of public tables (a table of
// more than two says how many of its seats are taken), create a table (or challenge a player,
// or for a game of more than two invite all the other players), play the computer (at any
// game; at a game of more than two in every other seat or in fewer), join by code, and the
// open challenges: a player's with accept, decline (with a reason), counter; a group's with who
// has accepted, accept and decline, or cancel for its challenger; and a line saying why a
// challenge went away (docs/protocol.md §7.9).

import { h, fill, field } from '../ui/dom.js';
import { setup_form } from '../ui/setup_form.js';
import { variant_name, variant_players, VARIANTS } from '../ui/variants.js';
import { format_time_control } from '../ui/time_format.js';
import { name_with_rating } from '../ui/rating.js';
import { play_sound } from '../ui/sound.js';
import { answers_text, gone_text, invitee_names, name_list } from '../net/group_challenges.js';
import { DECLINE_REASONS, pair_gone_text } from '../net/challenge_endings.js';
import { group_tournaments } from '../net/tournaments.js';
import { local_time, tournament_summary } from './tournaments.js';
import { go } from '../router.js';

// A lobby table summary (its setup nested, its seats an array by seat of Player or null) in
// the fields the lists show.
function summary_view(t) {
    const { setup } = t;
    return { ...t, variant: setup.variant, rated: !!setup.rated, time: setup.time, players: t.seats };
}

// "2 of 4 seated" for a table of more than two, else nothing.
function seats_pill(t) {
    if (t.players.length <= 2) return null;
    return h('span', { class: 'pill seats-open' }, `${t.players.filter(Boolean).length} of ${t.players.length} seated`);
}

const QUICK = [
    ['1+0', { base_ms: 60000, increment_ms: 0 }], ['3+2', { base_ms: 180000, increment_ms: 2000 }],
    ['5+3', { base_ms: 300000, increment_ms: 3000 }], ['10+5', { base_ms: 600000, increment_ms: 5000 }],
    ['15+10', { base_ms: 900000, increment_ms: 10000 }], ['30+0', { base_ms: 1800000, increment_ms: 0 }],
    ['15 min · 60 s/move', { base_ms: 900000, increment_ms: 0, per_move_ms: 60000 }],
    ['3 days/move', { days: 3 }],
];
const JOIN_CODE = /^[A-Za-z0-9]{4,12}$/;

export class LobbyScreen {
    constructor(root, app) {
        this.app = app;
        this.tables = new Map();
        this.challenges = new Map();
        this.off = [];
        this.build(root);
        const { api, socket } = app;
        this.off.push(
            api.on('lobby', (tables) => { this.tables = new Map(tables.map((t) => [t.code, summary_view(t)])); this.render_tables(); }),
            api.on('lobby_changes', (m) => this.on_lobby_changes(m)),
            api.on('matched', (code) => go(`#/table/${code}`)),
            api.on('challenge', (c) => { this.challenges.set(c.id, c); this.render_challenges(); play_sound('notify'); }),
            api.on('challenge_gone', (m) => this.on_challenge_gone(m)),
            api.on('challenges_listed', (list) => { this.challenges = new Map(list.map((c) => [c.id, c])); this.render_challenges(); }),
            api.on('group_challenge', (m) => this.on_group_challenge(m)),
            socket.on('hello', () => this.subscribe()),
            api.on('welcome', () => this.render_my_games()),
        );
        if (socket.state === 'open') this.subscribe();
        this.load_tournaments();
    }

    // The tournaments running and starting soon (a few), linked to their pages and the list.
    async load_tournaments() {
        let groups;
        try {
            groups = group_tournaments((await this.app.api.tournaments()).tournaments);
        } catch {
            groups = null;
        }
        const shown = groups ? [...groups.running, ...groups.upcoming].slice(0, 5) : [];
        fill(this.tournaments_body,
            !groups ? h('p', { class: 'muted' }, 'The tournament list is not available.')
                : shown.length ? h('ul', { class: 'lobby-tournaments' }, shown.map((t) => h('li', { dataset: { id: t.id } },
                    h('a', { href: `/#/tournament/${t.id}` }, t.name), ' ',
                    h('span', { class: 'muted' }, `${tournament_summary(t)} · ${t.state === 'running' ? 'running' : `starts ${local_time(t.starts_at)}`}`))))
                    : h('p', { class: 'muted' }, 'No tournament running or planned.'),
            h('p', {}, h('a', { href: '/#/tournaments', class: 'all-tournaments' }, 'All tournaments, or create one')));
    }

    destroy() {
        clearTimeout(this.live_timer);
        for (const off of this.off) off();
        if (this.app.socket.state === 'open') this.app.api.unsubscribe_lobby().catch(() => {});
        if (this.seeking) this.app.api.cancel_seek().catch(() => {});
    }

    async subscribe() {
        try {
            const reply = await this.app.api.subscribe_lobby();
            if (reply && Array.isArray(reply.tables)) {
                this.tables = new Map(reply.tables.map((t) => [t.code, summary_view(t)]));
            }
            this.list_status = '';
        } catch (err) {
            this.list_status = `The table list is not available: ${err.message}`;
        }
        this.render_tables();
        this.load_live().then(() => this.render_tables(), () => {});
    }

    // The subscription pushes open tables only; the games in play come as a count, and their
    // first page is asked for (again a little after the count changes: §7.3).
    async load_live() {
        const reply = await this.app.api.lobby_page('playing');
        if (!reply || !Array.isArray(reply.tables)) return;
        for (const [code, t] of this.tables) if (t.status === 'playing') this.tables.delete(code);
        for (const t of reply.tables) this.tables.set(t.code, summary_view(t));
    }

    on_lobby_changes(m) {
        for (const t of m.tables || []) this.tables.set(t.code, summary_view(t));
        for (const code of m.gone || []) {
            if (this.tables.get(code)?.status !== 'playing') this.tables.delete(code);
        }
        if (m.playing !== undefined && !this.live_timer) {
            this.live_timer = setTimeout(() => {
                this.live_timer = null;
                this.load_live().then(() => this.render_tables(), () => {});
            }, 2000);
        }
        this.render_tables();
    }

    build(root) {
        this.tables_body = h('div', { class: 'table-list', 'aria-live': 'polite' });
        this.tournaments_body = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
        this.live_body = h('div', { class: 'table-list live-games', 'aria-live': 'polite' });
        this.challenges_body = h('div', { class: 'challenges' });
        this.challenge_notice = h('p', { class: 'notice challenge-notice', role: 'status' });
        this.my_games = h('section', { class: 'card my-games', 'aria-labelledby': 'my-games-title', hidden: true });
        this.seek_status = h('p', { class: 'notice', role: 'status' });
        const variant = h('select', { id: 'quick-variant' },
            VARIANTS.map(([id, label]) => h('option', { value: id }, label)));
        const quick = h('div', { class: 'quick-grid' }, QUICK.map(([label, time]) =>
            h('button', { type: 'button', class: 'quick', onclick: () => this.seek(variant.value, time) }, label)));
        const join_input = h('input', { id: 'join-code', name: 'code', autocomplete: 'off', autocapitalize: 'characters',
                                        spellcheck: 'false', maxlength: 12, placeholder: 'e.g. K7QF3X' });
        const join_error = h('p', { class: 'error', role: 'alert' });
        const join_form = h('form', { class: 'join-form', onsubmit: (e) => {
            e.preventDefault();
            const code = join_input.value.trim().toUpperCase();
            if (!JOIN_CODE.test(code)) {
                join_error.textContent = 'A join code is 6 letters and digits.';
                return;
            }
            go(`#/table/${code}`);
        } }, h('label', { for: 'join-code' }, 'Join a table by code'),
        h('div', { class: 'inline' }, join_input, h('button', { type: 'submit', class: 'primary' }, 'Join')), join_error);

        const create = setup_form({
            submit_label: 'Create table',
            with_opponent: true,
            on_submit: (setup) => this.create(setup),
        });
        const computer = setup_form({
            submit_label: 'Play the computer',
            with_level: true,
            on_submit: (setup) => this.play_computer(setup),
        });
        // The two forms open from their buttons, one at a time, so that both buttons are in
        // view at once (as lichess opens its "Create a game" and "Play with the computer").
        const create_card = h('section', { class: 'card create-table', id: 'create-card', 'aria-labelledby': 'create-title', hidden: true },
            h('h2', { id: 'create-title' }, 'Create a table'), create);
        const computer_card = h('section', { class: 'card play-computer', id: 'computer-card', 'aria-labelledby': 'computer-title', hidden: true },
            h('h2', { id: 'computer-title' }, 'Play the computer'), computer);
        fill(root,
            h('div', { class: 'lobby' },
                h('section', { class: 'card play-now', 'aria-labelledby': 'play-now-title' },
                    h('h2', { id: 'play-now-title' }, 'Play now'),
                    field('Variant', variant), quick, this.seek_status),
                h('section', { class: 'card tables', 'aria-labelledby': 'tables-title' },
                    h('h2', { id: 'tables-title' }, 'Public tables'), this.tables_body),
                h('section', { class: 'card live', 'aria-labelledby': 'live-title' },
                    h('h2', { id: 'live-title' }, 'Games being played now'), this.live_body),
                h('aside', { class: 'lobby-side' },
                    this.my_games,
                    this.start_buttons(create_card, computer_card),
                    create_card, computer_card,
                    h('section', { class: 'card' }, join_form),
                    h('section', { class: 'card lobby-tournaments-card', 'aria-labelledby': 'lobby-tournaments-title' },
                        h('h2', { id: 'lobby-tournaments-title' }, 'Tournaments'), this.tournaments_body),
                    h('section', { class: 'card', 'aria-labelledby': 'challenges-title' },
                        h('h2', { id: 'challenges-title' }, 'Challenges'), this.challenges_body, this.challenge_notice))));
        this.render_tables();
        this.render_challenges();
        this.render_my_games();
    }

    // "Create a table" and "Play the computer": each shows its form (and hides the other's),
    // or hides it again; the button says whether its form is open (aria-expanded).
    start_buttons(create_card, computer_card) {
        const pairs = [];
        const toggle = (card) => {
            for (const [button, c] of pairs) {
                c.hidden = c !== card || !c.hidden;
                button.setAttribute('aria-expanded', String(!c.hidden));
            }
            if (!card.hidden) card.scrollIntoView({ block: 'nearest' });
        };
        for (const [card, label, cls] of [[create_card, 'Create a table', 'open-create'], [computer_card, 'Play the computer', 'open-computer']]) {
            pairs.push([h('button', { type: 'button', class: `wide ${cls}`, 'aria-expanded': 'false', 'aria-controls': card.id,
                                      onclick: () => toggle(card) }, label), card]);
        }
        return h('section', { class: 'card lobby-start', 'aria-label': 'Start a game' }, pairs.map(([button]) => button));
    }

    // The games where we hold a seat (after a restart, a ladder game made while away).
    render_my_games() {
        const codes = this.app.api.my_tables || [];
        this.my_games.hidden = !codes.length;
        fill(this.my_games, h('h2', { id: 'my-games-title' }, 'Your games'),
            h('ul', {}, codes.map((code) => h('li', { dataset: { code } },
                h('a', { href: `/#/table/${encodeURIComponent(code)}` }, `Table ${code}`)))));
    }

    async create(setup) {
        const { opponent, invite, ...rest } = setup;
        if (invite) return this.invite(invite, rest);
        try {
            if (opponent) {
                await this.app.api.challenge(opponent, rest);
                this.seek_status.textContent = `Challenge sent to ${opponent}.`;
                return;
            }
            const code = await this.app.api.create_table(rest);
            go(`#/table/${code}`);
        } catch (err) {
            throw new Error(err.message || 'The table could not be created.');
        }
    }

    // A group challenge: every other seat of the game named (none left empty).
    async invite(names, setup) {
        const wanted = variant_players(setup.variant) - 1;
        if (names.length !== wanted || names.some((n) => !n)) {
            throw new Error(`${variant_name(setup.variant)}: name all ${wanted} other players to invite them, or no one to open a table.`);
        }
        try {
            await this.app.api.group_challenge(names, setup);
        } catch (err) {
            throw new Error(err.message || 'The challenge could not be sent.');
        }
        this.seek_status.textContent = `Challenge sent to ${name_list(names)}.`;
    }

    // A challenge of two went away (or came back to its challenger, countered: then `m` has
    // no reason): the list redrawn; why it went away said in a line.
    on_challenge_gone(m) {
        this.challenges.delete(m.id);
        const text = m.reason ? pair_gone_text(m, this.app.api.player && this.app.api.player.id, m.other) : null;
        if (text) this.challenge_notice.textContent = text;
        this.render_challenges();
    }

    // A group challenge changed: the list redrawn; why one went away said in a line.
    on_group_challenge(m) {
        if (m.change === 'issued' && m.challenge && !m.challenge.mine) play_sound('notify');
        if (m.challenge) {
            const text = gone_text(m.change, m.challenge, m.by, m.reason, variant_name(m.challenge.setup.variant));
            if (text) this.challenge_notice.textContent = text;
        }
        this.render_challenges();
    }

    // A casual game against the computer at the chosen level; it sits down at once, in every
    // other seat of a game of more than two, or in `computers` of them (the rest wait for
    // people, who join by the table's code). The server's refusal is shown under the form.
    async play_computer(setup) {
        try {
            const code = await this.app.api.create_table({ ...setup, rated: false, opponent: 'computer' });
            go(`#/table/${code}`);
        } catch (err) {
            throw new Error(`The game could not be started: ${err.message || 'the server refused it.'}`);
        }
    }

    async seek(variant, time) {
        const who = variant_players(variant) > 2 ? 'players' : 'an opponent';
        this.seek_status.textContent = `Looking for ${who} (${variant_name(variant)}, ${format_time_control(time)})…`;
        try {
            await this.app.api.seek({ variant, time, rated: !!this.app.session.user });
            this.seeking = true;
        } catch (err) {
            this.seek_status.textContent = `Could not start: ${err.message}`;
        }
    }

    render_tables() {
        this.render_live();
        const rows = [...this.tables.values()].filter((t) => t.status !== 'playing');
        if (!rows.length) {
            fill(this.tables_body, h('p', { class: 'muted empty' },
                this.list_status || 'No open tables right now. Create one, or press a time control above to be paired.'));
            return;
        }
        fill(this.tables_body, h('table', { class: 'list' },
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Host'), h('th', { scope: 'col' }, 'Variant'),
                h('th', { scope: 'col' }, 'Time'), h('th', { scope: 'col' }, 'Mode'), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
            h('tbody', {}, rows.map((t) => h('tr', { dataset: { code: t.code } },
                h('td', {}, t.host ? name_with_rating(t.host) : '—'),
                h('td', {}, variant_name(t.variant), ' ', seats_pill(t)),
                h('td', {}, format_time_control(t.time)),
                h('td', {}, t.rated ? 'Rated' : 'Casual', t.status === 'playing' ? h('span', { class: 'pill' }, 'playing') : null),
                h('td', { class: 'actions' },
                    t.status !== 'playing' ? h('button', { type: 'button', class: 'small primary', onclick: () => go(`#/table/${t.code}`) }, 'Join') : null,
                    h('button', { type: 'button', class: 'small', onclick: () => go(`#/table/${t.code}/watch`) }, 'Watch')))))));
    }

    // The public games in play (the lobby list holds them with status "playing"), to watch.
    render_live() {
        const rows = [...this.tables.values()].filter((t) => t.status === 'playing');
        if (!rows.length) {
            fill(this.live_body, h('p', { class: 'muted empty' }, 'No public game is being played right now.'));
            return;
        }
        const name = (p) => (p ? name_with_rating(p) : '?');
        fill(this.live_body, h('table', { class: 'list' },
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Players'), h('th', { scope: 'col' }, 'Variant'),
                h('th', { scope: 'col' }, 'Time'), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
            h('tbody', {}, rows.map((t) => h('tr', { dataset: { code: t.code } },
                h('td', {}, t.players.map(name).join(t.players.length > 2 ? ', ' : ' – ')),
                h('td', {}, variant_name(t.variant)),
                h('td', {}, format_time_control(t.time), t.rated ? ' · rated' : ''),
                h('td', { class: 'actions' },
                    h('button', { type: 'button', class: 'small', onclick: () => go(`#/table/${t.code}/watch`) }, 'Watch')))))));
    }

    render_challenges() {
        const list = [...this.challenges.values()];
        const groups = [...this.app.api.group_challenges.values()];
        if (!list.length && !groups.length) {
            fill(this.challenges_body, h('p', { class: 'muted' }, 'No challenges.'));
            return;
        }
        fill(this.challenges_body, list.map((c) => {
            const counter_holder = h('div', {});
            const error = h('p', { class: 'error', role: 'alert' });
            const act = action(error);
            const reason = decline_reason_menu();
            return h('article', { class: 'challenge', dataset: { id: c.id } },
                h('p', {}, h('strong', {}, c.from), ` ${c.countered ? 'proposes' : 'challenges you'}: ${variant_name(c.variant)}, `,
                    format_time_control(c.time), c.rated ? ', rated' : ', casual'),
                h('div', { class: 'inline' },
                    h('button', { type: 'button', class: 'small primary', onclick: act(async () => {
                        const reply = await this.app.api.accept_challenge(c.id);
                        if (reply && reply.code) go(`#/table/${reply.code}`);
                    }) }, 'Accept'),
                    h('button', { type: 'button', class: 'small', onclick: act(async () => {
                        await this.app.api.decline_challenge(c.id, reason.value);
                        this.challenges.delete(c.id);
                        this.render_challenges();
                    }) }, 'Decline'), reason,
                    h('button', { type: 'button', class: 'small', onclick: () => fill(counter_holder, setup_form({
                        submit_label: 'Send counter-offer', with_visibility: false, two_players: true, initial: c,
                        on_submit: async (setup) => {
                            await this.app.api.counter_challenge(c.id, setup);
                            this.challenges.delete(c.id);
                            this.render_challenges();
                        },
                    })) }, 'Counter')),
                error, counter_holder);
        }), groups.map((c) => this.group_challenge_card(c)));
    }

    // A group challenge: who made it, the game, who else is invited and who has accepted;
    // Accept and Decline for an invitee (Decline still after accepting), Cancel for its maker.
    group_challenge_card(c) {
        const { api } = this.app;
        const error = h('p', { class: 'error', role: 'alert' });
        const act = action(error);
        const setup = c.setup;
        const game = [`${variant_name(setup.variant)}, `, format_time_control(setup.time),
                      setup.rated ? ', rated' : ', casual'];
        const headline = c.mine
            ? h('p', {}, 'You invite ', h('strong', {}, name_list(c.invitees.map((p) => p.name))), ': ', game)
            : h('p', {}, h('strong', {}, c.from.name), ` invites ${name_list(invitee_names(c))}: `, game);
        const reason = c.mine ? null : decline_reason_menu();
        const buttons = c.mine
            ? [h('button', { type: 'button', class: 'small', onclick: act(() => api.cancel_group_challenge(c.id)) }, 'Cancel')]
            : [c.i_accepted ? null : h('button', { type: 'button', class: 'small primary',
                                                    onclick: act(() => api.accept_group_challenge(c.id)) }, 'Accept'),
               h('button', { type: 'button', class: 'small', onclick: act(() => api.decline_group_challenge(c.id, reason.value)) }, 'Decline'),
               reason];
        return h('article', { class: 'challenge group-challenge', dataset: { id: c.id, group: 'true' } },
            headline,
            h('p', { class: 'muted challenge-answers' }, answers_text(c), expiry_text(c.expires_at)),
            h('div', { class: 'inline' }, buttons),
            error);
    }
}

// The reason a Decline sends (§7.9), chosen beside the button; "No reason" unless changed.
function decline_reason_menu() {
    return h('select', { class: 'small decline-reason', 'aria-label': 'Reason to decline' },
        DECLINE_REASONS.map(([value, label]) => h('option', { value }, label)));
}

// A button's handler that shows the server's refusal in `error` (cleared on the next try).
function action(error) {
    return (fn) => async () => {
        error.textContent = '';
        try {
            await fn();
        } catch (err) {
            error.textContent = err.message || String(err);
        }
    };
}

// " · answer by 14:05" (with the date when it is not today).
function expiry_text(at) {
    if (!at) return '';
    const when = new Date(at);
    const today = when.toDateString() === new Date().toDateString();
    const time = when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    return ` · answer by ${today ? time : `${when.toLocaleDateString()} ${time}`}`;
}
