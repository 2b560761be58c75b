// Stepping through a game on the table screen: which ply is shown (null: the live position),
// the grids of the earlier plies (replayed from the start position by notation.js and checked
// against the server's board), the « ‹ › » buttons and the keys (arrows, Home, End).

import { h } from '../ui/dom.js';
import { canonical_path, replay } from '../board/notation.js';

export class MoveHistory {
    // `on_show()` redraws after the shown ply changed; `on_error(text)` says why it cannot.
    constructor(on_show, on_error) {
        this.on_show = on_show;
        this.on_error = on_error;
        this.state = null;
        this.ply = null;
        this.grids_cache = null;
        const button = (label, text, fn) => h('button', { type: 'button', class: 'small nav-button', 'aria-label': label,
                                                          title: label, onclick: fn }, text);
        this.element = h('div', { class: 'move-nav', role: 'group', 'aria-label': 'Step through the moves' },
            button('First position', '«', () => this.show(0)),
            button('Previous move', '‹', () => this.step(-1)),
            button('Next move', '›', () => this.step(1)),
            button('Last move', '»', () => this.show(null)));
    }

    // A new state of the table; `live` goes back to the live position (a new game, a takeback).
    update(state, live = false) {
        if (!this.state || state.moves !== this.state.moves || state.position !== this.state.position) this.grids_cache = null;
        this.state = state;
        if (live) this.ply = null;
        if (this.ply !== null && this.ply > state.moves.length) this.ply = null;
    }

    live() {
        return this.ply === null;
    }

    shown() {
        return this.ply === null ? this.state.moves.length : this.ply;
    }

    step(d) {
        if (this.state) this.show(this.shown() + d);
    }

    // Shows the position after `ply` moves (null, or the last: the live position).
    show(ply) {
        if (!this.state) return;
        const n = this.state.moves.length;
        const want = ply === null ? n : Math.max(0, Math.min(n, ply));
        if (want !== n && !this.grids()) {
            this.on_error('The earlier positions of this game cannot be shown.');
            return;
        }
        this.ply = want === n ? null : want;
        this.on_show();
    }

    grids() {
        const s = this.state;
        if (!this.grids_cache) this.grids_cache = replay(s.start_position, s.variant, s.moves, s.position);
        return this.grids_cache;
    }

    // {grid, last} of the ply shown when it is not the live one, else null.
    past() {
        if (this.ply === null || !this.grids()) return null;
        const s = this.state;
        const m = s.moves[this.ply - 1];
        // A move known by its notation only (before a reload): its cells from the notation.
        const last = m && !(m.path && m.path.length)
            ? { ...m, path: canonical_path(this.grids_cache[this.ply - 1], s.variant, m.move) || [] } : m || null;
        return { grid: this.grids_cache[this.ply], last };
    }

    // A button that cannot act is marked aria-disabled, not disabled: a disabled button would
    // drop the keyboard focus (» pressed, then ‹ no longer reachable by Enter).
    render() {
        const [first, back, forward, last] = this.element.children;
        for (const [button, off] of [[first, this.shown() === 0], [back, this.shown() === 0],
                                     [forward, this.ply === null], [last, this.ply === null]]) {
            button.setAttribute('aria-disabled', String(off));
        }
    }

    // A key pressed outside the board and the fields; true when it was one of ours.
    key(e) {
        const act = { ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1),
                      ArrowUp: () => this.show(0), Home: () => this.show(0),
                      ArrowDown: () => this.show(null), End: () => this.show(null) }[e.key];
        if (!act) return false;
        act();
        return true;
    }
}
