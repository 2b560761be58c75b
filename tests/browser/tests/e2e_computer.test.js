// Playing the computer from the lobby (issue 13) against a running `tabula serve`: the "Play the
// computer" form starts a casual game with the chosen level and colour, the computer sits down
// at once under its name with its level, and its reply appears on the board.

import { test, expect_text, expect_count } from '../harness.js';
import { new_player, click_move, close_all, lobby_form } from '../lib/e2e_helpers.js';

test('a game against the Easy computer from the lobby: it answers on the board', async ({ browser, base }) => {
    const human = await new_player(browser, base);
    try {
        const form = await lobby_form(human.page, 'computer');
        await form.locator('select[name="variant"]').selectOption('chess');
        await form.locator('input[type="radio"][value="white"]').check({ force: true });
        await form.locator('input[type="radio"][value="easy"]').check({ force: true });
        await form.locator('button[type="submit"]').click();
        await expect_text(human.page.locator('.table-status'), /Your move/, 10000);
        await expect_count(human.page.locator('.player-name', { hasText: 'Pip (Easy)' }), 1, 10000);
        await click_move(human.page, 'e2', 'e4');
        // The computer's reply: a second move in the list and a black piece that moved.
        await expect_count(human.page.locator('.move-list .move'), 2, 15000);
        await expect_text(human.page.locator('.table-status'), /Your move/, 10000);
        await expect_count(human.page.locator('.board g.piece-black'), 16);
    } finally {
        await close_all(human);
    }
}, { needs: 'tabula', timeout_ms: 60000 });
