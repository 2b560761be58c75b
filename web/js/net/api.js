// The client's side of the WebSocket protocol and the HTTP API (docs/protocol.md,
// docs/http-api.md): one method per request, and the server's pushes handed on as events.
// Messages keep the wire's shapes and words (seats by index, times in milliseconds, `color`):
// the table messages go to table_state.js as they come. Guests get a token in `welcome` and
// send `identify` with it after a reconnect or a reload.

import { Emitter } from './emitter.js';
import { group_challenge_view } from './group_challenges.js';

const WELCOME_WAIT_MS = 3000;

// A challenge of two ({from: Player, to, to_name}) seen by player `me` (an id): whether `me`
// made it, and the other player's name.
function pair_sides(c, me) {
    const mine = !!me && c.from.id === me;
    return { mine, other: mine ? c.to_name : c.from.name };
}

export class Api extends Emitter {
    constructor(socket) {
        super();
        this.socket = socket;
        this.player = null; // from `welcome`
        this.my_tables = [];
        // The open group challenges we made or are invited to, by id (group_challenges.js
        // views): kept here, not in the lobby, so that they outlive a visit to a table.
        this.group_challenges = new Map();
        // The other player's name of each open challenge of two we made or are invited to, by
        // id: `challenge_gone` carries only ids, and its line names the other player.
        this.pair_challenge_names = new Map();
        // The tournament games made for us this visit, by table code: the `tournament_game`
        // pushes (§7.15), so that a table page can say which tournament it belongs to.
        this.tournament_tables = new Map();
        // True once this connection's player is known (its `welcome`, and for a returning
        // guest the answer to `identify`); table screens join and resync only then, so that
        // they sit down as the player who holds the seat. 'identity' is emitted each time.
        this.settled = false;
        this.settle_timer = null;
        socket.on('message', (msg) => this.on_push(msg));
        socket.on('state', (state) => { if (state !== 'open') this.settled = false; });
        // A server that sends no welcome still gets the screens going.
        socket.on('hello', () => {
            clearTimeout(this.settle_timer);
            this.settle_timer = setTimeout(() => { if (!this.settled) this.settle(); }, WELCOME_WAIT_MS);
        });
    }

    settle() {
        clearTimeout(this.settle_timer);
        this.settled = true;
        this.emit('identity', this.player);
    }

    // Every connection is welcomed as someone (§7.2). A guest of this tab (a reload, a
    // reconnect) takes its earlier identity back with the kept token, and with it its seats.
    on_welcome(msg) {
        const kept = sessionStorage.getItem('tabula.guest_token');
        const player = msg.player || null;
        if (player && !player.registered && kept && msg.token !== kept) {
            this.socket.request('identify', { token: kept })
                .then((reply) => this.welcomed(reply))
                .catch(() => this.welcomed(msg)); // the token is gone (a restart): a new guest
            return;
        }
        this.welcomed(msg);
    }

    welcomed(msg) {
        this.player = msg.player || null;
        // Codes of the tables where this player holds a seat in a game not over (§7.2).
        this.my_tables = Array.isArray(msg.tables) ? msg.tables.filter((c) => typeof c === 'string') : [];
        if (msg.token) sessionStorage.setItem('tabula.guest_token', msg.token);
        if (Array.isArray(msg.challenges)) this.list_challenges(msg.challenges);
        this.emit('welcome', this.player);
        this.settle();
    }

    // The open challenges a welcome lists (§7.2): they replace what we knew, since pushes may
    // have been missed while the connection was down (or before a reload).
    list_challenges(list) {
        const me = this.player && this.player.id;
        this.group_challenges = new Map();
        this.pair_challenge_names = new Map();
        const pairs = [];
        for (const c of list) {
            if (!c || typeof c !== 'object') continue;
            if (c.group) this.group_challenges.set(c.id, group_challenge_view(c, me));
            else {
                this.remember_pair_challenge(c);
                const view = this.challenge_view(c, c.counters ? 'countered' : 'issued');
                if (view) pairs.push(view);
            }
        }
        this.emit('challenges_listed', pairs);
        this.emit('group_challenge', { change: 'listed' });
    }

    // A change of a group challenge (§7.9): the open ones kept up to date, then the change
    // told ({change, challenge: view, by, reason, code}).
    on_group_challenge(msg) {
        const c = msg.challenge;
        if (!c || typeof c !== 'object') return;
        const view = group_challenge_view(c, this.player && this.player.id);
        if (msg.change === 'issued' || msg.change === 'accepted') this.group_challenges.set(view.id, view);
        else this.group_challenges.delete(view.id);
        this.emit('group_challenge', { change: msg.change, challenge: view, by: msg.by, reason: msg.reason,
                                       code: typeof msg.code === 'string' ? msg.code : null });
    }

