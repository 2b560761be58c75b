// The board gallery: renders every variant's start grid from the test fixtures, and a sandbox
// board whose moves are written to #played, for screenshot and input tests. Tests may call
// window.tabula_dev.render_gallery(list) and window.tabula_dev.load_sandbox(position). The
// halma family (Chinese checkers, Halma) has its own gallery and sandbox (#halma-played):
// render_halma_gallery(list) and load_halma_sandbox(position).

import { Board } from '../js/board/board.js';
import { TypedMoveField } from '../js/board/typed_move.js';
import { HopBoard } from '../js/board/hop_board.js';

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

const halma_played = document.getElementById('halma-played');
const halma_sandbox = new HopBoard(document.getElementById('halma-sandbox-board'), {
    label: 'Halma sandbox board',
    on_move: (move) => {
        halma_played.value = move.move;
        halma_played.textContent = move.move;
    },
});
document.getElementById('halma-sandbox-flip').addEventListener('click', () => halma_sandbox.flip());

// Positions: {variant, kind, grid, last_move, seat_to_move}; shown without moves to pick.
function render_halma_gallery(list) {
    const gallery = document.getElementById('halma-gallery');
    gallery.replaceChildren();
    for (const position of list) {
        const figure = document.createElement('figure');
        figure.dataset.variant = position.variant;
        figure.dataset.kind = position.kind;
        const holder = document.createElement('div');
        const caption = document.createElement('figcaption');
        caption.textContent = `${position.variant}, ${position.kind === 'start' ? 'start' : `middle game, last move ${position.last_move.move}`}`;
        figure.append(holder, caption);
        gallery.appendChild(figure);
        new HopBoard(holder, { label: `${position.variant} ${position.kind}` }).set({ ...position, moves: [] });
    }
    document.getElementById('halma-status').textContent = `${list.length} halma boards`;
}

function load_halma_sandbox(position) {
    halma_played.value = '';
    halma_played.textContent = '';
    halma_sandbox.set(position);
}

window.tabula_dev = { render_gallery, load_sandbox, sandbox, render_halma_gallery, load_halma_sandbox, halma_sandbox };

try {
    const { START_GRIDS } = await import('./fixtures/start_grids.js');
    render_gallery(START_GRIDS);
    const chess = START_GRIDS.find((g) => g.variant === 'chess');
    if (chess) load_sandbox({ grid: chess.grid, variant: 'chess', moves: [] });
} catch (err) {
    status.textContent = `No fixtures here (${err.message}); tests load them.`;
}
try {
    const { halma_positions } = await import('./fixtures/halma_reference.js');
    const positions = halma_positions();
    render_halma_gallery(positions);
    load_halma_sandbox(positions.find((p) => p.variant === 'chinese-checkers-3' && p.kind === 'middle'));
} catch (err) {
    document.getElementById('halma-status').textContent = `No fixtures here (${err.message}); tests load them.`;
}
document.body.dataset.ready = 'true';
