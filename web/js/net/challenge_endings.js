// How a challenge ends, in words: the reasons a player may give for declining one (the list
// of docs/protocol.md §7.9, the same for a challenge of two and a group one), and the line the
// other player reads when a challenge of two goes away. Pure: no DOM, no socket.

// [wire value, what the decline menu offers, what the other player reads (null: nothing)].
export const DECLINE_REASONS = [
    ['generic', 'No reason', null],
    ['later', 'Not now', 'not now'],
    ['too_fast', 'Too fast', 'too fast'],
    ['too_slow', 'Too slow', 'too slow'],
    ['time_control', 'Another time control', 'another time control, please'],
    ['rated', 'Rated only', 'a rated game, please'],
    ['casual', 'Casual only', 'a casual game, please'],
    ['variant', 'Not this game', 'not this game'],
];

// " (not now)" for a reason with words, "" for `generic` or one this client does not know.
export function reason_suffix(reason) {
    const found = DECLINE_REASONS.find(([value]) => value === reason);
    return found && found[2] ? ` (${found[2]})` : '';
}

// Why a challenge of two went away (`challenge_gone`: reason `declined` or `cancelled` with
// `by`, or `expired`; `decline_reason` with a decline), seen by player `me` (an id); `other`
// is the other player's name. Null when there is nothing to say: an accepted challenge opens
// its table, and a player who cancelled knows it.
export function pair_gone_text(msg, me, other) {
    const name = other || 'the other player';
    const by_me = !!me && msg.by === me;
    switch (msg.reason) {
    case 'declined':
        return by_me ? `You declined ${name}'s challenge.`
                     : `${name} declined your challenge${reason_suffix(msg.decline_reason)}.`;
    case 'cancelled':
        return by_me ? null : `${name} cancelled the challenge.`;
    case 'expired':
        return `The challenge with ${name} expired without an answer.`;
    default:
        return null;
    }
}
