// What the two boards (board.js, hop_board.js) share between picking a move and handing it
// on: a dragged piece (its element lifted into the board's drag layer follows the pointer,
// then the board is drawn again where it was), and the commit of the move chosen (one of
// several moves ending alike chosen first, by the promotion chooser on the classic board).
// `board` has `layers.pieces`, `layers.drag`, `drag`, `busy`, `render_pieces()`,
// `render_marks()`, `announce(text)` and `on_move(move)`.

// Lifts the piece on `cell` out of the pieces so that it is drawn above everything.
export function start_drag(board, cell) {
    const el = [...board.layers.pieces.children].find((g) => Number(g.dataset.cell) === cell);
    if (!el) return;
    board.drag = { cell, el };
    el.classList.add('dragging');
    board.layers.drag.appendChild(el);
}

// Moves the dragged piece (an SVG transform in the drag layer's coordinates).
export function move_drag(board, transform) {
    if (board.drag) board.drag.el.setAttribute('transform', transform);
}

// Drops the dragged piece: the pieces and marks drawn again as the position has them.
export function end_drag(board) {
    if (!board.drag) return;
    board.drag.el.remove();
    board.drag = null;
    board.render_pieces();
    board.render_marks();
}

// Hands the move chosen to the board's `on_move`. Among several `moves` (a promotion's
// pieces) `choose(board, moves)` picks one, or none (null: `cancelled` is said). The page
// announces the move once played, in the notation of its move list, so the board says nothing.
export async function commit_move(board, moves, { choose = null, cancelled = '' } = {}) {
    let move = moves[0];
    if (moves.length > 1 && choose) {
        board.busy = true;
        try {
            move = await choose(board, moves);
        } finally {
            board.busy = false;
        }
        if (!move) {
            board.announce(cancelled);
            return;
        }
    }
    board.announce('');
    board.on_move(move);
}
