// The lobby and account screens wired to the api module, with the socket's request function
// recorded (no game server) and the HTTP API answered by page.route: what each form sends,
// and what each screen shows from the replies and pushes.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, eventually } from '../harness.js';

// Records every request instead of sending it; `replies[type]` answers it.
async function record_requests(page, replies = {}) {
    await page.waitForFunction(() => window.tabula);
    await page.evaluate((r) => {
        window.sent = [];
        window.tabula.socket.request = (t, fields = {}) => {
            window.sent.push({ t, ...fields });
            return Promise.resolve(r[t] || { t: 'ok' });
        };
    }, replies);
}

const sent = (page) => page.evaluate(() => window.sent);

test('the create form sends the setup and opens the new table', async ({ page, base }) => {
    await page.goto(`${base}/`);
    await record_requests(page, { create_table: { t: 'table_created', code: 'ABC234' } });
    await page.locator('.lobby-start .open-create').click();
    const form = page.locator('.create-table .setup-form');
    await form.locator('select[name="variant"]').selectOption('russian');
    await form.getByText('Correspondence').click();
    await form.getByLabel('Days per move').fill('5');
    await form.getByText('Rated', { exact: true }).click();
    await form.getByText('Black', { exact: true }).click();
    await form.getByText('Private', { exact: true }).click();
    await form.locator('button[type="submit"]').click();
    await eventually(async () => assert.deepEqual(await sent(page), [{
        t: 'create_table', variant: 'russian', time: { days: 5 }, rated: true, color: 'black', private: true,
    }]));
    await expect_text(page.locator('.table-status'), /Joining table ABC234/);
});

test('play now seeks the chosen variant and time control', async ({ page, base }) => {
    await page.goto(`${base}/`);
    await record_requests(page, { seek: { t: 'seeking' } });
    await page.getByLabel('Variant').first().selectOption('turkish');
    await page.getByRole('button', { name: '5+3' }).click();
    await eventually(async () => assert.deepEqual(await sent(page), [{
        t: 'seek', variant: 'turkish', time: { base_ms: 300000, increment_ms: 3000 }, rated: false,
    }]));
    await expect_text(page.locator('.play-now .notice'), /Looking for an opponent \(Turkish draughts, 5\+3\)/);
});

test('join by code checks the code and opens the table', async ({ page, base }) => {
    await page.goto(`${base}/`);
    await page.fill('#join-code', 'a!');
    await page.click('.join-form button[type="submit"]');
    await expect_text(page.locator('.join-form .error'), /6 letters and digits/);
    await page.fill('#join-code', 'k7qf3x');
    await page.click('.join-form button[type="submit"]');
    await expect_text(page.locator('.table-status'), /Joining table K7QF3X/);
});

test('the public table list follows the lobby pushes', async ({ page, base }) => {
    await page.goto(`${base}/`);
    await record_requests(page);
    const push = (m) => page.evaluate((msg) => window.tabula.api.on_push(msg), m);
    const summary = (code, setup, host, status, seats) => ({ code, link: `/t/${code}`, host, status, game_number: 1, seats,
                                                              spectators: 0, setup: { private: false, color: 'random', ...setup } });
    const alice = { id: 'alice', name: 'alice', registered: true, rating: 1650 };
    const bob = { id: 'bob', name: 'bob', registered: false, rating: 1500 };
    await push({ t: 'lobby', tables: [
        summary('AAA111', { variant: 'chess', time: { base_ms: 180000, increment_ms: 2000, days: 0 }, rated: true }, alice, 'waiting', [alice, null]),
        summary('BBB222', { variant: 'international', time: { base_ms: 0, increment_ms: 0, days: 3 }, rated: false }, bob, 'playing',
                [bob, alice])] });
    await expect_count(page.locator('.table-list tbody tr'), 2);
    await expect_text(page.locator('.table-list tr[data-code="AAA111"]'), /alice \(1650\).*Chess.*3\+2.*Rated/);
    await expect_count(page.locator('.table-list tr[data-code="BBB222"] button', { hasText: 'Join' }), 0);
    await push({ t: 'lobby_changes', tables: [], gone: ['AAA111'] });
    await expect_count(page.locator('.table-list tbody tr'), 1);
    await page.locator('.table-list tr[data-code="BBB222"] button', { hasText: 'Watch' }).click();
    await eventually(async () => assert.equal(await page.evaluate(() => location.hash), '#/table/BBB222/watch'));
});

test('an incoming challenge can be accepted, or answered with a counter-offer', async ({ page, base }) => {
    await page.goto(`${base}/`);
    await record_requests(page, { accept_challenge: { t: 'ok', code: 'CCC333' } });
    const challenge = (id) => page.evaluate((c) => window.tabula.api.on_push({ t: 'challenge', change: 'issued', challenge: c }),
        { id, from: { id: 'carol', name: 'carol' }, to: 'me', awaiting: 'me',
          setup: { variant: 'chess', time: { base_ms: 300000, increment_ms: 3000 }, rated: false, color: 'random' } });
    await challenge('c1');
    await expect_text(page.locator('.challenge[data-id="c1"]'), /carol challenges you: Chess, 5\+3, casual/);
    await page.locator('.challenge[data-id="c1"]').getByRole('button', { name: 'Counter' }).click();
    const counter = page.locator('.challenge[data-id="c1"] .setup-form');
    await counter.getByLabel('Minutes each').fill('10');
    await counter.getByLabel('Increment (s)').fill('0');
    await counter.locator('button[type="submit"]').click();
    await eventually(async () => assert.deepEqual(await sent(page), [{
        t: 'counter_challenge', challenge: 'c1', variant: 'chess',
        time: { base_ms: 600000, increment_ms: 0, per_move_ms: 0 }, rated: false, color: 'random',
    }]));
    await expect_count(page.locator('.challenge'), 0);
    await challenge('c2');
    await page.locator('.challenge[data-id="c2"]').getByRole('button', { name: 'Accept' }).click();
    await expect_text(page.locator('.table-status'), /Joining table CCC333/);
});

