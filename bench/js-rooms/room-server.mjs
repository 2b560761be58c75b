// A Node.js room server for chess, written the way such servers usually are (the `ws` package,
// chess.js for the rules, one object per table, JSON.stringify per message), speaking the part
// of Tabula's protocol (docs/protocol.md, sections 3 and 7) that `tabula loadtest` uses:
// hello and welcome, create_table, join, move, resign, leave and cancel, with the same table
// events (seated, started, move, ended, closed) and the same move event (the Move, the FEN, the
// board, the legal moves with their cells, the clocks). It lets bench/against-node.sh run the
// same load client, on the same wire, against `tabula serve` and against this server.
//
// What it leaves out, so that its figures are an upper bound for such a server: it stores
// nothing (no database, no durability: Tabula commits every move to SQLite, synchronous=FULL,
// before anyone sees it), has no accounts, ratings, lobby, spectators, rate limits or resync,
// and checks a clock only when a move arrives.
//
//   node room-server.mjs [--port N] [--legal-moves all|none]
//
// 127.0.0.1 only; port 0 or none: any free port.

import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';
import { Chess } from 'chess.js';

const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const BASE_MS = 300000;
const INCREMENT_MS = 3000;

const argument = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
};
// --legal-moves none: events carry the move, the FEN and the board but an empty list of legal
// moves (a client with chess.js of its own works them out), which spares chess.js its verbose
// move list: a FEN before and after, and the SAN, of every legal move.
const sendLegalMoves = (argument('--legal-moves') ?? 'all') !== 'none';
const tables = new Map(); // code -> Table
let nextGuest = 1;

function newCode() {
    for (;;) {
        let code = '';
        for (let i = 0; i < 6; ++i)
            code += CODE_LETTERS[Math.floor(Math.random() * CODE_LETTERS.length)];
        if (!tables.has(code))
            return code;
    }
}

// Cells as Tabula numbers them: row 0 is rank 8, column 0 is file a.
function cellOf(square) {
    return (8 - (square.charCodeAt(1) - 48)) * 8 + (square.charCodeAt(0) - 97);
}

function boardOf(chess) {
    let cells = '';
    let check = -1;
    const rows = chess.board();
    for (let r = 0; r < 8; ++r) {
        for (let c = 0; c < 8; ++c) {
            const piece = rows[r][c];
            if (!piece) {
                cells += '.';
                continue;
            }
            cells += piece.color === 'w' ? piece.type.toUpperCase() : piece.type;
            if (piece.type === 'k' && piece.color === chess.turn() && chess.inCheck())
                check = r * 8 + c;
        }
    }
    return { rows: 8, cols: 8, cells, check };
}

function moveOf(move, withDisplay) {
    const captures = [];
    if (move.flags.includes('e'))
        captures.push(cellOf(move.to[0] + move.from[1])); // the pawn taken en passant
    else if (move.captured)
        captures.push(cellOf(move.to));
    const view = { captures };
    if (withDisplay)
        view.display = move.san;
    view.move = move.lan;
    view.path = [cellOf(move.from), cellOf(move.to)];
    return view;
}

function legalMovesOf(chess) {
    if (!sendLegalMoves || chess.isGameOver())
        return [];
    return chess.moves({ verbose: true }).map((m) => moveOf(m, false));
}

function endReason(chess) {
    if (chess.isCheckmate())
        return 'checkmate';
    if (chess.isStalemate())
        return 'stalemate';
    if (chess.isInsufficientMaterial())
        return 'insufficient';
    if (chess.isThreefoldRepetition())
        return 'threefold';
    return 'fifty-move';
}

// UCI ("e7e8q") as squares, which chess.js matches against its move list directly; anything else
// as SAN, which chess.js matches by writing the SAN of every legal move.
function readMove(text) {
    const uci = typeof text === 'string' && /^([a-h][1-8])([a-h][1-8])([qrbn]?)$/.exec(text);
    if (!uci)
        return String(text ?? '');
    return uci[3] ? { from: uci[1], to: uci[2], promotion: uci[3] } : { from: uci[1], to: uci[2] };
}

function player(conn) {
    return { id: conn.id, name: conn.id, registered: false, rating: 1500 };
}

class Table {
    constructor(code, host) {
        this.code = code;
        this.seats = [host, null]; // by seat: 0 White, 1 Black
        this.chess = new Chess();
        this.ply = 0; // chess.history() replays the whole game: too dear to ask on every move
        this.version = 0;
        this.status = 'waiting';
        this.clockMs = [BASE_MS, BASE_MS];
        this.turnStarted = performance.now();
        this.turnStartedWall = Date.now();
        this.result = null;
    }

