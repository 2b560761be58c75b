// The game setup form (variant, time control, rated, colour, visibility) used to create a
// table, to challenge a player, to counter a challenge and to play the computer (with_level:
// the computer's strength instead of the rating choice; for a game of more than two, how many
// seats the computer takes: every other seat, or fewer, the rest open for people to join by
// the table's code). The games of more than two players (chinese-checkers-3, -4, -6, halma-4)
// have no colour to choose and no one player to challenge: with_opponent, they offer a name
// field for each other seat instead (a group challenge). read_setup() returns the `setup`
// object api.js sends, in the wire's words: {variant, time: {base_ms, increment_ms, per_move_ms}
// or {days}, rated, color,
// private, level}, with `opponent` (a name) or `invite` (the names, one per other seat) when
// filled, and `computers` (a number) when the computer is to take fewer than every other seat.

import { h, fill, field, segmented, uid } from './dom.js';
import { VARIANTS, variant_players } from './variants.js';
import { is_halma_variant } from '../board/halma_cells.js';

// The computer's strengths (docs/protocol.md §7.14).
const LEVELS = [['easy', 'Easy'], ['medium', 'Medium'], ['hard', 'Hard']];
// The most seats of any game offered (Chinese checkers for six): the invite fields made.
const MAX_PLAYERS = Math.max(...VARIANTS.map(([id]) => variant_players(id)));

export function setup_form({ submit_label, on_submit, with_visibility = true, with_opponent = false,
                             with_level = false, two_players = false, initial = {} }) {
    const name = uid('setup');
    const time = initial.time || { base_ms: 300000, increment_ms: 3000 };
    // `two_players`: a challenge's counter-offer, between its two players.
    const variants = two_players ? VARIANTS.filter(([id]) => variant_players(id) === 2) : VARIANTS;
    const variant = h('select', { name: 'variant' },
        variants.map(([id, label]) => h('option', { value: id, selected: id === (initial.variant || 'chess') }, label)));
    const mode = segmented('Time control', `${name}-mode`,
        [['live', 'Real time'], ['correspondence', 'Correspondence']], time.days ? 'correspondence' : 'live');
    const minutes = h('input', { type: 'number', name: 'minutes', min: 0, max: 180, step: 0.5,
                                 value: time.base_ms !== undefined ? time.base_ms / 60000 : 5, inputmode: 'decimal' });
    const increment = h('input', { type: 'number', name: 'increment', min: 0, max: 60,
                                   value: (time.increment_ms || 0) / 1000, inputmode: 'numeric' });
    const per_move = h('input', { type: 'number', name: 'per_move', min: 0, max: 600,
                                  value: (time.per_move_ms || 0) / 1000, inputmode: 'numeric' });
    const days = h('input', { type: 'number', name: 'days', min: 1, max: 14, value: time.days || 3,
                              inputmode: 'numeric' });
    const live_fields = h('div', { class: 'field-row live-fields' },
        field('Minutes each', minutes), field('Increment (s)', increment),
        field('Per-move limit (s)', per_move, '0 = none'));
    const corr_fields = h('div', { class: 'field-row corr-fields' }, field('Days per move', days));
    const opponent = with_opponent
        ? field('Challenge a player (optional)', h('input', { name: 'opponent', autocomplete: 'off',
                                                             placeholder: 'user name' }))
        : null;
    // A game of more than two: the other players by name, "Player 2" to "Player N".
    const invite_inputs = [];
    for (let seat = 2; seat <= MAX_PLAYERS; seat += 1) {
        invite_inputs.push(h('input', { name: 'invite', autocomplete: 'off', placeholder: 'user name' }));
    }
    const invite_fields = invite_inputs.map((input, i) => field(`Player ${i + 2}`, input));
    const invite = with_opponent
        ? h('fieldset', { class: 'invite-fields' }, h('legend', {}, 'Invite players (optional)'),
            h('p', { class: 'muted' }, 'Name every other player to challenge them all; leave the names empty to open a table.'),
            invite_fields)
        : null;
    const error = h('p', { class: 'error', role: 'alert' });
    // Chinese checkers and Halma have no white and black: the colours stand for the seats.
    const seat_note = h('p', { class: 'muted seat-note' }, 'Chinese checkers and Halma: White is the first seat and moves first.');
    const colour = segmented('Your colour', `${name}-colour`, [['white', 'White'], ['random', 'Random'], ['black', 'Black']],
                             initial.color || 'random');
    const group_note = h('p', { class: 'muted group-note' },
        'Your seat is drawn at random; the others take the free seats in turn order as they join. The game starts when every seat is taken.');
    // Against the computer at a game of more than two: how many seats it takes ('' = every
    // other seat; 1 to N-2 leaves seats open for people, docs/protocol.md §7.14).
    const computers = h('select', { name: 'computers' });
    const computers_note = h('p', { class: 'muted computers-note' });
    const computers_field = with_level
        ? h('div', { class: 'computers-field' }, field('Computer players', computers), computers_note) : null;
    let computers_for = 0; // the seat count the choices were made for
    const form = h('form', { class: 'setup-form' },
        field('Variant', variant),
        mode, live_fields, corr_fields,
        with_level
            ? segmented('Level', `${name}-level`, LEVELS, initial.level || 'easy')
            : segmented('Rating', `${name}-rated`, [['casual', 'Casual'], ['rated', 'Rated']],
                        initial.rated ? 'rated' : 'casual'),
        colour,
        seat_note,
        computers_field,
        with_level ? null : group_note,
        with_visibility ? segmented('Table', `${name}-visibility`, [['public', 'Public'], ['private', 'Private']],
                                    initial.private ? 'private' : 'public') : null,
        opponent,
        invite,
        error,
        h('button', { type: 'submit', class: 'primary wide' }, submit_label));
    const submit = form.querySelector('button[type="submit"]');
    const sync_computers = (seats) => {
        computers_field.hidden = seats <= 2;
        computers.disabled = seats <= 2;
        if (computers_for !== seats) {
            computers_for = seats;
            const fewer = [];
            for (let k = 1; k <= seats - 2; k += 1) {
                const open = seats - 1 - k;
                fewer.push(h('option', { value: String(k) }, `${k}, and ${open} open seat${open > 1 ? 's' : ''}`));
            }
            fill(computers, h('option', { value: '' }, `All other seats (${seats - 1})`), fewer);
        }
        const taken = computers.value ? Number(computers.value) : seats - 1;
        const open = seats - 1 - taken;
        computers_note.textContent = open <= 0
            ? 'The computer takes every other seat and the game starts at once.'
            : `The computer takes ${taken} seat${taken > 1 ? 's' : ''}; the other ${open === 1 ? 'seat is' : `${open} seats are`} open for friends to join by the table's code or link, and the game starts when every seat is taken.`;
    };
    const sync_mode = () => {
        const corr = form.querySelector(`input[name="${name}-mode"]:checked`).value === 'correspondence';
        live_fields.hidden = corr;
        corr_fields.hidden = !corr;
        const group = variant_players(variant.value) > 2;
        seat_note.hidden = group || !is_halma_variant(variant.value);
        group_note.hidden = !group;
        colour.hidden = group;
        if (opponent) opponent.hidden = group;
        if (computers_field) sync_computers(variant_players(variant.value));
        if (invite) {
            invite.hidden = !group;
            const others = variant_players(variant.value) - 1;
            invite_fields.forEach((f, i) => { f.hidden = i >= others; invite_inputs[i].disabled = i >= others; });
        }
        // A name typed makes the form a challenge: the button says so.
        const names = group ? invite_inputs.filter((i) => !i.disabled) : opponent ? [opponent.querySelector('input')] : [];
        submit.textContent = names.some((i) => i.value.trim()) ? 'Send challenge' : submit_label;
    };
    form.addEventListener('change', sync_mode);
    form.addEventListener('input', sync_mode);
    sync_mode();
    form.addEventListener('submit', async (e) => {
        e.preventDefault();
        error.textContent = '';
        submit.disabled = true;
        try {
            await on_submit(read_setup(form, name), form);
        } catch (err) {
            error.textContent = err.message || String(err);
        } finally {
            submit.disabled = false;
        }
    });
    return form;
}

