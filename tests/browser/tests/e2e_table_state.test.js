// What a page gets from the table state on a join or a reload (protocol.md 7.1), against
// `tabula serve`: the last move's cells (a draughts double capture highlighted from the state
// alone, with no resync asked) and the table's earlier chat lines.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, expect_value } from '../harness.js';
import { cell } from '../fixtures/positions.js';
import { new_player, create_private_table, join_by_code, click_move, close_all, last_move_marks }
    from '../lib/e2e_helpers.js';

// Russian draughts: 1. c3-d4 d6-c5 2. b2-c3 c7-d6 3. d4-e5 f6:d4:b2 (Black takes e5 and c3).
const DOUBLE_CAPTURE = [['white', 'c3', 'd4'], ['black', 'd6', 'c5'], ['white', 'b2', 'c3'],
                        ['black', 'c7', 'd6'], ['white', 'd4', 'e5'], ['black', 'f6', 'b2']];
const sorted = (cells) => [...cells].sort((a, b) => a - b);
const CAPTURE_MARKS = { last: sorted([cell('f6'), cell('d4'), cell('b2')]),
                        captured: sorted([cell('e5'), cell('c3')]) };

// The `t` of every request the page sends on its WebSocket from now on.
function sent_types(page) {
    const types = [];
    page.on('websocket', (ws) => ws.on('framesent', (frame) => {
        try {
            types.push(JSON.parse(frame.payload).t);
        } catch {
            types.push('?');
        }
    }));
    return types;
}

async function say(page, text) {
    await page.fill('#chat-input', text);
    await page.locator('.chat-form button[type="submit"]').click();
}

const chat_lines = (page) => page.locator('.chat-log .chat-line').allTextContents();

test('a draughts game reloaded mid-game, and a spectator who comes after the capture, '
    + 'highlight the last move from the table state', async ({ browser, base }) => {
    const white = await new_player(browser, base);
    const black = await new_player(browser, base);
    const watcher = await new_player(browser, base);
    try {
        const code = await create_private_table(white.page, 'russian', 'white');
        await join_by_code(black.page, code);
        const players = { white, black };
        for (const [i, [colour, from, to]] of DOUBLE_CAPTURE.entries()) {
            await expect_text(players[colour].page.locator('.table-status'), /Your move/, 10000);
            await click_move(players[colour].page, from, to);
            await expect_count(white.page.locator('.move-list .move'), i + 1, 10000);
        }
        await expect_value(() => last_move_marks(black.page), CAPTURE_MARKS, 10000);

        // The spectator never saw the capture's move event: the highlight is the state's.
        await watcher.page.goto(`${base}/#/table/${code}/watch`);
        await expect_count(watcher.page.locator('.move-list .move'), 6, 10000);
        await expect_value(() => last_move_marks(watcher.page), CAPTURE_MARKS, 10000);

        // A reload: the page joins again and asks for nothing else to find the last move.
        const types = sent_types(white.page);
        await white.page.reload();
        await expect_count(white.page.locator('.move-list .move'), 6, 10000);
        await expect_value(() => last_move_marks(white.page), CAPTURE_MARKS, 10000);
        await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
        assert.ok(types.includes('join'), `the reloaded page sent ${types.join(', ')}`);
        assert.ok(!types.includes('resync'), `the reloaded page sent ${types.join(', ')}`);

        // The game goes on from the reloaded page: 4. a1:c3 takes the man on b2.
        await click_move(white.page, 'a1', 'c3');
        for (const p of [white, black, watcher]) {
            await expect_count(p.page.locator('.move-list .move'), 7, 10000);
            await expect_value(() => last_move_marks(p.page),
                { last: sorted([cell('a1'), cell('c3')]), captured: [cell('b2')] }, 10000);
        }
    } finally {
        await close_all(white, black, watcher);
    }
}, { needs: 'tabula', timeout_ms: 90000 });

