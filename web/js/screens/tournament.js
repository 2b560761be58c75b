// A tournament's page (GET /api/tournaments/<id>): what it is and when, the ladder whose
// players alone may join (when it has one), the viewer's own game (taken there when paired:
// app.js), the controls the viewer has (join, with the join code of a private one; withdraw;
// an arena's pause and resume, and berserk beside the current game; the organiser's start and
// end; a Swiss's tools: the organiser's forbidden pairs, listed and each allowed again by a
// button, and pairing of the next round by hand, an entrant's half-point bye), the standings
// (rank, name, rating, points, the tie-breaks; an arena's streak, sheet, paused players and
// berserk games), the entries, and every round's pairings (an arena's games, with who went
// berserk) linked to their tables while played and to their records once over; the TRF export
// of a Swiss or a round robin. While it runs the page reads it again every few seconds (a game
// made for the viewer opens its table: app.js); an arena says the time left to its end.

import { h, fill, fill_keeping_focus, field } from '../ui/dom.js';
import { record_format } from '../ui/variants.js';
import { name_with_rating } from '../ui/rating.js';
import {
    absence_text, all_pairings, berserk_counts, crosstable, crosstable_cell_text, crosstable_cell_words, current_game, ends_in_text,
    forbidden_pair_request, half_bye_request, hand_pairing_request, poll_interval_ms, result_text, sheet_text, swiss_tools, tiebreak_name,
    viewer_actions, went_berserk,
} from '../net/tournaments.js';
import { local_time, tournament_summary } from './tournaments.js';

const STATE_WORDS = { created: 'Starting soon', running: 'Running', finished: 'Finished', cancelled: 'Cancelled' };

export class TournamentScreen {
    constructor(root, app, route) {
        this.app = app;
        this.id = route.id;
        this.t = null;
        this.controls_key = null;
        this.title = h('h1', { id: 'tournament-title' }, `Tournament ${this.id}`);
        this.about = h('p', { class: 'muted tournament-about' });
        this.ladder_line = h('p', { class: 'tournament-ladder', hidden: true });
        this.ladder_text = '';
        this.ladder_names = null; // ladder id -> name, from GET /api/ladders (render_ladder)
        this.when = h('p', { class: 'tournament-when' });
        this.mine = h('div', { class: 'my-tournament-game' });
        this.controls = h('div', { class: 'tournament-controls' });
        this.tools = h('div', { class: 'swiss-tools' });
        this.tools_key = null;
        this.forbidden_list = null; // the organiser's list of forbidden pairs (render_forbidden)
        this.error = h('p', { class: 'error', role: 'alert' });
        this.said = h('p', { class: 'notice', role: 'status' });
        this.standings = h('div', { class: 'tournament-standings' });
        this.rounds = h('div', { class: 'tournament-rounds' });
        this.cross = h('div', { class: 'tournament-crosstable' });
        this.cross_card = h('section', { class: 'card', 'aria-labelledby': 'crosstable-title', hidden: true },
            h('h2', { id: 'crosstable-title' }, 'Crosstable'), this.cross);
        this.entries = h('div', { class: 'tournament-entries' });
        fill(root, h('div', { class: 'tournament-page' },
            h('section', { class: 'card tournament-head', 'aria-labelledby': 'tournament-title' },
                this.title, this.about, this.ladder_line, this.when, this.mine, this.controls, this.tools, this.error, this.said),
            h('section', { class: 'card', 'aria-labelledby': 'standings-title' },
                h('h2', { id: 'standings-title' }, 'Standings'), this.standings),
            this.cross_card,
            h('section', { class: 'card', 'aria-labelledby': 'rounds-title' },
                h('h2', { id: 'rounds-title' }, 'Games'), this.rounds),
            h('section', { class: 'card', 'aria-labelledby': 'entries-title' },
                h('h2', { id: 'entries-title' }, 'Players'), this.entries)));
        this.off = [app.session.on('change', () => { this.controls_key = null; this.tools_key = null; this.render(); })];
        this.clock = setInterval(() => this.render_when(), 1000);
        this.load();
    }

    destroy() {
        this.closed = true;
        clearInterval(this.clock);
        clearTimeout(this.poll);
        for (const off of this.off) off();
    }