function checked(form, name) {
    const input = form.querySelector(`input[name="${name}"]:checked`);
    return input ? input.value : null;
}

export function read_setup(form, name) {
    const number = (n) => Number(form.querySelector(`[name="${n}"]`).value) || 0;
    const corr = checked(form, `${name}-mode`) === 'correspondence';
    const time = corr ? { days: Math.max(1, Math.round(number('days'))) }
        : { base_ms: Math.round(number('minutes') * 60) * 1000, increment_ms: Math.round(number('increment')) * 1000,
            per_move_ms: Math.round(number('per_move')) * 1000 };
    const variant = form.querySelector('[name="variant"]').value;
    const group = variant_players(variant) > 2;
    const setup = {
        variant,
        time,
        rated: checked(form, `${name}-rated`) === 'rated',
        color: (!group && checked(form, `${name}-colour`)) || 'random',
    };
    const level = checked(form, `${name}-level`);
    if (level) setup.level = level;
    const computers = form.querySelector('[name="computers"]');
    if (computers && group && !computers.disabled && computers.value) setup.computers = Number(computers.value);
    const visibility = checked(form, `${name}-visibility`);
    if (visibility) setup.private = visibility === 'private';
    const opponent = form.querySelector('[name="opponent"]');
    if (opponent && !group && opponent.value.trim()) setup.opponent = opponent.value.trim();
    if (group) {
        const names = [...form.querySelectorAll('[name="invite"]')].filter((i) => !i.disabled).map((i) => i.value.trim());
        if (names.some(Boolean)) setup.invite = names;
    }
    return setup;
}
