// Pointer (mouse, pen, touch) and keyboard input for a Board. Click-click: press a piece,
// then a destination. Drag: press a piece and release it on a destination. Keyboard: arrow
// keys move a cursor over the cells, Enter or Space selects and moves, Escape cancels.

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

    svg.addEventListener('keydown', (e) => {
        if (!board.grid) return;
        if (ARROWS[e.key]) {
            board.container.classList.add('keyboard');
            board.move_cursor(...ARROWS[e.key]);
        } else if (e.key === 'Enter' || e.key === ' ') {
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
