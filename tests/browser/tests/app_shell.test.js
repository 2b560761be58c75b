// The app shell without a game server behind it (served statically): the reconnecting
// banner, join links, the theme and sound switches, and the table screen fed with a pushed
// table state, whose board sends moves through the api module with their ply.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, expect_value, eventually } from '../harness.js';
import { cell } from '../fixtures/positions.js';
import { clocks, seat, time, table_state, table_message } from '../lib/table_messages.js';

test('without a server the shell shows the reconnecting banner', async ({ page, base }) => {
    await page.goto(`${base}/`);
    await page.locator('#reconnecting').waitFor({ state: 'visible', timeout: 5000 });
    await expect_text(page.locator('#connection-status'), /Offline/);
    await expect_text(page.locator('h2#tables-title'), /Public tables/);
});

test('a join link /t/<CODE> opens the table screen for that code', async ({ page, base }) => {
    await page.goto(`${base}/t/k7qf3x`);
    await expect_text(page.locator('.table-status'), /Joining table K7QF3X/);
    await expect_value(() => page.evaluate(() => document.body.dataset.screen), 'table');
});

test('the theme switch goes light and is remembered', async ({ page, base }) => {
    await page.goto(`${base}/`);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await page.click('#theme-toggle');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    await page.reload();
    await expect_value(() => page.evaluate(() => document.documentElement.dataset.theme), 'light');
});

test('the sound switch is saved in localStorage', async ({ page, base }) => {
    await page.goto(`${base}/`);
    await expect_text(page.locator('#sound-toggle'), /Sound on/);
    await page.click('#sound-toggle');
    await expect_text(page.locator('#sound-toggle'), /Sound off/);
    assert.equal(await page.evaluate(() => localStorage.getItem('tabula.sound')), 'off');
});

// The `table` message of a table after 1. e4 e5 2. Nf3 with White (you, seat 0) to move,
// 8.4 s left, a draw offered.
function table_after_three_plies() {
    const mv = (m, d, from, to) => ({ move: m, display: d, path: [cell(from), cell(to)], captures: [] });
    const history = [mv('e2e4', 'e4', 'e2', 'e4'), mv('e7e5', 'e5', 'e7', 'e5'), mv('g1f3', 'Nf3', 'g1', 'f3')];
    return table_message(table_state({
        code: 'K7QF3X', private: true, time: time(300000, 3000), version: 5,
        spectators: [{ id: 's1', name: 's1', registered: false, rating: 1500 }, { id: 's2', name: 's2', registered: false, rating: 1500 }],
        seats: [seat('alice', { registered: true, rating: 1532 }), seat('bob', { registered: true, rating: 1490, connected: false })],
        board: { rows: 8, cols: 8, check: -1,
                 cells: ['rnbqkbnr', 'pppp.ppp', '........', '....p...', '....P...', '.....N..',
                         'PPPP.PPP', 'RNBQKB.R'].join('') },
        to_move: 0, ply: 3,
        legal_moves: [mv('d2d4', 'd4', 'd2', 'd4'), mv('f1c4', 'Bc4', 'f1', 'c4')],
        moves: history.map((m) => m.move), moves_display: history.map((m) => m.display), history, last_move: history[2],
        clocks: clocks([8400, 287000], 0, true), draw_offer: 1,
        chat: [{ from: 'guest-BOB', display_name: 'bob', spectator: false, text: 'good luck!', at: 1700000000000 }],
    }), 0);
}

test('the table screen shows a pushed state and sends a move with its ply', async ({ page, base }) => {
    await page.goto(`${base}/#/table/K7QF3X`);
    await page.waitForFunction(() => window.tabula);
    await page.evaluate((table) => {
        window.sent = [];
        window.tabula.socket.request = (t, fields) => {
            window.sent.push({ t, ...fields });
            return new Promise(() => {});
        };
        window.tabula.api.on_push(table);
    }, table_after_three_plies());
    await expect_text(page.locator('.player-bar[data-colour="black"] .player-name'), /bob/);
    await expect_text(page.locator('.player-bar[data-colour="white"] .clock'), /^0:0[0-8]\.\d$/);
    await expect_count(page.locator('.player-bar[data-colour="white"] .clock.low'), 1);
    await expect_count(page.locator('.move-list .move'), 3);
    await expect_count(page.locator('.join-code'), 0); // both seats taken: nothing to share
    await expect_text(page.locator('.offers'), /offers a draw/);
    await expect_count(page.locator('.presence.online'), 1);
    await page.locator(`.board rect.square[data-cell="${cell('d2')}"]`).click();
    await page.locator(`.board rect.square[data-cell="${cell('d4')}"]`).click();
    await eventually(async () => {
        const sent = await page.evaluate(() => window.sent);
        assert.deepEqual(sent, [{ t: 'move', table: 'K7QF3X', ply: 3, move: 'd2d4' }]);
    });
    await page.click('text=Accept draw');
    await eventually(async () => {
        const sent = await page.evaluate(() => window.sent.map((m) => m.t));
        assert.deepEqual(sent, ['move', 'accept_draw']);
    });
});

