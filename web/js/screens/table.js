// A table: join (or watch) by code, the board, players and clocks, the move list, game
// actions (draw, resign, abort, rematch, takeback), chat, spectators, sharing a private
// table's code and link, and resuming after a reconnect.

import { h, fill } from '../ui/dom.js';
import { Board } from '../board/board.js';
import { TypedMoveField } from '../board/typed_move.js';
import { normalise_table, apply_event, clocks_now } from '../net/table_state.js';
import { variant_name } from '../ui/variants.js';
import { format_time_control } from '../ui/time_format.js';
import { play_sound } from '../ui/sound.js';
import { player_bar, render_move_list, render_chat, result_text, low_time_ms } from './table_view.js';
import { go } from '../router.js';

export class TableScreen {
    constructor(root, app, route) {
        this.app = app;
        this.code = route.code;
        this.watch_only = route.via === 'watch';
        this.state = null;
        this.pending_move = false;
        this.off = [];
        this.build(root);
        const { api, socket } = app;
        this.off.push(
            api.on('table', (t) => { if (t && t.code === this.code) this.replace(t); }),
            api.on('table_event', (m) => this.on_event(m)),
            api.on('table_gone', (code) => { if (code === this.code) this.gone(); }),
            // Each (re)connection, once its player is known: sit down, or catch up (§7.7).
            api.on('identity', () => { if (!this.closed) (this.state ? this.resume() : this.enter()); }),
        );
        this.tick = setInterval(() => this.render_clocks(), 100);
        if (socket.state === 'open' && api.settled) this.enter();
    }

    destroy() {
        clearInterval(this.tick);
        for (const off of this.off) off();
    }

    build(root) {
        this.status = h('p', { class: 'table-status', role: 'status', 'aria-live': 'polite' },
            `Joining table ${this.code}…`);
        this.top = player_bar('black');
        this.bottom = player_bar('white');
        this.board_holder = h('div', { class: 'board-holder' });
        this.board = new Board(this.board_holder, { label: `Board of table ${this.code}`,
                                                     on_move: (m) => this.play(m) });
        this.move_list = h('ol', { class: 'move-list', 'aria-label': 'Moves' });
        this.actions = h('div', { class: 'table-actions' });
        this.offers = h('div', { class: 'offers', 'aria-live': 'polite' });
        this.error = h('p', { class: 'error', role: 'alert' });
        this.share = h('div', { class: 'share' });
        this.info = h('p', { class: 'muted table-info' });
        this.spectators = h('span', { class: 'pill spectators' });
        this.result = h('p', { class: 'result', role: 'status' });
        this.chat_log = h('div', { class: 'chat-log', role: 'log', 'aria-label': 'Chat' });
        const chat_input = h('input', { id: 'chat-input', maxlength: 200, autocomplete: 'off', placeholder: 'Say something' });
        const chat_form = h('form', { class: 'chat-form', onsubmit: async (e) => {
            e.preventDefault();
            const text = chat_input.value.trim();
            if (!text || !this.state) return;
            chat_input.value = '';
            try {
                await this.app.api.chat(this.code, text);
            } catch (err) {
                this.error.textContent = err.message;
            }
        } }, h('label', { for: 'chat-input', class: 'visually-hidden' }, 'Chat message'),
        h('div', { class: 'inline' }, chat_input, h('button', { type: 'submit' }, 'Send')));
        const typed_form = h('form', {});
        this.typed = new TypedMoveField(typed_form, (m) => this.play(m));
        const flip = h('button', { type: 'button', class: 'small', onclick: () => this.board.flip() }, 'Flip board');
        fill(root, h('div', { class: 'table-screen' },
            h('section', { class: 'board-area', 'aria-label': 'Board' },
                this.top.bar, this.board_holder, this.bottom.bar,
                h('div', { class: 'board-tools' }, flip, typed_form)),
            h('section', { class: 'card side-panel', 'aria-label': 'Game' },
                h('div', { class: 'panel-head' }, h('h2', {}, `Table ${this.code}`), this.spectators),
                this.info, this.status, this.share, this.result, this.move_list, this.offers, this.actions,
                this.error,
                h('h3', {}, 'Chat'), this.chat_log, chat_form)));
    }

