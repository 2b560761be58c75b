// Helpers of the end-to-end tests against `tabula serve`: players in their own browser
// contexts (guests, or accounts registered over the HTTP API), tables made and joined through
// the page, and moves clicked on the board.

import { expect_text } from '../harness.js';
import { cell } from '../fixtures/positions.js';

const VIEWPORT = { width: 1100, height: 820 };

// A guest in a fresh context, at the lobby and connected.
export async function new_player(browser, base) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await expect_text(page.locator('#connection-status'), /Connected/, 10000);
    return { context, page };
}

// A user name the server accepts (3 to 20 letters and digits, starting with a letter), new
// for every call so that tests sharing one database never collide.
let counter = 0;
// A new player whose page's console errors and uncaught exceptions are kept in `errors`, for a
// test to check that the page stayed clean.
export async function watched_player(browser, base) {
    const player = await new_player(browser, base);
    player.errors = [];
    player.page.on('pageerror', (e) => player.errors.push(`pageerror: ${e.message}`));
    player.page.on('console', (m) => { if (m.type() === 'error') player.errors.push(`console: ${m.text()}`); });
    return player;
}

export function unique_name(prefix) {
    counter += 1;
    return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 20);
}

export const PASSWORD = 'correct horse battery';

// Registers an account over the HTTP API inside a fresh context (so the session cookie is
// the context's), then opens `path` (the lobby by default) and waits for the socket.
export async function new_account(browser, base, prefix, path = '/') {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const name = unique_name(prefix);
    const res = await context.request.post(`${base}/api/register`, { data: { name, password: PASSWORD } });
    if (res.status() !== 201) throw new Error(`register ${name}: ${res.status()} ${await res.text()}`);
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await expect_text(page.locator('#connection-status'), /Connected/, 10000);
    return { context, page, name };
}

// The lobby's "Create a table" ('create') or "Play the computer" ('computer') form, opened by
// its button if it is closed.
export async function lobby_form(page, which) {
    const button = page.locator(`.lobby-start .open-${which}`);
    if (await button.getAttribute('aria-expanded') !== 'true') await button.click();
    return page.locator(which === 'create' ? '.create-table .setup-form' : '.play-computer .setup-form');
}

// Creates a private casual table from the lobby form; returns its join code.
export async function create_private_table(page, variant, colour) {
    const form = await lobby_form(page, 'create');
    await form.locator('select[name="variant"]').selectOption(variant);
    await form.locator(`input[type="radio"][value="${colour}"]`).check({ force: true });
    await form.locator('input[type="radio"][value="private"]').check({ force: true });
    await form.locator('button[type="submit"]').click();
    await expect_text(page.locator('.join-code'), /^[A-Z0-9]{6}$/, 10000);
    return (await page.locator('.join-code').textContent()).trim();
}

export async function join_by_code(page, code) {
    await page.fill('#join-code', code);
    await page.click('.join-form button[type="submit"]');
    await expect_text(page.locator('.table-status'), /move/, 10000);
}

// Two guests at a private table of `variant` (white creates it, black comes by its link), at
// `viewport` if given; both pages show whose move it is.
export async function pair(browser, base, variant, viewport) {
    const white = await new_player(browser, base);
    const black = await new_player(browser, base);
    if (viewport) for (const p of [white, black]) await p.page.setViewportSize(viewport);
    const code = await create_private_table(white.page, variant, 'white');
    await black.page.goto(`${base}/t/${code}`);
    await expect_text(black.page.locator('.table-status'), /move/, 10000);
    return { white, black, code };
}

export function square(page, name, size = 8) {
    return page.locator(`.board rect.square[data-cell="${cell(name, size)}"]`);
}

export async function click_move(page, from, to, size = 8) {
    await square(page, from, size).click();
    await square(page, to, size).click();
}

export async function close_all(...players) {
    for (const p of players) await p.context.close().catch(() => {});
}

// The board's last-move marks as {last: [cells], captured: [cells]}, sorted.
export async function last_move_marks(page) {
    const cells = (cls) => page.locator(`.board rect.${cls}`).evaluateAll((els) =>
        els.map((e) => Number(e.dataset.cell)).sort((a, b) => a - b));
    return { last: await cells('mark-last'), captured: await cells('mark-last-capture') };
}