    // Keeps the other player's name of a challenge of two, for its `challenge_gone`.
    remember_pair_challenge(c) {
        this.pair_challenge_names.set(c.id, pair_sides(c, this.player && this.player.id).other);
    }

    // A challenge push as the lobby shows it, or null when it is not ours to answer. `from`
    // is the other player; `countered` when the challenge came back to its challenger.
    challenge_view(c, change) {
        const { setup } = c;
        const me = this.player && this.player.id;
        if (c.awaiting && me && c.awaiting !== me) return null;
        const { mine, other } = pair_sides(c, me);
        return { id: c.id, from: other, countered: change === 'countered' || mine,
                 variant: setup.variant, time: setup.time, rated: !!setup.rated, color: setup.color };
    }

    on_push(msg) {
        switch (msg.t) {
        case 'lobby': return this.emit('lobby', msg.tables || []);
        case 'lobby_changes': return this.emit('lobby_changes', msg);
        case 'welcome': return this.on_welcome(msg);
        case 'table': return this.emit('table', msg);
        case 'table_event': return this.emit('table_event', msg);
        case 'table_gone': return this.emit('table_gone', msg.table);
        case 'matched':
        case 'group_matched': return this.emit('matched', msg.code);
        // An accepted ladder challenge made a table for us (§7.13); its state follows.
        case 'ladder_game': return this.emit('ladder_game', msg);
        // A tournament paired us (§7.15): the table's code, the tournament, round and board.
        case 'tournament_game': {
            if (typeof msg.table !== 'string') return undefined;
            this.tournament_tables.set(msg.table, msg);
            return this.emit('tournament_game', msg);
        }
        case 'challenge': {
            if (msg.challenge) this.remember_pair_challenge(msg.challenge);
            const view = msg.challenge && this.challenge_view(msg.challenge, msg.change);
            if (view) this.emit('challenge', view);
            else if (msg.challenge) this.emit('challenge_gone', { id: msg.challenge.id });
            return undefined;
        }
        case 'group_challenge': return this.on_group_challenge(msg);
        case 'challenge_gone': {
            const id = msg.challenge;
            const other = this.pair_challenge_names.get(id) || null;
            this.pair_challenge_names.delete(id);
            this.emit('challenge_gone', { ...msg, id, other });
            if (msg.reason === 'accepted' && msg.code) this.emit('matched', msg.code);
            return undefined;
        }
        default: return undefined;
        }
    }

    // Lobby
    subscribe_lobby() { return this.socket.request('lobby_subscribe'); }
    unsubscribe_lobby() { return this.socket.request('lobby_unsubscribe'); }
    // A page of the public list: list 'open' (after a cursor) or 'playing' (the games in play).
    lobby_page(list, cursor = null) { return this.socket.request('lobby_page', cursor ? { list, cursor } : { list }); }

    // setup: {variant, time: {base_ms, increment_ms, per_move_ms, days}, rated, color, private}
    async create_table(setup) {
        const reply = await this.socket.request('create_table', setup);
        return reply.code;
    }

    // Both resolve with the `table` message ({table: code, you, state}).
    join(code) { return this.socket.request('join', { code }); }
    watch(code) { return this.socket.request('watch', { code }); }
    leave(table) { return this.socket.request('leave', { table }); }
    cancel(table) { return this.socket.request('cancel', { table }); }
    seek(setup) { return this.socket.request('seek', setup); }
    cancel_seek() { return this.socket.request('cancel_seek'); }

    // Table actions
    move(table, ply, move) { return this.socket.request('move', { table, ply, move }); }
    action(type, table) { return this.socket.request(type, { table }); }
    offer_draw(table) { return this.action('offer_draw', table); }
    accept_draw(table) { return this.action('accept_draw', table); }
    decline_draw(table) { return this.action('decline_draw', table); }
    resign(table) { return this.action('resign', table); }
    abort(table) { return this.action('abort', table); }
    offer_rematch(table) { return this.action('offer_rematch', table); }
    accept_rematch(table) { return this.action('accept_rematch', table); }
    request_takeback(table) { return this.action('request_takeback', table); }
    accept_takeback(table) { return this.action('accept_takeback', table); }
    decline_takeback(table) { return this.action('decline_takeback', table); }
    claim_win(table) { return this.action('claim_win', table); }
    claim_draw(table) { return this.action('claim_draw', table); }
    chat(table, text) { return this.socket.request('chat', { table, text }); }
    // Resolves with the `table` message when the server sends a whole state, or with its other
    // reply when the missed events were pushed as table_event messages.
    resync(table, since) { return this.socket.request('resync', { table, since }); }

