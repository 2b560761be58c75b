// One premove in a real-time game on the classic board: a piece and a cell picked while it is
// the opponent's move, queued and named under the board with a button that cancels it (so do
// Escape and a right click on the board), and played once our turn comes if a legal move goes
// from its cell to its cell (a promotion takes the queen: the first such move otherwise).

import { h, fill_keeping_focus } from '../ui/dom.js';
import { with_paths } from '../board/notation.js';

export class Premove {
    // `board_of()`: the board (its cell names, its premove being chosen); `redraw()`: the board
    // drawn again after a change.
    constructor({ board_of, redraw }) {
        this.board_of = board_of;
        this.redraw = redraw;
        this.queued = null; // {from, to}
        this.note = h('span', { class: 'premove-note', 'aria-live': 'polite' });
    }

    queue(p) {
        this.queued = p;
        this.redraw();
        this.render_note();
    }

    cancel() {
        this.queued = null;
        const board = this.board_of();
        if (board && 'premove_from' in board) board.premove_from = -1;
        this.redraw();
        this.render_note();
    }

    // Our turn came in `state`: the move to play, null when the queued one is not legal (it is
    // dropped, and the note says so), undefined when none was queued.
    take(state) {
        const p = this.queued;
        if (!p) return undefined;
        this.queued = null;
        const fits = with_paths(state.legal_moves, state.position, state.variant)
            .filter((m) => Array.isArray(m.path) && m.path[0] === p.from && m.path[m.path.length - 1] === p.to);
        const move = fits.find((m) => /q$/.test(m.move)) || fits[0] || null;
        this.render_note(move ? '' : 'The premove was not legal: dropped.');
        return move;
    }

    render_note(text = '') {
        if (this.queued) {
            const board = this.board_of();
            fill_keeping_focus(this.note, `Premove ${board.cell_name(this.queued.from)}–${board.cell_name(this.queued.to)} `,
                h('button', { type: 'button', class: 'small cancel-premove', onclick: () => this.cancel() }, 'Cancel premove'));
        } else {
            fill_keeping_focus(this.note, text);
        }
    }
}
