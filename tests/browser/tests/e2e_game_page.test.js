// The game page against `tabula serve` (issue 12, "The game page"): Black moving first,
// the board fitting the window and resized, confirmed resign, moves drawn at once and taken
// back when refused, premoves, stepping through the moves and replaying a finished game, the
// record downloaded by a guest, each variant's notation and board, the phone layout, kings,
// the lobby's games in play, and the small things (empty move list, focus ring, light dot).

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { test, expect_text, expect_count, eventually } from '../harness.js';
import { cell } from '../fixtures/positions.js';
import { new_player, join_by_code, click_move, close_all, square, pair, lobby_form } from '../lib/e2e_helpers.js';

const piece_at = (page, name, size = 8) => page.locator(`.board g.piece[data-cell="${cell(name, size)}"]`);

async function play(page, from, to, n, size = 8, others = []) {
    await expect_text(page.locator('.table-status'), /Your move/, 10000);
    await click_move(page, from, to, size);
    for (const p of [page, ...others]) await expect_count(p.locator('.move-list .move'), n, 10000);
}

// Every box inside the viewport (the page not scrolled).
async function inside_viewport(page, selectors) {
    const { height, width } = page.viewportSize();
    for (const sel of selectors) {
        const box = await page.locator(sel).first().boundingBox();
        assert.ok(box, `${sel} is shown`);
        assert.ok(box.y >= 0 && box.y + box.height <= height + 0.5 && box.x >= 0 && box.x + box.width <= width + 0.5,
            `${sel} at ${JSON.stringify(box)} is inside ${width}x${height}`);
    }
}

