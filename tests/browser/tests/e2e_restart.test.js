// The server drops the sockets: `tabula serve` is killed (SIGKILL, as in a crash) in the
// middle of a game between two accounts and started again on the same port and database.
// Both browsers must show the "reconnecting" banner, come back by themselves (no reload: a
// marker set on each page before the kill is still there), get the game back from the
// restored table and finish it; the game is then in the profile's history with its PGN.
// Runs last: the restart ends every guest's seat elsewhere.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, expect_value } from '../harness.js';
import { cell } from '../fixtures/positions.js';
import { new_account, create_private_table, join_by_code, click_move, close_all, last_move_marks }
    from '../lib/e2e_helpers.js';

test('after tabula serve is killed and restarted, both accounts resume and finish the game',
    async ({ browser, base, env }) => {
        if (!env.tabula_restart) throw new Error('run.sh did not say how to restart tabula serve');
        const white = await new_account(browser, base, 'rsw');
        const black = await new_account(browser, base, 'rsb');
        const players = [white, black];
        try {
            const code = await create_private_table(white.page, 'chess', 'white');
            await join_by_code(black.page, code);
            // 1. e4 e5, then the crash.
            const before = [[white, 'e2', 'e4'], [black, 'e7', 'e5']];
            for (const [i, [player, from, to]] of before.entries()) {
                await expect_text(player.page.locator('.table-status'), /Your move/, 10000);
                await click_move(player.page, from, to);
                for (const p of players) await expect_count(p.page.locator('.move-list .move'), i + 1, 10000);
            }
            for (const p of players) await p.page.evaluate(() => { window.not_reloaded = true; });

            await env.tabula_restart.kill();
            for (const p of players) {
                await p.page.locator('#reconnecting').waitFor({ state: 'visible', timeout: 10000 });
                await expect_text(p.page.locator('#connection-status'), /Offline/);
            }
            await env.tabula_restart.start();
            for (const p of players) {
                await p.page.locator('#reconnecting').waitFor({ state: 'hidden', timeout: 30000 });
                await expect_text(p.page.locator('#connection-status'), /Connected/, 5000);
                assert.equal(await p.page.evaluate(() => window.not_reloaded), true, 'the page was reloaded');
                await expect_count(p.page.locator('.move-list .move'), 2, 10000);
            }
            // The restored state: White to move, the last move (e7-e5) still highlighted.
            await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
            await expect_text(black.page.locator('.table-status'), /Waiting for your opponent/, 10000);
            for (const p of players) {
                await expect_value(() => last_move_marks(p.page), { last: [cell('e7'), cell('e5')].sort((a, b) => a - b), captured: [] });
            }

            // 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#
            const after = [[white, 'f1', 'c4'], [black, 'b8', 'c6'], [white, 'd1', 'h5'], [black, 'g8', 'f6'],
                           [white, 'h5', 'f7']];
            for (const [i, [player, from, to]] of after.entries()) {
                await expect_text(player.page.locator('.table-status'), /Your move/, 10000);
                await click_move(player.page, from, to);
                for (const p of players) await expect_count(p.page.locator('.move-list .move'), i + 3, 10000);
            }
            for (const p of players) {
                await expect_text(p.page.locator('.result'), /White wins · checkmate/, 10000);
                assert.equal(await p.page.evaluate(() => window.not_reloaded), true, 'the page was reloaded');
            }
            // The finished game is in White's history, and its PGN download has every move.
            await white.page.goto(`${base}/#/account`);
            const games = white.page.locator('.account-body table.list').last();
            await expect_text(games.locator('tbody tr').first(),
                new RegExp(`Chess${white.name}${black.name}1-0 \\(checkmate\\)PGN`), 10000);
            const href = await games.locator('tbody tr').first().locator('a', { hasText: 'PGN' }).getAttribute('href');
            const pgn = await white.context.request.get(`${base}${href}`);
            assert.equal(pgn.status(), 200);
            const text = await pgn.text();
            assert.match(text, new RegExp(`\\[White "${white.name}"\\]`));
            assert.match(text, /1\. e4 e5 2\. Bc4 Nc6 3\. Qh5 Nf6 4\. Qxf7# 1-0/);
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 120000 });
