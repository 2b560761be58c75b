// A group challenge (docs/protocol.md §7.9, "Group challenges": one player invites every other
// seat of a table of more than two) as the lobby shows it, and the sentence that says why one
// went away. Pure: no DOM, no socket; api.js keeps the open ones, lobby.js draws them.

import { reason_suffix } from './challenge_endings.js';

// The wire's challenge ({id, group, from: Player, to: [ids], to_names: [names, by invitee],
// accepted: [ids], setup, expires_at}, every member always sent: server/protocol/values_json.h,
// write_group_challenge) seen by player `me` (an id): who made it, each invitee with whether it
// has accepted, and whether `me` made it or has accepted it.
export function group_challenge_view(c, me) {
    const from = c.from;
    const accepted = new Set(c.accepted);
    const invitees = c.to.map((id, i) => ({ id, name: c.to_names[i], accepted: accepted.has(id), you: !!me && id === me }));
    return {
        id: c.id, from, invitees, setup: c.setup,
        mine: !!me && from.id === me,
        i_accepted: !!me && accepted.has(me),
        expires_at: c.expires_at,
    };
}

// "bob", "bob and carol", "bob, carol and dave".
export function name_list(names) {
    if (names.length <= 1) return names.join('');
    return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

// A player of the challenge by id, as a name ("you" for oneself).
export function who(view, id) {
    if (view.mine && id === view.from.id) return 'you';
    if (id === view.from.id) return view.from.name;
    const invitee = view.invitees.find((p) => p.id === id);
    return invitee ? (invitee.you ? 'you' : invitee.name) : id;
}

// The others invited besides `me`, for the line "ann invites you and carol".
export function invitee_names(view) {
    const others = view.invitees.filter((p) => !p.you).map((p) => p.name);
    return view.invitees.some((p) => p.you) ? ['you', ...others] : others;
}

// "Accepted: bob · Waiting for: you, carol".
export function answers_text(view) {
    const label = (p) => (p.you ? 'you' : p.name);
    const accepted = view.invitees.filter((p) => p.accepted).map(label);
    const waiting = view.invitees.filter((p) => !p.accepted).map(label);
    return [accepted.length ? `Accepted: ${accepted.join(', ')}` : null,
            waiting.length ? `Waiting for: ${waiting.join(', ')}` : null].filter(Boolean).join(' · ');
}

// Why a challenge went away (change `declined`, `cancelled` or `expired`), or null for the
// other changes. `game` is the game's name ("Chinese checkers (3 players)").
export function gone_text(change, view, by, reason, game) {
    const whose = view.mine ? 'Your challenge' : `${view.from.name}'s challenge`;
    const what = `${whose} to ${game}`;
    if (change === 'declined') {
        const name = who(view, by);
        return `${what} is off: ${name === 'you' ? 'you' : name} declined${reason_suffix(reason)}.`;
    }
    if (change === 'cancelled') return `${what} was cancelled${view.mine ? '' : ` by ${view.from.name}`}.`;
    if (change === 'expired') return `${what} expired: not everyone answered in time.`;
    return null;
}