    clocks() {
        return {
            running: this.status === 'playing' && this.ply >= 2,
            at: Date.now(),
            turn_started: this.turnStartedWall,
            remaining_ms: [Math.round(this.clockMs[0]), Math.round(this.clockMs[1])],
            to_move: this.chess.turn() === 'w' ? 0 : 1,
        };
    }

    state() {
        return {
            code: this.code,
            link: `/t/${this.code}`,
            status: this.status,
            seats: this.seats.map((conn) => conn && player(conn)),
            position: this.chess.fen(),
            board: boardOf(this.chess),
            ply: this.ply,
            moves: this.chess.history({ verbose: true }).map((m) => m.lan),
            legal_moves: this.status === 'playing' ? legalMovesOf(this.chess) : [],
            clocks: this.clocks(),
            to_move: this.chess.turn() === 'w' ? 0 : 1,
            result: this.result,
            version: this.version,
        };
    }

    // One event, written once, to every seat still connected; `answer` adds the request's id
    // to the copy for `mover` (the move's acknowledgement, docs/protocol.md 7.5).
    emit(event, mover = null, answer = null) {
        const text = JSON.stringify({
            t: 'table_event', table: this.code, version: ++this.version, at: Date.now(), event,
        });
        for (const conn of this.seats) {
            if (!conn || !conn.open)
                continue;
            if (conn === mover && answer !== null)
                conn.socket.send(`{"id":${answer},` + text.slice(1));
            else
                conn.socket.send(text);
        }
    }

    end(result) {
        this.status = 'finished';
        this.result = result;
        this.emit({
            type: 'game_ended', game_number: 1, result,
            clocks: this.clocks(), rated: false,
            moves: this.chess.history({ verbose: true }).map((m) => m.lan),
        });
    }
}

function send(conn, message) {
    conn.socket.send(JSON.stringify(message));
}

function fail(conn, id, code, message) {
    send(conn, { t: 'error', id, code, message });
}

function tableFor(conn, request) {
    const code = typeof request.table === 'string' ? request.table.toUpperCase() : '';
    const table = tables.get(code);
    if (!table)
        fail(conn, request.id, 'bad_join_code', 'no live table has this code');
    return table;
}

// The table and the seat of a request that needs the sender seated at a game in play, or null
// once the error is answered.
function seatInPlay(conn, request) {
    const table = tableFor(conn, request);
    if (!table)
        return null;
    const seat = table.seats.indexOf(conn);
    if (seat < 0)
        fail(conn, request.id, 'not_seated', 'you are not seated at this table');
    else if (table.status === 'waiting')
        fail(conn, request.id, 'not_started', 'the game has not started');
    else if (table.status !== 'playing')
        fail(conn, request.id, 'game_over', 'the game is over');
    else
        return { table, seat };
    return null;
}

