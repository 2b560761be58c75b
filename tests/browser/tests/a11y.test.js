// Accessibility of the pages without a game server (issue 35): the text drawn on every board
// (coordinates, draughts square numbers) against the square under it, and the axe-core audit
// (WCAG 2.1 A and AA, lib/axe.js) of the lobby and the account page, dark and light, at
// 1366x768 and on a 390x844 phone. The game pages are audited in e2e_a11y.test.js.

import assert from 'node:assert/strict';
import { test, expect_text } from '../harness.js';
import { START_GRIDS } from '../fixtures/start_grids.js';
import { expect_no_serious_violations } from '../lib/axe.js';

const SMALLEST_TEXT_CONTRAST = 4.5; // WCAG 2.1 AA, 1.4.3, for text under 18pt

// Draws each start grid on a board as the game page does (square numbers, plain and light
// boards) and returns, for every text on it, its fill, the fill of the square under it and
// their contrast ratio.
async function board_text_contrasts(page, theme) {
    return page.evaluate(async ({ grids, theme }) => {
        document.documentElement.dataset.theme = theme;
        const { Board } = await import('/js/board/board.js');
        const { board_numbers } = await import('/js/board/notation.js');
        const rgb = (css) => css.match(/[\d.]+/g).slice(0, 3).map(Number);
        const lum = (c) => c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
            .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
        const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
        const out = [];
        for (const { variant, grid } of grids) {
            const holder = document.createElement('div');
            holder.style.width = '480px';
            document.body.append(holder);
            const board = new Board(holder, { label: variant });
            board.set({ grid, variant, numbers: board_numbers(grid, variant),
                        squares: variant === 'turkish' ? 'plain' : variant === 'spanish' ? 'light' : null });
            const squares = [...holder.querySelectorAll('rect.square')];
            for (const text of holder.querySelectorAll('text.coord')) {
                const t = text.getBoundingClientRect();
                const x = t.left + t.width / 2;
                const y = t.top + t.height / 2;
                const square = squares.find((s) => {
                    const r = s.getBoundingClientRect();
                    return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
                });
                const fg = getComputedStyle(text).fill;
                const bg = getComputedStyle(square).fill;
                out.push({ variant, text: text.textContent, fg, bg, ratio: ratio(rgb(fg), rgb(bg)) });
            }
            holder.remove();
        }
        return out;
    }, { grids: START_GRIDS, theme });
}

for (const theme of ['dark', 'light']) {
    test(`board coordinates and square numbers have 4.5:1 on their squares (${theme} theme)`, async ({ page, base }) => {
        await page.goto(`${base}/dev/boards.html`);
        await expect_text(page.locator('#gallery-status'), /12 boards/);
        const texts = await board_text_contrasts(page, theme);
        assert.ok(texts.some((t) => /^\d+$/.test(t.text) && Number(t.text) > 8), 'square numbers are drawn');
        const low = texts.filter((t) => t.ratio < SMALLEST_TEXT_CONTRAST);
        assert.deepEqual(low.map((t) => `${t.variant} "${t.text}" ${t.fg} on ${t.bg}: ${t.ratio.toFixed(2)}`), []);
    });
}

const SCREENS = [['the lobby', '/'], ['the account page', '/#/account']];
const VIEWS = [['1366x768', { width: 1366, height: 768 }], ['a 390x844 phone', { width: 390, height: 844 }]];

for (const [name, path] of SCREENS) {
    for (const [view, viewport] of VIEWS) {
        for (const theme of ['dark', 'light']) {
            test(`axe: ${name} at ${view}, ${theme} theme, has no serious or critical WCAG 2.1 AA violation`, async ({ page, base }) => {
                await page.setViewportSize(viewport);
                await page.addInitScript((t) => localStorage.setItem('tabula.theme', t), theme);
                await page.goto(`${base}${path}`);
                await expect_text(page.locator('#connection-status'), /Connected/, 10000);
                await page.evaluate((t) => { document.documentElement.dataset.theme = t; }, theme);
                // A primary button under the pointer keeps its contrast too.
                await page.locator('button.primary:visible').first().hover();
                await expect_no_serious_violations(page, `${name} (${view}, ${theme})`);
            }, { needs: 'mock' });
        }
    }
}

test('the lobby opens "Create a table" and "Play the computer" from buttons, both in view at 1366x768', async ({ page, base }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${base}/`);
    await expect_text(page.locator('#connection-status'), /Connected/, 10000);
    const create = page.locator('.lobby-start .open-create');
    const computer = page.locator('.lobby-start .open-computer');
    for (const button of [create, computer]) {
        const box = await button.boundingBox();
        assert.ok(box && box.y + box.height <= 768, `${await button.textContent()} is in view: ${JSON.stringify(box)}`);
        assert.equal(await button.getAttribute('aria-expanded'), 'false');
    }
    assert.equal(await page.locator('.play-computer .setup-form').isVisible(), false);
    await computer.click();
    assert.equal(await computer.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.locator('.play-computer .setup-form').isVisible(), true);
    await create.click();
    assert.equal(await page.locator('.play-computer .setup-form').isVisible(), false);
    assert.equal(await page.locator('.create-table .setup-form').isVisible(), true);
    await create.click();
    assert.equal(await page.locator('.create-table .setup-form').isVisible(), false);
}, { needs: 'mock' });
