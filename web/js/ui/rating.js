// A player's rating as the pages show it beside the name: "1612", "1500?" while provisional,
// and nothing for a player who has no rating. Guests and the computer have no account
// (`registered` false, docs/protocol.md §7.1 "Player") and play no rated game: the number the
// server sends for them is only its starting value, so it is not shown.

export function rating_text(player) {
    if (!player || player.registered === false || !player.rating) return '';
    return `${Math.round(player.rating)}${player.provisional ? '?' : ''}`;
}

// "ann (1612)", or "guest-K7QF" alone.
export function name_with_rating(player) {
    const rating = rating_text(player);
    return rating ? `${player.name} (${rating})` : player.name;
}