// Answers the HTTP API in the shapes of docs/http-api.md: a guest until POST /api/login
// succeeds for alice.
async function fake_http_api(page) {
    let user = null;
    const json = (route, status, body) => route.fulfill({ status, contentType: 'application/json',
                                                          body: JSON.stringify(body) });
    await page.route('**/api/**', async (route) => {
        const req = route.request();
        const url = new URL(req.url());
        if (url.pathname === '/api/me') return json(route, 200, { user });
        if (url.pathname === '/api/login') {
            const body = JSON.parse(req.postData() || '{}');
            if (body.name === 'alice' && body.password === 'correct horse') {
                user = { id: 1, name: 'alice' };
                return json(route, 200, { user });
            }
            return json(route, 401, { error: { code: 'bad_credentials', message: 'Wrong user name or password.' } });
        }
        if (url.pathname === '/api/users/alice') {
            return json(route, 200, { name: 'alice', created_at: 1767225600000, disabled: false, games: 2,
                                      ratings: [{ variant: 'chess', speed: 'blitz', rating: 1612.4, deviation: 80,
                                                  games: 12, provisional: false }] });
        }
        if (url.pathname === '/api/users/alice/games') {
            return json(route, 200, { games: [
                { id: 13, variant: 'chess', white: 'carol', black: 'alice', rated: true, time_control: '',
                  started_at: 1795341600000, ended_at: null, result: '', termination: '' },
                { id: 12, variant: 'russian', white: 'alice', black: 'bob', rated: false, time_control: '',
                  started_at: 1795255200000, ended_at: 1795258800000, result: '1-0', termination: 'resign' }],
                                      next_before: null });
        }
        return json(route, 404, { error: { code: 'not_found', message: 'no such path' } });
    });
}

test('logging in shows the profile with ratings, history and downloads', async ({ page, base }) => {
    await fake_http_api(page);
    await page.goto(`${base}/#/account`);
    const login = page.locator('form[data-form="login"]');
    await login.getByLabel('User name').fill('alice');
    await login.getByLabel('Password').fill('wrong');
    await login.locator('button[type="submit"]').click();
    await expect_text(login.locator('.error'), /Wrong user name or password/);
    await login.getByLabel('Password').fill('correct horse');
    await login.locator('button[type="submit"]').click();
    await expect_text(page.locator('.account-body h2').first(), /alice/);
    await expect_text(page.locator('.account-body table.list').first(), /Chess.*blitz.*1612 ± 160.*12/);
    const games = page.locator('.account-body table.list').nth(1);
    await expect_text(games.locator('tbody tr').nth(0), /Chess.*carol.*alice.*playing/);
    await expect_text(games.locator('tbody tr').nth(1), /2026-11-21.*Russian draughts.*alice.*bob.*1-0 \(resign\).*PDN/);
    await expect_count(games.locator('tbody tr').nth(0).locator('a'), 0);
    const download = page.locator('.account-body a', { hasText: 'PDN' }).last();
    assert.equal(await download.getAttribute('href'), '/api/games/12.pdn');
    await expect_count(page.locator('.account-body a[href="/api/users/alice/games.pgn"]'), 1);
});

test('the lobby lists the tables of the welcome, and a ladder game push opens its table', async ({ page, base }) => {
    await page.goto(`${base}/`);
    await record_requests(page);
    const push = (m) => page.evaluate((msg) => window.tabula.api.on_push(msg), m);
    await push({ t: 'welcome', player: { id: 'ann', name: 'ann', registered: true, rating: 1500 }, tables: ['K7QFZP', 'P4XW2M'] });
    await expect_count(page.locator('.my-games li'), 2);
    await expect_text(page.locator('.my-games li[data-code="P4XW2M"] a'), /Table P4XW2M/);
    await push({ t: 'welcome', player: { id: 'ann', name: 'ann', registered: true, rating: 1500 }, tables: [] });
    await expect_count(page.locator('.my-games li'), 0);
    assert.equal(await page.locator('.my-games').isHidden(), true);
    await push({ t: 'ladder_game', table: 'P4XW2M', ladder: 2, challenge: 7, challenger: 'cal', challenged: 'ann' });
    await expect_text(page.locator('.table-status'), /Joining table P4XW2M/);
    // At a table already: a second ladder game does not take the player away.
    await push({ t: 'ladder_game', table: 'Q5YZ3N', ladder: 2, challenge: 8, challenger: 'cal', challenged: 'ann' });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await page.evaluate(() => location.hash), '#/table/P4XW2M');
});
