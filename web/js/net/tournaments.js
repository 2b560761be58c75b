// Tournaments as the pages read them (docs/http-api.md, "Tournaments"): the list grouped by
// state with each one's players and progress, the request the create form sends, what a viewer
// may do on a tournament's page (with a Swiss's tools: a forbidden pair, a pairing by hand, a
// half-point bye, and their request bodies), the viewer's own game, an arena's berserks, and the
// words of a format, a result and an arena's time left. No DOM: the Node tests read these functions as the pages do.

export const FORMATS = [
    ['swiss', 'Swiss'],
    ['round_robin', 'Round robin'],
    ['double_round_robin', 'Double round robin'],
    ['arena', 'Arena'],
];

// The tie-breaks a Swiss or round robin may rank by (lobby/tournament/tiebreaks.h), in the
// server's codes, with their names for people.
export const TIEBREAKS = [
    ['BH-C1', 'Buchholz cut-1'],
    ['BH', 'Buchholz'],
    ['SB', 'Sonneborn-Berger'],
    ['DE', 'Direct encounter'],
    ['WIN', 'Number of wins'],
];
export const DEFAULT_TIEBREAKS = ['BH-C1', 'BH', 'SB'];

const JOIN_CODE = /^[A-Za-z0-9]{4,32}$/;

export function format_name(format) {
    const found = FORMATS.find(([id]) => id === format);
    return found ? found[1] : format;
}

export function tiebreak_name(code) {
    const found = TIEBREAKS.find(([id]) => id === code);
    return found ? found[1] : code;
}

// The list of GET /api/tournaments in the three groups the pages show: starting soon
// (`created`, soonest first), running, and over (finished or cancelled, latest first).
export function group_tournaments(list) {
    const by_start = (a, b) => (a.starts_at || 0) - (b.starts_at || 0);
    const all = Array.isArray(list) ? list.filter((t) => t && typeof t === 'object') : [];
    return {
        upcoming: all.filter((t) => t.state === 'created').sort(by_start),
        running: all.filter((t) => t.state === 'running').sort(by_start),
        over: all.filter((t) => t.state === 'finished' || t.state === 'cancelled').sort((a, b) => by_start(b, a)),
    };
}

// A listed tournament's players: "5 / 32 players" (with its maximum), "1 player".
export function players_text(t) {
    const max = Number.isInteger(t.max_players) ? t.max_players : null;
    if (!Number.isInteger(t.players)) return max === null ? '' : `up to ${max} players`;
    if (max !== null) return `${t.players} / ${max} players`;
    return `${t.players} player${t.players === 1 ? '' : 's'}`;
}

// Where a listed tournament stands at `now` (ms), from `rounds` (a Swiss's), `rounds_paired`,
// `rounds_finished` and an arena's `ends_at`: "round 3 of 7" (the first round not finished),
// "ends in 12 min", "ending" (past its end, its last games being played), "finished",
// "cancelled"; null for one not started (the list shows its start time).
export function progress_text(t, now) {
    if (t.state === 'finished' || t.state === 'cancelled') return t.state;
    if (t.state !== 'running') return null;
    if (t.format === 'arena') return Number.isFinite(t.ends_at) ? ends_in_text(t.ends_at, now) : 'running';
    // A round robin stores all its rounds at its start and lists `rounds` 0: the rounds paired
    // are its length.
    const total = Number.isInteger(t.rounds) && t.rounds > 0 ? t.rounds : t.rounds_paired;
    if (!Number.isInteger(total) || total < 1 || !Number.isInteger(t.rounds_finished)) return 'running';
    return `round ${Math.min(t.rounds_finished + 1, total)} of ${total}`;
}

// The time left of an arena that ends at `ends_at` (ms), as the lobby's list and the
// tournament's page say it at `now`: "ends in 12 min", "ends in 1 h 5 min" (whole minutes,
// rounded up), "ending" once past (its last games being played).
export function ends_in_text(ends_at, now) {
    const minutes = Math.ceil((ends_at - now) / 60000);
    if (minutes <= 0) return 'ending';
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return `ends in ${[h ? `${h} h` : null, m ? `${m} min` : null].filter(Boolean).join(' ')}`;
}

