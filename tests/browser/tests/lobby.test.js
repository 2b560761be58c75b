// Against a running `tabula serve`: the client is served at /, connects to /ws and shows the
// server's hello; a join link is answered with the client.

import { test, expect_text } from '../harness.js';

test('the lobby loads from tabula serve and shows the connection hello', async ({ page, base }) => {
    await page.goto(`${base}/`);
    await expect_text(page.locator('#connection-status'), /Connected · tabula \d+\.\d+/, 10000);
    await expect_text(page.locator('h2#tables-title'), /Public tables/);
    const hidden = await page.locator('#reconnecting').isHidden();
    if (!hidden) throw new Error('the reconnecting banner is shown while connected');
}, { needs: 'tabula' });

test('tabula serve answers a join link with the client', async ({ page, base }) => {
    await page.goto(`${base}/t/ABC234`);
    await expect_text(page.locator('.table-status'), /ABC234/, 10000);
}, { needs: 'tabula' });
