// A Swiss of four accounts against `tabula serve`, all through the pages: the organiser
// creates it with the form and joins, the three others find it in the list and join (one by
// the keyboard alone), the axe audit of its page with four players, the organiser starts it,
// and each player gets the `tournament_game` push and is taken to the table of their pairing
// (docs/protocol.md §7.15), which names the tournament; then a game is won and the page shows
// the result, the standings and the crosstable.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, eventually } from '../harness.js';
import { new_account, click_move, close_all, unique_name } from '../lib/e2e_helpers.js';
import { expect_no_serious_violations } from '../lib/axe.js';

const button = (page, where, name) => page.locator(`${where} button`, { hasText: name });

test('a Swiss of four: created and joined in the pages, started by its organiser, each player taken to their table',
    async ({ browser, base }) => {
        const players = [];
        try {
            for (const prefix of ['org', 'pa', 'pb', 'pc']) players.push(await new_account(browser, base, prefix, '/#/tournaments'));
            const [organiser, ...others] = players;
            const name = `Swiss ${unique_name('s')}`;
            const form = organiser.page.locator('.tournament-form');
            await form.getByLabel('Name').fill(name);
            await form.getByLabel('Rounds').fill('3');
            await form.getByLabel('Minimum players').fill('4');
            await form.getByLabel('Maximum players').fill('4');
            await form.locator('button[type="submit"]').click();
            await expect_text(organiser.page.locator('#tournament-title'), new RegExp(name), 10000);
            const id = Number((await organiser.page.evaluate(() => location.hash)).match(/^#\/tournament\/(\d+)$/)[1]);
            await expect_text(organiser.page.locator('.tournament-when'), /Starting soon/);
            await organiser.page.locator('[data-action="join"]').click();
            await expect_text(organiser.page.locator('.tournament-head .notice'), /You have joined/, 10000);

            for (const [i, p] of others.entries()) {
                await p.page.reload();
                await expect_text(p.page.locator('[data-group="upcoming"]'), new RegExp(name), 10000);
                await p.page.locator('[data-group="upcoming"] a', { hasText: name }).click();
                await expect_text(p.page.locator('#tournament-title'), new RegExp(name), 10000);
                const join = p.page.locator('[data-action="join"]');
                if (i === 0) {
                    await join.focus();
                    await p.page.keyboard.press('Enter');
                } else {
                    await join.click();
                }
                await expect_text(p.page.locator('.tournament-head .notice'), /You have joined/, 10000);
                await expect_count(p.page.locator('[data-action="withdraw"]'), 1);
            }
            await organiser.page.reload();
            await expect_count(organiser.page.locator('.entry-list li'), 4, 10000);
            await expect_count(organiser.page.locator('.standings-table tbody tr'), 4);
            await expect_no_serious_violations(organiser.page, 'a Swiss of four not started, seen by its organiser');

            // Started: every player's page opens the table of their pairing.
            await organiser.page.locator('[data-action="start"]').click();
            const read = async () => (await (await organiser.context.request.get(`${base}/api/tournaments/${id}`)).json()).tournament;
            await eventually(async () => assert.equal((await read()).state, 'running'), 10000, 'running');
            for (const p of players) {
                await eventually(async () => {
                    const pairings = (await read()).rounds[0].pairings;
                    assert.equal(pairings.length, 2);
                    const mine = pairings.find((q) => q.white === p.name || q.black === p.name);
                    assert.ok(mine && mine.table, `${p.name}'s table made`);
                    assert.equal(await p.page.evaluate(() => location.hash), `#/table/${mine.table}`);
                }, 15000, `${p.name} at their table`);
                await expect_text(p.page.locator('.table-status'), /move/, 10000);
                await expect_text(p.page.locator('.tournament-game'), new RegExp(`Tournament game: ${name} · round 1, board [12]`));
            }

            // Board 1: 1. e4 e5 and White resigns; the tournament's page shows the result.
            const board1 = (await read()).rounds[0].pairings.find((q) => q.board === 1);
            const white = players.find((p) => p.name === board1.white);
            const black = players.find((p) => p.name === board1.black);
            await click_move(white.page, 'e2', 'e4');
            await expect_text(black.page.locator('.table-status'), /Your move/, 10000);
            await click_move(black.page, 'e7', 'e5');
            await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
            await button(white.page, '.table-actions', 'Resign').click();
            await button(white.page, '.table-actions', 'Confirm resign').click();
            await expect_text(black.page.locator('.result'), /Black wins · resignation/, 10000);
            await white.page.locator('.tournament-game a').click();
            await expect_text(white.page.locator(`.tournament-round[data-round="1"] tr[data-table="${board1.table}"] .result`), /^0-1$/, 15000);
            await expect_text(white.page.locator(`.standings-table tr[data-name="${board1.black}"] .points`), /^1$/);
            await expect_text(white.page.locator(`.standings-table tr[data-name="${board1.black}"] td`).first(), /^1$/);
            await expect_text(white.page.locator(`.crosstable tr[data-name="${board1.white}"]`), /-1w/);
            await expect_text(white.page.locator('.tournament-when'), /Running · round 1/);
        } finally {
            await close_all(...players);
        }
    }, { needs: 'tabula', timeout_ms: 120000 });