    async enter() {
        const { api } = this.app;
        try {
            this.replace(this.watch_only ? await api.watch(this.code) : await api.join(this.code));
        } catch (err) {
            if (err.code === 'table_full' && !this.watch_only) {
                try {
                    this.replace(await api.watch(this.code));
                    this.status.textContent = 'The table is full: you are watching.';
                    return;
                } catch (err2) {
                    err = err2;
                }
            }
            this.status.textContent = err.code === 'bad_join_code'
                ? `There is no table with the code ${this.code}.` : `Could not open table ${this.code}: ${err.message}`;
            this.status.classList.add('error');
        }
    }

    // After a reconnect: ask for what was missed since the last version seen.
    async resume() {
        if (!this.state) return this.enter();
        try {
            const reply = await this.app.api.resync(this.code, this.state.version);
            if (reply && reply.table) this.replace(reply.table);
        } catch (err) {
            this.error.textContent = `Could not resume: ${err.message}`;
        }
    }

    replace(table) {
        if (!table || !table.position) return;
        this.state = normalise_table(table);
        this.pending_move = false;
        if (this.state.you === 'black' && this.board.orientation !== 'black') this.board.orientation = 'black';
        this.render();
    }

    on_event(msg) {
        if (!this.state || msg.table !== this.code) return;
        if (Number.isInteger(msg.version) && msg.version <= this.state.version) return;
        const next = apply_event(this.state, msg);
        if (!next) {
            this.resume();
            return;
        }
        if (next === this.state) return;
        const e = msg.event || {};
        this.state = next;
        if (e.type === 'move' || e.type === 'moved' || e.type === 'move_played' || e.type === 'takeback_done') {
            this.pending_move = false;
            play_sound(e.move && e.move.captures && e.move.captures.length ? 'capture' : 'move');
        } else if (e.type === 'started' && next.you) {
            this.board.orientation = next.you; // a rematch swaps the colours
        } else if (e.type === 'ended' || e.type === 'game_ended') {
            play_sound('end');
        } else if (e.type === 'rematch' && e.code) {
            go(`#/table/${e.code}`);
            return;
        }
        this.render();
    }

    // The server dropped this finished table: nothing more can happen at it.
    gone() {
        this.closed = true;
        if (this.state) {
            this.state = { ...this.state, status: 'over', legal_moves: [], rematch_offer: null };
            this.render();
        }
        fill(this.actions, h('button', { type: 'button', class: 'small', onclick: () => go('#/') }, 'Back to lobby'));
        this.status.textContent = 'This table has closed.';
    }

    my_turn() {
        const s = this.state;
        return s && s.status === 'playing' && s.you && s.you === s.to_move && !this.pending_move;
    }

    async play(move) {
        if (!this.my_turn()) return;
        this.pending_move = true;
        this.render_board();
        this.error.textContent = '';
        try {
            await this.app.api.move(this.code, this.state.ply, move.move);
        } catch (err) {
            this.pending_move = false;
            this.error.textContent = err.message;
            this.render_board();
        }
    }

    render() {
        const s = this.state;
        this.render_board();
        const flipped = this.board.orientation === 'black';
        const [top_colour, bottom_colour] = flipped ? ['white', 'black'] : ['black', 'white'];
        this.top.colour = top_colour;
        this.bottom.colour = bottom_colour;
        this.top.bar.dataset.colour = top_colour;
        this.bottom.bar.dataset.colour = bottom_colour;
        this.top.show(s.seats[top_colour], top_colour);
        this.bottom.show(s.seats[bottom_colour], bottom_colour);
        this.info.textContent = `${variant_name(s.variant)} · ${format_time_control(s.time)} · ${s.rated ? 'rated' : 'casual'}${s.private ? ' · private' : ''}`;
        this.spectators.textContent = `${s.spectators} watching`;
        this.status.classList.remove('error');
        this.status.textContent = this.status_text();
        this.result.textContent = result_text(s.result);
        render_move_list(this.move_list, s.moves, s.ply);
        render_chat(this.chat_log, s.chat);
        this.render_share();
        this.render_actions();
        this.render_clocks();
    }

    status_text() {
        const s = this.state;
        if (s.status === 'over') return 'Game over';
        if (s.status === 'waiting') return s.private ? 'Waiting for your opponent: share the code or the link.' : 'Waiting for an opponent…';
        if (!s.you) return `${s.to_move === 'white' ? 'White' : 'Black'} to move · you are watching`;
        return s.to_move === s.you ? 'Your move' : 'Waiting for your opponent’s move';
    }

