// The game page for players who use the keyboard or a screen reader (issue 35), against
// `tabula serve`: the focus kept where it was when the page redraws (Resign then Enter again
// on "Confirm resign", "Offer draw" and the typed-move field while the opponent moves), every
// move announced as the list writes it with whose turn it is, the board's focus ring when
// reached with Tab, the arrow keys stepping through the moves after a click on the board,
// and the position and the clocks read out. The axe audit (WCAG 2.1 A and AA, lib/axe.js) of
// a chess game in progress (desktop and phone), finished, an International draughts and a
// Chinese checkers for three game in progress, in both themes.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, eventually } from '../harness.js';
import { click_move, close_all, lobby_form, new_player, pair } from '../lib/e2e_helpers.js';
import { expect_no_serious_violations } from '../lib/axe.js';
import { play_first_hop } from '../lib/hop_helpers.js';


const active = (page) => page.evaluate(() => {
    const el = document.activeElement;
    return el ? { tag: el.tagName.toLowerCase(), text: el.textContent.trim(), id: el.id, cls: el.getAttribute('class') || '' } : null;
});
const announced = (page) => page.locator('.table-announcer');

async function wait_moves(pages, n) {
    for (const p of pages) await expect_count(p.locator('.move-list .move'), n, 10000);
}

test('Enter on Resign, then Enter again on "Confirm resign", resigns: the focus stays on the button', async ({ browser, base }) => {
    const { white, black } = await pair(browser, base, 'chess');
    try {
        const page = white.page;
        const resign = page.locator('.table-actions button[data-action="resign"]');
        await expect_count(resign, 1, 10000);
        await resign.focus();
        await page.keyboard.press('Enter');
        await expect_text(resign, /Confirm resign/);
        assert.deepEqual((await active(page)).text, 'Confirm resign');
        await page.keyboard.press('Enter');
        await expect_text(black.page.locator('.result'), /White wins|Black wins/, 10000);
        await expect_text(page.locator('.result'), /Black wins · resignation/, 10000);
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

test('the typed-move field and "Offer draw" keep the focus while the opponent moves; each move is announced in the list\'s notation with whose turn it is',
    async ({ browser, base }) => {
        const { white, black } = await pair(browser, base, 'chess');
        try {
            const page = white.page;
            const input = page.getByLabel('Type a move');
            await expect_text(page.locator('.table-status'), /Your move/, 10000);
            await input.focus();
            await page.keyboard.type('e4');
            await page.keyboard.press('Enter');
            await wait_moves([page, black.page], 1);
            await expect_text(announced(page), /^You played e4\. Waiting for your opponent’s move$/);
            await expect_text(announced(black.page), /^White played e4\. Your move$/);
            // Typed while it is not one's turn: refused in the field, which keeps the focus.
            await page.keyboard.type('d4');
            await page.keyboard.press('Enter');
            await expect_text(page.locator('.typed-move .error'), /Wait for your turn/);
            await click_move(black.page, 'e7', 'e5');
            await wait_moves([page, black.page], 2);
            await expect_text(announced(page), /^Black played e5\. Your move$/);
            assert.equal((await active(page)).tag, 'input', 'the typed-move field still has the focus');
            await page.keyboard.press('Control+a');
            await page.keyboard.type('Nf3');
            await page.keyboard.press('Enter');
            await wait_moves([page, black.page], 3);
            assert.equal((await active(page)).tag, 'input');
            // "Offer draw" focused while Black moves.
            const offer = page.locator('.table-actions button', { hasText: 'Offer draw' });
            await offer.focus();
            await click_move(black.page, 'b8', 'c6');
            await wait_moves([page, black.page], 4);
            await expect_text(announced(page), /^Black played Nc6\. Your move$/);
            assert.equal((await active(page)).text, 'Offer draw');
            // Enter on it offers the draw; the focus stays in the actions.
            await page.keyboard.press('Enter');
            await expect_text(black.page.locator('.offers'), /offers a draw/, 10000);
            assert.equal((await active(page)).tag, 'button');
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

test('the board has a focus ring when reached with Tab and its cursor plays; after a click the arrow keys step through the moves',
    async ({ browser, base }) => {
        const { white, black } = await pair(browser, base, 'chess');
        try {
            const page = white.page;
            await expect_text(page.locator('.table-status'), /Your move/, 10000);
            // Tab from the element just before the board (the player bar has nothing to focus).
            await page.locator('.board-svg').evaluate((svg) => {
                const before = document.createElement('button');
                before.id = 'before-board';
                svg.closest('.board-holder').before(before);
            });
            await page.locator('#before-board').focus();
            await page.keyboard.press('Tab');
            assert.match((await active(page)).cls, /board-svg/);
            const ring = await page.locator('.board-svg').evaluate((e) => getComputedStyle(e).boxShadow);
            assert.ok(ring.includes('0px 0px 0px 3px'), `a focus ring: ${ring}`);
            await page.evaluate(() => document.getElementById('before-board').remove());
            // The cursor starts at a1: e2 is four to the right and one up.
            for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'Enter', 'ArrowUp', 'ArrowUp', 'Enter']) {
                await page.keyboard.press(key);
            }
            await wait_moves([page, black.page], 1);
            await click_move(black.page, 'e7', 'e5');
            await wait_moves([page, black.page], 2);
            await click_move(page, 'g1', 'f3');
            await wait_moves([page, black.page], 3);
            // Left arrow right after a clicked move steps back, as on lichess.
            await page.keyboard.press('ArrowLeft');
            await expect_count(page.locator('.move-list .move.current', { hasText: 'e5' }), 1);
            await expect_count(page.locator('.board g.piece[data-cell="62"]'), 1); // the knight back on g1
            await page.keyboard.press('ArrowRight');
            await expect_count(page.locator('.move-list .move.current', { hasText: 'Nf3' }), 1);
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

test('the position and the clocks are read out, by buttons and by p and c in the move field', async ({ browser, base }) => {
    const { white, black } = await pair(browser, base, 'chess');
    try {
        const page = white.page;
        await expect_text(page.locator('.table-status'), /Your move/, 10000);
        await click_move(page, 'e2', 'e4');
        await wait_moves([page, black.page], 1);
        await page.locator('.read-position').click();
        await expect_text(announced(page), /^White: king e1; queen d1; rooks a1, h1; bishops c1, f1; knights b1, g1; pawns a2, b2, c2, d2, e4, f2, g2, h2\. Black: king e8;/);
        await click_move(black.page, 'e7', 'e5');
        await wait_moves([page, black.page], 2);
        // Both have moved: White's clock runs.
        await page.locator('.read-clocks').click();
        await expect_text(announced(page), /^White, guest-\w+: \d+:\d\d, running\. Black, guest-\w+: \d+:\d\d\.$/);
        const input = black.page.getByLabel('Type a move');
        await input.fill('p');
        await input.press('Enter');
        await expect_text(announced(black.page), /pawns a7, b7, c7, d7, e5, f7, g7, h7\.$/);
        await input.fill('c');
        await input.press('Enter');
        await expect_text(announced(black.page), /^White, guest-\w+: \d+:\d\d, running\. Black/);
        assert.equal(await input.inputValue(), '');
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

// The axe audit (WCAG 2.1 A and AA) of the game page in its states, in the dark and the light
// theme: no serious or critical violation.
async function audit_both_themes(page, where) {
    await expect_no_serious_violations(page, `${where}, dark theme`);
    await page.evaluate(() => { document.documentElement.dataset.theme = 'light'; });
    await expect_no_serious_violations(page, `${where}, light theme`);
    await page.evaluate(() => { document.documentElement.dataset.theme = 'dark'; });
}

test('axe: a chess game in progress (1366x768 and a 390x844 phone) and once finished', async ({ browser, base }) => {
    const { white, black } = await pair(browser, base, 'chess', { width: 1366, height: 768 });
    try {
        const page = white.page;
        await expect_text(page.locator('.table-status'), /Your move/, 10000);
        await click_move(page, 'e2', 'e4');
        await wait_moves([page, black.page], 1);
        await click_move(black.page, 'e7', 'e5');
        await wait_moves([page, black.page], 2);
        await audit_both_themes(page, 'a chess game in progress at 1366x768');
        await black.page.setViewportSize({ width: 390, height: 844 });
        await audit_both_themes(black.page, 'a chess game in progress on a 390x844 phone');
        await page.locator('.table-actions button[data-action="resign"]').click();
        await page.locator('.table-actions button[data-action="resign"]').click();
        await expect_text(page.locator('.result'), /Black wins/, 10000);
        await audit_both_themes(page, 'a finished chess game');
        await audit_both_themes(black.page, 'a finished chess game on a phone');
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 90000 });

test('axe: an International draughts game in progress', async ({ browser, base }) => {
    const { white, black } = await pair(browser, base, 'international', { width: 1366, height: 768 });
    try {
        const page = black.page;
        await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
        const from = await white.page.locator('.board g.piece.movable').first().getAttribute('data-cell');
        await white.page.locator(`.board rect.square[data-cell="${from}"]`).click();
        const to = await white.page.locator('.board .hint').first().getAttribute('data-cell');
        await white.page.locator(`.board rect.square[data-cell="${to}"]`).click();
        await wait_moves([page, white.page], 1);
        await audit_both_themes(page, 'an International draughts game in progress');
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

test('axe: a Chinese checkers game for three in progress', async ({ browser, base }) => {
    const player = await new_player(browser, base);
    try {
        const { page } = player;
        await page.setViewportSize({ width: 1366, height: 768 });
        const form = await lobby_form(page, 'computer');
        await form.locator('select[name="variant"]').selectOption('chinese-checkers-3');
        await form.locator('input[type="radio"][value="easy"]').check({ force: true });
        await form.locator('button[type="submit"]').click();
        await expect_count(page.locator('.seat-list .seat-row'), 3, 10000);
        // The person's seat is drawn at random: the computers before it move, then the person.
        await expect_text(page.locator('.table-status'), /^Your move$/, 20000);
        await play_first_hop(page);
        await eventually(async () => assert.ok(await page.locator('.move-list .move').count() >= 1), 15000, 'a move');
        await audit_both_themes(page, 'a Chinese checkers game for three in progress');
    } finally {
        await close_all(player);
    }
}, { needs: 'tabula', timeout_ms: 60000 });
