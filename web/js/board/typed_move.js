// A text field for typing a move (for screen-reader and keyboard users): submits the legal
// move whose notation or squares match what was typed; anything else (SAN above all: legal
// moves carry no display form) is submitted as typed, {move: text}, for the server to read;
// its refusal is shown where the screen shows a refused move.

import { match_typed_move } from './move_picker.js';

let next_id = 0;

export class TypedMoveField {
    constructor(form, on_move) {
        const id = `typed-move-${++next_id}`;
        this.moves = [];
        this.on_move = on_move;
        form.classList.add('typed-move');
        form.innerHTML = `
            <label for="${id}">Type a move</label>
            <div class="typed-move-row">
              <input id="${id}" name="move" autocomplete="off" autocapitalize="off"
                     spellcheck="false" placeholder="e.g. e4, Nf3, 32-28" aria-describedby="${id}-msg">
              <button type="submit">Play</button>
            </div>
            <p id="${id}-msg" class="error" aria-live="assertive"></p>`;
        this.input = form.querySelector('input');
        this.message = form.querySelector('.error');
        form.addEventListener('submit', (e) => {
            e.preventDefault();
            this.submit(this.input.value);
        });
    }

    // `name_cell(cell)` (optional) names a cell so moves can also be typed by their squares.
    set_moves(moves, name_cell) {
        this.moves = moves || [];
        this.name_cell = name_cell;
        this.input.disabled = this.moves.length === 0;
    }

    submit(text) {
        const found = match_typed_move(this.moves, text, this.name_cell);
        if (found.error) {
            this.message.textContent = found.error;
            return;
        }
        this.message.textContent = '';
        this.input.value = '';
        this.on_move(found.move || { move: found.text, path: [], captures: [] });
    }
}
