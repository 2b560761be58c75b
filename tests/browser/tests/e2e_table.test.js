// The table screen's controls against a running `tabula serve`: copying a private table's
// code and link, a takeback asked and granted, resigning, a rematch (colours swapped, the
// board turned), a draw by agreement, and the clocks: tenths below ten seconds, the low-time warning, and the
// server's flag fall ending the game.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, expect_value, eventually } from '../harness.js';
import { new_player, create_private_table, join_by_code, click_move, close_all } from '../lib/e2e_helpers.js';

const button = (page, where, name) => page.locator(`${where} button`, { hasText: name });

test('copy code and link, a takeback, resign, a rematch with the colours swapped, a draw agreed',
    async ({ browser, base }) => {
        const host = await new_player(browser, base);
        const guest = await new_player(browser, base);
        try {
            await host.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
            const code = await create_private_table(host.page, 'chess', 'white');
            await button(host.page, '.share', 'Copy code').click();
            await expect_text(host.page.locator('.share .notice'), /Code copied/);
            assert.equal(await host.page.evaluate(() => navigator.clipboard.readText()), code);
            await button(host.page, '.share', 'Copy link').click();
            await expect_text(host.page.locator('.share .notice'), /Link copied/);
            assert.equal(await host.page.evaluate(() => navigator.clipboard.readText()), `${base}/t/${code}`);

            await join_by_code(guest.page, code);
            // Both seats are taken: the share box (code and link) goes away.
            await expect_count(host.page.locator('.share .join-code'), 0, 10000);
            // 1. e4, taken back at White's request.
            await expect_text(host.page.locator('.table-status'), /Your move/, 10000);
            await click_move(host.page, 'e2', 'e4');
            await expect_count(guest.page.locator('.move-list .move'), 1, 10000);
            await button(host.page, '.table-actions', 'Takeback').click();
            await expect_text(guest.page.locator('.offers'), /asks to take back a move/, 10000);
            await button(guest.page, '.offers', 'Accept takeback').click();
            for (const p of [host, guest]) await expect_count(p.page.locator('.move-list .move'), 0, 10000);
            await expect_text(host.page.locator('.table-status'), /Your move/, 10000);
            await expect_count(host.page.locator('.board g.piece[data-piece="P"]'), 8);

            // 1. d4 d5, and White resigns.
            await click_move(host.page, 'd2', 'd4');
            await expect_text(guest.page.locator('.table-status'), /Your move/, 10000);
            await click_move(guest.page, 'd7', 'd5');
            await expect_count(host.page.locator('.move-list .move'), 2, 10000);
            await button(host.page, '.table-actions', 'Resign').click();
            await button(host.page, '.table-actions', 'Confirm resign').click();
            for (const p of [host, guest]) await expect_text(p.page.locator('.result'), /Black wins · resignation/, 10000);

            // The rematch: the guest now has White and moves first, the host's board turns.
            await button(host.page, '.table-actions', 'Rematch').click();
            await expect_text(host.page.locator('.offers'), /Rematch offered/, 10000);
            await expect_text(guest.page.locator('.offers'), /wants a rematch/, 10000);
            await button(guest.page, '.table-actions', 'Accept rematch').click();
            await expect_text(guest.page.locator('.table-status'), /Your move/, 10000);
            await expect_text(host.page.locator('.table-status'), /Waiting for your opponent/, 10000);
            for (const p of [host, guest]) {
                await expect_count(p.page.locator('.move-list .move'), 0, 10000);
                await expect_text(p.page.locator('.result'), /^$/);
            }
            await expect_value(() => host.page.locator('.player-bar').last().getAttribute('data-colour'), 'black');
            await expect_value(() => guest.page.locator('.player-bar').last().getAttribute('data-colour'), 'white');
            await click_move(guest.page, 'e2', 'e4');
            await expect_text(host.page.locator('.table-status'), /Your move/, 10000);
            await click_move(host.page, 'e7', 'e5');
            for (const p of [host, guest]) await expect_count(p.page.locator('.move-list .move'), 2, 10000);
            // A draw offered by the host (Black now) and accepted.
            await button(host.page, '.table-actions', 'Offer draw').click();
            await expect_text(host.page.locator('.offers'), /Draw offered/, 10000);
            await expect_text(guest.page.locator('.offers'), /offers a draw/, 10000);
            await button(guest.page, '.offers', 'Accept draw').click();
            for (const p of [host, guest]) await expect_text(p.page.locator('.result'), /Draw · agreement/, 10000);
        } finally {
            await close_all(host, guest);
        }
    }, { needs: 'tabula', timeout_ms: 90000 });

test('clocks: tenths below ten seconds, the low-time warning, and the flag ends the game',
    async ({ browser, base }) => {
        const white = await new_player(browser, base);
        const black = await new_player(browser, base);
        try {
            // 12 seconds each, no increment: made through the page's api (the form's minutes
            // go in half-minute steps).
            const code = await white.page.evaluate(async () => {
                const c = await window.tabula.api.create_table({ variant: 'chess', time: { base_ms: 12000, increment_ms: 0 },
                                                                 rated: false, color: 'white', private: true });
                location.hash = `#/table/${c}`;
                return c;
            });
            await expect_text(white.page.locator('.join-code'), new RegExp(`^${code}$`), 10000);
            await join_by_code(black.page, code);
            await expect_text(white.page.locator('.table-info'), /Chess · 12s\+0 · casual · private/);
            await click_move(white.page, 'e2', 'e4');
            await expect_text(black.page.locator('.table-status'), /Your move/, 10000);
            await click_move(black.page, 'e7', 'e5');
            // White's clock runs now (clocks start after both first moves).
            const white_clock = white.page.locator('.player-bar[data-colour="white"] .clock');
            const black_clock = white.page.locator('.player-bar[data-colour="black"] .clock');
            // (Its first two seconds, above ten, are too short a window to look at on a busy
            // machine; Black's stopped clock at 12 s shows the format and class above ten.)
            await expect_text(white_clock, /^0:0[0-9]\.[0-9]$/, 8000);
            await eventually(async () => {
                const cls = await white_clock.getAttribute('class');
                assert.match(cls, /\blow\b/);
                assert.match(cls, /\brunning\b/);
            });
            await expect_text(black_clock, /^0:1[0-2]$/);
            assert.doesNotMatch(await black_clock.getAttribute('class'), /\blow\b|\brunning\b/);
            // Nobody moves: the server's timer ends the game.
            for (const p of [white, black]) await expect_text(p.page.locator('.result'), /Black wins · time/, 15000);
            await expect_text(white_clock, /^0:00\.0$/);
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });
