// A text field for typing a move (for screen-reader and keyboard users): submits the legal
// move whose notation or squares match what was typed; anything else (SAN above all: legal
// moves carry no display form) is submitted as typed, {move: text}, for the server to read;
// its refusal is shown where the screen shows a refused move. Words set by set_commands()
// ("p", "c") run their command instead, as in lichess's blind mode.

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
            <p id="${id}-msg" class="error" aria-live="assertive"></p>
            <small id="${id}-hint" class="muted typed-move-hint" hidden></small>`;
        this.input = form.querySelector('input');
        this.message = form.querySelector('.error');
        this.hint = form.querySelector('.typed-move-hint');
        this.commands = {};
        form.addEventListener('submit', (e) => {
            e.preventDefault();
            this.submit(this.input.value);
        });
    }

    // `name_cell(cell)` (optional) names a cell so moves can also be typed by their squares.
    // Without moves the field stays enabled (a disabled field would lose the focus after every
    // move): what is typed then is refused with `idle` ("Wait for your turn").
    set_moves(moves, name_cell, idle = 'No move can be played now.') {
        this.moves = moves || [];
        this.name_cell = name_cell;
        this.idle = idle;
    }

    // `commands`: {word: fn} run when the word alone is typed; `hint` says which under the field.
    set_commands(commands, hint) {
        this.commands = commands;
        this.hint.textContent = hint || '';
        this.hint.hidden = !hint;
        this.input.setAttribute('aria-describedby', `${this.message.id}${hint ? ` ${this.hint.id}` : ''}`);
    }

    submit(text) {
        const command = this.commands[text.trim().toLowerCase()];
        if (command) {
            this.message.textContent = '';
            this.input.value = '';
            command();
            return;
        }
        if (!this.moves.length) {
            this.message.textContent = this.idle;
            return;
        }
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
