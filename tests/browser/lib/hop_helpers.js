// Helpers of the end-to-end tests of Chinese checkers and Halma tables (web/js/board/hop_board.js):
// a move clicked on the star or the square, and the turns as the seat list frames them.

import assert from 'node:assert/strict';
import { eventually, expect_count } from '../harness.js';

// A click at the centre of an element on screen (a piece, a hole).
export async function click_centre(page, locator) {
    const box = await locator.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// The first legal move of the page's player, who is to move: a movable piece, then the first
// destination offered for it. Returns the destination's cell.
export async function play_first_hop(page) {
    const pieces = page.locator('.board .layer-pieces .halma-piece.movable');
    await eventually(async () => assert.ok(await pieces.count() > 0, 'a movable piece'), 10000);
    await click_centre(page, pieces.first());
    await expect_count(page.locator('.board .mark-selected'), 1);
    const cell = await page.locator('.board .hint-end').first().getAttribute('data-cell');
    // A hole of the star, a square of Halma's board.
    await click_centre(page, page.locator(`.board :is(.hole, .halma-square)[data-cell="${cell}"]`));
    return Number(cell);
}

// Records in the page every change of the seat framed as the one to move (the seat list's
// `.current` row), as `window.turns_seen` (seat indexes as text, each change once).
export async function record_turns(page) {
    await page.evaluate(() => {
        const list = document.querySelector('.seat-list');
        const seen = [];
        const note = () => {
            const row = list.querySelector('.seat-row.current');
            const seat = row ? row.dataset.seat : null;
            if (seen[seen.length - 1] !== seat) seen.push(seat);
        };
        note();
        new MutationObserver(note).observe(list, { subtree: true, attributes: true, attributeFilter: ['class'] });
        window.turns_seen = seen;
    });
}

export async function turns_seen(page) {
    return page.evaluate(() => window.turns_seen.slice());
}
