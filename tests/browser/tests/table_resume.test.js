// The table screen after a reconnect, without a game server behind it: in a cluster the node the
// reconnection reached may not serve the table yet (its owner died and another node is claiming
// it), so a resync answered `bad_join_code` is asked again each second until the table is there.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, eventually } from '../harness.js';
import { cell } from '../fixtures/positions.js';
import { clocks, seat, table_state, table_message } from '../lib/table_messages.js';

// A chess table between alice (you, White) and bob at `version`, with `plies` of 1. e4 e5 played.
function chess_table(version, plies) {
    const mv = (m, d, from, to) => ({ move: m, display: d, path: [cell(from), cell(to)], captures: [] });
    const history = [mv('e2e4', 'e4', 'e2', 'e4'), mv('e7e5', 'e5', 'e7', 'e5')].slice(0, plies);
    return table_message(table_state({
        code: 'R3SUME', version, seats: [seat('alice'), seat('bob')], to_move: plies % 2, ply: plies,
        moves: history.map((m) => m.move), moves_display: history.map((m) => m.display), history,
        last_move: history[plies - 1], clocks: clocks([300000, 300000], plies % 2, plies > 0),
    }), 0);
}

test('a resync that finds no table yet is asked again until the claimed table answers',
    async ({ page, base }) => {
        await page.goto(`${base}/#/table/R3SUME`);
        await page.waitForFunction(() => window.tabula);
        await page.evaluate(({ first, claimed }) => {
            window.resyncs = 0;
            window.tabula.socket.request = (t) => {
                if (t !== 'resync') return new Promise(() => {});
                window.resyncs += 1;
                if (window.resyncs <= 2)
                    return Promise.reject({ code: 'bad_join_code', message: 'no table has this code' });
                return Promise.resolve(claimed);
            };
            window.tabula.api.on_push(first);
            window.tabula.api.emit('identity', window.tabula.api.player); // reconnected
        }, { first: chess_table(3, 1), claimed: chess_table(1000003, 2) });
        await expect_text(page.locator('.table .error, p.error'), /Finding the table again/, 3000);
        await expect_count(page.locator('.move-list .move'), 2, 8000); // the claimed table's state
        assert.equal(await page.evaluate(() => window.resyncs), 3);
        await eventually(async () => assert.equal(
            await page.locator('p.error').first().textContent(), ''), 2000, 'the notice cleared');
    });
