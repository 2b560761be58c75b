// A table: join (or watch) by code, the board, players and clocks, the move list with
// navigation (first/back/forward/last, arrow keys, a click on a move) and the replay of a
// finished game, the game's record to download, game actions (draw, resign and abort with a
// confirming second click, rematch, takeback), moves drawn at once and taken back if refused,
// one premove in real-time games, chat, spectators, sharing a private table's code and link
// while a seat is open, and resuming after a reconnect. Chinese checkers and Halma get the
// board of their family (HopBoard), made once the first state names the variant; premoves
// do not apply to them. A table of more than two seats (state.group: Chinese checkers for 3, 4
// or 6, Halma for 4) shows its players in a seat list under the board instead of the two
// player bars (seat_list.js), has no draw offers nor takebacks, and a resignation there only
// takes the player out while the others play on (docs/protocol.md §7.6).

import { h, fill, fill_keeping_focus } from '../ui/dom.js';
import { Board } from '../board/board.js';
import { HopBoard } from '../board/hop_board.js';
import { SEAT_CORNERS, is_halma_variant } from '../board/halma_cells.js';
import { corner_style, PIECE_STYLES } from '../board/halma_pieces.js';
import { TypedMoveField } from '../board/typed_move.js';
import { material } from '../board/material.js';
import { algebraic_squares, board_numbers, move_text, apply_move, with_paths } from '../board/notation.js';
import { normalise_table, apply_event, clocks_now } from '../net/table_state.js';
import { is_chess_variant, record_format, variant_name } from '../ui/variants.js';
import { format_clock, format_time_control } from '../ui/time_format.js';
import { play_sound } from '../ui/sound.js';
import { player_bar, render_move_list, render_move_strip, render_chat, result_text, group_result_text, low_time_ms } from './table_view.js';
import { SeatList } from './seat_list.js';
import { seats_by_place } from '../net/group_state.js';
import { game_record, result_score } from './game_record.js';
import { BoardSizer } from './board_size.js';
import { MoveHistory } from './move_history.js';
import { go } from '../router.js';

const CONFIRM_MS = 4000; // how long a "Confirm resign" button waits for its second click

export class TableScreen {
    constructor(root, app, route) {
        this.app = app;
        this.code = route.code;
        this.watch_only = route.via === 'watch';
        this.state = null;
        this.pending_move = null; // {move, grid}: sent, drawn at once, not yet answered
        this.premove = null; // {from, to}: one queued move for when our turn comes
        this.confirming = null; // 'resign' | 'abort' awaiting its second click
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
        this.on_key = (e) => this.key(e);
        document.addEventListener('keydown', this.on_key);
        this.tick = setInterval(() => this.render_clocks(), 100);
        if (socket.state === 'open' && api.settled) this.enter();
    }

    destroy() {
        this.closed_screen = true;
        clearInterval(this.tick);
        clearTimeout(this.confirm_timer);
        document.removeEventListener('keydown', this.on_key);
        this.sizer.destroy();
        for (const off of this.off) off();
    }

    build(root) {
        this.status = h('p', { class: 'table-status' }, `Joining table ${this.code}…`);
        // The phone's copy of the status line, in the bar right under the board (app.css shows
        // it up to 600px, where the game's panel is below the fold); the announcer speaks it.
        this.phone_status = h('p', { class: 'phone-status', 'aria-hidden': 'true' });
        // What a screen reader hears: every move as the list writes it, with whose turn it is,
        // and every other change of the status line (announce()).
        this.announcer = h('p', { class: 'visually-hidden table-announcer', role: 'status', 'aria-live': 'polite' });
        this.top = player_bar('black');
        this.bottom = player_bar('white');
        this.board_holder = h('div', { class: 'board-holder' });
        this.board = null; // made by make_board() once the variant is known
        this.hop = false; // the board is a HopBoard (Chinese checkers, Halma)
        this.hop_turn = 0; // the HopBoard shows the home of the seat this many after one's own
        this.seat_list = new SeatList(); // a table of more than two seats: its players
        this.move_list = h('ol', { class: 'move-list', 'aria-label': 'Moves' });
        this.move_list.addEventListener('click', (e) => {
            const el = e.target.closest('.move');
            if (el) this.history.show(Number(el.dataset.ply) + 1);
        });
        // Chinese checkers and Halma: the move under the pointer (or the focus) in the list is
        // drawn on the board, its from-to text meaning little to the eye.
        const show_path = (e) => {
            if (!this.hop || !this.board || !this.state) return;
            const el = e.target.closest && e.target.closest('.move');
            const move = el ? this.state.moves[Number(el.dataset.ply)] : null;
            this.board.show_path(move ? move.path : null);
        };
        this.move_list.addEventListener('pointerover', show_path);
        this.move_list.addEventListener('focusin', show_path);
        this.move_list.addEventListener('pointerleave', () => { if (this.hop && this.board) this.board.show_path(null); });
        this.move_list.addEventListener('focusout', () => { if (this.hop && this.board) this.board.show_path(null); });
        this.strip = h('ol', { class: 'move-strip', 'aria-label': 'Last moves' });
        this.strip.addEventListener('click', (e) => {
            const el = e.target.closest('.move');
            if (el) this.history.show(Number(el.dataset.ply) + 1);
        });
        this.history = new MoveHistory(() => { this.error.textContent = ''; this.render_board(); this.render_moves(); },
                                       (text) => { this.error.textContent = text; });
        this.actions = h('div', { class: 'table-actions' });
        this.offers = h('div', { class: 'offers', 'aria-live': 'polite' });
        this.error = h('p', { class: 'error', role: 'alert' });
        this.share = h('div', { class: 'share' });
        this.info = h('p', { class: 'muted table-info' });
        this.spectators = h('span', { class: 'pill spectators' });
        this.result = h('p', { class: 'result' }); // announced with "Game over" (render_status)
        this.premove_note = h('span', { class: 'premove-note', 'aria-live': 'polite' });
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
        const typed_form = this.typed_form = h('form', {});
        this.typed = new TypedMoveField(typed_form, (m) => this.play(m));
        // The position and the clocks in words, as lichess's blind mode reads them: by a button
        // or by typing p or c in the move field; the announcer speaks them.
        this.typed.set_commands({ p: () => this.read_position(), c: () => this.read_clocks() },
                                'Type p to hear the position, c the clocks.');
        const read_position = h('button', { type: 'button', class: 'small read-position', onclick: () => this.read_position() }, 'Read position');
        const read_clocks = h('button', { type: 'button', class: 'small read-clocks', onclick: () => this.read_clocks() }, 'Read clocks');
        const flip = h('button', { type: 'button', class: 'small', onclick: () => this.flip() }, 'Flip board');
        this.download = h('button', { type: 'button', class: 'small download-record', onclick: () => this.save_record() }, 'Download');
        // A finished game the server stored: its record from /api, by the id the table gave.
        this.stored = h('a', { class: 'small stored-record', download: '', hidden: true }, 'Stored record');
        this.grip = h('button', { type: 'button', class: 'board-grip', 'aria-label': 'Board size: drag, or use the arrow keys',
                                  title: 'Drag to resize the board' });
        this.board_holder.append(this.grip);
        // Desktop: the board on the left; on the right the game, the controls, then the tools
        // and the chat. Phone: one column, the last moves in a strip above the board and the
        // controls in a bar right below it (app.css).
        this.area = h('section', { class: 'board-area', 'aria-label': 'Board' },
            this.strip, this.top.bar, this.board_holder, this.bottom.bar, this.seat_list.element);
        fill(root, h('div', { class: 'table-screen' },
            this.area,
            h('section', { class: 'card game-info side-panel', 'aria-label': 'Game' },
                h('div', { class: 'panel-head' }, h('h2', {}, `Table ${this.code}`), this.spectators),
                this.info, this.status, this.announcer, this.share, this.result, this.move_list),
            this.action_bar = h('section', { class: 'action-bar', 'aria-label': 'Game actions' },
                this.phone_status, h('div', { class: 'action-row' }, this.history.element, this.actions), this.offers, this.error),
            h('section', { class: 'card game-tools', 'aria-label': 'Tools and chat' },
                h('div', { class: 'board-tools' }, flip, read_position, read_clocks, this.download, this.stored, this.premove_note), typed_form,
                h('h3', {}, 'Chat'), this.chat_log, chat_form)));
        this.sizer = new BoardSizer(this.area, this.board_holder, this.grip, this.action_bar);
        // Sized at once, before the first state: the board's space is kept while it loads.
        requestAnimationFrame(() => { if (!this.closed_screen) this.sizer.fit(); });
    }

    // The board of the variant, made from the first state: a HopBoard for the halma family,
    // else a Board. A table keeps its variant (a rematch too), so the board stays.
    make_board(variant, group) {
        if (this.board) return;
        this.hop = is_halma_variant(variant);
        const label = `Board of table ${this.code}`;
        if (this.hop) {
            // A table of more than two has its players in the seat list: no strip on the board
            // to name them twice (and shrink the board).
            this.board = new HopBoard(this.board_holder, { label, on_move: (m) => this.play(m), arrows_step_moves: true,
                                                            strip: !group });
        } else {
            this.board = new Board(this.board_holder, { label, on_move: (m) => this.play(m), arrows_step_moves: true,
                                                         on_premove: (p) => this.set_premove(p) });
            // A right click on the board cancels a queued premove (or one being chosen).
            this.board.svg.addEventListener('contextmenu', (e) => {
                if (!this.premove && this.board.premove_from < 0) return;
                e.preventDefault();
                this.cancel_premove();
            });
        }
        this.board_holder.append(this.grip); // the grip stays on top, at the corner
    }

    // Turns the board: a HopBoard to the next seat's home (half a turn at two seats).
    flip() {
        if (!this.board) return;
        if (this.hop) this.hop_turn = (this.hop_turn + 1) % this.seat_count();
        else this.board.flip();
        this.render();
    }

    seat_count() {
        return this.state.group ? this.state.seats.length : 2;
    }

    // The seat index of a seat as the state names it: a colour at two seats, an index at more.
    seat_index(seat) {
        if (this.state.group) return Number.isInteger(seat) ? seat : -1;
        return seat === 'white' ? 0 : seat === 'black' ? 1 : -1;
    }

    // The HopBoard's seat at the bottom: the player's own (spectators: the first seat's).
    viewer_seat() {
        const own = Math.max(0, this.seat_index(this.state && this.state.you));
        return (own + this.hop_turn) % this.seat_count();
    }

    // The piece style (halma_pieces.js) of each seat, in turn order.
    seat_styles() {
        const shape = this.state.variant.startsWith('halma') ? 'square' : 'star';
        return SEAT_CORNERS[this.state.variant].map((corner) => corner_style(shape, corner));
    }

    // A seat of a table of more than two by name.
    seat_name(seat) {
        const p = this.state.seats[seat];
        return p ? p.name : `Seat ${seat + 1}`;
    }

    // The colour a player bar shows: the side ('white'), or on a HopBoard the colour of the
    // seat's pieces ('red'), so the bar matches the pieces.
    seat_style(colour) {
        const corners = SEAT_CORNERS[this.state.variant];
        const shape = this.state.variant.startsWith('halma') ? 'square' : 'star';
        return PIECE_STYLES[corner_style(shape, corners[colour === 'white' ? 0 : 1])].colour;
    }

    // "White", or at the halma family's table the player's name (its colours are not white
    // and black).
    side_name(colour) {
        const seat = this.state.seats[colour];
        if (this.hop) return seat ? seat.name : colour === 'white' ? 'Seat 1' : 'Seat 2';
        return colour === 'white' ? 'White' : 'Black';
    }

