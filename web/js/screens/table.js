// A table: join (or watch) by code, the board, the players and their clocks, the move list
// with navigation and the replay of a finished game, the game's record to download, the
// game's actions, moves drawn at once and taken back if refused, one premove in real-time
// games on the classic board, chat, spectators, sharing a private table's code and link while
// a seat is open, and resuming after a reconnect. One model of a table for two seats and more
// (table_state.js); its parts each have a module: the board (table_board.js), the player bars
// of two seats (player_bars.js) or the seat list of more (seat_list.js), the actions
// (table_actions.js), the words said (table_words.js), the share box (share_box.js), the
// stepping through the moves (move_history.js) and the record (game_record.js).

import { h, fill, fill_keeping_focus } from '../ui/dom.js';
import { TypedMoveField } from '../board/typed_move.js';
import { algebraic_squares, move_text, apply_move, with_paths } from '../board/notation.js';
import { read_table, apply_event, clocks_now, game_over, seat_color } from '../net/table_state.js';
import { is_chess_variant, record_format, variant_name } from '../ui/variants.js';
import { format_time_control } from '../ui/time_format.js';
import { play_sound } from '../ui/sound.js';
import { low_time_ms } from './table_view.js';
import { MoveLists } from './move_lists.js';
import { ChatBox } from './chat_box.js';
import { SeatList } from './seat_list.js';
import { PlayerBars } from './player_bars.js';
import { TableBoard, seat_styles } from './table_board.js';
import { TableActions } from './table_actions.js';
import { clocks_words, move_words, player_names, result_line, status_text } from './table_words.js';
import { render_share } from './share_box.js';
import { game_record, result_score } from './game_record.js';
import { BoardSizer } from './board_size.js';
import { MoveHistory } from './move_history.js';
import { Premove } from './premove.js';
import { TournamentGameBox } from './tournament_game_box.js';
import { go } from '../router.js';

// How many times a resume that finds no table is asked again, a second apart: a failover
// restores a dead node's tables within a few seconds (docs/deployment.md).
const resume_attempts = 10;

