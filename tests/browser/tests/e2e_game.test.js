// End-to-end games through a running `tabula serve`: contexts meet at a private table by code
// and by link, play fool's mate with a spectator watching and a Russian draughts line with a
// double capture, and resume after a socket drop; play now pairs two players, who abort. The
// tests use only the page (clicks, fields, visible text); what has to match the server is
// web/js/net/api.js and table_state.js.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, expect_value, eventually } from '../harness.js';
import { cell } from '../fixtures/positions.js';
import { new_player, create_private_table, join_by_code, click_move, close_all, last_move_marks }
    from '../lib/e2e_helpers.js';

test("two players meet by code, a spectator watches, fool's mate ends the game", async ({ browser, base }) => {
    const white = await new_player(browser, base);
    const black = await new_player(browser, base);
    const watcher = await new_player(browser, base);
    try {
        const code = await create_private_table(white.page, 'chess', 'white');
        await join_by_code(black.page, code);
        await watcher.page.goto(`${base}/#/table/${code}/watch`);
        await expect_text(watcher.page.locator('.table-status'), /watching/, 10000);
        await expect_text(white.page.locator('.spectators'), /1 watching/);
        const line = [[white, 'f2', 'f3'], [black, 'e7', 'e5'], [white, 'g2', 'g4'], [black, 'd8', 'h4']];
        for (const [i, [player, from, to]] of line.entries()) {
            await expect_text(player.page.locator('.table-status'), /Your move/, 10000);
            await click_move(player.page, from, to);
            for (const p of [white, black, watcher]) await expect_count(p.page.locator('.move-list .move'), i + 1, 10000);
        }
        for (const p of [white, black, watcher]) {
            await expect_text(p.page.locator('.result'), /Black wins · checkmate/, 10000);
            await expect_count(p.page.locator('.board .mark-check'), 1);
        }
        // Chat reaches the players and the spectator; the spectator's leaving is counted.
        await black.page.fill('#chat-input', 'good game');
        await black.page.locator('.chat-form button[type="submit"]').click();
        for (const p of [white, black, watcher]) await expect_text(p.page.locator('.chat-log .chat-line').last(), /good game$/, 10000);
        await watcher.context.close();
        // Nobody watching: the count is not shown.
        await expect_count(white.page.locator('.spectators:visible'), 0, 10000);
    } finally {
        await close_all(white, black, watcher);
    }
}, { needs: 'tabula', timeout_ms: 90000 });

test('a third player joins a private table by its link', async ({ browser, base }) => {
    const host = await new_player(browser, base);
    const guest = await new_player(browser, base);
    try {
        const code = await create_private_table(host.page, 'chess', 'black');
        await guest.page.goto(`${base}/t/${code}`);
        await expect_text(guest.page.locator('.table-status'), /Your move/, 10000);
        await expect_text(host.page.locator('.table-status'), /Waiting for your opponent/, 10000);
    } finally {
        await close_all(host, guest);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

// Russian draughts: 1. c3-d4 d6-c5 2. b2-c3 c7-d6 3. d4-e5, and Black takes twice with
// f6:d4:b2 (over e5, then over c3, whose square b2 White left empty), clicked by destination.
test('a Russian draughts game with a multi-capture', async ({ browser, base }) => {
    const white = await new_player(browser, base);
    const black = await new_player(browser, base);
    try {
        const code = await create_private_table(white.page, 'russian', 'white');
        await join_by_code(black.page, code);
        const line = [[white, 'c3', 'd4'], [black, 'd6', 'c5'], [white, 'b2', 'c3'], [black, 'c7', 'd6'],
                      [white, 'd4', 'e5'], [black, 'f6', 'b2']];
        for (const [i, [player, from, to]] of line.entries()) {
            await expect_text(player.page.locator('.table-status'), /Your move/, 10000);
            await click_move(player.page, from, to);
            await expect_count(white.page.locator('.move-list .move'), i + 1, 10000);
        }
        const marks = { last: [cell('f6'), cell('d4'), cell('b2')].sort((a, b) => a - b),
                        captured: [cell('e5'), cell('c3')].sort((a, b) => a - b) };
        for (const p of [white, black]) {
            await expect_count(p.page.locator(`.board g.piece[data-cell="${cell('e5')}"]`), 0);
            await expect_count(p.page.locator(`.board g.piece[data-cell="${cell('c3')}"]`), 0);
            await expect_count(p.page.locator(`.board g.piece[data-cell="${cell('b2')}"][data-piece="b"]`), 1);
            await expect_count(p.page.locator('.board g.piece-white'), 10);
            await expect_value(() => last_move_marks(p.page), marks);
        }
        // After a reload each guest sits down again (its kept token) and the last move, the
        // double capture, is highlighted again from what the server sends on the join.
        for (const p of [white, black]) {
            await p.page.reload();
            await expect_count(p.page.locator('.move-list .move'), 6, 10000);
            await expect_value(() => last_move_marks(p.page), marks, 10000);
        }
        await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
        await expect_text(black.page.locator('.table-status'), /Waiting for your opponent/, 10000);
        // The game goes on: 4. a1:c3 takes the man on b2 (White's only move: captures are compulsory).
        await click_move(white.page, 'a1', 'c3');
        for (const p of [white, black]) {
            await expect_count(p.page.locator('.move-list .move'), 7, 10000);
            await expect_value(() => last_move_marks(p.page), { last: [cell('a1'), cell('c3')].sort((a, b) => a - b),
                                                               captured: [cell('b2')] });
        }
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 90000 });

test('after the socket drops, the game resumes with the moves made meanwhile', async ({ browser, base }) => {
    const white = await new_player(browser, base);
    const black = await new_player(browser, base);
    try {
        const code = await create_private_table(white.page, 'chess', 'white');
        await join_by_code(black.page, code);
        await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
        await click_move(white.page, 'e2', 'e4');
        await expect_count(black.page.locator('.move-list .move'), 1, 10000);
        // Cut Black off: no new connection can open while offline, and the open one is closed.
        await black.context.setOffline(true);
        await black.page.evaluate(() => window.tabula.socket.drop());
        await black.page.locator('#reconnecting').waitFor({ state: 'visible', timeout: 10000 });
        await black.context.setOffline(false);
        await black.page.evaluate(() => window.tabula.socket.retry_now());
        await black.page.locator('#reconnecting').waitFor({ state: 'hidden', timeout: 20000 });
        await expect_text(black.page.locator('.table-status'), /Your move/, 10000);
        await click_move(black.page, 'e7', 'e5');
        await expect_count(white.page.locator('.move-list .move'), 2, 10000);
        await eventually(async () => assert.equal(await black.page.locator('.move-list .move').count(), 2));
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 90000 });

test('play now pairs two players who pick the same pool, and either may abort before moving',
    async ({ browser, base }) => {
        const one = await new_player(browser, base);
        const two = await new_player(browser, base);
        try {
            for (const p of [one, two]) {
                await p.page.getByLabel('Variant').first().selectOption('international');
                await p.page.locator('.play-now').getByRole('button', { name: '10+5' }).click();
            }
            for (const p of [one, two]) {
                await expect_text(p.page.locator('.table-info'), /International draughts · 10\+5 · casual/, 15000);
                await expect_text(p.page.locator('.table-status'), /Your move|Waiting for your opponent/, 10000);
            }
            const codes = await Promise.all([one, two].map((p) => p.page.evaluate(() => location.hash)));
            assert.equal(codes[0], codes[1]);
            // Abort asks for a second click.
            await one.page.locator('.table-actions button', { hasText: 'Abort' }).click();
            await one.page.locator('.table-actions button', { hasText: 'Confirm abort' }).click();
            for (const p of [one, two]) await expect_text(p.page.locator('.result'), /Game aborted/, 10000);
            await expect_count(two.page.locator('.table-actions button', { hasText: 'Abort' }), 0);
        } finally {
            await close_all(one, two);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });
