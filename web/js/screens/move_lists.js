// The move list of the table screen and the phone's strip of the last moves above the board:
// a click on a move shows the position after it; at Chinese checkers and Halma the move under
// the pointer (or the focus) in the list is drawn on the board, its from-to text meaning
// little to the eye.

import { h, fill } from '../ui/dom.js';

export class MoveLists {
    // `on_pick(ply)`: a move was clicked (the position after `ply` moves is wanted);
    // `on_point(ply | null)`: the move under the pointer or the focus, or none.
    constructor({ on_pick, on_point }) {
        this.list = h('ol', { class: 'move-list', 'aria-label': 'Moves' });
        this.strip = h('ol', { class: 'move-strip', 'aria-label': 'Last moves' });
        const pick = (e) => {
            const el = e.target.closest('.move');
            if (el) on_pick(Number(el.dataset.ply) + 1);
        };
        this.list.addEventListener('click', pick);
        this.strip.addEventListener('click', pick);
        const point = (e) => {
            const el = e.target.closest && e.target.closest('.move');
            on_point(el ? Number(el.dataset.ply) : null);
        };
        this.list.addEventListener('pointerover', point);
        this.list.addEventListener('focusin', point);
        this.list.addEventListener('pointerleave', () => on_point(null));
        this.list.addEventListener('focusout', () => on_point(null));
    }

    // `texts`: the moves as written; `shown_ply`: the moves into the game shown; `per_row`: 2
    // (numbered pairs) or 1 (a game of more than two); `ending`: a finished game's score and
    // result.
    render(texts, shown_ply, per_row, ending) {
        render_move_list(this.list, texts, shown_ply, per_row, ending);
        render_move_strip(this.strip, texts, shown_ply, per_row, ending);
    }
}

// The move list: numbered pairs of move texts (`per_row` 1: one numbered move a line, for a
// game of more than two); the move shown is marked; clicking a move shows the position
// after it. An empty list says so instead of looking like a field. A finished game
// ends with its `ending` ("1-0 · White wins · resignation"), unnumbered.
function render_move_list(list, texts, shown_ply, per_row = 2, ending = '') {
    const items = [];
    for (let i = 0; i < texts.length; i += per_row) {
        items.push(h('li', {}, texts.slice(i, i + per_row).map((text, k) =>
            h('span', { class: 'move', dataset: { ply: i + k }, role: 'button', tabindex: -1 }, text))));
    }
    if (ending && texts.length) items.push(h('li', { class: 'move-result' }, ending));
    fill(list, items);
    list.classList.toggle('empty', !texts.length);
    list.dataset.empty = texts.length ? '' : 'No moves yet';
    const current = list.querySelector(`[data-ply="${shown_ply - 1}"]`);
    if (current) {
        current.classList.add('current');
        current.setAttribute('aria-current', 'step');
        if (shown_ply === texts.length) list.scrollTop = list.scrollHeight; // the list only, never the page
        else list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
    } else {
        list.scrollTop = 0;
    }
}

// The phone's strip of the last moves above the board: "12. Nf3 Nc6" pairs in one row,
// scrolled to the move shown, and the score once over.
function render_move_strip(strip, texts, shown_ply, per_row = 2, ending = '') {
    fill(strip, texts.map((t, i) => h('li', { class: i % per_row ? '' : 'pair-start', dataset: { number: `${Math.floor(i / per_row) + 1}.` } },
        h('span', { class: `move${i === shown_ply - 1 ? ' current' : ''}`, dataset: { ply: i } }, t))),
    ending && texts.length ? h('li', { class: 'move-result' }, ending) : null);
    const current = strip.querySelector('.move.current');
    if (current) strip.scrollLeft = current.parentElement.offsetLeft - strip.clientWidth + current.parentElement.offsetWidth + 8;
    else strip.scrollLeft = 0;
}
