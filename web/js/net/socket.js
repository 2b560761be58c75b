// The WebSocket link to the server (/ws): JSON objects with a type field `t`, requests with an
// `id` whose reply echoes it (an `error` reply rejects with {code, message}), keep-alive
// pings, and automatic reconnection with backoff. Server pushes (messages that answer no
// pending request) are emitted by their type and as 'message'. A `table_event` that carries
// an id (the answer to a `move`: the mover's copy of the move event, docs/protocol.md §7.5)
// does both, once: it resolves the request and is emitted as the event it also is. State
// changes are emitted as 'state' with one of: 'connecting', 'open', 'reconnecting'; 'hello'
// carries the server's greeting and 'reopened' fires after a reconnect so screens can
// resynchronise.

import { Emitter } from './emitter.js';

// The protocol version this client speaks (the `protocol` of the server's hello).
export const PROTOCOL_VERSION = 5;
const REQUEST_TIMEOUT_MS = 15000;
const PING_EVERY_MS = 20000;
const PONG_WITHIN_MS = 10000;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];

export function default_socket_url(loc = window.location) {
    return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws`;
}

export class Socket extends Emitter {
    constructor(url = default_socket_url()) {
        super();
        this.url = url;
        this.ws = null;
        this.state = 'idle';
        this.next_id = 1;
        this.pending = new Map(); // id -> {resolve, reject, timer, sent}
        this.outbox = [];         // frames waiting for the connection to open
        this.attempt = 0;
        this.ever_opened = false;
        this.server = null;       // the last hello
        this.ping_timer = null;
        this.pong_timer = null;
        this.retry_timer = null;
    }

    connect() {
        if (this.ws) return;
        this.set_state(this.ever_opened || this.attempt > 0 ? 'reconnecting' : 'connecting');
        let ws;
        try {
            ws = new WebSocket(this.url);
        } catch (err) {
            this.schedule_retry();
            return;
        }
        this.ws = ws;
        ws.onmessage = (e) => this.receive(e.data);
        ws.onclose = () => this.on_close(ws);
        ws.onerror = () => {};
    }

    set_state(state) {
        if (state === this.state) return;
        this.state = state;
        this.emit('state', state);
    }

    receive(text) {
        let msg;
        try {
            msg = JSON.parse(text);
        } catch {
            return;
        }
        if (!msg || typeof msg !== 'object' || typeof msg.t !== 'string') return;
        if (msg.t === 'hello') return this.on_hello(msg);
        if (msg.t === 'ping') return this.send_frame({ t: 'pong', id: msg.id });
        if (msg.t === 'pong' && msg.id === this.ping_id) {
            clearTimeout(this.pong_timer);
            this.pong_timer = null;
            this.latency_ms = Date.now() - this.ping_sent;
            this.emit('latency', this.latency_ms);
            return;
        }
        if (msg.id !== undefined && this.pending.has(msg.id)) {
            const req = this.pending.get(msg.id);
            this.pending.delete(msg.id);
            clearTimeout(req.timer);
            if (msg.t === 'error') req.reject({ code: msg.code || 'error', message: msg.message || 'Error' });
            else req.resolve(msg);
            // A move's answer is its event: applied like everyone's copy, here and only here.
            if (msg.t !== 'table_event') return;
        }
        this.emit(msg.t, msg);
        this.emit('message', msg);
    }

    on_hello(msg) {
        const reopened = this.ever_opened;
        this.server = msg;
        this.ever_opened = true;
        this.attempt = 0;
        this.set_state('open');
        this.emit('hello', msg);
        const waiting = this.outbox;
        this.outbox = [];
        for (const frame of waiting) {
            const req = this.pending.get(frame.id);
            if (this.send_frame(frame) && req) req.sent = true;
        }
        this.start_pings();
        if (reopened) this.emit('reopened', msg);
    }

    on_close(ws) {
        if (ws !== this.ws) return;
        this.ws = null;
        this.stop_pings();
        // Requests sent on the dead socket may never be answered; fail them so callers can
        // retry (moves carry their ply, so a resend is harmless).
        for (const [id, req] of this.pending) {
            if (req.sent) {
                clearTimeout(req.timer);
                this.pending.delete(id);
                req.reject({ code: 'disconnected', message: 'The connection was lost.' });
            }
        }
        if (this.state === 'closed') return;
        this.schedule_retry();
    }

    schedule_retry() {
        this.set_state('reconnecting');
        const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
        this.attempt++;
        const delay = base * (0.8 + Math.random() * 0.4);
        clearTimeout(this.retry_timer);
        this.retry_timer = setTimeout(() => this.connect(), delay);
    }

    // Reconnect now instead of waiting for the backoff (e.g. the page became visible).
    retry_now() {
        if (this.state === 'reconnecting' && !this.ws) {
            clearTimeout(this.retry_timer);
            this.connect();
        }
    }

    start_pings() {
        this.stop_pings();
        this.ping_timer = setInterval(() => {
            this.ping_id = `p${this.next_id++}`;
            this.ping_sent = Date.now();
            this.send_frame({ t: 'ping', id: this.ping_id });
            clearTimeout(this.pong_timer);
            this.pong_timer = setTimeout(() => this.drop(), PONG_WITHIN_MS);
        }, PING_EVERY_MS);
    }

    stop_pings() {
        clearInterval(this.ping_timer);
        clearTimeout(this.pong_timer);
        this.ping_timer = null;
        this.pong_timer = null;
    }

    // Closes the current socket (it reconnects by itself).
    drop() {
        if (this.ws) this.ws.close();
    }

    send_frame(frame) {
        if (this.ws && this.state === 'open' && this.ws.readyState === WebSocket.OPEN) {
            this.ws.send(JSON.stringify(frame));
            return true;
        }
        return false;
    }

    // Sends {t: type, id, ...fields}; resolves with the reply, rejects with {code, message}.
    // While disconnected the request waits (up to the timeout) for the connection.
    request(type, fields = {}, { timeout_ms = REQUEST_TIMEOUT_MS } = {}) {
        const id = this.next_id++;
        const frame = { ...fields, t: type, id };
        return new Promise((resolve, reject) => {
            const req = { resolve, reject, sent: false };
            req.timer = setTimeout(() => {
                this.pending.delete(id);
                this.outbox = this.outbox.filter((f) => f !== frame);
                reject({ code: 'timeout', message: 'The server did not answer in time.' });
            }, timeout_ms);
            this.pending.set(id, req);
            if (this.send_frame(frame)) req.sent = true;
            else this.outbox.push(frame);
        });
    }

    // Sends a message that expects no reply.
    notify(type, fields = {}) {
        const frame = { ...fields, t: type };
        if (!this.send_frame(frame)) this.outbox.push(frame);
    }
}