test('chat lines sent before a reload are shown after it, and to a spectator who joins later',
    async ({ browser, base }) => {
        const white = await new_player(browser, base);
        const black = await new_player(browser, base);
        const watcher = await new_player(browser, base);
        try {
            const code = await create_private_table(white.page, 'chess', 'white');
            await join_by_code(black.page, code);
            await say(white.page, 'good luck');
            await expect_text(black.page.locator('.chat-log .chat-line').last(), /good luck$/, 10000);
            await say(black.page, 'you too');
            await expect_count(white.page.locator('.chat-log .chat-line'), 2, 10000);
            const before = await chat_lines(white.page);
            assert.match(before[0], /good luck$/);
            assert.match(before[1], /you too$/);

            await white.page.reload();
            await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
            await expect_value(() => chat_lines(white.page), before, 10000);

            await watcher.page.goto(`${base}/#/table/${code}/watch`);
            await expect_text(watcher.page.locator('.table-status'), /watching/, 10000);
            await expect_value(() => chat_lines(watcher.page), before, 10000);

            // Lines after the join arrive as events and follow the history, for everyone.
            await say(watcher.page, 'enjoy');
            for (const p of [white, black, watcher]) {
                await expect_count(p.page.locator('.chat-log .chat-line'), 3, 10000);
                await expect_text(p.page.locator('.chat-log .chat-line').last(), /enjoy$/, 10000);
            }
        } finally {
            await close_all(white, black, watcher);
        }
    }, { needs: 'tabula', timeout_ms: 90000 });

// Russian draughts: 1. a3-b4 b6-a5 2. c3-d4 a5:c3:e5 3. g3-h4: Black's man turns at c3, so its
// notation (13x15) does not tell the squares it took, and the move is no longer the last one
// (whose cells `last_move` has): after a reload only the state's `history` has its cells.
const CORNER_CAPTURE = [['white', 'a3', 'b4'], ['black', 'b6', 'a5'], ['white', 'c3', 'd4'],
                        ['black', 'a5', 'e5'], ['white', 'g3', 'h4']];
const piece_at = (page, name) => page.locator(`.board g.piece[data-cell="${cell(name)}"]`);

test('after a reload the page steps back and forth through a capture that turns a corner, '
    + 'and a finished game links its stored record for a guest', async ({ browser, base }) => {
    const white = await new_player(browser, base);
    const black = await new_player(browser, base);
    try {
        const code = await create_private_table(white.page, 'russian', 'white');
        await join_by_code(black.page, code);
        const players = { white, black };
        for (const [i, [colour, from, to]] of CORNER_CAPTURE.entries()) {
            await expect_text(players[colour].page.locator('.table-status'), /Your move/, 10000);
            await click_move(players[colour].page, from, to);
            await expect_count(white.page.locator('.move-list .move'), i + 1, 10000);
        }
        await white.page.reload();
        await expect_count(white.page.locator('.move-list .move'), 5, 10000);
        const page = white.page;
        await page.locator('.move-nav button[aria-label="Previous move"]').click();
        await expect_count(piece_at(page, 'g3'), 1);
        await expect_count(piece_at(page, 'e5'), 1);
        for (const name of ['a5', 'b4', 'd4', 'h4']) await expect_count(piece_at(page, name), 0);
        await expect_value(() => last_move_marks(page),
            { last: sorted([cell('a5'), cell('c3'), cell('e5')]), captured: sorted([cell('b4'), cell('d4')]) }, 10000);
        await page.locator('.move-nav button[aria-label="Previous move"]').click();
        for (const name of ['a5', 'b4', 'd4']) await expect_count(piece_at(page, name), 1);
        await expect_count(piece_at(page, 'e5'), 0);
        await page.locator('.move-nav button[aria-label="Next move"]').click();
        await expect_count(piece_at(page, 'e5'), 1);
        for (const name of ['a5', 'b4', 'd4']) await expect_count(piece_at(page, name), 0);
        await expect_count(page.locator('.error', { hasText: 'cannot be shown' }), 0);
        await page.locator('.move-nav button[aria-label="First position"]').click();
        await expect_count(piece_at(page, 'a3'), 1);
        await expect_count(piece_at(page, 'b6'), 1);
        await page.keyboard.press('End');
        await expect_count(piece_at(page, 'h4'), 1);

        // White resigns: the guest's page links the game the server stored, after a reload too.
        await page.locator('.table-actions button[data-action="resign"]').click();
        await page.locator('.table-actions button[data-action="resign"]').click();
        for (const p of [black.page, white.page]) {
            await expect_text(p.locator('.result'), /Black wins/i, 10000);
            await expect_count(p.locator('.stored-record'), 1, 10000);
        }
        await black.page.reload();
        await expect_text(black.page.locator('.result'), /Black wins/i, 10000);
        const link = black.page.locator('.stored-record');
        await expect_text(link, /PDN/, 10000);
        const href = await link.getAttribute('href');
        assert.match(href, /^\/api\/games\/\d+\.pdn$/);
        assert.equal(href, await white.page.locator('.stored-record').getAttribute('href'));
        const record = await black.context.request.get(`${base}${href}`);
        assert.equal(record.status(), 200);
        const pdn = await record.text();
        assert.match(pdn, /13x15/);
        assert.match(pdn, /\[Date "\d{4}\.\d{2}\.\d{2}"\]/);
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 90000 });