test('a table event with the next version updates the board and the move list', async ({ page, base }) => {
    await page.goto(`${base}/#/table/K7QF3X`);
    await page.waitForFunction(() => window.tabula);
    const table = table_after_three_plies();
    await page.evaluate((t) => window.tabula.api.on_push(t), table);
    await expect_count(page.locator('.move-list .move'), 3);
    const cells = table.state.board.cells.split('');
    cells[cell('d4')] = 'P';
    cells[cell('d2')] = '.';
    await page.evaluate((e) => window.tabula.api.on_push(e), {
        t: 'table_event', table: 'K7QF3X', version: 6,
        event: { type: 'move_played', ply: 3, by: 0, to_move: 1,
                 move: { move: 'd2d4', display: 'd4', path: [cell('d2'), cell('d4')], captures: [] },
                 position: 'fen', board: { rows: 8, cols: 8, cells: cells.join(''), check: -1 }, legal_moves: [],
                 clocks: clocks([11000, 287000], 1, true), first_move_deadline: null },
    });
    await expect_count(page.locator('.move-list .move'), 4);
    await expect_text(page.locator('.move-list .move.current'), /d4/);
    await expect_count(page.locator(`.board g.piece[data-cell="${cell('d4')}"]`), 1);
    await expect_text(page.locator('.table-status'), /Waiting for your opponent/);
    await expect_count(page.locator('.offers'), 1);
    await expect_value(() => page.locator('.offers').isVisible(), false);
});

test('events of protocol 5 update the table: a move, a connection, the end', async ({ page, base }) => {
    await page.goto(`${base}/#/table/K7QF3X`);
    await page.waitForFunction(() => window.tabula);
    const table = table_after_three_plies();
    await page.evaluate((t) => window.tabula.api.on_push(t), table);
    await expect_count(page.locator('.move-list .move'), 3);
    const push = (version, event) => page.evaluate((m) => window.tabula.api.on_push(m),
                                                   { t: 'table_event', table: 'K7QF3X', version, event });
    await push(6, { type: 'move_played', ply: 3, by: 0, to_move: 1,
                    move: { move: 'f1c4', display: 'Bc4', path: [cell('f1'), cell('c4')], captures: [] },
                    position: 'fen', board: table.state.board, legal_moves: [],
                    clocks: clocks([9500, 280000], 1, true), first_move_deadline: null });
    await expect_count(page.locator('.move-list .move'), 4);
    await expect_text(page.locator('.player-bar[data-colour="white"] .clock'), /^0:09\.\d$/);
    await push(7, { type: 'connection_changed', seat: 1, connected: true, claimable_at: null });
    await expect_count(page.locator('.presence.online'), 2);
    await push(8, { type: 'game_ended', game_number: 1, rated: false, moves: [], clocks: clocks([9500, 280000], 1),
                    result: { kind: 'win', winner: 1, places: null, reason: 'resign', did_not_start: null } });
    await expect_text(page.locator('.result'), /Black wins/);
    await expect_text(page.locator('.table-status'), /Game over/);
    await expect_count(page.locator('button:text("Rematch")'), 1);
});

test("after the opponent's grace period the player may claim the win", async ({ page, base }) => {
    await page.goto(`${base}/#/table/K7QF3X`);
    await record_requests(page);
    const table = table_after_three_plies();
    await page.evaluate((t) => window.tabula.api.on_push(t), table);
    await page.evaluate(() => window.tabula.api.on_push({ t: 'table_event', table: 'K7QF3X', version: 6,
                                                          event: { type: 'abandonment_claimable', seat: 1 } }));
    await page.getByRole('button', { name: 'Claim the win' }).click();
    await eventually(async () => assert.deepEqual(await page.evaluate(() => window.sent),
                                                  [{ t: 'claim_win', table: 'K7QF3X' }]));
    await page.evaluate(() => window.tabula.api.on_push({ t: 'table_event', table: 'K7QF3X', version: 7,
                                                          event: { type: 'connection_changed', seat: 1, connected: true, claimable_at: null } }));
    await expect_count(page.getByRole('button', { name: 'Claim the win' }), 0);
});

async function record_requests(page) {
    await page.waitForFunction(() => window.tabula);
    await page.evaluate(() => {
        window.sent = [];
        window.tabula.socket.request = (t, fields = {}) => {
            window.sent.push({ t, ...fields });
            return Promise.resolve({ t: 'ok' });
        };
    });
}

test('a table the server dropped (table_gone) shows it is closed and offers only the lobby', async ({ page, base }) => {
    await page.goto(`${base}/#/table/K7QF3X`);
    await page.waitForFunction(() => window.tabula);
    await page.evaluate((t) => window.tabula.api.on_push(t), table_after_three_plies());
    await expect_count(page.locator('.move-list .move'), 3);
    await page.evaluate(() => window.tabula.api.on_push({ t: 'table_gone', table: 'OTHER1' }));
    await expect_text(page.locator('.table-status'), /Your move/);
    await page.evaluate(() => window.tabula.api.on_push({ t: 'table_gone', table: 'K7QF3X' }));
    await expect_text(page.locator('.table-status'), /This table has closed/);
    assert.deepEqual(await page.locator('.table-actions button').allTextContents(), ['Back to lobby']);
    await expect_count(page.locator('.board .hint'), 0);
    await expect_count(page.locator('.move-list .move'), 3);
});