export class TableScreen {
    constructor(root, app, route) {
        this.app = app;
        this.code = route.code;
        this.watch_only = route.via === 'watch';
        this.state = null;
        this.pending_move = null; // {move, grid}: sent, drawn at once, not yet answered
        this.off = [];
        this.build(root);
        const { api, socket } = app;
        this.off.push(
            api.on('table', (msg) => { if (msg.table === this.code) this.replace(msg); }),
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
        clearTimeout(this.resume_timer);
        this.game_actions.destroy();
        document.removeEventListener('keydown', this.on_key);
        this.sizer.destroy();
        for (const off of this.off) off();
    }

    // Seated at a game not over: a new game elsewhere does not take the player away.
    in_game() {
        return !!this.state && this.state.you !== null && !game_over(this.state);
    }

    // The board of the variant (a Board or a HopBoard), once the first state named it.
    get board() {
        return this.table_board.board;
    }

    build(root) {
        this.status = h('p', { class: 'table-status' }, `Joining table ${this.code}…`);
        // The phone's copy of the status line, in the bar right under the board (app.css shows
        // it up to 600px, where the game's panel is below the fold); the announcer speaks it.
        this.phone_status = h('p', { class: 'phone-status', 'aria-hidden': 'true' });
        // What a screen reader hears: every move as the list writes it, with whose turn it is,
        // and every other change of the status line (announce()).
        this.announcer = h('p', { class: 'visually-hidden table-announcer', role: 'status', 'aria-live': 'polite' });
        this.bars = new PlayerBars(); // a table of two seats: its players
        this.seat_list = new SeatList(); // a table of more than two seats: its players
        this.board_holder = h('div', { class: 'board-holder' });
        this.table_board = new TableBoard(this.board_holder, {
            label: `Board of table ${this.code}`, on_move: (m) => this.play(m), on_premove: (p) => this.set_premove(p) });
        this.moves = new MoveLists({
            on_pick: (ply) => this.history.show(ply),
            // Chinese checkers and Halma: the move under the pointer drawn on the board.
            on_point: (ply) => {
                if (!this.table_board.hop || !this.state) return;
                const move = ply !== null ? this.state.moves[ply] : null;
                this.board.show_path(move ? move.path : null);
            },
        });
        this.history = new MoveHistory(() => { this.error.textContent = ''; this.render_board(); this.render_moves(); },
                                       (text) => { this.error.textContent = text; });
        this.actions = h('div', { class: 'table-actions' });
        this.offers = h('div', { class: 'offers', 'aria-live': 'polite' });
        this.error = h('p', { class: 'error', role: 'alert' });
        this.game_actions = new TableActions({ api: this.app.api, code: this.code, offers: this.offers, actions: this.actions,
                                               error: this.error, redraw: () => this.render_actions() });
        this.share = h('div', { class: 'share' });
        this.info = h('p', { class: 'muted table-info' });
        this.tournament = new TournamentGameBox(this.app, this.code);
        this.spectators = h('span', { class: 'pill spectators' });
        this.result = h('p', { class: 'result' }); // announced with "Game over" (render_status)
        this.premove = new Premove({ board_of: () => this.board, redraw: () => this.render_board() });
        this.chat = new ChatBox({ send: (text) => this.app.api.chat(this.code, text),
                                  on_error: (text) => { this.error.textContent = text; } });
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
            this.moves.strip, this.bars.top.bar, this.board_holder, this.bars.bottom.bar, this.seat_list.element);
        fill(root, h('div', { class: 'table-screen' },
            this.area,
            h('section', { class: 'card game-info side-panel', 'aria-label': 'Game' },
                h('div', { class: 'panel-head' }, h('h2', {}, `Table ${this.code}`), this.spectators),
                this.info, this.tournament.element, this.status, this.announcer, this.share, this.result, this.moves.list),
            this.action_bar = h('section', { class: 'action-bar', 'aria-label': 'Game actions' },
                this.phone_status, h('div', { class: 'action-row' }, this.history.element, this.actions), this.offers, this.error),
            h('section', { class: 'card game-tools', 'aria-label': 'Tools and chat' },
                h('div', { class: 'board-tools' }, flip, read_position, read_clocks, this.download, this.stored, this.premove.note), typed_form,
                h('h3', {}, 'Chat'), this.chat.log, this.chat.form)));
        this.sizer = new BoardSizer(this.area, this.board_holder, this.grip, this.action_bar);
        // Sized at once, before the first state: the board's space is kept while it loads.
        requestAnimationFrame(() => { if (!this.closed_screen) this.sizer.fit(); });
    }

    // The board, made from the first state. On the classic board a right click cancels a
    // queued premove (or one being chosen).
    make_board(variant) {
        if (this.board) return;
        this.table_board.make(variant);
        if (!this.table_board.hop) {
            this.board.svg.addEventListener('contextmenu', (e) => {
                if (!this.premove.queued && this.board.premove_from < 0) return;
                e.preventDefault();
                this.premove.cancel();
            });
        }
        this.board_holder.append(this.grip); // the grip stays on top, at the corner
    }

    flip() {
        if (!this.board) return;
        this.table_board.flip(this.state.seats.length);
        this.render();
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

    // After a reconnect: ask for what was missed since the last version seen (a whole state,
    // or the missed events pushed one by one). In a cluster the node the reconnection reached
    // may not serve the table yet (its owner died a moment ago and another node is claiming
    // it, docs/deployment.md): `bad_join_code` is asked again each second, for a while.
    async resume(attempt = 0) {
        if (!this.state) return this.enter();
        clearTimeout(this.resume_timer);
        try {
            const reply = await this.app.api.resync(this.code, this.state.version);
            if (reply.t === 'table') this.replace(reply);
            this.error.textContent = '';
        } catch (err) {
            if (err.code === 'bad_join_code' && attempt < resume_attempts && !this.closed_screen) {
                this.error.textContent = 'Finding the table again…';
                this.resume_timer = setTimeout(() => this.resume(attempt + 1), 1000);
                return;
            }
            this.error.textContent = `Could not resume: ${err.message}`;
        }
    }

    // A whole state (a `table` message) replaces the copy.
    replace(msg) {
        this.state = read_table(msg);
        this.pending_move = null;
        this.history.update(this.state);
        this.make_board(this.state.variant);
        if (!this.table_board.hop && this.state.you === 1) this.board.orientation = seat_color(1);
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
        const { type } = msg.event;
        const before = this.state;
        this.state = next;
        // A new game or a takeback goes back to the live position.
        this.history.update(next, type === 'game_started' || type === 'takeback_done');
        if (type === 'move_played' || type === 'takeback_done') {
            this.pending_move = null;
            const { move } = msg.event;
            play_sound(move && move.captures && move.captures.length ? 'capture' : 'move');
        } else if (type === 'game_started' && next.you !== null) {
            this.table_board.face(next); // a rematch moves the seats: one's own at the bottom
            this.premove.queued = null;
        } else if (type === 'player_retired') { // a player left a game of more than two
            play_sound('notify');
        } else if (type === 'game_ended') {
            this.premove.queued = null;
            this.pending_move = null;
            play_sound('end');
        }
        const moved = type === 'move_played';
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
            this.state = { ...this.state, status: 'closed', legal_moves: [], rematch_offers: this.state.seats.map(() => false) };
            this.history.update(this.state);
            this.render();
        }
        fill_keeping_focus(this.actions, h('button', { type: 'button', class: 'small', onclick: () => go('#/') }, 'Back to lobby'));
        this.say_status('This table has closed.');
    }

    my_turn() {
        const s = this.state;
        return !!s && s.status === 'playing' && s.you !== null && s.you === s.to_move && !this.pending_move
            && !(s.seats[s.you] && s.seats[s.you].retired);
    }

    // A real-time game on the classic board where it is the opponent's move: premoves are
    // offered (the HopBoard takes no input while it is another player's turn).
    can_premove() {
        const s = this.state;
        return !!(s && !this.table_board.hop && s.status === 'playing' && s.you !== null && !(s.time && s.time.days)
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
        if (this.can_premove()) this.premove.queue(p);
    }

    play_premove() {
        const move = this.premove.take(this.state);
        if (move) this.play(move);
        else if (move === null) this.render_board();
    }

    key(e) {
        if (!this.state || e.altKey || e.ctrlKey || e.metaKey) return;
        const t = e.target;
        if (t && t.closest && t.closest('input, textarea, select')) return;
        if (e.key === 'Escape' && this.premove.queued) { // also from the board, which cancels a selection
            e.preventDefault();
            this.premove.cancel();
            return;
        }
        // The board's cursor and the grip take their own arrows (a board focused by a click
        // leaves them to the moves: board_input.js).
        if (e.defaultPrevented || (t && t.closest && t.closest('.board-grip'))) return;
        if (this.history.key(e)) e.preventDefault();
    }

    render() {
        const s = this.state;
        const many = s.seats.length > 2;
        this.bars.hidden = many;
        this.seat_list.element.hidden = !many;
        if (many) this.render_seat_list();
        if (!(s.status === 'playing' && s.you !== null)) this.premove.queued = null;
        this.render_board();
        this.info.textContent = `${variant_name(s.variant)} · ${format_time_control(s.time)} · ${s.rated ? 'rated' : 'casual'}${s.private ? ' · private' : ''}`;
        this.tournament.render(s);
        this.spectators.textContent = `${s.spectators} watching`;
        this.spectators.hidden = !s.spectators;
        this.render_status();
        this.result.textContent = result_line(s);
        this.render_moves();
        this.chat.render(s.chat);
        render_share(this.share, s);
        this.render_actions();
        this.render_clocks();
        this.premove.render_note();
        // Turkish men move straight ahead and sideways, never diagonally.
        this.typed.input.placeholder = is_chess_variant(s.variant) ? 'e.g. e4, Nf3, O-O'
            : s.variant === 'turkish' ? 'e.g. c3-c4, c4xc6'
                : this.table_board.hop ? (s.variant.startsWith('halma') ? 'e.g. b5-c6, a4-c6' : 'e.g. n2-m6, o1-m5')
                    : algebraic_squares(s.variant) ? 'e.g. c3-d4, c3:e5' : 'e.g. 32-28, 28x19';
        // Once the game is over no move can be typed: the field goes.
        this.typed_form.hidden = game_over(s);
        this.download.textContent = `Download ${record_format(s.variant).toUpperCase()}`;
        // The page writes the record of a game of two; a game of more has its stored one.
        this.download.hidden = !s.moves.length || many;
        const format = record_format(s.variant);
        this.stored.hidden = !(game_over(s) && s.game_id !== null && s.game_id !== undefined);
        if (!this.stored.hidden) {
            this.stored.href = this.app.api.game_download_url(s.game_id, format);
            this.stored.textContent = `Download the stored record (${format.toUpperCase()})`;
        }
        this.sizer.fit();
    }

    render_actions() {
        if (this.state) this.game_actions.render(this.state, player_names(this.state));
    }

    render_seat_list() {
        const s = this.state;
        this.seat_list.show({ seats: s.seats, styles: seat_styles(s.variant), you: s.you,
                              to_move: s.status === 'playing' ? s.to_move : -1,
                              places: s.result && s.result.kind === 'ranked' ? s.result.places : s.seats.map(() => 0),
                              finished: s.finished });
    }

    render_clocks() {
        if (!this.state) return;
        const c = clocks_now(this.state);
        const low = low_time_ms(this.state.time);
        if (this.state.seats.length > 2) this.seat_list.show_clocks(c, low);
        else this.bars.show_clocks(c, low);
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

    render_status() {
        this.status.classList.remove('error');
        const text = status_text(this.state, !!this.pending_move);
        if (text === this.status.textContent) return;
        this.status.textContent = this.phone_status.textContent = text;
        // A move says whose turn it is itself (announce_move); "Game over" comes with the result.
        if (!this.announcing_move && !this.pending_move) this.announce(game_over(this.state) ? `Game over. ${result_line(this.state)}` : text);
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

    read_clocks() {
        if (this.state) this.announce(clocks_words(this.state, clocks_now(this.state)));
    }

    // The last move as the move list writes it, who made it (`before`: the state before the
    // move) and what the status line says now.
    announce_move(before) {
        const texts = this.move_texts();
        if (texts.length) this.announce(move_words(this.state, before.to_move, texts[texts.length - 1], !!this.pending_move));
    }

    move_texts() {
        const s = this.state;
        return s.moves.map((m) => move_text(s.variant, m, s.position));
    }

    render_moves() {
        const texts = this.move_texts();
        const shown = this.history.shown();
        const per_row = this.state.seats.length > 2 ? 1 : 2; // a table of more: one move a line
        const ending = game_over(this.state) ? [result_score(this.state), result_line(this.state)].filter(Boolean).join(' · ') : '';
        this.moves.render(texts, shown, per_row, ending);
        this.area.classList.toggle('viewing-past', !this.history.live());
        this.history.render();
    }

    // The position shown: the live one, our move drawn at once, or an earlier one.
    render_board() {
        const s = this.state;
        let grid = s.position;
        let last = s.moves[s.moves.length - 1] || null;
        let moves = this.my_turn() ? with_paths(s.legal_moves, grid, s.variant) : [];
        const past = this.history.past();
        if (this.pending_move) {
            grid = this.pending_move.grid || grid;
            last = this.pending_move.move;
            moves = [];
        } else if (past) {
            ({ grid, last } = past);
            moves = [];
        }
        const premoving = this.can_premove() && this.history.live();
        try {
            this.table_board.show(s, { grid, last, moves, past: !!past && !this.pending_move, shown: this.history.shown(),
                                       premove: premoving ? { side: seat_color(s.you), premove: this.premove.queued } : null });
        } catch (err) {
            this.error.textContent = `This board cannot be drawn: ${err.message}`;
        }
        if (s.seats.length === 2) this.bars.show(s, this.table_board.viewer_seat(s), this.table_board.hop, grid);
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
}
