// Pointer (mouse, pen, touch) and keyboard input for a Board. Click-click: press a piece,
// then a destination. Drag: press a piece and release it on a destination. Keyboard: arrow
// keys move a cursor over the cells, Enter or Space selects and moves, Escape cancels.
// A board reached with the keyboard (Tab) shows its ring and cursor at once. On a board that
// takes `arrows_step_moves` (the game page) and was focused by a click, the arrow keys are
// left to the page, which steps through the moves as on other sites; Enter or Space there (or
// reaching the board with Tab) gives the arrows back to the cursor.

const DRAG_THRESHOLD_PX = 6;
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export function attach_input(board) {
    const svg = board.svg;
    let press = null; // {cell, x, y, deselect_on_up, dragging}

    svg.addEventListener('pointerdown', (e) => {
        if (!board.grid || e.button > 0) return;
        board.container.classList.remove('keyboard');
        const cell = board.cell_at(e.clientX, e.clientY);
        if (cell < 0) return;
        e.preventDefault();
        board.pointer_focus = true;
        svg.focus({ preventScroll: true });
        board.cursor = cell;
        const prefix = board.picker.prefix;
        press = null;
        if (prefix.length === 1 && prefix[0] === cell) {
            press = { cell, x: e.clientX, y: e.clientY, deselect_on_up: true, dragging: false };
        } else if (board.activate(cell).kind === 'select') {
            press = { cell, x: e.clientX, y: e.clientY, deselect_on_up: false, dragging: false };
        }
        if (press) svg.setPointerCapture(e.pointerId);
    });

    svg.addEventListener('pointermove', (e) => {
        if (!press) return;
        if (!press.dragging) {
            if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_THRESHOLD_PX) return;
            press.dragging = true;
            board.drag_start(press.cell);
        }
        board.drag_move(e.clientX, e.clientY);
    });

    svg.addEventListener('pointerup', (e) => {
        if (!press) return;
        const p = press;
        press = null;
        if (p.dragging) {
            board.drag_end();
            const cell = board.cell_at(e.clientX, e.clientY);
            if (cell >= 0 && cell !== p.cell) board.activate(cell);
        } else if (p.deselect_on_up) {
            board.cancel();
        }
    });

    svg.addEventListener('pointercancel', () => {
        if (press && press.dragging) board.drag_end();
        press = null;
    });

    svg.addEventListener('focus', () => {
        if (!board.pointer_focus) board.container.classList.add('keyboard');
    });
    svg.addEventListener('blur', () => {
        board.pointer_focus = false;
        board.container.classList.remove('keyboard');
    });

    svg.addEventListener('keydown', (e) => {
        if (!board.grid) return;
        if (ARROWS[e.key]) {
            if (board.pointer_focus && board.arrows_step_moves) return; // the page's
            board.container.classList.add('keyboard');
            board.move_cursor(...ARROWS[e.key]);
        } else if (e.key === 'Enter' || e.key === ' ') {
            board.pointer_focus = false;
            board.container.classList.add('keyboard');
            board.activate(board.cursor);
        } else if (e.key === 'Escape') {
            board.cancel();
        } else {
            return;
        }
        e.preventDefault();
    });
}