test('English draughts: Black moves first, is told so, and its first move is taken', async ({ browser, base }) => {
    const { white, black } = await pair(browser, base, 'english');
    try {
        await expect_text(black.page.locator('.table-status'), /^Your move$/, 10000);
        await expect_text(white.page.locator('.table-status'), /Waiting for your opponent/, 10000);
        await expect_count(white.page.locator('.board g.piece.movable'), 0);
        await expect_count(black.page.locator('.board g.piece-black.movable'), 4);
        // Black's 9-13 (c3... as Black: the man on square 9 to 13); the move list shows numbers.
        const from = await black.page.locator('.board g.piece.movable').first().getAttribute('data-cell');
        await black.page.locator(`.board rect.square[data-cell="${from}"]`).click();
        const to = await black.page.locator('.board .hint').first().getAttribute('data-cell');
        await black.page.locator(`.board rect.square[data-cell="${to}"]`).click();
        await expect_text(white.page.locator('.table-status'), /^Your move$/, 10000);
        await expect_text(black.page.locator('.move-list .move').first(), /^\d+-\d+$/);
        await expect_count(black.page.locator('.error', { hasText: 'not your turn' }), 0);
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

test('a 10x10 board fits 1366x768 and 1280x900 with both clocks, the move field and the actions; the player resizes it',
    async ({ browser, base }) => {
        const { white, black } = await pair(browser, base, 'international', { width: 1366, height: 768 });
        try {
            const page = white.page;
            const parts = ['.board-svg', '.board-area .player-bar >> nth=0', '.board-area .player-bar >> nth=1',
                           '.board-area .player-bar >> nth=1 >> .clock', '.typed-move input', '.table-actions button >> text=Resign'];
            await expect_count(page.locator('.table-actions button', { hasText: 'Resign' }), 1, 10000);
            await inside_viewport(page, parts);
            await page.setViewportSize({ width: 1280, height: 900 });
            await eventually(async () => { await inside_viewport(page, parts); return true; }, 3000, 'fit at 1280x900');
            const before = (await page.locator('.board-svg').boundingBox()).width;
            assert.ok(before > 600, `the board uses the height (${before}px)`);
            // Dragging the grip makes the board smaller; the size is kept after a reload.
            const grip = await page.locator('.board-grip').boundingBox();
            await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
            await page.mouse.down();
            await page.mouse.move(grip.x + grip.width / 2 - 150, grip.y + grip.height / 2 - 150, { steps: 5 });
            await page.mouse.up();
            const smaller = (await page.locator('.board-svg').boundingBox()).width;
            assert.ok(Math.abs(before - 150 - smaller) < 4, `resized from ${before} to ${smaller}`);
            await page.reload();
            await expect_text(page.locator('.table-status'), /move/, 10000);
            await eventually(async () => Math.abs((await page.locator('.board-svg').boundingBox()).width - smaller) < 2,
                3000, 'the chosen size is remembered');
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

test('resign asks for a second click, and the first one lapses', async ({ browser, base }) => {
    const { white, black } = await pair(browser, base, 'chess');
    try {
        await play(white.page, 'e2', 'e4', 1);
        await play(black.page, 'e7', 'e5', 2);
        const resign = white.page.locator('.table-actions button[data-action="resign"]');
        await resign.click();
        await expect_text(resign, /Confirm resign/);
        await expect_text(white.page.locator('.table-status'), /Your move|Waiting/);
        await expect_text(resign, /^Resign$/, 6000); // no second click: nothing happened
        await expect_count(white.page.locator('.result:not(:empty)'), 0);
        await resign.click();
        await resign.click();
        for (const p of [white, black]) await expect_text(p.page.locator('.result'), /Black wins · resignation/, 10000);
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

test('a move is drawn at once and taken back when the server refuses it; a premove is played, or cancelled',
    async ({ browser, base }) => {
        const { white, black } = await pair(browser, base, 'chess');
        try {
            const page = white.page;
            await expect_text(page.locator('.table-status'), /Your move/, 10000);
            // The server refuses the move (a stale ply): drawn at e4 at once, then back on e2.
            await page.evaluate(() => {
                const api = window.tabula.api;
                api.real_move = api.move;
                api.move = (t, ply, m) => new Promise((resolve) => setTimeout(resolve, 600))
                    .then(() => api.real_move(t, ply + 7, m));
            });
            await click_move(page, 'e2', 'e4');
            await expect_count(piece_at(page, 'e4'), 1, 300);
            await expect_count(piece_at(page, 'e2'), 0);
            await expect_text(page.locator('.table-status'), /Move sent/);
            await expect_text(page.locator('.action-bar .error'), /./, 5000);
            await expect_count(piece_at(page, 'e2'), 1);
            await expect_count(piece_at(page, 'e4'), 0);
            await page.evaluate(() => { window.tabula.api.move = window.tabula.api.real_move; });
            // Black queues 1... e5 while White thinks; it is played as soon as White moves.
            await click_move(black.page, 'e7', 'e5');
            await expect_count(black.page.locator('.board .mark-premove'), 2);
            await expect_text(black.page.locator('.premove-note'), /Premove e7–e5/);
            await expect_text(page.locator('.table-status'), /Your move/, 10000);
            await click_move(page, 'e2', 'e4');
            await expect_count(page.locator('.move-list .move'), 2, 10000);
            await expect_text(page.locator('.move-list .move').nth(1), /^e5$/);
            // A premove cancelled is not played.
            await click_move(black.page, 'b8', 'c6');
            await black.page.locator('.cancel-premove').click();
            await expect_count(black.page.locator('.board .mark-premove'), 0);
            // A right click cancels one too.
            await click_move(black.page, 'g8', 'f6');
            await expect_count(black.page.locator('.board .mark-premove'), 2);
            await square(black.page, 'a4').click({ button: 'right' });
            await expect_count(black.page.locator('.board .mark-premove'), 0);
            // And Escape.
            await click_move(black.page, 'g8', 'f6');
            await expect_count(black.page.locator('.board .mark-premove'), 2);
            await black.page.keyboard.press('Escape');
            await expect_count(black.page.locator('.board .mark-premove'), 0);
            await play(page, 'g1', 'f3', 3);
            await black.page.waitForTimeout(500);
            await expect_count(black.page.locator('.move-list .move'), 3);
            await expect_text(black.page.locator('.table-status'), /Your move/);
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

test('moves are stepped through (buttons, arrow keys, a click), a finished game replays after a reload, a guest downloads its PGN',
    async ({ browser, base }) => {
        const { white, black } = await pair(browser, base, 'chess');
        try {
            const page = white.page;
            const line = [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['f1', 'c4'], ['g8', 'f6']];
            for (const [i, [from, to]] of line.entries()) await play(i % 2 ? black.page : page, from, to, i + 1, 8, [page, black.page]);
            await page.locator('.move-nav button[aria-label="First position"]').click();
            await expect_count(piece_at(page, 'e2'), 1);
            await expect_count(piece_at(page, 'g1'), 1);
            await page.keyboard.press('ArrowRight');
            await expect_count(piece_at(page, 'e4'), 1);
            await expect_count(piece_at(page, 'e7'), 1);
            await page.locator('.move-list .move', { hasText: 'Nc6' }).click();
            await expect_count(piece_at(page, 'c6'), 1);
            await expect_count(piece_at(page, 'c4'), 0);
            await expect_count(page.locator('.move-list .move.current', { hasText: 'Nc6' }), 1);
            await page.keyboard.press('ArrowLeft');
            await expect_count(piece_at(page, 'b8'), 1);
            await page.locator('.move-nav button[aria-label="Last move"]').click();
            await expect_count(piece_at(page, 'f6'), 1);
            // White resigns; after a reload the finished game still replays from its start.
            await page.locator('.table-actions button[data-action="resign"]').click();
            await page.locator('.table-actions button[data-action="resign"]').click();
            await expect_text(black.page.locator('.result'), /Black wins/, 10000);
            await black.page.reload();
            await expect_text(black.page.locator('.result'), /Black wins/, 10000);
            await black.page.locator('.move-nav button[aria-label="First position"]').click();
            await expect_count(piece_at(black.page, 'e2'), 1);
            await black.page.keyboard.press('ArrowRight');
            await black.page.keyboard.press('ArrowRight');
            await black.page.keyboard.press('ArrowRight');
            await expect_count(piece_at(black.page, 'f3'), 1);
            await expect_count(piece_at(black.page, 'c6'), 0);
            // The guest's record of the game.
            const [download] = await Promise.all([black.page.waitForEvent('download'),
                                                  black.page.locator('.download-record').click()]);
            const text = await fs.readFile(await download.path(), 'utf8');
            assert.match(download.suggestedFilename(), /^tabula-[A-Z0-9]{6}-1\.pgn$/);
            assert.match(text, /\[Result "0-1"\]/);
            assert.match(text, /\[White "guest-[A-Z0-9]+"\]/);
            assert.match(text, /\n\n1\. e4 e5 2\. Nf3 Nc6 3\. Bc4 Nf6 0-1\n$/);
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 90000 });

test('Russian draughts is written c3-d4 and f6:d4:b2 on a lettered board, its PDN has GameType 25; International has numbers',
    async ({ browser, base }) => {
        const { white, black } = await pair(browser, base, 'russian');
        try {
            const line = [[white, 'c3', 'd4'], [black, 'd6', 'c5'], [white, 'b2', 'c3'], [black, 'c7', 'd6'],
                          [white, 'd4', 'e5'], [black, 'f6', 'b2']];
            for (const [i, [p, from, to]] of line.entries()) await play(p.page, from, to, i + 1, 8, [white.page]);
            const texts = await white.page.locator('.move-list .move').allTextContents();
            assert.deepEqual(texts, ['c3-d4', 'd6-c5', 'b2-c3', 'c7-d6', 'd4-e5', 'f6:d4:b2']);
            await expect_count(white.page.locator('.board .square-number'), 0);
            await expect_text(white.page.locator('.board .coord').first(), /^[a-h1-8]$/);
            await white.page.reload();
            await expect_count(white.page.locator('.move-list .move'), 6, 10000);
            assert.deepEqual(await white.page.locator('.move-list .move').allTextContents(), texts);
            const [download] = await Promise.all([white.page.waitForEvent('download'),
                                                  white.page.locator('.download-record').click()]);
            const pdn = await fs.readFile(await download.path(), 'utf8');
            assert.match(pdn, /\[GameType "25"\]/);
            assert.match(pdn, /\[FEN "W:W21-32:B1-12"\]/);
            assert.match(pdn, /\n\n1\. 22-18 10-14 2\. 25-22 6-10 3\. 18-15 11x25 \*\n$/);
        } finally {
            await close_all(white, black);
        }
        const intl = await pair(browser, base, 'international');
        try {
            await expect_count(intl.white.page.locator('.board .square-number'), 50);
            await play(intl.white.page, 'b4', 'a5', 1, 10);
            await expect_text(intl.white.page.locator('.move-list .move').first(), /^\d+-\d+$/);
        } finally {
            await close_all(intl.white, intl.black);
        }
    }, { needs: 'tabula', timeout_ms: 90000 });

test('Turkish draughts on a plain board, Spanish on the light squares', async ({ browser, base }) => {
    const fills = (page, sel) => page.locator(sel).evaluateAll((els) => [...new Set(els.map((e) => getComputedStyle(e).fill))]);
    const t = await pair(browser, base, 'turkish');
    try {
        assert.equal((await fills(t.white.page, '.board rect.square')).length, 1, 'all squares alike');
    } finally {
        await close_all(t.white, t.black);
    }
    const s = await pair(browser, base, 'spanish');
    try {
        const page = s.white.page;
        const light = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sq-light-draughts').trim());
        const cells = await page.locator('.board g.piece').evaluateAll((els) => els.map((e) => e.dataset.cell));
        assert.equal(cells.length, 24);
        const under = await page.locator('.board rect.square').evaluateAll((els, cs) =>
            [...new Set(els.filter((e) => cs.includes(e.dataset.cell)).map((e) => getComputedStyle(e).fill))], cells);
        const rgb = await page.evaluate((hex) => { const d = document.createElement('div'); d.style.color = hex; document.body.append(d); const c = getComputedStyle(d).color; d.remove(); return c; }, light);
        assert.deepEqual(under, [rgb], 'the pieces stand on the light squares');
    } finally {
        await close_all(s.white, s.black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

test('on a phone the last moves are in a strip above the board, the actions in a bar below, the header on one row',
    async ({ browser, base }) => {
        const { white, black } = await pair(browser, base, 'chess', { width: 390, height: 844 });
        try {
            const page = white.page;
            await play(page, 'e2', 'e4', 1);
            await play(black.page, 'e7', 'e5', 2);
            await expect_count(page.locator('.move-strip .move'), 2, 10000);
            const strip = await page.locator('.move-strip').boundingBox();
            const board = await page.locator('.board-svg').boundingBox();
            const bar = await page.locator('.action-bar').boundingBox();
            assert.ok(strip.y + strip.height <= board.y, 'the strip is above the board');
            assert.ok(bar.y >= board.y + board.height, 'the actions are below the board');
            assert.ok(board.width > 350, `the board takes the width (${board.width})`);
            await inside_viewport(page, ['.move-strip', '.board-svg', '.action-bar', '.table-actions button >> text=Resign']);
            const tops = await page.locator('.topbar > *').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
            const header = await page.locator('.topbar').boundingBox();
            assert.ok(header.height < 60, `the header is one row (${header.height}px)`);
            assert.ok(Math.max(...tops) - Math.min(...tops) < 12, `its parts share a row (${tops})`);
            const doc_width = await page.evaluate(() => document.documentElement.scrollWidth);
            assert.ok(doc_width <= 390, `no sideways scrolling (${doc_width})`);
            // A tablet in one column: the board leaves room for the actions under it.
            await page.setViewportSize({ width: 768, height: 1024 });
            await eventually(async () => {
                await inside_viewport(page, ['.board-svg', '.board-area .player-bar >> nth=1', '.table-actions button >> text=Resign']);
                return true;
            }, 3000, 'the actions in view at 768x1024');
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

test('a draughts king wears a large crown on both colours', async ({ browser, base }) => {
    const player = await new_player(browser, base);
    try {
        const page = player.page;
        await page.evaluate(() => window.tabula.api.create_table({ variant: 'russian', private: true, color: 'white',
                                                                  position: 'W:WK30,23:BK4,5' })
            .then((code) => { location.hash = `#/table/${code}`; }));
        await expect_count(page.locator('.board g.piece[data-piece="W"]'), 1, 10000);
        for (const ch of ['W', 'B']) {
            const crown = await page.locator(`.board g.piece[data-piece="${ch}"] .crown`).first().boundingBox();
            const sq = await page.locator('.board rect.square').first().boundingBox();
            assert.ok(crown.width > 0.45 * sq.width, `the ${ch} crown is ${crown.width} wide on a ${sq.width} square`);
            await expect_count(page.locator(`.board g.piece[data-piece="${ch}"] .king-ring`), 1);
        }
        await expect_count(page.locator('.board g.piece[data-piece="w"] .crown'), 0);
    } finally {
        await close_all(player);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

test('the lobby lists the public games being played, to watch', async ({ browser, base }) => {
    const white = await new_player(browser, base);
    const black = await new_player(browser, base);
    const watcher = await new_player(browser, base);
    try {
        const form = await lobby_form(white.page, 'create');
        await form.locator('select[name="variant"]').selectOption('czech');
        await form.locator('input[type="radio"][value="white"]').check({ force: true });
        await form.locator('button[type="submit"]').click();
        await white.page.waitForURL(/#\/table\//, { timeout: 10000 });
        const code = white.page.url().split('/').pop();
        const row = watcher.page.locator(`.live-games tr[data-code="${code}"]`);
        await expect_count(row, 0);
        await join_by_code(black.page, code);
        await expect_text(row, /guest-.*–.*guest-.*Czech draughts/, 10000);
        await row.locator('button', { hasText: 'Watch' }).click();
        await expect_text(watcher.page.locator('.table-status'), /watching/, 10000);
    } finally {
        await close_all(white, black, watcher);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

test('the empty move list is not a box, no focus ring after a click (one for the keyboard), the light theme shows White’s dot',
    async ({ browser, base }) => {
        const { white, black } = await pair(browser, base, 'chess');
        try {
            const page = white.page;
            const list = page.locator('.move-list');
            await expect_text(page.locator('.table-status'), /Your move/, 10000);
            assert.equal(await list.evaluate((e) => getComputedStyle(e).borderTopWidth), '0px');
            assert.equal(await list.getAttribute('data-empty'), 'No moves yet');
            assert.equal(await list.evaluate((e) => getComputedStyle(e).backgroundColor), 'rgba(0, 0, 0, 0)');
            await square(page, 'e2').click();
            const shadow = () => page.locator('.board-svg').evaluate((e) => getComputedStyle(e).boxShadow);
            const focus = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--focus').trim());
            assert.ok(!(await shadow()).includes('0px 0px 0px 3px'), `no ring after a click: ${await shadow()}`);
            // Reached again with the keyboard (Tab away and back), the board has its ring.
            await page.keyboard.press('Tab');
            await page.keyboard.press('Shift+Tab');
            assert.equal(await page.evaluate(() => document.activeElement.classList.contains('board-svg')), true);
            await eventually(async () => assert.ok((await shadow()).includes('0px 0px 0px 3px'),
                `a ring for the keyboard (${focus}): ${await shadow()}`), 3000, 'the ring');
            await page.locator('#theme-toggle').click();
            const dot = page.locator('.player-bar[data-colour="white"] .side-dot');
            const edge = await dot.evaluate((e) => getComputedStyle(e).borderTopColor);
            const [r, g, b] = edge.match(/\d+/g).map(Number);
            assert.ok(0.2126 * r + 0.7152 * g + 0.0722 * b < 100, `White's dot has a dark edge on white (${edge})`);
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });
