// Every game and account message the client uses, in one place, so it can follow
// docs/protocol.md by editing this file alone. Written before that document existed: the
// names and fields below are the client's assumptions (see the report of issue 7).
//
// WebSocket requests (each carries an `id`; the reply echoes it; errors reject {code, message}):
//   lobby_subscribe {}                       -> {t:'lobby', tables:[TableSummary]}
//   lobby_unsubscribe {}
//   create_table {variant, time, rated, colour, private}  -> {t:'table_created', code}
//   join {code}                              -> {t:'table', table: TableState}   (takes a seat)
//   watch {code}                             -> {t:'table', table: TableState}   (spectates)
//   leave {table}
//   seek {variant, time, rated}              -> {t:'seeking'}; later push {t:'matched', code}
//   cancel_seek {}
//   move {table, ply, move}                  -> {t:'ok'}; the move itself arrives as an event
//   offer_draw / accept_draw / decline_draw / resign / abort / offer_rematch /
//   accept_rematch / request_takeback / accept_takeback / decline_takeback /
//   claim_win / claim_draw {table}          (the last two after the opponent's grace ran out)
//   chat {table, text}
//   resync {table, since}                    -> {t:'table', table} or the missed table_events
//   challenge {to, variant, time, rated, colour}          -> {t:'challenge_sent', challenge}
//   accept_challenge {challenge} / decline_challenge {challenge, reason}
//   counter_challenge {challenge, variant, time, rated, colour}
// Server pushes:
//   lobby {tables} | lobby_table {table: TableSummary} | lobby_table_gone {code}
//   table {table: TableState}                 full state (on join, resync, or when far behind)
//   table_event {table: code, version, event: {type, ...}}   types: table_state.js reads both
//       its first guesses (moved, seated, ended, ...) and the snake_case names of the events in
//       lobby/table_events.h (move_played, player_seated, game_ended, connection_changed, ...)
//   matched {code}                            auto-match found a table
//   challenge {challenge: {id, from, to, variant, time, rated, colour}} | challenge_gone {id, reason}
// `time` is {base_s, increment_s, delay_s, per_move_s, days}; `colour` 'white'|'black'|'random'.
//
// HTTP (JSON, the session is an HttpOnly cookie; errors are {error: {code, message}}):
//   POST /api/register {name, password}, POST /api/login {name, password}, POST /api/logout,
//   GET /api/me, GET /api/users/<name>, GET /api/users/<name>/games?page=N,
//   GET /api/games/<id>.<pgn|pdn>, GET /api/users/<name>/games.<pgn|pdn>,
//   GET /api/leaderboards?variant=&speed=, GET /api/ladders, GET /api/ladders/<id>,
//   POST /api/ladders/<id>/join, POST /api/ladders/<id>/challenges {target}.

import { Emitter } from './emitter.js';

export class Api extends Emitter {
    constructor(socket) {
        super();
        this.socket = socket;
        socket.on('message', (msg) => this.on_push(msg));
    }

    on_push(msg) {
        switch (msg.t) {
        case 'lobby': return this.emit('lobby', msg.tables || []);
        case 'lobby_table': return this.emit('lobby_table', msg.table);
        case 'lobby_table_gone': return this.emit('lobby_table_gone', msg.code);
        case 'table': return this.emit('table', msg.table);
        case 'table_event': return this.emit('table_event', msg);
        case 'matched': return this.emit('matched', msg.code);
        case 'challenge': return this.emit('challenge', msg.challenge);
        case 'challenge_gone': return this.emit('challenge_gone', msg);
        default: return undefined;
        }
    }

    // Lobby
    subscribe_lobby() { return this.socket.request('lobby_subscribe'); }
    unsubscribe_lobby() { return this.socket.request('lobby_unsubscribe'); }

    // setup: {variant, time, rated, colour, private}
    async create_table(setup) {
        const reply = await this.socket.request('create_table', setup);
        return reply.code;
    }

    async join(code) { return (await this.socket.request('join', { code })).table; }
    async watch(code) { return (await this.socket.request('watch', { code })).table; }
    leave(table) { return this.socket.request('leave', { table }); }
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
    resync(table, since) { return this.socket.request('resync', { table, since }); }

    // Challenges
    challenge(to, setup) { return this.socket.request('challenge', { to, ...setup }); }
    accept_challenge(id) { return this.socket.request('accept_challenge', { challenge: id }); }
    decline_challenge(id, reason) { return this.socket.request('decline_challenge', { challenge: id, reason }); }
    counter_challenge(id, setup) { return this.socket.request('counter_challenge', { challenge: id, ...setup }); }

    // Accounts (HTTP)
    register(name, password) { return http('POST', '/api/register', { name, password }); }
    login(name, password) { return http('POST', '/api/login', { name, password }); }
    logout() { return http('POST', '/api/logout'); }
    me() { return http('GET', '/api/me'); }
    profile(name) { return http('GET', `/api/users/${encodeURIComponent(name)}`); }
    history(name, page = 1) { return http('GET', `/api/users/${encodeURIComponent(name)}/games?page=${page}`); }
    leaderboard(variant, speed) {
        const q = new URLSearchParams({ variant, ...(speed ? { speed } : {}) });
        return http('GET', `/api/leaderboards?${q}`);
    }
    ladders() { return http('GET', '/api/ladders'); }
    ladder(id) { return http('GET', `/api/ladders/${encodeURIComponent(id)}`); }
    join_ladder(id) { return http('POST', `/api/ladders/${encodeURIComponent(id)}/join`); }
    ladder_challenge(id, target) {
        return http('POST', `/api/ladders/${encodeURIComponent(id)}/challenges`, { target });
    }
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
