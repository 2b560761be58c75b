// Board input on the gallery's sandbox board: click-click, drag, touch taps, a flipped board,
// the promotion chooser, draughts captures by destination or through the path, the keyboard
// cursor and the typed-move field.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, expect_value } from '../harness.js';
import { START_GRIDS, SPANISH_START_MOVES } from '../fixtures/start_grids.js';
import { cell, square_cell, CHESS_START, CHESS_PROMOTION, DRAUGHTS_TWO_PATHS, DRAUGHTS_DOUBLE_CAPTURE,
         INTERNATIONAL_START } from '../fixtures/positions.js';

async function open_sandbox(page, base, position) {
    await page.goto(`${base}/dev/boards.html`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await page.evaluate((p) => window.tabula_dev.load_sandbox(p), position);
}

const square = (page, name) => page.locator(`#sandbox-board rect.square[data-cell="${cell(name)}"]`);
const played = (page) => page.locator('#played').textContent();

async function center(page, name) {
    await page.locator('#sandbox-board').scrollIntoViewIfNeeded();
    const box = await square(page, name).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('click-click plays a chess move and shows its hints', async ({ page, base }) => {
    await open_sandbox(page, base, CHESS_START);
    await square(page, 'e2').click();
    await expect_count(page.locator('#sandbox-board .mark-selected'), 1);
    await expect_count(page.locator('#sandbox-board .hint'), 2);
    await square(page, 'e4').click();
    await expect_value(() => played(page), 'e2e4');
    await expect_count(page.locator('#sandbox-board .hint'), 0);
});

test('clicking an empty or foreign square plays nothing', async ({ page, base }) => {
    await open_sandbox(page, base, CHESS_START);
    await square(page, 'e2').click();
    await square(page, 'e5').click();
    await expect_count(page.locator('#sandbox-board .mark-selected'), 0);
    await square(page, 'e7').click();
    await expect_count(page.locator('#sandbox-board .mark-selected'), 0);
    assert.equal(await played(page), '');
});

test('dragging a piece plays the move', async ({ page, base }) => {
    await open_sandbox(page, base, CHESS_START);
    const from = await center(page, 'g1');
    const to = await center(page, 'f3');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    await expect_count(page.locator('#sandbox-board .piece.dragging'), 1);
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    await expect_value(() => played(page), 'g1f3');
    await expect_count(page.locator('#sandbox-board .piece.dragging'), 0);
});

test('a piece dropped back where it started stays selected', async ({ page, base }) => {
    await open_sandbox(page, base, CHESS_START);
    const from = await center(page, 'd2');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y - 30, { steps: 4 });
    await page.mouse.move(from.x, from.y, { steps: 4 });
    await page.mouse.up();
    await expect_count(page.locator('#sandbox-board .mark-selected'), 1);
    await square(page, 'd4').click();
    await expect_value(() => played(page), 'd2d4');
});

test('taps on a touch screen play a move', async ({ browser, base }) => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true,
                                               viewport: { width: 390, height: 800 } });
    try {
        const page = await context.newPage();
        await open_sandbox(page, base, CHESS_START);
        const from = await center(page, 'b1');
        const to = await center(page, 'c3');
        await page.touchscreen.tap(from.x, from.y);
        await page.touchscreen.tap(to.x, to.y);
        await expect_value(() => played(page), 'b1c3');
    } finally {
        await context.close();
    }
});

test('a flipped board maps clicks to the right cells', async ({ page, base }) => {
    await open_sandbox(page, base, CHESS_START);
    await page.click('#sandbox-flip');
    const e2 = await center(page, 'e2');
    const e7 = await center(page, 'e7');
    assert.ok(e2.y < e7.y, 'e2 is drawn above e7 on a flipped board');
    await square(page, 'e2').click();
    await square(page, 'e3').click();
    await expect_value(() => played(page), 'e2e3');
});

test('the promotion chooser offers four pieces and plays the chosen one', async ({ page, base }) => {
    await open_sandbox(page, base, CHESS_PROMOTION);
    await square(page, 'b7').click();
    await square(page, 'b8').click();
    await expect_count(page.locator('#sandbox-board .promotion-choice'), 4);
    assert.equal(await played(page), '');
    await page.click('#sandbox-board .promotion-choice[data-promotion="n"]');
    await expect_value(() => played(page), 'b7b8n');
    await expect_count(page.locator('#sandbox-board .promotion'), 0);
});