// The body of POST /api/tournaments from the create form's values:
// {name, format, variant, minutes, increment, days (0: real time), rated, starts_at (ms or
// null: now), rounds, duration_minutes, min_players, max_players, private, join_code,
// tiebreaks: [codes, '' for none], ladder (a ladder's id, or '' or null: open to every
// account)}. Throws an Error saying what to fix.
export function tournament_request(v) {
    const name = String(v.name || '').trim();
    if (!name || name.length > 80) throw new Error('Give the tournament a name of 1 to 80 characters.');
    if (!FORMATS.some(([id]) => id === v.format)) throw new Error('Choose a format.');
    const body = { name, format: v.format, variant: v.variant, rated: !!v.rated };
    if (v.days) {
        body.days_per_move = whole(v.days, 1, 30, 'Days per move');
    } else {
        const base = Number(v.minutes) * 60;
        if (!Number.isFinite(base) || base <= 0 || base > 21600 || !Number.isInteger(base)) {
            throw new Error('Minutes each: more than 0 and at most 360, in whole seconds.');
        }
        body.base_seconds = base;
        body.increment_seconds = whole(v.increment, 0, 600, 'Increment');
    }
    if (v.starts_at !== null && v.starts_at !== undefined) {
        if (!Number.isFinite(v.starts_at)) throw new Error('The start time is not a date and time.');
        body.starts_at = v.starts_at;
    }
    if (v.format === 'swiss') body.rounds = whole(v.rounds, 1, 99, 'Rounds');
    if (v.format === 'arena') body.duration = whole(v.duration_minutes, 1, 1440, 'Duration (minutes)');
    body.min_players = whole(v.min_players, 2, 1000, 'Minimum players');
    body.max_players = whole(v.max_players, 2, 1000, 'Maximum players');
    if (body.max_players < body.min_players) throw new Error('The maximum of players is below the minimum.');
    body.public = !v.private;
    if (v.private) {
        const code = String(v.join_code || '').trim();
        if (!JOIN_CODE.test(code)) throw new Error('A private tournament needs a join code of 4 to 32 letters or digits.');
        body.join_code = code;
    }
    if (v.format !== 'arena') {
        const codes = (v.tiebreaks || []).filter(Boolean);
        if (new Set(codes).size !== codes.length) throw new Error('Each tie-break may be chosen once.');
        if (codes.some((c) => !TIEBREAKS.some(([id]) => id === c))) throw new Error('Unknown tie-break.');
        if (codes.length) body.tiebreaks = codes.join(',');
    }
    if (v.ladder !== undefined && v.ladder !== null && v.ladder !== '') {
        const ladder = Number(v.ladder);
        if (!Number.isInteger(ladder) || ladder < 1) throw new Error('Choose a ladder from the list, or everyone.');
        body.ladder = ladder;
    }
    return body;
}

function whole(value, low, high, label) {
    const n = Number(value);
    if (!Number.isInteger(n) || n < low || n > high) throw new Error(`${label}: a whole number from ${low} to ${high}.`);
    return n;
}

// The viewer's entry of a tournament (by account name), or null.
export function my_entry(t, me) {
    if (!me || !t || !Array.isArray(t.entries)) return null;
    return t.entries.find((e) => e.name === me) || null;
}

// Every pairing of the tournament, newest round last (an arena's rounds are its pairing
// waves), each with the round it belongs to.
export function all_pairings(t) {
    const out = [];
    for (const r of (t && Array.isArray(t.rounds) ? t.rounds : [])) for (const p of r.pairings || []) out.push({ ...p, round: r.round });
    return out;
}

// Whether `name` went berserk in pairing `p` (an arena's `white_berserk`, `black_berserk`).
export function went_berserk(p, name) {
    return (p.white === name && p.white_berserk === true) || (p.black === name && p.black_berserk === true);
}

// An arena's games in which each player went berserk: Map name -> count (absent: none).
export function berserk_counts(t) {
    const counts = new Map();
    for (const p of all_pairings(t)) {
        for (const name of [p.white, p.black]) if (went_berserk(p, name)) counts.set(name, (counts.get(name) || 0) + 1);
    }
    return counts;
}