    me() {
        return this.app.session.user ? this.app.session.user.name : null;
    }

    async load() {
        clearTimeout(this.poll);
        try {
            this.t = (await this.app.api.tournament(this.id)).tournament;
            this.failed = null;
        } catch (err) {
            this.failed = err;
        }
        if (this.closed) return;
        if (this.failed && !this.t) {
            fill(this.standings, h('p', { class: 'error' }, this.failed.code === 'unknown_tournament'
                ? `There is no tournament ${this.id}.` : `The tournament is not available: ${this.failed.message}`));
            this.poll = setTimeout(() => this.load(), 15000);
            return;
        }
        this.render();
        const every = poll_interval_ms(this.t);
        if (every) this.poll = setTimeout(() => this.load(), every);
    }

    render() {
        const t = this.t;
        if (!t) return;
        document.title = `${t.name} · Tabula`;
        this.title.textContent = t.name;
        this.about.textContent = `${tournament_summary(t)} · organised by ${t.organiser || 'the server'}`;
        this.render_ladder();
        this.render_when();
        this.render_mine();
        this.render_controls();
        this.render_tools();
        this.render_standings();
        this.render_crosstable();
        this.render_rounds();
        this.render_entries();
    }

    // A tournament open only to a ladder's players says which, linked to the ladders (where
    // one joins them): "Open to the players of ladder Club blitz". The name comes from GET
    // /api/ladders, read once and only for such a tournament; without it, "ladder #2". The
    // line is shown once that answer is in, and drawn again only when its words change, so the
    // page's refreshes neither flicker it nor take the focus off its link.
    render_ladder() {
        const id = this.t.ladder;
        const open_to_all = !Number.isInteger(id);
        if (!open_to_all && !this.ladders_asked) {
            this.ladders_asked = true;
            this.app.api.ladders()
                .then((r) => new Map(((r && r.ladders) || []).map((l) => [l.id, l.name])), () => new Map())
                .then((names) => {
                    this.ladder_names = names;
                    if (!this.closed && this.t) this.render_ladder();
                });
        }
        if (!open_to_all && !this.ladder_names) return;
        const name = open_to_all ? null : this.ladder_names.get(id);
        const text = open_to_all ? '' : name ? `ladder ${name}` : `ladder #${id}`;
        if (text === this.ladder_text) return;
        this.ladder_text = text;
        this.ladder_line.hidden = open_to_all;
        fill(this.ladder_line, open_to_all ? null : ['Open to the players of ', h('a', { href: '/#/account/ladders' }, text)]);
    }