test('Escape closes the promotion chooser without a move', async ({ page, base }) => {
    await open_sandbox(page, base, CHESS_PROMOTION);
    await square(page, 'b7').click();
    await square(page, 'b8').click();
    await expect_count(page.locator('#sandbox-board .promotion-choice'), 4);
    await page.keyboard.press('Escape');
    await expect_count(page.locator('#sandbox-board .promotion'), 0);
    assert.equal(await played(page), '');
});

test('a draughts multi-capture is played by clicking its destination', async ({ page, base }) => {
    await open_sandbox(page, base, DRAUGHTS_DOUBLE_CAPTURE);
    await square(page, 'c3').click();
    await expect_count(page.locator('#sandbox-board .mark-capture'), 2);
    await square(page, 'g7').click();
    await expect_value(() => played(page), 'c3:g7');
});

test('two captures ending on one square are told apart by clicking the path', async ({ page, base }) => {
    await open_sandbox(page, base, DRAUGHTS_TWO_PATHS);
    await square(page, 'e1').click();
    await square(page, 'e5').click();
    await expect_text(page.locator('#sandbox-board .visually-hidden'), /Several captures end on e5/);
    assert.equal(await played(page), '');
    await square(page, 'g3').click();
    await expect_value(() => played(page), 'e1:g3:e5');
});

test('the keyboard cursor selects and moves with Enter, Escape cancels', async ({ page, base }) => {
    await open_sandbox(page, base, CHESS_START);
    await page.focus('#sandbox-board svg');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp']) {
        await page.keyboard.press(key);
    }
    await expect_text(page.locator('#sandbox-board .visually-hidden'), /e2 white pawn/);
    await page.keyboard.press('Enter');
    await expect_count(page.locator('#sandbox-board .mark-selected'), 1);
    await page.keyboard.press('Escape');
    await expect_count(page.locator('#sandbox-board .mark-selected'), 0);
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect_value(() => played(page), 'e2e4');
});

test('the typed-move field plays a move by its squares and sends SAN as typed', async ({ page, base }) => {
    await open_sandbox(page, base, CHESS_START);
    const input = page.getByLabel('Type a move');
    await input.press('Enter');
    await expect_text(page.locator('#sandbox-typed .error'), /Type a move first/);
    assert.equal(await played(page), '');
    await input.fill('g1-f3');
    await input.press('Enter');
    await expect_value(() => played(page), 'g1f3');
    // Legal moves carry no SAN (protocol 3): the server reads it, and refuses an illegal one.
    await input.fill('Nf3');
    await input.press('Enter');
    await expect_value(() => played(page), 'Nf3');
});

test('a draughts capture can be typed by its squares', async ({ page, base }) => {
    await open_sandbox(page, base, DRAUGHTS_TWO_PATHS);
    const input = page.getByLabel('Type a move');
    await input.fill('e1-e5');
    await input.press('Enter');
    await expect_text(page.locator('#sandbox-typed .error'), /could mean several moves/);
    await input.fill('e1xg3xe5');
    await input.press('Enter');
    await expect_value(() => played(page), 'e1:g3:e5');
});

test('draughts square numbers are learnt from numeric moves and shown on the board', async ({ page, base }) => {
    await open_sandbox(page, base, INTERNATIONAL_START);
    await expect_count(page.locator('#sandbox-board .square-number'), 50);
    const label = (n) => page.locator(`#sandbox-board .square-number[data-cell="${square_cell(n)}"]`).textContent();
    assert.equal(await label(1), '1');
    assert.equal(await label(46), '46');
    await page.locator(`#sandbox-board rect.square[data-cell="${square_cell(32)}"]`).click();
    await page.locator(`#sandbox-board rect.square[data-cell="${square_cell(28)}"]`).click();
    await expect_value(() => played(page), '32-28');
});

test('a chess board keeps letters and digits', async ({ page, base }) => {
    await open_sandbox(page, base, CHESS_START);
    await expect_count(page.locator('#sandbox-board .square-number'), 0);
    await expect_count(page.locator('#sandbox-board .coord'), 16);
});

test("Spanish square numbers run from White's bottom right", async ({ page, base }) => {
    await open_sandbox(page, base, { variant: 'spanish', moves: SPANISH_START_MOVES,
                                     grid: START_GRIDS.find((g) => g.variant === 'spanish').grid });
    await expect_count(page.locator('#sandbox-board .square-number'), 32);
    const label = (c) => page.locator(`#sandbox-board .square-number[data-cell="${c}"]`).textContent();
    assert.equal(await label(63), '1');
    assert.equal(await label(0), '32');
});
