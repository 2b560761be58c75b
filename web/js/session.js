// Who is logged in: asks the server (GET /api/me) at start and after log in / log out, and
// reconnects the socket after a change so the WebSocket carries the new session cookie.

import { Emitter } from './net/emitter.js';

export class Session extends Emitter {
    constructor(api, socket) {
        super();
        this.api = api;
        this.socket = socket;
        this.user = null; // {name, ratings, ...} or null for a guest
        this.refresh();
    }

    async refresh() {
        try {
            const me = await this.api.me();
            this.user = me && me.name ? me : (me && me.user) || null;
        } catch {
            this.user = null;
        }
        this.emit('change', this.user);
        return this.user;
    }

    async login(name, password) {
        await this.api.login(name, password);
        await this.after_change();
    }

    async register(name, password) {
        await this.api.register(name, password);
        await this.after_change();
    }

    async logout() {
        await this.api.logout();
        await this.after_change();
    }

    async after_change() {
        await this.refresh();
        this.socket.drop();
    }
}
