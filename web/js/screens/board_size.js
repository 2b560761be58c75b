// The size of the board area on the table screen: as large as the window allows with both
// player bars, the actions and the move field still visible without scrolling (viewport height
// and width), or the size the player chose by dragging the grip at the board's corner (or with
// its arrow keys; a double click goes back to fitting the window), remembered in localStorage.

const KEY = 'tabula.board_px';
const MIN_PX = 160;
const STEP_PX = 20;
const MARGIN_PX = 10; // kept free under the board area

export class BoardSizer {
    // `below`: the actions bar, kept in view too when the layout puts it under the board (one
    // column: phones and narrow windows).
    constructor(area, holder, grip, below = null) {
        this.area = area;
        this.below = below;
        this.holder = holder;
        this.grip = grip;
        const kept = Number(localStorage.getItem(KEY));
        this.user = Number.isFinite(kept) && kept >= MIN_PX ? kept : null;
        this.on_resize = () => this.fit();
        window.addEventListener('resize', this.on_resize);
        let drag = null;
        grip.addEventListener('pointerdown', (e) => {
            e.preventDefault();
            e.stopPropagation();
            grip.setPointerCapture(e.pointerId);
            drag = { x: e.clientX, size: this.area.getBoundingClientRect().width };
        });
        grip.addEventListener('pointermove', (e) => {
            if (drag) this.choose(drag.size + (e.clientX - drag.x));
        });
        const stop = () => {
            if (drag) this.remember();
            drag = null;
        };
        grip.addEventListener('pointerup', stop);
        grip.addEventListener('pointercancel', stop);
        grip.addEventListener('dblclick', () => {
            this.user = null;
            localStorage.removeItem(KEY);
            this.fit();
        });
        grip.addEventListener('keydown', (e) => {
            const d = { ArrowLeft: -STEP_PX, ArrowDown: -STEP_PX, ArrowRight: STEP_PX, ArrowUp: STEP_PX }[e.key];
            if (!d) return;
            e.preventDefault();
            this.choose(this.area.getBoundingClientRect().width + d);
            this.remember();
        });
    }

    destroy() {
        window.removeEventListener('resize', this.on_resize);
    }

    choose(px) {
        this.user = Math.max(MIN_PX, Math.round(px));
        this.fit();
    }

    remember() {
        if (this.user) localStorage.setItem(KEY, String(this.user));
    }

    // The widest board that fits: the column's width, and the window's height below the area's
    // top less everything in the area that is not the board.
    fit() {
        const area = this.area;
        if (!area.isConnected) return;
        area.style.width = '';
        const avail_w = area.getBoundingClientRect().width;
        const board = this.holder.getBoundingClientRect();
        const aspect = board.height > 0 ? board.width / board.height : 1;
        let size = avail_w;
        for (let pass = 0; pass < 2; pass++) {
            const rect = area.getBoundingClientRect();
            let chrome = rect.height - this.holder.getBoundingClientRect().height;
            if (this.below) {
                const under = this.below.getBoundingClientRect();
                if (under.top >= rect.bottom - 1) chrome += under.bottom - rect.bottom;
            }
            const top = rect.top + window.scrollY;
            const avail_h = window.innerHeight - top - chrome - MARGIN_PX;
            const fitted = Math.min(avail_w, avail_h * aspect);
            size = Math.max(MIN_PX, Math.floor(this.user ? Math.min(avail_w, this.user) : fitted));
            area.style.width = `${size}px`;
        }
        area.dataset.size = String(size);
    }
}
