// What a demanding player notices in the first minutes (issue 35), against `tabula serve`: no
// rating for guests and the computer, a finished game (no move field, the result at the end of
// the move list, the stored record named in words, no "0 watching"), the chess material each
// player is up, the phone's status under the board and thumb-sized move buttons, no layout
// shift while the game page is built, and a Chinese checkers move of the list drawn on the
// board under the pointer.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, eventually } from '../harness.js';
import { click_move, close_all, lobby_form, new_player, pair } from '../lib/e2e_helpers.js';
import { play_first_hop } from '../lib/hop_helpers.js';

async function wait_moves(pages, n) {
    for (const p of pages) await expect_count(p.locator('.move-list .move'), n, 10000);
}

test('guests and the computer show no rating', async ({ browser, base }) => {
    const { white, black } = await pair(browser, base, 'chess');
    const human = await new_player(browser, base);
    try {
        await expect_count(white.page.locator('.player-bar .player-name', { hasText: /^guest-/ }), 2, 10000);
        assert.deepEqual(await white.page.locator('.player-bar .player-rating').allTextContents(), ['', '']);
        const form = await lobby_form(human.page, 'computer');
        await form.locator('select[name="variant"]').selectOption('chess');
        await form.locator('input[type="radio"][value="easy"]').check({ force: true });
        await form.locator('button[type="submit"]').click();
        await expect_count(human.page.locator('.player-name', { hasText: 'Pip (Easy)' }), 1, 10000);
        assert.deepEqual(await human.page.locator('.player-bar .player-rating').allTextContents(), ['', '']);
    } finally {
        await close_all(white, black, human);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

test('chess: the material a player is up shows beside its name; a finished game ends its move list with the score and has no move field',
    async ({ browser, base }) => {
        const { white, black } = await pair(browser, base, 'chess');
        try {
            const page = white.page;
            await expect_count(page.locator('.spectators:visible'), 0, 10000); // nobody watching: no "0 watching"
            for (const [p, from, to, n] of [[page, 'e2', 'e4', 1], [black.page, 'd7', 'd5', 2], [page, 'e4', 'd5', 3]]) {
                await expect_text(p.locator('.table-status'), /Your move/, 10000);
                await click_move(p, from, to);
                await wait_moves([page, black.page], n);
            }
            const bar = (p, colour) => p.locator(`.board-area .player-bar[data-colour="${colour}"] .material`);
            await expect_text(bar(black.page, 'white'), /^\u265F\+1up a pawn, \+1$/);
            await expect_text(bar(black.page, 'black'), /^$/);
            // Stepping back to the start shows no material difference.
            await page.locator('.move-nav button[aria-label="First position"]').click();
            await expect_text(bar(page, 'white'), /^$/);
            await page.locator('.move-nav button[aria-label="Last move"]').click();
            await black.page.locator('.table-actions button[data-action="resign"]').click();
            await black.page.locator('.table-actions button[data-action="resign"]').click();
            for (const p of [page, black.page]) {
                await expect_text(p.locator('.move-list li.move-result'), /^1-0 · White wins · resignation$/, 10000);
                await expect_count(p.locator('.typed-move:visible'), 0);
                await expect_text(p.locator('.stored-record'), /^Download the stored record \(PGN\)$/, 10000);
            }
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

test('on a 390x844 phone whose turn it is shows under the board, in view, and the move buttons are 44 px or more',
    async ({ browser, base }) => {
        const { white, black } = await pair(browser, base, 'chess', { width: 390, height: 844 });
        try {
            const page = white.page;
            const status = page.locator('.phone-status');
            await expect_text(status, /^Your move$/, 10000);
            const box = await status.boundingBox();
            assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `the status is in view: ${JSON.stringify(box)}`);
            for (const button of await page.locator('.move-nav button').all()) {
                const b = await button.boundingBox();
                assert.ok(b.width >= 44 && b.height >= 44, `${await button.getAttribute('aria-label')}: ${b.width}x${b.height}`);
            }
            await click_move(page, 'e2', 'e4');
            await expect_text(status, /^Waiting for your opponent’s move$/, 10000);
            await expect_text(black.page.locator('.phone-status'), /^Your move$/, 10000);
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

// The layout shifts of a page load (the Layout Instability API, as Lighthouse's CLS sums them:
// shifts without recent input, in windows of at most 5 s with gaps under 1 s; the largest).
async function layout_shift_after_load(page, url) {
    await page.addInitScript(() => {
        window.shifts = [];
        new PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (!e.hadRecentInput) window.shifts.push({ at: e.startTime, value: e.value });
        }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url);
    await expect_text(page.locator('.table-status'), /move|watching/, 10000);
    await page.waitForTimeout(1500);
    return page.evaluate(() => {
        let best = 0;
        let sum = 0;
        let first = -1;
        let last = -1;
        for (const s of window.shifts) {
            if (first < 0 || s.at - last > 1000 || s.at - first > 5000) {
                sum = 0;
                first = s.at;
            }
            sum += s.value;
            last = s.at;
            best = Math.max(best, sum);
        }
        return best;
    });
}

test('the game page keeps the board\'s space while it is built: layout shift under 0.1 on a desktop and a phone',
    async ({ browser, base }) => {
        const { white, black, code } = await pair(browser, base, 'chess');
        try {
            await click_move(white.page, 'e2', 'e4');
            await wait_moves([white.page, black.page], 1);
            for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
                const context = await browser.newContext({ viewport });
                const page = await context.newPage();
                try {
                    const cls = await layout_shift_after_load(page, `${base}/#/table/${code}/watch`);
                    assert.ok(cls < 0.1, `layout shift ${cls.toFixed(3)} at ${viewport.width}x${viewport.height}`);
                } finally {
                    await context.close();
                }
            }
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

test('Chinese checkers: a move of the list under the pointer is drawn on the board', async ({ browser, base }) => {
    const human = await new_player(browser, base);
    const { page } = human;
    try {
        const form = await lobby_form(page, 'computer');
        await form.locator('select[name="variant"]').selectOption('chinese-checkers-2');
        await form.locator('input[type="radio"][value="easy"]').check({ force: true });
        await form.locator('input[type="radio"][value="white"]').check({ force: true });
        await form.locator('button[type="submit"]').click();
        await expect_text(page.locator('.table-status'), /^Your move$/, 10000);
        await play_first_hop(page);
        await expect_count(page.locator('.move-list .move'), 2, 20000);
        const shown = page.locator('.board .hop-shown');
        await expect_count(shown, 0);
        await page.locator('.move-list .move').first().hover();
        await expect_count(shown, 1);
        // The path drawn goes from the move's first cell to its last, by the names the list uses.
        const text = (await page.locator('.move-list .move').first().textContent()).trim();
        const cells = (await shown.getAttribute('data-cells')).split(',').map(Number);
        const names = await page.evaluate(async (c) => {
            const { halma_cell_name } = await import('/js/board/halma_cells.js');
            return c.map((x) => halma_cell_name('star', x));
        }, cells);
        assert.equal(`${names[0]}-${names[names.length - 1]}`, text.split('-').filter((_, i, a) => i === 0 || i === a.length - 1).join('-'));
        await page.locator('.table-status').hover();
        await expect_count(shown, 0);
    } finally {
        await close_all(human);
    }
}, { needs: 'tabula', timeout_ms: 60000 });