const handlers = {
    create_table(conn, request) {
        if ((request.variant ?? 'chess') !== 'chess')
            return fail(conn, request.id, 'bad_setup', 'this server plays chess only');
        const table = new Table(newCode(), conn);
        tables.set(table.code, table);
        conn.tables.add(table);
        send(conn, {
            t: 'table_created', id: request.id, table: table.code, you: 0, state: table.state(),
            code: table.code, link: `/t/${table.code}`,
        });
        table.emit({ type: 'player_seated', seat: 0, player: player(conn) });
    },

    join(conn, request) {
        const code = typeof request.code === 'string'
            ? request.code.replace(/^\/t\//, '').toUpperCase() : '';
        const table = tables.get(code);
        if (!table)
            return fail(conn, request.id, 'bad_join_code', 'no live table has this code');
        if (table.seats[1] || table.seats[0] === conn)
            return fail(conn, request.id, 'table_full', 'both seats are taken');
        table.seats[1] = conn;
        conn.tables.add(table);
        table.status = 'playing';
        table.turnStarted = performance.now();
        table.turnStartedWall = Date.now();
        send(conn, { t: 'table', id: request.id, table: table.code, you: 1, state: table.state() });
        table.emit({ type: 'player_seated', seat: 1, player: player(conn) });
        table.emit({
            type: 'game_started', game_number: 1,
            players: [player(table.seats[0]), player(table.seats[1])],
            start_position: table.chess.fen(), board: boardOf(table.chess),
            legal_moves: legalMovesOf(table.chess), clocks: table.clocks(),
            first_move_deadline: null,
        });
    },

    move(conn, request) {
        const { table, seat } = seatInPlay(conn, request) ?? {};
        if (!table)
            return;
        const toMove = table.chess.turn() === 'w' ? 0 : 1;
        if (seat !== toMove)
            return fail(conn, request.id, 'not_your_turn', 'it is not your turn');
        const ply = table.ply;
        if (request.ply !== ply)
            return fail(conn, request.id, 'stale_ply', `the game is at ply ${ply}`);
        const now = performance.now();
        const spent = now - table.turnStarted;
        if (ply >= 2 && spent > table.clockMs[seat]) {
            table.clockMs[seat] = 0;
            fail(conn, request.id, 'game_over', 'your time ran out');
            return table.end({ kind: 'win', winner: 1 - seat, reason: 'flag' });
        }
        let move;
        try {
            move = table.chess.move(readMove(request.move));
        } catch (error) {
            return fail(conn, request.id, 'illegal_move', error.message);
        }
        table.ply = ply + 1;
        if (ply >= 2)
            table.clockMs[seat] += INCREMENT_MS - spent;
        table.turnStarted = now;
        table.turnStartedWall = Date.now();
        table.emit({
            type: 'move_played', ply, by: seat, to_move: 1 - seat,
            move: moveOf(move, true), position: table.chess.fen(), board: boardOf(table.chess),
            legal_moves: legalMovesOf(table.chess), clocks: table.clocks(),
            first_move_deadline: null,
        }, conn, Number.isInteger(request.id) ? request.id : null);
        if (table.chess.isGameOver()) {
            const reason = endReason(table.chess);
            table.end(reason === 'checkmate'
                ? { kind: 'win', winner: seat, reason }
                : { kind: 'draw', reason });
        }
    },

    resign(conn, request) {
        const { table, seat } = seatInPlay(conn, request) ?? {};
        if (!table)
            return;
        send(conn, { t: 'ok', id: request.id });
        table.end({ kind: 'win', winner: 1 - seat, reason: 'resignation' });
    },

    leave(conn, request) {
        const table = tableFor(conn, request);
        if (!table)
            return;
        if (table.status === 'playing')
            return fail(conn, request.id, 'already_started', 'resign instead');
        send(conn, { t: 'ok', id: request.id });
        leaveTable(conn, table);
    },

    cancel(conn, request) {
        const table = tableFor(conn, request);
        if (!table)
            return;
        if (table.seats[0] !== conn)
            return fail(conn, request.id, 'not_host', 'only the host may cancel');
        if (table.status !== 'waiting')
            return fail(conn, request.id, 'already_started', 'the game has started');
        send(conn, { t: 'ok', id: request.id });
        table.status = 'closed';
        table.emit({ type: 'table_closed', reason: 'cancelled' });
        for (const seated of table.seats)
            seated?.tables.delete(table);
        tables.delete(table.code);
    },
};

function leaveTable(conn, table) {
    const seat = table.seats.indexOf(conn);
    if (seat >= 0)
        table.seats[seat] = null;
    conn.tables.delete(table);
    if (!table.seats[0] && !table.seats[1])
        tables.delete(table.code);
}

const server = http.createServer((request, response) => {
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found\n');
});
const sockets = new WebSocketServer({ server, path: '/ws', maxPayload: 64 * 1024 });

sockets.on('connection', (socket) => {
    const conn = { socket, id: `guest-${nextGuest++}`, tables: new Set(), open: true };
    send(conn, { protocol: 5, server: 'node room server', t: 'hello' });
    send(conn, {
        challenges: [], player: player(conn), t: 'welcome', tables: [], token: conn.id,
    });
    socket.on('message', (data, isBinary) => {
        let request;
        try {
            request = isBinary ? null : JSON.parse(data.toString());
        } catch {
            request = null;
        }
        if (!request || typeof request !== 'object' || typeof request.t !== 'string')
            return fail(conn, null, 'bad_message', 'a message is a JSON object with "t"');
        const handler = Object.hasOwn(handlers, request.t) ? handlers[request.t] : null;
        if (!handler)
            return fail(conn, request.id ?? null, 'bad_message', `unknown message "${request.t}"`);
        handler(conn, request);
    });
    socket.on('close', () => {
        conn.open = false;
        for (const table of [...conn.tables]) {
            if (table.status === 'playing') {
                const seat = table.seats.indexOf(conn);
                table.end({ kind: 'win', winner: 1 - seat, reason: 'abandoned' });
            }
            leaveTable(conn, table);
        }
    });
});

const port = Number(argument('--port') ?? 0);
server.listen(port, '127.0.0.1', () => {
    console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGTERM', 'SIGINT'])
    process.on(signal, () => process.exit(0));