// The viewer's game being played (its table made, no result yet), or null.
export function current_game(t, me) {
    if (!me) return null;
    const mine = all_pairings(t).filter((p) => (p.white === me || p.black === me) && p.table && !p.result);
    return mine.length ? mine[mine.length - 1] : null;
}

// What the viewer may do, as the server allows it (docs/http-api.md): `me` an account name or
// null for a guest. {join, join_code, withdraw, pause, resume, start, end, login}.
export function viewer_actions(t, me) {
    const open = t.state === 'created' || t.state === 'running';
    const entry = my_entry(t, me);
    const withdrawn = !!entry && entry.withdrawn_from !== null && entry.withdrawn_from !== undefined;
    const organiser = !!me && t.organiser === me;
    const arena = t.format === 'arena';
    const late_entry = t.state === 'created' || arena || t.format === 'swiss';
    return {
        login: !me && open,
        join: !!me && open && !entry && late_entry,
        // The organiser of a private tournament needs no code.
        join_code: !!me && open && !entry && late_entry && t.public === false && !organiser,
        withdraw: !!entry && !withdrawn && open,
        pause: arena && !!entry && !withdrawn && t.state === 'running' && !entry.paused,
        resume: arena && !!entry && !withdrawn && open && !!entry.paused,
        start: organiser && t.state === 'created',
        end: organiser && open,
    };
}

// The round a Swiss pairs next: the first not paired yet (its rounds are paired in order), or
// null once every one of its `round_count` rounds is.
export function next_round(t) {
    const next = (Array.isArray(t.rounds) ? t.rounds.length : 0) + 1;
    return Number.isInteger(t.round_count) && next > t.round_count ? null : next;
}

// The Swiss's tools the viewer may use (docs/http-api.md, "The organiser's tools for a
// Swiss"), all of a Swiss not finished: `forbid`, the organiser's forbidden pairs;
// `pair_by_hand`, the round the organiser may pair by hand (the next, of a running Swiss, never
// round 1, which the Dutch system pairs at the start), or null; `half_bye`, the rounds
// {first, last} (last null: no known end) in which an entrant not withdrawn may ask a
// half-point bye for themselves (not paired yet, not before their first round), or null.
export function swiss_tools(t, me) {
    const none = { forbid: false, pair_by_hand: null, half_bye: null };
    if (!t || t.format !== 'swiss' || (t.state !== 'created' && t.state !== 'running')) return none;
    const organiser = !!me && t.organiser === me;
    const next = next_round(t);
    const entry = my_entry(t, me);
    const withdrawn = !!entry && entry.withdrawn_from !== null && entry.withdrawn_from !== undefined;
    const last = Number.isInteger(t.round_count) ? t.round_count : null;
    const first = next === null || !entry ? null : Math.max(next, entry.joined_round || 1);
    return {
        forbid: organiser,
        pair_by_hand: organiser && t.state === 'running' && next !== null && next > 1 ? next : null,
        half_bye: entry && !withdrawn && first !== null && (last === null || first <= last) ? { first, last } : null,
    };
}

// The body of POST and DELETE /api/tournaments/<id>/forbidden: {players: [a, b]}. Throws an
// Error saying what to fix.
export function forbidden_pair_request(first, second) {
    if (!first || !second) throw new Error('Choose the two players of the pair.');
    if (first === second) throw new Error('Choose two different players.');
    return { players: [first, second] };
}

// The body of POST /api/tournaments/<id>/rounds/<n>/pairings from the editor's boards
// ([{white, black}] names), its bye (a name, or '' for none) and whether the organiser
// overrides the pairing rules: {pairings: [{white, black}], byes: [name] or [], override}.
// Checks the shape only (the server checks who is to be paired and the rules); throws an Error
// saying what to fix.
export function hand_pairing_request(boards, bye, override) {
    if (!boards.length) throw new Error('Add at least one board.');
    const named = new Set();
    const name_once = (name) => {
        if (named.has(name)) throw new Error(`${name} is named twice: each player once, on a board or as the bye.`);
        named.add(name);
    };
    boards.forEach(({ white, black }, i) => {
        if (!white || !black) throw new Error(`Board ${i + 1}: choose White and Black.`);
        if (white === black) throw new Error(`Board ${i + 1}: a player cannot play themselves.`);
        name_once(white);
        name_once(black);
    });
    if (bye) name_once(bye);
    return { pairings: boards.map(({ white, black }) => ({ white, black })), byes: bye ? [bye] : [], override: !!override };
}