    async enter() {
        const { api } = this.app;
        try {
            this.replace(this.watch_only ? await api.watch(this.code) : await api.join(this.code));
        } catch (err) {
            if (err.code === 'table_full' && !this.watch_only) {
                try {
                    this.replace(await api.watch(this.code));
                    this.say_status('The table is full: you are watching.');
                    return;
                } catch (err2) {
                    err = err2;
                }
            }
            this.say_status(err.code === 'bad_join_code'
                ? `There is no table with the code ${this.code}.` : `Could not open table ${this.code}: ${err.message}`);
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
        this.pending_move = null;
        this.history.update(this.state);
        this.make_board(this.state.variant, this.state.group);
        if (!this.hop && this.state.you === 'black' && this.board.orientation !== 'black') this.board.orientation = 'black';
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
        const before = this.state;
        this.state = next;
        // A new game or a takeback goes back to the live position.
        this.history.update(next, e.type === 'started' || e.type === 'game_started' || e.type === 'takeback_done');
        if (e.type === 'move' || e.type === 'moved' || e.type === 'move_played' || e.type === 'takeback_done') {
            this.pending_move = null;
            play_sound(e.move && e.move.captures && e.move.captures.length ? 'capture' : 'move');
        } else if (e.type === 'started' && next.you !== null) {
            if (this.hop) this.hop_turn = 0; // a rematch swaps the seats: one's own at the bottom
            else this.board.orientation = next.you; // a rematch swaps the colours
            this.premove = null;
        } else if (e.type === 'retired') { // a player left a game of more than two
            play_sound('notify');
        } else if (e.type === 'ended' || e.type === 'game_ended') {
            this.premove = null;
            this.pending_move = null;
            play_sound('end');
        } else if (e.type === 'rematch' && e.code) {
            go(`#/table/${e.code}`);
            return;
        }
        const moved = e.type === 'move' || e.type === 'moved' || e.type === 'move_played';
        this.announcing_move = moved;
        this.render();
        this.announcing_move = false;
        if (moved) this.announce_move(before);
        if (before.to_move !== next.to_move && this.my_turn()) this.play_premove();
    }

    // The server dropped this finished table: nothing more can happen at it.
    gone() {
        this.closed = true;
        if (this.state) {
            this.state = { ...this.state, status: 'over', legal_moves: [], rematch_offer: null };
            this.history.update(this.state);
            this.render();
        }
        fill_keeping_focus(this.actions, h('button', { type: 'button', class: 'small', onclick: () => go('#/') }, 'Back to lobby'));
        this.say_status('This table has closed.');
    }

    my_turn() {
        const s = this.state;
        return s && s.status === 'playing' && s.you !== null && s.you === s.to_move && !this.pending_move
            && !(s.group && s.seats[s.you] && s.seats[s.you].retired);
    }

    // A real-time game where it is the opponent's move: premoves are offered.
    can_premove() {
        const s = this.state;
        return !!(s && !this.hop && s.status === 'playing' && s.you !== null && !(s.time && s.time.days)
            && (s.to_move !== s.you || this.pending_move));
    }

    async play(move) {
        if (!this.my_turn()) return;
        const s = this.state;
        const grid = apply_move(s.position, s.variant, move);
        this.pending_move = { move, grid };
        this.history.update(s, true);
        this.render_board();
        this.render_status();
        this.error.textContent = '';
        try {
            await this.app.api.move(this.code, s.ply, move.move);
        } catch (err) {
            // Refused: the move drawn at once goes back.
            this.pending_move = null;
            this.error.textContent = err.message;
            this.render_board();
            this.render_status();
        }
    }

    set_premove(p) {
        if (!this.can_premove()) return;
        this.premove = p;
        this.render_board();
        this.render_premove_note();
    }

    cancel_premove() {
        this.premove = null;
        if (!this.hop) this.board.premove_from = -1;
        this.render_board();
        this.render_premove_note();
    }

    // Our turn came: the queued premove is played if a legal move goes from its cell to its
    // cell (a promotion takes the queen: the first such move in the server's list otherwise).
    play_premove() {
        const p = this.premove;
        if (!p) return;
        this.premove = null;
        const fits = with_paths(this.state.legal_moves, this.state.position, this.state.variant).filter((m) => Array.isArray(m.path) && m.path[0] === p.from
            && m.path[m.path.length - 1] === p.to);
        const move = fits.find((m) => /q$/.test(m.move)) || fits[0];
        this.render_premove_note(move ? '' : 'The premove was not legal: dropped.');
        if (move) this.play(move);
        else this.render_board();
    }

    render_premove_note(text) {
        if (this.premove) {
            fill_keeping_focus(this.premove_note, `Premove ${this.board.cell_name(this.premove.from)}–${this.board.cell_name(this.premove.to)} `,
                h('button', { type: 'button', class: 'small cancel-premove', onclick: () => this.cancel_premove() }, 'Cancel premove'));
        } else {
            fill_keeping_focus(this.premove_note, text || '');
        }
    }

    key(e) {
        if (!this.state || e.altKey || e.ctrlKey || e.metaKey) return;
        const t = e.target;
        if (t && t.closest && t.closest('input, textarea, select')) return;
        if (e.key === 'Escape' && this.premove) { // also from the board, which cancels a selection
            e.preventDefault();
            this.cancel_premove();
            return;
        }
        // The board's cursor and the grip take their own arrows (a board focused by a click
        // leaves them to the moves: board_input.js).
        if (e.defaultPrevented || (t && t.closest && t.closest('.board-grip'))) return;
        if (this.history.key(e)) e.preventDefault();
    }

    render() {
        const s = this.state;
        this.top.bar.hidden = this.bottom.bar.hidden = s.group;
        this.seat_list.element.hidden = !s.group;
        if (s.group) this.render_seat_list();
        else this.render_player_bars();
        if (this.premove && !(s.status === 'playing' && s.you !== null)) this.premove = null;
        this.render_board();
        this.info.textContent = `${variant_name(s.variant)} · ${format_time_control(s.time)} · ${s.rated ? 'rated' : 'casual'}${s.private ? ' · private' : ''}`;
        this.spectators.textContent = `${s.spectators} watching`;
        this.spectators.hidden = !s.spectators;
        this.render_status();
        this.result.textContent = this.result_line();
        this.render_moves();
        render_chat(this.chat_log, s.chat);
        this.render_share();
        this.render_actions();
        this.render_clocks();
        this.render_premove_note();
        // Turkish men move straight ahead and sideways, never diagonally.
        this.typed.input.placeholder = is_chess_variant(s.variant) ? 'e.g. e4, Nf3, O-O'
            : s.variant === 'turkish' ? 'e.g. c3-c4, c4xc6'
                : this.hop ? (s.variant.startsWith('halma') ? 'e.g. b5-c6, a4-c6' : 'e.g. n2-m6, o1-m5')
                    : algebraic_squares(s.variant) ? 'e.g. c3-d4, c3:e5' : 'e.g. 32-28, 28x19';
        // Once the game is over no move can be typed: the field goes.
        this.typed_form.hidden = s.status === 'over';
        this.download.textContent = `Download ${record_format(s.variant).toUpperCase()}`;
        // The page writes the record of a game of two; a game of more has its stored one.
        this.download.hidden = !s.moves.length || s.group;
        const format = record_format(s.variant);
        this.stored.hidden = !(s.status === 'over' && s.game_id !== null && s.game_id !== undefined);
        if (!this.stored.hidden) {
            this.stored.href = this.app.api.game_download_url(s.game_id, format);
            this.stored.textContent = `Download the stored record (${format.toUpperCase()})`;
        }
        this.sizer.fit();
    }

    // The result in words ("White wins · resignation"), '' while the game is on.
    result_line() {
        const s = this.state;
        return s.group ? group_result_text(s.result, s.seats.map((p, i) => this.seat_name(i)))
            : result_text(s.result, this.hop ? { white: this.side_name('white'), black: this.side_name('black') } : null);
    }

    // The places by seat: the result's once over, else none.
    places() {
        const s = this.state;
        return s.result && Array.isArray(s.result.places) ? s.result.places : s.seats.map(() => 0);
    }

    render_seat_list() {
        const s = this.state;
        this.seat_list.show({ seats: s.seats, styles: this.seat_styles(), you: s.you,
                              to_move: s.status === 'playing' ? s.to_move : -1, places: this.places(),
                              finished: s.finished || [] });
    }

    render_player_bars() {
        const s = this.state;
        const flipped = this.hop ? this.viewer_seat() === 1 : this.board.orientation === 'black';
        const [top_colour, bottom_colour] = flipped ? ['white', 'black'] : ['black', 'white'];
        this.top.colour = top_colour;
        this.bottom.colour = bottom_colour;
        for (const [bar, colour] of [[this.top, top_colour], [this.bottom, bottom_colour]]) {
            bar.bar.dataset.colour = colour;
            if (this.hop) bar.bar.dataset.style = this.seat_style(colour);
            else delete bar.bar.dataset.style;
            bar.show(s.seats[colour], this.hop ? `seat ${colour === 'white' ? 1 : 2}` : colour);
        }
    }

    render_status() {
        this.status.classList.remove('error');
        const text = this.status_text();
        if (text === this.status.textContent) return;
        this.status.textContent = this.phone_status.textContent = text;
        // A move says whose turn it is itself (announce_move); "Game over" comes with the result.
        if (!this.announcing_move && !this.pending_move) this.announce(this.state.status === 'over' ? `Game over. ${this.result_line()}` : text);
    }

    announce(text) {
        this.announcer.textContent = text;
    }

    // A status that is not the game's (a table that cannot be opened, or closed), shown and said.
    say_status(text) {
        this.status.textContent = this.phone_status.textContent = text;
        this.announce(text);
    }

    // The position shown on the board, piece by piece (the board's describe_position()), with
    // the move it is after when an earlier one is shown.
    read_position() {
        if (!this.board || !this.state) return;
        const shown = this.history.shown();
        const texts = this.move_texts();
        const when = !this.history.live() ? `Position after ${shown ? `move ${shown}, ${texts[shown - 1]}` : 'no move'}. ` : '';
        this.announce(`${when}${this.board.describe_position()}`);
    }

    // Every clock, and which one runs: "White, ann: 4:59, running. Black, bob: 5:00."
    read_clocks() {
        const s = this.state;
        if (!s) return;
        const c = clocks_now(s);
        if (!c) {
            this.announce('This game has no clocks.');
            return;
        }
        const say = (who, ms, running) => `${who}: ${format_clock(ms)}${running ? ', running' : ''}.`;
        if (s.group) {
            this.announce(s.seats.map((p, i) => say(this.seat_name(i), c.seats[i], c.running === i)).join(' '));
            return;
        }
        this.announce(['white', 'black'].map((colour) => {
            const player = s.seats[colour];
            const who = this.hop ? this.side_name(colour) : `${this.side_name(colour)}${player ? `, ${player.name}` : ''}`;
            return say(who, c[colour], c.running === colour);
        }).join(' '));
    }

    // "Black played e5. Your move.": the last move as the move list writes it, who made it
    // (`before`: the state before the move) and what the status line says now.
    announce_move(before) {
        const s = this.state;
        const texts = this.move_texts();
        if (!texts.length) return;
        const mover = before.to_move;
        const who = mover === s.you && s.you !== null ? 'You'
            : s.group ? this.seat_name(mover) : this.side_name(mover);
        const after = s.status === 'over' ? `Game over. ${this.result_line()}` : this.status_text();
        this.announce(`${who} played ${texts[texts.length - 1]}. ${after}`);
    }

    status_text() {
        const s = this.state;
        if (s.group) return this.group_status_text();
        if (s.status === 'over') return 'Game over';
        if (s.status === 'waiting') return s.private ? 'Waiting for your opponent: share the code or the link.' : 'Waiting for an opponent…';
        if (!s.you) return `${this.side_name(s.to_move)} to move · you are watching`;
        if (this.pending_move) return 'Move sent…';
        return s.to_move === s.you ? 'Your move' : 'Waiting for your opponent’s move';
    }

    // Whose turn it is at a table of more than two, for players and spectators alike.
    group_status_text() {
        const s = this.state;
        if (s.status === 'over') return 'Game over';
        if (s.status === 'waiting') {
            const seated = s.seats.filter(Boolean).length;
            const more = s.private ? ': share the code or the link.' : '…';
            return `Waiting for players (${seated} of ${s.seats.length} seated)${more}`;
        }
        const mover = this.seat_name(s.to_move);
        if (s.you === null) return `${mover} to move · you are watching`;
        if (s.seats[s.you] && s.seats[s.you].retired) return `You have left this game · ${mover} to move`;
        if (this.pending_move) return 'Move sent…';
        return s.to_move === s.you ? 'Your move' : `${mover} to move`;
    }

    move_texts() {
        const s = this.state;
        return s.moves.map((m) => move_text(s.variant, m, s.position));
    }

    render_moves() {
        const texts = this.move_texts();
        const shown = this.history.shown();
        const per_row = this.state.group ? 1 : 2; // a table of more: one move a line
        const ending = this.state.status === 'over' ? [result_score(this.state), this.result_line()].filter(Boolean).join(' · ') : '';
        render_move_list(this.move_list, texts, shown, per_row, ending);
        render_move_strip(this.strip, texts, shown, per_row, ending);
        this.area.classList.toggle('viewing-past', !this.history.live());
        this.history.render();
    }

    render_board() {
        const s = this.state;
        let grid = s.position;
        let last = s.moves[s.moves.length - 1] || null;
        let moves = this.my_turn() ? with_paths(s.legal_moves, grid, s.variant) : [];
        if (this.pending_move) {
            grid = this.pending_move.grid || grid;
            last = this.pending_move.move;
            moves = [];
        } else if (this.history.past()) {
            ({ grid, last } = this.history.past());
            moves = [];
        }
        const premoving = this.can_premove() && this.history.live();
        try {
            if (this.hop) {
                this.board.set(this.hop_view(grid, last, moves));
            } else {
                this.board.set({ grid, variant: s.variant, last_move: last, moves,
                                 numbers: board_numbers(grid, s.variant),
                                 squares: s.variant === 'turkish' ? 'plain' : s.variant === 'spanish' ? 'light' : null,
                                 premove_side: premoving ? s.you : null, premove: premoving ? this.premove : null });
            }
        } catch (err) {
            this.error.textContent = `This board cannot be drawn: ${err.message}`;
        }
        if (!s.group) {
            const m = this.hop ? null : material(grid, s.variant);
            for (const bar of [this.top, this.bottom]) bar.show_material(m ? m[bar.colour] : null);
        }
        this.typed.set_moves(this.my_turn() && this.history.live() ? with_paths(s.legal_moves, grid, s.variant) : [],
                             (c) => this.board.cell_name(c), this.idle_text());
    }

    // Why no move can be typed now.
    idle_text() {
        const s = this.state;
        if (s.status !== 'playing') return 'The game is not in play.';
        if (s.you === null) return 'You are watching this game.';
        if (!this.history.live()) return 'An earlier position is shown: go to the last move (End) to play.';
        if (this.pending_move) return 'Your move was sent.';
        return 'Wait for your turn.';
    }

    // What a HopBoard shows besides the grid: the seat to move (in an earlier position too,
    // counted back from the live one; none once the game is over), the players by seat, the
    // winner first once over, and the viewer's home at the bottom.
    hop_view(grid, last, moves) {
        const s = this.state;
        if (s.group) return this.group_hop_view(grid, last, moves);
        const live_seat = s.to_move === 'black' ? 1 : 0;
        const behind = s.moves.length - this.history.shown();
        const seat_to_move = this.history.past() ? (live_seat + behind) % 2
            : s.status === 'playing' ? live_seat : -1;
        const winner = s.status === 'over' && s.result ? s.result.winner : null;
        const finished = winner === 'white' ? [0, 1] : winner === 'black' ? [1, 0] : [];
        return { grid, variant: s.variant, last_move: last, moves, seat_to_move, finished,
                 seat_names: [this.side_name('white'), this.side_name('black')],
                 viewer_seat: this.viewer_seat() };
    }

    // A table of more than two: the seat to move of an earlier position is the owner of the
    // piece its next move takes (turns skip the seats that finished or left); the places once
    // over, else the seats finished so far; the seats that left.
    group_hop_view(grid, last, moves) {
        const s = this.state;
        let seat_to_move = s.status === 'playing' ? s.to_move : -1;
        if (this.history.past()) {
            const next = s.moves[this.history.shown()];
            const from = next && Array.isArray(next.path) && next.path.length ? next.path[0] : -1;
            const piece = from >= 0 ? grid.cells[from] : '';
            seat_to_move = piece >= '1' && piece <= '6' ? Number(piece) - 1 : -1;
        }
        const finished = s.status === 'over' && s.result ? seats_by_place(s.result.places) : s.finished || [];
        const retired = s.seats.flatMap((p, i) => (p && p.retired ? [i] : []));
        return { grid, variant: s.variant, last_move: last, moves, seat_to_move, finished, retired,
                 seat_names: s.seats.map((p, i) => this.seat_name(i)), viewer_seat: this.viewer_seat() };
    }

    render_clocks() {
        if (!this.state) return;
        const c = clocks_now(this.state);
        const low = low_time_ms(this.state.time);
        if (this.state.group) {
            this.seat_list.show_clocks(c, low);
            return;
        }
        for (const bar of [this.top, this.bottom]) {
            bar.show_clock(c ? c[bar.colour] : null, c && c.running === bar.colour, low);
        }
    }

    // The code and link of a private table, while a seat is still open.
    render_share() {
        const s = this.state;
        const full = s.group ? s.seats.every(Boolean) : s.seats.white && s.seats.black;
        if (!s.private || s.status !== 'waiting' || full) {
            fill_keeping_focus(this.share);
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
        fill_keeping_focus(this.share, h('div', { class: 'share-box' },
            h('p', {}, 'Code ', h('strong', { class: 'join-code' }, s.code)),
            h('input', { readonly: true, value: link, 'aria-label': 'Join link', class: 'join-link' }),
            h('div', { class: 'inline' },
                h('button', { type: 'button', class: 'small', onclick: copy(s.code, 'Code') }, 'Copy code'),
                h('button', { type: 'button', class: 'small', onclick: copy(link, 'Link') }, 'Copy link'), note)));
    }

    // The record of the game shown, written by the page (guests too).
    save_record() {
        const { name, text } = game_record(this.state, window.location.host);
        const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
        const a = h('a', { href: url, download: name, hidden: true });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
    }

    // A game-ending action on one click would be a slip away: the first click asks again.
    confirmed(what) {
        if (this.confirming === what) {
            this.confirming = null;
            clearTimeout(this.confirm_timer);
            return true;
        }
        this.confirming = what;
        clearTimeout(this.confirm_timer);
        this.confirm_timer = setTimeout(() => { this.confirming = null; if (this.state) this.render_actions(); }, CONFIRM_MS);
        this.render_actions();
        return false;
    }

    // A button whose action runs on a second click within CONFIRM_MS.
    confirm_button(what, label, confirm_label, cls, fn) {
        const asking = this.confirming === what;
        return h('button', { type: 'button', class: `${cls}${asking ? ' confirming' : ''}`, dataset: { action: what },
                             onclick: async () => {
                                 if (!this.confirmed(what)) return;
                                 this.error.textContent = '';
                                 try {
                                     await fn(this.code);
                                 } catch (err) {
                                     this.error.textContent = err.message;
                                 }
                             } }, asking ? confirm_label : label);
    }

    // A button that runs `fn(code)` and shows a refusal under the actions.
    act_button(label, fn, cls = 'small') {
        return h('button', { type: 'button', class: cls, onclick: async () => {
            this.error.textContent = '';
            try {
                await fn(this.code);
            } catch (err) {
                this.error.textContent = err.message;
            }
        } }, label);
    }

    // A table of more than two (§7.6): no draw offers; a takeback (casual games) needs every
    // other player still in, so its offer says who asked, who has agreed and who must still
    // answer; abort until every seat has moved; resign takes the player out of the game while
    // the others play on; an absent player may be claimed out; a rematch needs every player,
    // so the offers say who.
    render_group_actions() {
        const s = this.state;
        const api = this.app.api;
        const act = (label, fn, cls) => this.act_button(label, fn, cls);
        const offers = [];
        const buttons = [];
        const me = s.you !== null ? s.seats[s.you] : null;
        if (me && !me.retired && s.status === 'playing') {
            if (s.absent !== null && s.absent !== s.you) {
                offers.push(h('p', {}, `${this.seat_name(s.absent)} has left and did not come back in time.`),
                    act('Claim: take them out', (c) => api.claim_win(c), 'small primary'));
            }
            offers.push(...this.group_takeback_offer(act));
            if (s.ply < s.seats.length) buttons.push(this.confirm_button('abort', 'Abort', 'Confirm abort', 'small', (c) => api.abort(c)));
            // Seat i makes its first move at ply i (seat 0 moves first); one who has finished
            // plays no more. The server says why when it refuses all the same.
            const has_moved = s.ply > s.you && !s.finished.includes(s.you);
            if (!s.rated && !s.takeback && has_moved) buttons.push(act('Takeback', (c) => api.request_takeback(c)));
            buttons.push(this.confirm_button('resign', 'Resign', 'Confirm resign', 'small danger', (c) => api.resign(c)));
        } else if (me && s.status === 'over') {
            const offered = s.seats.flatMap((p, i) => (s.rematch_offers[i] ? [i] : []));
            const waiting = s.seats.flatMap((p, i) => (s.rematch_offers[i] ? [] : [i]));
            const names = (seats) => seats.map((i) => this.seat_name(i)).join(', ');
            if (s.rematch_offers[s.you]) {
                offers.push(h('p', { class: 'muted rematch-note' }, `Rematch offered. Waiting for ${names(waiting)}.`));
            } else if (offered.length) {
                offers.push(h('p', { class: 'rematch-note' }, `${names(offered)} ${offered.length === 1 ? 'wants' : 'want'} a rematch.`));
                buttons.push(act('Accept rematch', (c) => api.accept_rematch(c), 'small primary'));
            } else {
                buttons.push(act('Rematch', (c) => api.offer_rematch(c), 'small primary'));
            }
            if (Number.isInteger(s.rematch_declined_by) && !offered.length) {
                offers.push(h('p', { class: 'muted rematch-note' }, `${this.seat_name(s.rematch_declined_by)} declined the rematch.`));
            }
        }
        if (me && s.status === 'waiting') buttons.push(act('Leave table', async (c) => { await api.leave(c); go('#/'); }));
        buttons.push(h('button', { type: 'button', class: 'small', onclick: () => go('#/') }, 'Back to lobby'));
        // Redrawn at every event: a focused button keeps the focus (Resign, then Enter again on
        // "Confirm resign"; "Offer draw" while the opponent moves).
        fill_keeping_focus(this.offers, offers);
        fill_keeping_focus(this.actions, buttons);
    }

    // The takeback asked at a table of more than two: who asked, who has agreed, who must still
    // answer, and Accept / Decline for a player who must.
    group_takeback_offer(act) {
        const s = this.state;
        const api = this.app.api;
        const names = (seats) => seats.map((i) => this.seat_name(i)).join(', ');
        const t = s.takeback;
        if (!t) {
            if (!Number.isInteger(s.takeback_declined_by)) return [];
            return [h('p', { class: 'muted takeback-note' }, `${this.seat_name(s.takeback_declined_by)} declined the takeback.`)];
        }
        const who = t.by === s.you ? 'You ask' : `${this.seat_name(t.by)} asks`;
        const agreed = t.accepted.length ? ` Agreed: ${names(t.accepted)}.` : '';
        const waiting = t.waiting.length ? ` Waiting for ${names(t.waiting)}.` : '';
        const out = [h('p', { class: 'takeback-note' }, `${who} to take back ${t.by === s.you ? 'your' : 'their'} last move.${agreed}${waiting}`)];
        if (t.waiting.includes(s.you)) {
            out.push(act('Accept takeback', (c) => api.accept_takeback(c), 'small primary'),
                act('Decline', (c) => api.decline_takeback(c)));
        }
        return out;
    }

    render_actions() {
        if (this.state.group) {
            this.render_group_actions();
            return;
        }
        const s = this.state;
        const api = this.app.api;
        const other = s.you === 'white' ? 'black' : 'white';
        const act = (label, fn, cls) => this.act_button(label, fn, cls);
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
            if (!both_moved) buttons.push(this.confirm_button('abort', 'Abort', 'Confirm abort', 'small', (c) => api.abort(c)));
            if (s.draw_offer !== s.you) buttons.push(act('Offer draw', (c) => api.offer_draw(c)));
            if (!s.rated && s.ply > 0) buttons.push(act('Takeback', (c) => api.request_takeback(c)));
            buttons.push(this.confirm_button('resign', 'Resign', 'Confirm resign', 'small danger', (c) => api.resign(c)));
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
        // Redrawn at every event: a focused button keeps the focus (Resign, then Enter again on
        // "Confirm resign"; "Offer draw" while the opponent moves).
        fill_keeping_focus(this.offers, offers);
        fill_keeping_focus(this.actions, buttons);
    }
}
