// The tournaments: the list (GET /api/tournaments: the public ones and the private ones the
// viewer organises) in three groups, starting soon, running and over, each linked to its page
// with its players and where it stands (its start time, its round, an arena's time left); and
// for an account the create form (name, format, variant, time control, rated or casual, start
// time, rounds of a Swiss or an arena's duration, players, private with a join code,
// tie-breaks, open to everyone or to one ladder's players), which opens the new tournament's
// page.

import { h, fill, field, segmented, uid } from '../ui/dom.js';
import { VARIANTS, variant_name, variant_players } from '../ui/variants.js';
import {
    FORMATS, TIEBREAKS, DEFAULT_TIEBREAKS, ends_in_text, format_name, group_tournaments, players_text, progress_text, tournament_request,
} from '../net/tournaments.js';
import { go } from '../router.js';

// Instants of the HTTP API (Unix milliseconds) in the viewer's own time: "Sat 14 Mar, 18:00".
export function local_time(ms) {
    if (!Number.isFinite(ms)) return '';
    return new Date(ms).toLocaleString([], { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

// What a tournament is in one line: "Swiss · Chess · 3+2 · rated · 5 rounds".
export function tournament_summary(t) {
    const length = t.format === 'swiss' && Number.isInteger(t.rounds) ? `${t.rounds} round${t.rounds === 1 ? '' : 's'}` : null;
    return [format_name(t.format), variant_name(t.variant), t.time_control, t.rated ? 'rated' : 'casual', length,
            t.public === false ? 'private' : null].filter(Boolean).join(' · ');
}

const GROUPS = [['running', 'Running'], ['upcoming', 'Starting soon'], ['over', 'Finished']];

export class TournamentsScreen {
    constructor(root, app) {
        this.app = app;
        this.list_body = h('div', { class: 'tournament-list', 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading…'));
        this.create_holder = h('div', {});
        fill(root, h('div', { class: 'tournaments' },
            h('section', { class: 'card', 'aria-labelledby': 'tournaments-title' },
                h('h1', { id: 'tournaments-title' }, 'Tournaments'), this.list_body),
            h('aside', { class: 'tournaments-side' }, this.create_holder)));
        this.off = [app.session.on('change', () => this.render_create())];
        // An arena's time left follows the page's clock (it changes once a minute).
        this.clock = setInterval(() => this.render_ends_in(), 15000);
        this.render_create();
        this.load();
    }

    destroy() {
        clearInterval(this.clock);
        for (const off of this.off) off();
    }

    async load() {
        let list;
        try {
            list = (await this.app.api.tournaments()).tournaments || [];
        } catch (err) {
            fill(this.list_body, h('p', { class: 'error' }, `Tournaments not available: ${err.message}`));
            return;
        }
        const groups = group_tournaments(list);
        fill(this.list_body, GROUPS.map(([key, title]) => h('section', { class: `tournament-group ${key}`, dataset: { group: key } },
            h('h2', {}, title),
            groups[key].length ? tournament_table(groups[key], Date.now())
                : h('p', { class: 'muted' }, key === 'upcoming' ? 'None planned.' : key === 'running' ? 'None running.' : 'None yet.'))));
    }

    // The running arenas' "ends in" at the page's clock. Only that text changes, in a part of
    // the list's live region that is not read out (aria-live off): a screen reader is not told
    // the time every minute, nor the list again.
    render_ends_in() {
        const now = Date.now();
        for (const el of this.list_body.querySelectorAll('time.ends-in')) {
            const text = ends_in_text(Date.parse(el.dateTime), now);
            if (el.textContent !== text) el.textContent = text;
        }
    }

    render_create() {
        if (!this.app.session.user) {
            fill(this.create_holder, h('section', { class: 'card' }, h('h2', {}, 'Create a tournament'),
                h('p', {}, h('a', { href: '/#/account' }, 'Log in'), ' to create or join a tournament.')));
            return;
        }
        if (this.create_holder.querySelector('form')) return;
        fill(this.create_holder, h('section', { class: 'card create-tournament', 'aria-labelledby': 'create-tournament-title' },
            h('h2', { id: 'create-tournament-title' }, 'Create a tournament'),
            tournament_form({
                on_submit: async (body) => {
                    const { tournament } = await this.app.api.create_tournament(body);
                    go(`#/tournament/${tournament.id}`);
                },
                load_ladders: async () => ((await this.app.api.ladders()) || {}).ladders || [],
            })));
    }
}

// The tournaments of one group as a table at `now` (ms); the name links to its page.
function tournament_table(list, now) {
    return h('table', { class: 'list tournaments-table' },
        h('thead', {}, h('tr', {}, ['Tournament', 'Game', 'Players', 'Status'].map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, list.map((t) => h('tr', { dataset: { id: t.id } },
            h('td', {}, h('a', { href: `/#/tournament/${t.id}` }, t.name)),
            h('td', {}, tournament_summary(t)),
            h('td', { class: 'players' }, players_text(t)),
            h('td', { class: 'progress' }, status_cell(t, now))))));
}

// "starts Sat 14 Mar, 18:00", "round 2 of 5", "ends in 12 min" (ticking: render_ends_in),
// "finished · Sat 14 Mar, 18:00".
function status_cell(t, now) {
    const progress = progress_text(t, now);
    const start = Number.isFinite(t.starts_at) ? h('time', { datetime: new Date(t.starts_at).toISOString() }, local_time(t.starts_at)) : null;
    if (progress === null) return start ? ['starts ', start] : '';
    if (t.state === 'running' && t.format === 'arena' && Number.isFinite(t.ends_at)) {
        return h('time', { class: 'ends-in', datetime: new Date(t.ends_at).toISOString(), 'aria-live': 'off' }, progress);
    }
    return t.state === 'running' || !start ? progress : [progress, ' · ', start];
}

// The start time the form offers: 15 minutes from now, on a whole 5 minutes.
function default_start(now) {
    const step = 5 * 60000;
    return Math.ceil((now + 15 * 60000) / step) * step;
}

// An instant as a datetime-local input holds it, in the viewer's own time: "2026-12-02T18:05".
function local_input_value(ms) {
    const d = new Date(ms);
    const two = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

// A ladder as the "Open to" choice names it: "Players of Club blitz (Chess)".
export function ladder_option_text(ladder) {
    return `Players of ${ladder.name} (${variant_name(ladder.variant)})`;
}

// The create form; on_submit gets the request's body (tournament_request) and may throw (the
// server's refusal), shown under the form. load_ladders (optional) resolves to the ladders of
// GET /api/ladders, offered in "Open to" once they come; until then, and when they cannot be
// loaded, the choice is everyone alone (the server's default) and the form sends no ladder.
export function tournament_form({ on_submit, load_ladders = null }) {
    const id = uid('tf');
    const name = h('input', { name: 'name', required: true, maxlength: 80, autocomplete: 'off' });
    const format = h('select', { name: 'format' }, FORMATS.map(([v, label]) => h('option', { value: v }, label)));
    const variant = h('select', { name: 'variant' },
        VARIANTS.filter(([v]) => variant_players(v) === 2).map(([v, label]) => h('option', { value: v }, label)));
    const mode = segmented('Time control', `${id}-mode`, [['live', 'Real time'], ['correspondence', 'Correspondence']], 'live');
    const minutes = h('input', { type: 'number', name: 'minutes', min: 0.5, max: 360, step: 0.5, value: 5, inputmode: 'decimal' });
    const increment = h('input', { type: 'number', name: 'increment', min: 0, max: 600, value: 3, inputmode: 'numeric' });
    const days = h('input', { type: 'number', name: 'days', min: 1, max: 30, value: 3, inputmode: 'numeric' });
    const live_fields = h('div', { class: 'field-row' }, field('Minutes each', minutes), field('Increment (s)', increment));
    const corr_fields = h('div', { class: 'field-row' }, field('Days per move', days));
    const rated = segmented('Rating', `${id}-rated`, [['casual', 'Casual'], ['rated', 'Rated']], 'casual');
    const starts = h('input', { type: 'datetime-local', name: 'starts_at', value: local_input_value(default_start(Date.now())) });
    const rounds = h('input', { type: 'number', name: 'rounds', min: 1, max: 99, value: 5, inputmode: 'numeric' });
    const duration = h('input', { type: 'number', name: 'duration_minutes', min: 1, max: 1440, value: 60, inputmode: 'numeric' });
    const rounds_field = field('Rounds', rounds);
    const duration_field = field('Duration (minutes)', duration);
    const min_players = h('input', { type: 'number', name: 'min_players', min: 2, max: 1000, value: 2, inputmode: 'numeric' });
    const max_players = h('input', { type: 'number', name: 'max_players', min: 2, max: 1000, value: 64, inputmode: 'numeric' });
    const visibility = segmented('Who may join', `${id}-visibility`, [['public', 'Public'], ['private', 'Private']], 'public');
    const join_code = h('input', { name: 'join_code', autocomplete: 'off', maxlength: 32, pattern: '[A-Za-z0-9]{4,32}' });
    const code_field = field('Join code', join_code, '4 to 32 letters or digits; give it to the players you invite');
    const ladder = h('select', { name: 'ladder' }, h('option', { value: '' }, 'Everyone'));
    const ladder_field = field('Open to', ladder, 'A ladder\'s players only: anyone else joins the ladder first.');
    if (load_ladders) {
        load_ladders().then((ladders) => {
            const valid = (Array.isArray(ladders) ? ladders : []).filter((l) => l && Number.isInteger(l.id) && l.id > 0);
            ladder.append(...valid.map((l) => h('option', { value: String(l.id) }, ladder_option_text(l))));
        }, () => {}); // No list: everyone stays the only choice.
    }
    const tiebreaks = DEFAULT_TIEBREAKS.map((code) => h('select', { name: 'tiebreak' },
        h('option', { value: '' }, 'None'), TIEBREAKS.map(([v, label]) => h('option', { value: v, selected: v === code }, `${label} (${v})`))));
    const tiebreak_fields = h('fieldset', { class: 'tiebreak-fields' }, h('legend', {}, 'Tie-breaks, in order'),
        tiebreaks.map((select, i) => field(`${['First', 'Second', 'Third'][i]} tie-break`, select)));
    const error = h('p', { class: 'error', role: 'alert' });
    const submit = h('button', { type: 'submit', class: 'primary wide' }, 'Create tournament');
    const form = h('form', { class: 'tournament-form', novalidate: true },
        field('Name', name), field('Format', format), field('Variant', variant),
        mode, live_fields, corr_fields, rated,
        field('Start time (your local time)', starts,
              'It starts then if the minimum of players have joined, else it is cancelled; you may start it earlier. Empty: now.'),
        rounds_field, duration_field,
        h('div', { class: 'field-row' }, field('Minimum players', min_players), field('Maximum players', max_players)),
        visibility, code_field, ladder_field, tiebreak_fields, error, submit);
    const checked = (n) => form.querySelector(`input[name="${n}"]:checked`).value;
    const sync = () => {
        const corr = checked(`${id}-mode`) === 'correspondence';
        live_fields.hidden = corr;
        corr_fields.hidden = !corr;
        rounds_field.hidden = format.value !== 'swiss';
        duration_field.hidden = format.value !== 'arena';
        tiebreak_fields.hidden = format.value === 'arena';
        code_field.hidden = checked(`${id}-visibility`) !== 'private';
    };
    form.addEventListener('change', sync);
    sync();
    form.addEventListener('submit', async (e) => {
        e.preventDefault();
        error.textContent = '';
        let body;
        try {
            const corr = checked(`${id}-mode`) === 'correspondence';
            const when = starts.value ? new Date(starts.value).getTime() : null;
            body = tournament_request({
                name: name.value, format: format.value, variant: variant.value,
                minutes: minutes.value, increment: increment.value, days: corr ? days.value : 0,
                rated: checked(`${id}-rated`) === 'rated', starts_at: when,
                rounds: rounds.value, duration_minutes: duration.value,
                min_players: min_players.value, max_players: max_players.value,
                private: checked(`${id}-visibility`) === 'private', join_code: join_code.value,
                tiebreaks: tiebreaks.map((s) => s.value), ladder: ladder.value,
            });
        } catch (err) {
            error.textContent = err.message;
            return;
        }
        submit.disabled = true;
        try {
            await on_submit(body);
        } catch (err) {
            error.textContent = `The tournament could not be created: ${err.message || err}`;
        } finally {
            submit.disabled = false;
        }
    });
    return form;
}