// The body of POST /api/tournaments/<id>/byes: {round}, a round of `rounds` ({first, last} of
// swiss_tools). Throws an Error saying what to fix.
export function half_bye_request(value, rounds) {
    const round = Number(value);
    const last = rounds.last ?? Infinity;
    if (!Number.isInteger(round) || round < rounds.first || round > last) {
        throw new Error(rounds.last === null ? `Round: a whole number from ${rounds.first}.`
            : `Round: a whole number from ${rounds.first} to ${rounds.last}.`);
    }
    return { round };
}

// A pairing's result as people read it: "1-0", "½-½", "1-0 by forfeit", "double forfeit",
// "playing" or "not started".
export function result_text(p) {
    switch (p.result) {
    case '1-0': case '0-1': return p.result;
    case '1/2-1/2': return '½-½';
    case '+-': return '1-0 by forfeit';
    case '-+': return '0-1 by forfeit';
    case '--': return 'double forfeit';
    default: return p.table ? 'playing' : 'not started';
    }
}

export function absence_text(kind) {
    return { bye: 'bye', half_bye: 'half-point bye', not_paired: 'not paired' }[kind] || kind;
}

// How soon the page looks again (ms): often while it runs, seldom before, never once over.
export function poll_interval_ms(t) {
    if (!t) return 0;
    if (t.state === 'running') return 5000;
    if (t.state === 'created') return 15000;
    return 0;
}

// An arena's sheet (each game's points) as text: "2 4 4 0".
export function sheet_text(sheet) {
    return Array.isArray(sheet) ? sheet.join(' ') : '';
}

// The crosstable of a Swiss or round robin: for each player of the standings (in their
// order), one cell per round: {opponent, rank (the opponent's), colour 'w' | 'b', score '+' |
// '=' | '-' | '' (being played) with forfeit true for a forfeit}, or {absence: kind}, or null
// (not in that round). Its text: "+3w", "=1b", "-2w F", "bye".
export function crosstable(t) {
    const standings = (t && t.standings) || [];
    const rank = new Map(standings.map((s) => [s.name, s.rank]));
    const rounds = t && Array.isArray(t.rounds) ? t.rounds : [];
    const score = (result, white) => {
        const w = { '1-0': '+', '0-1': '-', '1/2-1/2': '=', '+-': '+', '-+': '-', '--': '-' }[result];
        if (!w) return '';
        if (w === '=' || result === '--') return w;
        return white ? w : (w === '+' ? '-' : '+');
    };
    return standings.map((s) => ({
        name: s.name,
        cells: rounds.map((r) => {
            const p = (r.pairings || []).find((q) => q.white === s.name || q.black === s.name);
            if (p) {
                const white = p.white === s.name;
                const opponent = white ? p.black : p.white;
                return { opponent, rank: rank.get(opponent), colour: white ? 'w' : 'b', score: score(p.result, white),
                         forfeit: ['+-', '-+', '--'].includes(p.result) };
            }
            const a = (r.absences || []).find((q) => q.name === s.name);
            return a ? { absence: a.kind } : null;
        }),
    }));
}

export function crosstable_cell_text(c) {
    if (!c) return '';
    if (c.absence) return absence_text(c.absence);
    return `${c.score}${c.rank ?? '?'}${c.colour}${c.forfeit ? ' F' : ''}`;
}

// The same cell in words, for a screen reader: "won against bob (3rd) with White".
export function crosstable_cell_words(c) {
    if (!c) return 'not in this round';
    if (c.absence) return absence_text(c.absence);
    const how = { '+': 'won against', '=': 'drew with', '-': 'lost to', '': 'is playing' }[c.score];
    return `${how} ${c.opponent} (rank ${c.rank ?? 'unknown'}) with ${c.colour === 'w' ? 'White' : 'Black'}${c.forfeit ? ', by forfeit' : ''}`;
}