    render_board() {
        const s = this.state;
        const last = s.moves[s.moves.length - 1];
        try {
            this.board.set({ grid: s.position, variant: s.variant, last_move: last || null,
                             moves: this.my_turn() ? s.legal_moves : [] });
        } catch (err) {
            this.error.textContent = `This board cannot be drawn: ${err.message}`;
        }
        this.typed.set_moves(this.my_turn() ? s.legal_moves : [], (c) => this.board.cell_name(c));
    }

    render_clocks() {
        if (!this.state) return;
        const c = clocks_now(this.state);
        const low = low_time_ms(this.state.time);
        for (const bar of [this.top, this.bottom]) {
            bar.show_clock(c ? c[bar.colour] : null, c && c.running === bar.colour, low);
        }
    }

    render_share() {
        const s = this.state;
        if (!s.private || s.status === 'over') {
            fill(this.share);
            return;
        }
        const link = `${window.location.origin}/t/${s.code}`;
        const note = h('span', { class: 'notice', 'aria-live': 'polite' });
        const copy = (text, what) => async () => {
            try {
                await navigator.clipboard.writeText(text);
                note.textContent = `${what} copied`;
            } catch {
                note.textContent = `Copy this ${what.toLowerCase()}: ${text}`;
            }
        };
        fill(this.share, h('div', { class: 'share-box' },
            h('p', {}, 'Code ', h('strong', { class: 'join-code' }, s.code)),
            h('input', { readonly: true, value: link, 'aria-label': 'Join link', class: 'join-link' }),
            h('div', { class: 'inline' },
                h('button', { type: 'button', class: 'small', onclick: copy(s.code, 'Code') }, 'Copy code'),
                h('button', { type: 'button', class: 'small', onclick: copy(link, 'Link') }, 'Copy link'), note)));
    }

    render_actions() {
        const s = this.state;
        const api = this.app.api;
        const other = s.you === 'white' ? 'black' : 'white';
        const act = (label, fn, cls = 'small') => h('button', { type: 'button', class: cls, onclick: async () => {
            this.error.textContent = '';
            try {
                await fn(this.code);
            } catch (err) {
                this.error.textContent = err.message;
            }
        } }, label);
        const offers = [];
        const buttons = [];
        if (s.you && s.status === 'playing') {
            if (s.draw_offer === other) {
                offers.push(h('p', {}, 'Your opponent offers a draw.'),
                    act('Accept draw', (c) => api.accept_draw(c), 'small primary'), act('Decline', (c) => api.decline_draw(c)));
            } else if (s.draw_offer === s.you) {
                offers.push(h('p', { class: 'muted' }, 'Draw offered.'));
            }
            if (s.takeback_offer === other) {
                offers.push(h('p', {}, 'Your opponent asks to take back a move.'),
                    act('Accept takeback', (c) => api.accept_takeback(c), 'small primary'), act('Decline', (c) => api.decline_takeback(c)));
            }
            if (s.absent === other) {
                offers.push(h('p', {}, 'Your opponent has left and did not come back in time.'),
                    act('Claim the win', (c) => api.claim_win(c), 'small primary'),
                    act('Call it a draw', (c) => api.claim_draw(c)));
            }
            const both_moved = s.ply >= 2;
            if (!both_moved) buttons.push(act('Abort', (c) => api.abort(c)));
            if (s.draw_offer !== s.you) buttons.push(act('Offer draw', (c) => api.offer_draw(c)));
            if (!s.rated && s.ply > 0) buttons.push(act('Takeback', (c) => api.request_takeback(c)));
            buttons.push(act('Resign', (c) => api.resign(c), 'small danger'));
        } else if (s.you && s.status === 'over') {
            if (s.rematch_offer === other) {
                offers.push(h('p', {}, 'Your opponent wants a rematch.'));
                buttons.push(act('Accept rematch', (c) => api.accept_rematch(c), 'small primary'));
            } else if (s.rematch_offer === s.you) {
                offers.push(h('p', { class: 'muted' }, 'Rematch offered.'));
            } else {
                buttons.push(act('Rematch', (c) => api.offer_rematch(c), 'small primary'));
            }
        }
        if (s.you && s.status === 'waiting') buttons.push(act('Leave table', async (c) => { await api.leave(c); go('#/'); }));
        buttons.push(h('button', { type: 'button', class: 'small', onclick: () => go('#/') }, 'Back to lobby'));
        fill(this.offers, offers);
        fill(this.actions, buttons);
    }
}