    // A Swiss's or round robin's crosstable: per player and round, the result, the opponent's
    // rank and one's colour ("+3w"); each cell also in words for a screen reader.
    render_crosstable() {
        const t = this.t;
        const rounds = Array.isArray(t.rounds) ? t.rounds : [];
        this.cross_card.hidden = t.format === 'arena' || !rounds.length;
        if (this.cross_card.hidden) return;
        const rows = crosstable(t);
        fill_keeping_focus(this.cross, h('div', { class: 'scroll-x', tabindex: '0', role: 'region', 'aria-label': 'Crosstable, scrolls sideways' },
            h('table', { class: 'list crosstable' },
                h('caption', { class: 'muted' }, 'Each round: + won, = drew, - lost, then the opponent\'s rank and w or b for one\'s colour; F a forfeit.'),
                h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'),
                    rounds.map((r) => h('th', { scope: 'col' }, h('abbr', { title: `Round ${r.round}` }, `R${r.round}`))))),
                h('tbody', {}, rows.map((row) => h('tr', { dataset: { name: row.name } },
                    h('th', { scope: 'row' }, row.name),
                    row.cells.map((c) => h('td', {}, h('span', { 'aria-hidden': 'true' }, crosstable_cell_text(c)),
                        h('span', { class: 'visually-hidden' }, crosstable_cell_words(c))))))))));
    }

    // The state and the time: when it starts, or the time left of an arena in the words of the
    // lobby's list (ends_in_text), looked at every second so that "ending" comes on time.
    render_when() {
        const t = this.t;
        if (!t) return;
        const now = Date.now();
        const parts = [h('strong', { class: 'tournament-state' }, STATE_WORDS[t.state] || t.state)];
        if (t.state === 'created') parts.push(` · starts ${local_time(t.starts_at)}`);
        const rounds = Array.isArray(t.rounds) ? t.rounds : [];
        // An arena's rounds are its pairing waves: its countdown says where it stands.
        if (t.state === 'running' && rounds.length && t.format !== 'arena') {
            // A round robin stores all its rounds at the start: the one being played is the
            // first with a game not over.
            const playing = rounds.find((r) => (r.pairings || []).some((p) => !p.result)) || rounds[rounds.length - 1];
            parts.push(` · round ${playing.round}`, Number.isInteger(t.round_count) && t.round_count > 0 ? ` of ${t.round_count}` : '');
        }
        if (t.format === 'arena' && Number.isFinite(t.ends_at) && t.state === 'running') {
            parts.push(' · ', h('time', { class: 'countdown', datetime: new Date(t.ends_at).toISOString() }, ends_in_text(t.ends_at, now)));
        }
        fill(this.when, parts);
    }

    // The viewer's game being played, with its link, and in an arena the Berserk button.
    render_mine() {
        const t = this.t;
        const me = this.me();
        const game = current_game(t, me);
        if (!game) {
            fill_keeping_focus(this.mine);
            return;
        }
        const colour = game.white === me ? 'White' : 'Black';
        const opponent = game.white === me ? game.black : game.white;
        fill_keeping_focus(this.mine, h('p', {},
            h('strong', {}, 'Your current game: '), `against ${opponent}, you play ${colour}. `,
            h('a', { class: 'my-game-link', href: `/#/table/${encodeURIComponent(game.table)}` }, `Go to table ${game.table}`)),
        t.format === 'arena' && !went_berserk(game, me) && !this.berserked?.has(game.table)
            ? h('p', {}, this.action_button('Berserk: halve my clock', 'berserk', async () => {
                await this.app.api.tournament_action(this.id, 'berserk');
                (this.berserked ||= new Set()).add(game.table);
                this.said.textContent = 'Berserk: your clock is halved, with no increment.';
            }), h('small', { class: 'muted' }, ' Before your first move only.'))
            : null);
    }

    action_button(label, action, fn, cls = 'small') {
        return h('button', { type: 'button', class: cls, dataset: { action }, onclick: async () => {
            this.error.textContent = '';
            this.said.textContent = '';
            try {
                await fn();
            } catch (err) {
                this.error.textContent = err.message || String(err);
                return;
            }
            this.load();
        } }, label);
    }

    // The buttons of what the viewer may do; drawn again only when that set changes, so that
    // a join code being typed survives the page's refreshes.
    render_controls() {
        const t = this.t;
        const a = viewer_actions(t, this.me());
        const key = JSON.stringify(a);
        if (key === this.controls_key) return;
        this.controls_key = key;
        const api = this.app.api;
        const code = a.join_code ? h('input', { id: 'tournament-join-code', name: 'join_code', autocomplete: 'off', maxlength: 32 }) : null;
        const join = async () => {
            const body = code ? { join_code: code.value.trim() } : {};
            await api.tournament_action(this.id, 'join', body);
            this.said.textContent = `You have joined ${t.name}.`;
        };
        let confirm_withdraw = false;
        const withdraw = h('button', { type: 'button', class: 'small danger', dataset: { action: 'withdraw' }, onclick: async () => {
            this.error.textContent = '';
            if (!confirm_withdraw) {
                confirm_withdraw = true;
                withdraw.textContent = 'Confirm withdraw';
                return;
            }
            try {
                await api.tournament_action(this.id, 'withdraw');
                this.said.textContent = `You have withdrawn from ${t.name}.`;
            } catch (err) {
                this.error.textContent = err.message || String(err);
            }
            this.load();
        } }, 'Withdraw');
        fill_keeping_focus(this.controls,
            a.login ? h('p', {}, h('a', { href: '/#/account' }, 'Log in'), ' to join.') : null,
            a.join ? h('form', { class: 'inline tournament-join', onsubmit: (e) => { e.preventDefault(); e.currentTarget.querySelector('button').click(); } },
                code ? [h('label', { for: code.id }, 'Join code'), code] : null,
                this.action_button('Join', 'join', join, 'small primary')) : null,
            h('div', { class: 'inline' },
                a.resume ? this.action_button('Resume: pair me again', 'resume', async () => {
                    await api.tournament_action(this.id, 'join');
                    this.said.textContent = 'You are back: you will be paired again.';
                }, 'small primary') : null,
                a.pause ? this.action_button('Pause', 'pause', async () => {
                    await api.tournament_action(this.id, 'pause');
                    this.said.textContent = 'Paused: you will not be paired again until you resume (a game being played finishes).';
                }) : null,
                a.withdraw ? withdraw : null,
                a.start ? this.action_button('Start now', 'start', async () => {
                    await api.tournament_action(this.id, 'start');
                    this.said.textContent = 'The tournament has started.';
                }, 'small primary') : null,
                a.end ? this.action_button(t.state === 'created' ? 'Cancel tournament' : 'End tournament', 'end', async () => {
                    await api.tournament_action(this.id, 'end');
                    this.said.textContent = t.state === 'created' ? 'The tournament is cancelled.' : 'The tournament is ended; games being played still count.';
                }, 'small danger') : null,
                t.format !== 'arena' ? h('a', { class: 'trf-link', href: api.tournament_trf_url(this.id), download: '' }, 'Download TRF') : null),
            t.public === false && t.join_code ? h('p', { class: 'muted' }, 'Join code: ', h('strong', { class: 'join-code' }, t.join_code)) : null);
    }

    // A Swiss's tools (docs/http-api.md, "The organiser's tools for a Swiss"): the organiser
    // forbids a pair to meet (or allows a forbidden one again) and pairs the next round by hand;
    // an entrant asks a half-point bye. The forms are drawn again only when who may use them,
    // the round or the players change, so that a pairing being made survives the page's
    // refreshes; the list of forbidden pairs follows every reading. A refusal is said in the
    // page's alert; an answer (the tournament) is drawn at once.
    render_tools() {
        const t = this.t;
        const tools = swiss_tools(t, this.me());
        const entries = t.entries || [];
        const names = entries.map((e) => e.name);
        const to_pair = entries.filter((e) => e.withdrawn_from === null || e.withdrawn_from === undefined).map((e) => e.name);
        const key = JSON.stringify({ tools, names, to_pair });
        if (key !== this.tools_key) {
            this.tools_key = key;
            this.forbidden_list = tools.forbid ? h('div', { class: 'forbidden-pairs' }) : null;
            fill_keeping_focus(this.tools,
                tools.forbid ? this.forbid_form(names) : null,
                tools.pair_by_hand ? this.hand_pairing_form(tools.pair_by_hand, to_pair) : null,
                tools.half_bye ? this.half_bye_form(tools.half_bye) : null);
        }
        this.render_forbidden();
    }

    // The pairs forbidden now (the tournament's `forbidden_pairs`), each with its "Allow again"
    // (DELETE .../forbidden). Once the last is allowed, the focus goes to the form's first player.
    render_forbidden() {
        const list = this.forbidden_list;
        if (!list) return;
        const pairs = Array.isArray(this.t.forbidden_pairs) ? this.t.forbidden_pairs : [];
        const allow = (a, b) => this.use_tool(() => this.app.api.allow_pair(this.id, forbidden_pair_request(a, b)),
            `${a} and ${b} may be paired against each other again.`).then(() => {
            if (document.activeElement === document.body) this.tools.querySelector('#forbid-first')?.focus();
        });
        fill_keeping_focus(list, h('h4', {}, 'Forbidden pairs'), pairs.length
            ? h('ul', {}, pairs.map(([a, b]) => h('li', { dataset: { pair: `${a} ${b}` } }, `${a} and ${b} `,
                h('button', { type: 'button', class: 'small', dataset: { action: 'allow', key: `allow ${a} ${b}` }, onclick: () => allow(a, b) },
                    'Allow again', h('span', { class: 'visually-hidden' }, ` ${a} and ${b}`)))))
            : h('p', { class: 'muted' }, 'None.'));
    }

    // Runs a tool's request: clears the page's lines, says a refusal (the server's message, or
    // what to fix before sending) in the alert, else draws the tournament of the answer and
    // says `done`.
    async use_tool(request, done) {
        this.error.textContent = '';
        this.said.textContent = '';
        let reply;
        try {
            reply = await request();
        } catch (err) {
            this.error.textContent = err.message || String(err);
            return;
        }
        this.said.textContent = done;
        if (reply && reply.tournament) {
            this.t = reply.tournament;
            this.render();
        } else {
            this.load();
        }
    }

    // "Forbid a pair": two players, then Forbid; below, the pairs forbidden now, each with its
    // "Allow again" (render_forbidden).
    forbid_form(names) {
        const first = player_select('forbid-first', 'Choose a player', names);
        const second = player_select('forbid-second', 'Choose a player', names);
        const send = () => this.use_tool(async () => this.app.api.tournament_action(this.id, 'forbidden',
            forbidden_pair_request(first.value, second.value)),
        `${first.value} and ${second.value} will not be paired against each other (a round paired already is not changed).`);
        return h('form', { class: 'swiss-tool forbid-pair', 'aria-labelledby': 'forbid-title',
                           onsubmit: (e) => { e.preventDefault(); send(); } },
            h('h3', { id: 'forbid-title' }, 'Forbid a pair'),
            h('p', { class: 'muted' }, 'The two are never paired against each other from the next pairing on: a rule of this tournament, not of FIDE.'),
            h('div', { class: 'field-row' }, field('First player', first), field('Second player', second)),
            h('div', { class: 'inline' },
                h('button', { type: 'submit', class: 'small', dataset: { action: 'forbid' } }, 'Forbid the pair')),
            this.forbidden_list);
    }

    // "Pair the next round by hand": boards of a White and a Black select, "Add board", the one
    // bye, and the override of the pairing rules; posts {pairings, byes, override}.
    hand_pairing_form(round, names) {
        const boards = Array.from({ length: Math.max(1, Math.floor(names.length / 2)) }, () => ({ white: '', black: '' }));
        const list = h('div', { class: 'hand-boards' });
        const add = h('button', { type: 'button', class: 'small', dataset: { action: 'add-board' } }, 'Add board');
        const draw_boards = () => fill(list, boards.map((b, i) => {
            const white = player_select(`hand-white-${i + 1}`, 'Choose White', names, b.white);
            const black = player_select(`hand-black-${i + 1}`, 'Choose Black', names, b.black);
            white.onchange = () => { b.white = white.value; };
            black.onchange = () => { b.black = black.value; };
            return h('fieldset', { class: 'hand-board', dataset: { board: i + 1 } },
                h('legend', {}, `Board ${i + 1}`),
                h('div', { class: 'field-row' }, field('White', white), field('Black', black)),
                boards.length > 1 ? h('button', { type: 'button', class: 'small', dataset: { action: 'remove-board' }, onclick: () => {
                    boards.splice(i, 1);
                    draw_boards();
                    add.focus();
                } }, 'Remove board', h('span', { class: 'visually-hidden' }, ` ${i + 1}`)) : null);
        }));
        add.onclick = () => {
            boards.push({ white: '', black: '' });
            draw_boards();
            list.querySelector(`#hand-white-${boards.length}`).focus();
        };
        draw_boards();
        const bye = player_select('hand-bye', 'No bye', names);
        const override = h('input', { type: 'checkbox', id: 'hand-override', name: 'override' });
        return h('form', { class: 'swiss-tool hand-pairing', 'aria-labelledby': 'hand-title', onsubmit: (e) => {
            e.preventDefault();
            this.use_tool(() => this.app.api.tournament_action(this.id, `rounds/${round}/pairings`,
                hand_pairing_request(boards, bye.value, override.checked)), `Round ${round} is paired as you set it.`);
        } },
            h('h3', { id: 'hand-title' }, `Pair the next round by hand (round ${round})`),
            h('p', { class: 'muted' }, 'Every player to pair once: on a board, or as the one bye. Its games start when the round before is complete.'),
            list, h('p', {}, add),
            field('Bye (at most one)', bye),
            h('label', { class: 'check', for: override.id }, override,
                'Override the pairing rules: allow a rematch, a forbidden pair, a broken colour rule, or the bye to a player who has had one (only the shape is checked)'),
            h('button', { type: 'submit', class: 'small primary', dataset: { action: 'pair-by-hand' } }, `Set the pairing of round ${round}`));
    }

    // "Half-point bye": the entrant asks for one in a round not paired yet.
    half_bye_form(rounds) {
        const input = h('input', { type: 'number', id: 'half-bye-round', name: 'round', min: rounds.first, max: rounds.last ?? undefined,
                                   step: 1, value: rounds.first, inputmode: 'numeric' });
        return h('form', { class: 'swiss-tool half-bye', 'aria-labelledby': 'half-bye-title', onsubmit: (e) => {
            e.preventDefault();
            this.use_tool(() => this.app.api.tournament_action(this.id, 'byes', half_bye_request(input.value, rounds)),
                `You will not be paired in round ${input.value} and score a draw's points.`);
        } },
            h('h3', { id: 'half-bye-title' }, 'Half-point bye'),
            h('p', { class: 'muted' }, 'Not paired in that round, you score a draw\'s points: at most two, asked before the round is paired.'),
            h('div', { class: 'inline' }, h('label', { for: input.id }, 'Round'), input,
                h('button', { type: 'submit', class: 'small', dataset: { action: 'half-bye' } }, 'Ask for a half-point bye')));
    }

    render_standings() {
        const t = this.t;
        const rows = t.standings || [];
        const arena = t.format === 'arena';
        if (!rows.length) {
            fill_keeping_focus(this.standings, h('p', { class: 'muted' }, 'No standings yet.'));
            return;
        }
        const codes = arena ? [] : ((rows[0] && rows[0].tiebreaks) || []).map((b) => b.code);
        const entries = new Map((t.entries || []).map((e) => [e.name, e]));
        const berserks = arena ? berserk_counts(t) : new Map();
        const me = this.me();
        fill_keeping_focus(this.standings, h('table', { class: 'list standings-table' },
            h('caption', { class: 'visually-hidden' }, arena ? 'Standings: points, streak and each game\'s points'
                : `Standings: points, then ${codes.map(tiebreak_name).join(', ') || 'no tie-break'}`),
            h('thead', {}, h('tr', {},
                h('th', { scope: 'col' }, 'Rank'), h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Rating'),
                h('th', { scope: 'col' }, 'Points'),
                codes.map((c) => h('th', { scope: 'col' }, h('abbr', { title: tiebreak_name(c) }, c))),
                arena ? [h('th', { scope: 'col' }, 'Streak'), h('th', { scope: 'col' }, 'Games')] : null)),
            h('tbody', {}, rows.map((s) => {
                const entry = entries.get(s.name) || {};
                const streak = arena ? (s.streak ?? entry.streak ?? 0) : 0;
                const paused = arena && (s.paused ?? entry.paused);
                const berserk = berserks.get(s.name) || 0;
                return h('tr', { dataset: { name: s.name }, class: s.name === me ? 'me' : null },
                    h('td', {}, s.rank),
                    h('td', {}, s.name, s.withdrawn ? h('span', { class: 'pill' }, 'withdrawn') : null,
                        paused ? h('span', { class: 'pill paused' }, 'paused') : null,
                        berserk ? [' ', berserk_mark(`⚔ ${berserk}`, `went berserk in ${berserk} game${berserk === 1 ? '' : 's'}`)] : null),
                    h('td', {}, s.rating ?? ''),
                    h('td', { class: 'points' }, s.points ?? entry.points ?? ''),
                    codes.map((c) => h('td', {}, format_value((s.tiebreaks || []).find((b) => b.code === c)))),
                    arena ? [h('td', { class: 'streak' }, streak >= 2 ? h('span', { class: 'pill streak-on' }, `on a streak (${streak})`) : streak || ''),
                             h('td', { class: 'sheet' }, sheet_text(s.sheet ?? entry.sheet))] : null);
            }))));
    }

    // Every round (newest first) with its pairings and absences; an arena's games in one
    // table, newest first, marking who went berserk. A game being played links to its table
    // (to play it, or to watch), a finished one to its stored record.
    render_rounds() {
        const t = this.t;
        const me = this.me();
        const rounds = [...(Array.isArray(t.rounds) ? t.rounds : [])].reverse();
        if (!rounds.length) {
            fill_keeping_focus(this.rounds, h('p', { class: 'muted' }, t.state === 'created' ? 'The games are paired when it starts.' : 'No games yet.'));
            return;
        }
        const arena = t.format === 'arena';
        const player = (p, name) => h('td', {}, name, went_berserk(p, name) ? [' ', berserk_mark('⚔ berserk', 'went berserk')] : null);
        const table = (pairings, label) => h('table', { class: 'list pairings' },
            h('caption', { class: 'visually-hidden' }, label),
            h('thead', {}, h('tr', {}, [arena ? null : 'Board', 'White', 'Black', 'Result', 'Game'].filter(Boolean).map((c) => h('th', { scope: 'col' }, c)))),
            h('tbody', {}, pairings.map((p, i) => h('tr', { dataset: { table: p.table || '' } },
                arena ? null : h('td', {}, p.board ?? i + 1), player(p, p.white), player(p, p.black),
                h('td', { class: 'result' }, result_text(p)),
                h('td', {}, this.game_link(p, me))))));
        if (arena) {
            fill_keeping_focus(this.rounds, table(all_pairings(t).reverse(), 'Arena games, newest first'));
            return;
        }
        fill_keeping_focus(this.rounds,
            rounds.map((r) => h('section', { class: 'tournament-round', dataset: { round: r.round } },
                h('h3', {}, `Round ${r.round}`, r.set_by_hand ? ' (paired by hand)' : ''),
                (r.pairings || []).length ? table(r.pairings, `Round ${r.round} pairings`) : null,
                (r.absences || []).length ? h('p', { class: 'muted' }, 'Not playing: ',
                    r.absences.map((a) => `${a.name} (${absence_text(a.kind)})`).join(', ')) : null)));
    }

    game_link(p, me) {
        const variant = this.t.variant;
        if (p.result && p.game_id) {
            return h('a', { href: this.app.api.game_download_url(p.game_id, record_format(variant)), download: '' },
                `Record (${record_format(variant).toUpperCase()})`, h('span', { class: 'visually-hidden' }, ` of ${p.white} – ${p.black}`));
        }
        if (!p.table || p.result) return '';
        const playing = me && (p.white === me || p.black === me);
        return h('a', { href: `/#/table/${encodeURIComponent(p.table)}${playing ? '' : '/watch'}` },
            playing ? 'Play' : 'Watch', h('span', { class: 'visually-hidden' }, ` ${p.white} – ${p.black}`));
    }

    render_entries() {
        const t = this.t;
        const list = t.entries || [];
        fill_keeping_focus(this.entries, list.length
            ? h('ul', { class: 'entry-list' }, list.map((e) => h('li', { dataset: { name: e.name } },
                name_with_rating({ name: e.name, rating: e.rating, registered: true }),
                e.joined_round > 1 ? ` (from round ${e.joined_round})` : '',
                e.withdrawn_from !== null && e.withdrawn_from !== undefined ? ` · withdrawn${e.withdrawn_from ? ` from round ${e.withdrawn_from}` : ''}` : '',
                e.paused ? ' · paused' : '')))
            : h('p', { class: 'muted' }, 'Nobody has joined yet.'),
        h('p', { class: 'muted' }, `${list.length} of at most ${t.max_players} players; it needs ${t.min_players}.`));
    }
}

// A select of players' names, with a first option `none` of value '' (nobody chosen).
function player_select(id, none, names, chosen = '') {
    return h('select', { id, name: id }, h('option', { value: '' }, none),
        names.map((n) => h('option', { value: n, selected: n === chosen }, n)));
}

// A tie-break's value as the standings show it: "1.5", "2".
function format_value(b) {
    if (!b || !Number.isFinite(b.value)) return '';
    return String(Math.round(b.value * 100) / 100);
}

// An arena's berserk beside a name: the sign and a short text for the eye (`shown`), the words
// for a screen reader (`words`).
function berserk_mark(shown, words) {
    return h('span', { class: 'pill berserk' }, h('span', { 'aria-hidden': 'true' }, shown), h('span', { class: 'visually-hidden' }, words));
}
