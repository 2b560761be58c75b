// The board gallery draws every variant's start position: one square per cell, one piece per
// occupied cell at the right place, the playable squares dark; saves a screenshot of each.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test, expect_text } from '../harness.js';
import { START_GRIDS, MEN_PER_SIDE } from '../fixtures/start_grids.js';

for (const { variant, grid } of START_GRIDS) {
    test(`gallery draws the ${variant} start position`, async ({ page, base, env }) => {
        await page.goto(`${base}/dev/boards.html`);
        await expect_text(page.locator('#gallery-status'), /12 boards/);
        const figure = page.locator(`figure[data-variant="${variant}"]`);
        const drawn = await figure.evaluate((fig) => {
            const squares = [...fig.querySelectorAll('rect.square')];
            const pieces = [...fig.querySelectorAll('g.piece')];
            const inside = (inner, outer) => {
                const a = inner.getBoundingClientRect();
                const b = outer.getBoundingClientRect();
                const x = a.left + a.width / 2;
                const y = a.top + a.height / 2;
                return x > b.left && x < b.right && y > b.top && y < b.bottom;
            };
            return {
                squares: squares.length,
                dark: squares.filter((s) => s.classList.contains('dark')).map((s) => Number(s.dataset.cell)),
                pieces: pieces.map((p) => ({
                    cell: Number(p.dataset.cell),
                    piece: p.dataset.piece,
                    white: p.classList.contains('piece-white'),
                    placed: inside(p, squares.find((s) => Number(s.dataset.cell) === Number(p.dataset.cell))),
                })),
            };
        });
        assert.equal(drawn.squares, grid.rows * grid.cols);
        const occupied = [...grid.cells].flatMap((ch, i) => (ch === '.' || ch === ' ' ? [] : [i]));
        assert.deepEqual(drawn.pieces.map((p) => p.cell).sort((a, b) => a - b), occupied);
        for (const p of drawn.pieces) {
            assert.equal(p.piece, grid.cells[p.cell], `piece on cell ${p.cell}`);
            assert.ok(p.placed, `piece on cell ${p.cell} is drawn inside its square`);
        }
        assert.equal(drawn.pieces.filter((p) => p.white).length, MEN_PER_SIDE[variant]);
        assert.equal(drawn.pieces.filter((p) => !p.white).length, MEN_PER_SIDE[variant]);
        if (grid.cells.includes(' ')) {
            const playable = [...grid.cells].flatMap((ch, i) => (ch === ' ' ? [] : [i]));
            assert.deepEqual(drawn.dark.sort((a, b) => a - b), playable, 'playable cells are dark');
        } else {
            assert.equal(drawn.dark.length, (grid.rows * grid.cols) / 2, 'a chequered board');
        }
        await figure.screenshot({ path: path.join(env.artifacts, `start-${variant}.png`) });
    });
}