    // Challenges
    challenge(to, setup) { return this.socket.request('challenge', { to, ...setup }); }
    accept_challenge(id) { return this.socket.request('accept_challenge', { challenge: id }); }
    decline_challenge(id, reason) {
        return this.socket.request('decline_challenge', { challenge: id, reason: reason || 'generic' });
    }
    counter_challenge(id, setup) {
        return this.socket.request('counter_challenge', { challenge: id, ...setup });
    }
    // names: one per seat but ours, as people write them.
    group_challenge(names, setup) { return this.socket.request('challenge', { to: names, ...setup }); }
    accept_group_challenge(id) { return this.socket.request('accept_challenge', { challenge: id, group: true }); }
    decline_group_challenge(id, reason) {
        return this.socket.request('decline_challenge', { challenge: id, group: true, reason: reason || 'generic' });
    }
    cancel_group_challenge(id) { return this.socket.request('cancel_challenge', { challenge: id, group: true }); }

    // Accounts (HTTP)
    register(name, password) { return http('POST', '/api/register', { name, password }); }
    login(name, password) { return http('POST', '/api/login', { name, password }); }
    logout() { return http('POST', '/api/logout'); }
    me() { return http('GET', '/api/me'); }
    profile(name) { return http('GET', `/api/users/${encodeURIComponent(name)}`); }
    history(name) { return http('GET', `/api/users/${encodeURIComponent(name)}/games`); }
    leaderboard(variant, speed) {
        return http('GET', `/api/leaderboard?${new URLSearchParams({ variant, speed })}`);
    }
    ladders() { return http('GET', '/api/ladders'); }
    ladder(id) { return http('GET', `/api/ladders/${encodeURIComponent(id)}`); }
    join_ladder(id) { return http('POST', `/api/ladders/${encodeURIComponent(id)}/join`, {}); }
    ladder_challenge(id, opponent) {
        return http('POST', `/api/ladders/${encodeURIComponent(id)}/challenge`, { opponent });
    }
    // answer: 'accept' or 'decline' (the challenged player forfeits, the challenger withdraws).
    answer_ladder_challenge(id, challenge, answer) {
        return http('POST', `/api/ladders/${encodeURIComponent(id)}/challenges/${encodeURIComponent(challenge)}/${answer}`, {});
    }
    // Tournaments (docs/http-api.md, "Tournaments"); each action answers {tournament}.
    tournaments() { return http('GET', '/api/tournaments'); }
    tournament(id) { return http('GET', `/api/tournaments/${encodeURIComponent(id)}`); }
    create_tournament(body) { return http('POST', '/api/tournaments', body); }
    // action: 'join' (body {join_code} for a private one), 'withdraw', 'pause', 'berserk',
    // 'start' or 'end'.
    tournament_action(id, action, body = {}) {
        return http('POST', `/api/tournaments/${encodeURIComponent(id)}/${action}`, body);
    }
    // A forbidden pair ({players: [a, b]}) allowed to meet again.
    allow_pair(id, body) {
        return http('DELETE', `/api/tournaments/${encodeURIComponent(id)}/forbidden`, body);
    }
    tournament_trf_url(id) { return `/api/tournaments/${encodeURIComponent(id)}.trf`; }
    game_download_url(id, format) { return `/api/games/${encodeURIComponent(id)}.${format}`; }
    all_games_download_url(name, format) {
        return `/api/users/${encodeURIComponent(name)}/games.${format}`;
    }
}

// A JSON request to the HTTP API; rejects with {code, message}.
async function http(method, url, body) {
    let res;
    try {
        res = await fetch(url, {
            method,
            credentials: 'same-origin',
            headers: body ? { 'content-type': 'application/json' } : {},
            body: body ? JSON.stringify(body) : undefined,
        });
    } catch {
        throw { code: 'network', message: 'The server cannot be reached.' };
    }
    let data = null;
    try {
        data = await res.json();
    } catch {
        data = null;
    }
    if (!res.ok) {
        const err = (data && data.error) || {};
        throw { code: err.code || `http_${res.status}`, message: err.message || `${res.status} ${res.statusText}` };
    }
    return data;
}
