// Screenshots of the game page in play, for looking at by eye (issue 12): for each variant two
// guests meet at a private table, play a few moves, and the first player's page is saved at
// a desktop (1366x768) and a phone (390x844) size, with the second player's at the phone size.
//   node tests/browser/screenshots.js <tabula url> <folder> [variant ...]
// Needs a running `tabula serve`; writes <variant>-<width>x<height>[-black].png.

import path from 'node:path';
import fs from 'node:fs/promises';
import { chromium } from 'playwright-core';

const SIZES = [{ width: 1366, height: 768 }, { width: 390, height: 844 }];
const PLIES = 6;

async function guest(browser, base) {
    const context = await browser.newContext({ viewport: SIZES[0] });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.locator('#connection-status', { hasText: 'Connected' }).waitFor({ timeout: 10000 });
    return { context, page };
}

// One move of the side to move: its first movable piece to its first target.
async function move_any(pages, ply) {
    for (const page of pages) {
        const status = await page.locator('.table-status').textContent();
        if (!/Your move/.test(status || '')) continue;
        const pieces = page.locator('.board g.piece.movable');
        const count = await pieces.count();
        const from = await pieces.nth((ply * 3) % count).getAttribute('data-cell');
        await page.locator(`.board rect.square[data-cell="${from}"]`).click();
        const to = await page.locator('.board .hint').first().getAttribute('data-cell');
        await page.locator(`.board rect.square[data-cell="${to}"]`).click();
        return true;
    }
    return false;
}

async function shoot(browser, base, variant, out) {
    const first = await guest(browser, base);
    const second = await guest(browser, base);
    try {
        const form = first.page.locator('.setup-form').first();
        await form.locator('select[name="variant"]').selectOption(variant);
        await form.locator('input[type="radio"][value="private"]').check({ force: true });
        await form.locator('button[type="submit"]').click();
        const code = (await first.page.locator('.join-code').textContent({ timeout: 10000 })).trim();
        await second.page.goto(`${base}/t/${code}`);
        const pages = [first.page, second.page];
        for (let ply = 0; ply < PLIES; ply++) {
            for (let tries = 0; tries < 50 && !(await move_any(pages, ply)); tries++) await first.page.waitForTimeout(100);
            await first.page.locator('.move-list .move').nth(ply).waitFor({ timeout: 10000 });
            await second.page.locator('.move-list .move').nth(ply).waitFor({ timeout: 10000 });
        }
        for (const size of SIZES) {
            await first.page.setViewportSize(size);
            await first.page.reload();
            await first.page.locator('.move-list .move').nth(PLIES - 1).waitFor({ timeout: 10000 });
            // From the top, as a player opens it (a reload restores where the clicks scrolled).
            await first.page.evaluate(() => window.scrollTo(0, 0));
            await first.page.waitForTimeout(400);
            await first.page.screenshot({ path: path.join(out, `${variant}-${size.width}x${size.height}.png`) });
        }
        await second.page.setViewportSize(SIZES[1]);
        await second.page.reload();
        await second.page.locator('.move-list .move').nth(PLIES - 1).waitFor({ timeout: 10000 });
        await second.page.evaluate(() => window.scrollTo(0, 0));
        await second.page.waitForTimeout(400);
        await second.page.screenshot({ path: path.join(out, `${variant}-${SIZES[1].width}x${SIZES[1].height}-second.png`) });
    } finally {
        await first.context.close();
        await second.context.close();
    }
}

const [base, out, ...asked] = process.argv.slice(2);
if (!base || !out) {
    console.error('usage: node screenshots.js <tabula url> <folder> [variant ...]');
    process.exit(2);
}
await fs.mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
    for (const variant of asked.length ? asked : ['chess', 'international', 'russian', 'turkish', 'english']) {
        await shoot(browser, base, variant, out);
        console.log(`${variant}: done`);
    }
} finally {
    await browser.close();
}
