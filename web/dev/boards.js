// The board gallery: renders every variant's start grid from the test fixtures, and a sandbox
// board whose moves are written to #played, for screenshot and input tests. Tests may call
// window.tabula_dev.render_gallery(list) and window.tabula_dev.load_sandbox(position).

import { Board } from '../js/board/board.js';
import { TypedMoveField } from '../js/board/typed_move.js';

const status = document.getElementById('gallery-status');
const played = document.getElementById('played');
const sandbox = new Board(document.getElementById('sandbox-board'), {
    label: 'Sandbox board',
    on_move: (move) => {
        played.value = move.move;
        played.textContent = move.move;
    },
});
const typed = new TypedMoveField(document.getElementById('sandbox-typed'), (move) => sandbox.on_move(move));
document.getElementById('sandbox-flip').addEventListener('click', () => sandbox.flip());

function render_gallery(list) {
    const gallery = document.getElementById('gallery');
    gallery.replaceChildren();
    for (const { variant, grid } of list) {
        const figure = document.createElement('figure');
        figure.dataset.variant = variant;
        const holder = document.createElement('div');
        figure.appendChild(holder);
        const caption = document.createElement('figcaption');
        caption.textContent = variant;
        figure.appendChild(caption);
        gallery.appendChild(figure);
        new Board(holder, { label: `${variant} start position` }).set({ grid, variant });
    }
    status.textContent = `${list.length} boards`;
}

function load_sandbox(position) {
    played.value = '';
    played.textContent = '';
    sandbox.set(position);
    typed.set_moves(position.moves || [], (c) => sandbox.cell_name(c));
}

window.tabula_dev = { render_gallery, load_sandbox, sandbox };

try {
    const { START_GRIDS } = await import('./fixtures/start_grids.js');
    render_gallery(START_GRIDS);
    const chess = START_GRIDS.find((g) => g.variant === 'chess');
    if (chess) load_sandbox({ grid: chess.grid, variant: 'chess', moves: [] });
} catch (err) {
    status.textContent = `No fixtures here (${err.message}); tests load them.`;
}
document.body.dataset.ready = 'true';
