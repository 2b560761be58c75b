// Chinese checkers and Halma for two at a table, against a running `tabula serve`: two guests
// meet by code, each sees the star with its own home at the bottom, they move by clicking (a
// chain of hops included), a spectator sees the same board, the moves are stepped back through,
// and a resignation ends the game; a Halma table starts, takes a clicked and a typed move, and
// the page writes its record. Any console error,
// or a classic chess/draughts board on the page, fails the test.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { test, expect_text, expect_count, expect_value, eventually } from '../harness.js';
import { watched_player, create_private_table, join_by_code, close_all, lobby_form } from '../lib/e2e_helpers.js';
import { halma_cell_of } from '../../../web/js/board/halma_cells.js';

// The HopBoard of `shape` is the page's only board: no squares of the classic board.
async function expect_hop_board(page, shape) {
    await expect_count(page.locator(`.board.hop-board[data-shape="${shape}"]`), 1, 10000);
    await expect_count(page.locator('.board:not(.hop-board)'), 0);
    await expect_count(page.locator('.board rect.square'), 0);
}

// Clicks the hole (or square) named `name` at its centre on screen.
async function click_cell(page, shape, name) {
    const cell = halma_cell_of(shape, name);
    const box = await page.locator(`.board [data-cell="${cell}"]:is(.hole, .halma-square)`).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// A move by two clicks: the piece (selected: its ring and the destinations' dots), then the end.
async function hop(page, shape, from, to) {
    await click_cell(page, shape, from);
    await expect_count(page.locator('.board .mark-selected'), 1);
    await expect_count(page.locator(`.board .hint-end[data-cell="${halma_cell_of(shape, to)}"]`), 1);
    await click_cell(page, shape, to);
}

// The pieces drawn: {cell: seat}, and the mean height on screen of each seat's pieces.
async function pieces(page) {
    return page.locator('.board .layer-pieces .halma-piece').evaluateAll((els) => {
        const at = {};
        const ys = [[], []];
        for (const g of els) {
            at[g.dataset.cell] = Number(g.dataset.seat);
            const r = g.getBoundingClientRect();
            ys[Number(g.dataset.seat)].push(r.top + r.height / 2);
        }
        const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
        return { at, y: ys.map(mean) };
    });
}

const button = (page, where, name) => page.locator(`${where} button`, { hasText: name });

test('Chinese checkers for two: meet by code, own home at the bottom, a hop chain, a spectator, resign',
    async ({ browser, base }) => {
        const white = await watched_player(browser, base);
        const black = await watched_player(browser, base);
        const watcher = await watched_player(browser, base);
        try {
            // The setup form says which seat White is, for these games only.
            const form = await lobby_form(white.page, 'create');
            await expect_count(form.locator('.seat-note:visible'), 0);
            await form.locator('select[name="variant"]').selectOption('chinese-checkers-2');
            await expect_text(form.locator('.seat-note:visible'), /White is the first seat and moves first/);
            const code = await create_private_table(white.page, 'chinese-checkers-2', 'white');
            await join_by_code(black.page, code);
            for (const p of [white, black]) await expect_hop_board(p.page, 'star');
            await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
            await expect_text(white.page.locator('.table-info'), /Chinese checkers \(2 players\)/);
            // Each player's home (its pieces) at the bottom of the star.
            const mine = await pieces(white.page);
            assert.ok(mine.y[0] > mine.y[1], `White's pieces below Black's: ${mine.y}`);
            const theirs = await pieces(black.page);
            assert.ok(theirs.y[1] > theirs.y[0], `Black's pieces below White's: ${theirs.y}`);
            // The bottom player bar is one's own, in the colour of one's pieces.
            await expect_value(() => white.page.locator('.player-bar').last().getAttribute('data-style'), 'red');
            await expect_value(() => black.page.locator('.player-bar').last().getAttribute('data-style'), 'green');
            // Premoves do not apply: a piece clicked while waiting is not taken up.
            await click_cell(black.page, 'star', 'd2');
            await click_cell(black.page, 'star', 'e6');
            await expect_count(black.page.locator('.board .mark-selected'), 0);
            await expect_text(black.page.locator('.premove-note'), /^$/);

            const moves = [[white, 'n2', 'm6'], [black, 'd2', 'e6'], [white, 'p2', 'l5'], [black, 'd3', 'e7'],
                           [white, 'o1', 'm5']];
            for (const [i, [p, from, to]] of moves.entries()) {
                await expect_text(p.page.locator('.table-status'), /Your move/, 10000);
                await hop(p.page, 'star', from, to);
                for (const q of [white, black]) await expect_count(q.page.locator('.move-list .move'), i + 1, 10000);
                if (from === 'p2') {
                    // A chain of two hops: Black sees its whole path, origin, landing and end.
                    await eventually(async () => {
                        const cells = await black.page.locator('.board .hop-last').getAttribute('data-cells');
                        assert.equal(cells.split(',').length, 3);
                        assert.ok(cells.startsWith(`${halma_cell_of('star', 'p2')},`));
                    });
                }
            }
            await expect_text(white.page.locator('.move-list .move').nth(2), /^p2-l5$/);

            await watcher.page.goto(`${base}/#/table/${code}/watch`);
            await expect_hop_board(watcher.page, 'star');
            await expect_text(watcher.page.locator('.table-status'), /to move · you are watching/, 10000);
            await expect_count(watcher.page.locator('.move-list .move'), 5, 10000);
            const seen = await pieces(watcher.page);
            assert.deepEqual(seen.at, (await pieces(white.page)).at, 'the spectator sees the players\' board');
            assert.ok(seen.y[0] > seen.y[1], 'a spectator sees the first seat at the bottom');
            const last = await watcher.page.locator('.board .hop-last').getAttribute('data-cells');
            assert.deepEqual(last.split(',').map(Number), [halma_cell_of('star', 'o1'), halma_cell_of('star', 'm5')]);

            // Stepping back to the chain: its three cells are drawn, then back to the live board.
            await watcher.page.locator('.move-list .move').nth(2).click();
            await eventually(async () => {
                const cells = await watcher.page.locator('.board .hop-last').getAttribute('data-cells');
                assert.equal(cells.split(',').length, 3);
            });
            assert.equal((await pieces(watcher.page)).at[halma_cell_of('star', 'o1')], 0, 'o1 still home then');
            await watcher.page.locator('button[aria-label="Last move"]').click();
            await expect_value(async () => (await pieces(watcher.page)).at[halma_cell_of('star', 'm5')], 0);

            // Flip turns the star: the other home at the bottom, and back.
            await button(white.page, '.board-tools', 'Flip board').click();
            await eventually(async () => {
                const turned = await pieces(white.page);
                assert.ok(turned.y[1] > turned.y[0]);
            });
            await button(white.page, '.board-tools', 'Flip board').click();

            const white_name = (await white.page.locator('.player-bar').last().locator('.player-name').textContent()).trim();
            await button(black.page, '.table-actions', 'Resign').click();
            await button(black.page, '.table-actions', 'Confirm resign').click();
            for (const p of [white, black, watcher]) {
                await expect_text(p.page.locator('.result'), new RegExp(`^${white_name} wins · resignation$`), 10000);
                // Each player is named once, in its bar: the board draws no second strip of
                // names (issue 35).
                await expect_count(p.page.locator('.board .seat-tag'), 0);
                await expect_count(p.page.locator('.board-area .player-name', { hasText: white_name }), 1);
            }
            await expect_text(white.page.locator('.stored-record'), /^Download the stored record \(PDN\)$/, 10000);
            for (const p of [white, black, watcher]) assert.deepEqual(p.errors, []);
        } finally {
            await close_all(white, black, watcher);
        }
    }, { needs: 'tabula', timeout_ms: 120000 });

test('Halma for two: a table starts on the square board and takes a clicked move and a typed one, and the page writes its record', async ({ browser, base }) => {
    const white = await watched_player(browser, base);
    const black = await watched_player(browser, base);
    try {
        const code = await create_private_table(white.page, 'halma-2', 'white');
        await join_by_code(black.page, code);
        for (const p of [white, black]) await expect_hop_board(p.page, 'square');
        await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
        const mine = await pieces(white.page);
        assert.equal(Object.keys(mine.at).length, 38);
        assert.ok(mine.y[0] > mine.y[1]);
        const theirs = await pieces(black.page);
        assert.ok(theirs.y[1] > theirs.y[0]);
        await hop(white.page, 'square', 'b5', 'c6');
        for (const p of [white, black]) await expect_text(p.page.locator('.move-list .move'), /^b5-c6$/, 10000);
        await expect_text(black.page.locator('.table-status'), /Your move/, 10000);
        assert.equal((await pieces(black.page)).at[halma_cell_of('square', 'c6')], 0);
        // Black types its move in the family's notation.
        await black.page.getByLabel('Type a move').fill('o12-n11');
        await black.page.locator('.typed-move button[type="submit"]').click();
        for (const p of [white, black]) await expect_count(p.page.locator('.move-list .move'), 2, 10000);
        await expect_text(white.page.locator('.move-list .move').nth(1), /^o12-n11$/);
        // The record the page writes, as the server writes the family's.
        const [download] = await Promise.all([white.page.waitForEvent('download'),
                                              white.page.locator('.download-record').click()]);
        assert.match(download.suggestedFilename(), /^tabula-[A-Z0-9]{6}-1\.pdn$/);
        const pdn = await fs.readFile(await download.path(), 'utf8');
        assert.match(pdn, /\[Seat1 "guest-[^"]+"\]\n\[Seat2 "guest-[^"]+"\]\n\[Result "\*"\]\n\[Variant "halma-2"\]\n\n/);
        assert.match(pdn, /\n1\. b5-c6 o12-n11 \*\n$/);
        for (const p of [white, black]) assert.deepEqual(p.errors, []);
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });
