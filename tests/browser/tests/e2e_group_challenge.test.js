// Group challenges in the lobby (docs/protocol.md §7.9, "Group challenges"), against a running
// `tabula serve`: three guests, one invites the other two to Chinese checkers for three by name
// from the create form (a name nobody has, and a name left out, refused with a clear error);
// both see who invites them and who else is invited, an invitee still sees it after a reload
// (the welcome's `challenges`), each acceptance shows up for everyone, and the last one takes
// all three to the started table. A declined challenge, and a cancelled one, go away for all
// three with a line that says why. Any console error on a page fails the tests.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, expect_value, eventually } from '../harness.js';
import { new_player, close_all, lobby_form } from '../lib/e2e_helpers.js';

async function guest(browser, base) {
    const p = await new_player(browser, base);
    p.errors = [];
    p.page.on('pageerror', (e) => p.errors.push(`pageerror: ${e.message}`));
    p.page.on('console', (m) => { if (m.type() === 'error') p.errors.push(`console: ${m.text()}`); });
    p.name = await eventually(async () => {
        const name = await p.page.evaluate(() => window.tabula.api.player && window.tabula.api.player.name);
        assert.ok(name, 'welcomed');
        return name;
    }, 10000);
    return p;
}

const form_of = (page) => lobby_form(page, 'create');

// Fills the create form's invite fields for Chinese checkers for three and sends it.
async function invite(page, names) {
    const form = await form_of(page);
    await form.locator('select[name="variant"]').selectOption('chinese-checkers-3');
    const fields = form.locator('input[name="invite"]:visible');
    await expect_count(fields, 2);
    await fields.nth(0).fill(names[0] || '');
    await fields.nth(1).fill(names[1] || '');
    await form.locator('button[type="submit"]').click();
}

const card = (page) => page.locator('.group-challenge');

test('a group challenge: two invited by name, both see it (also after a reload), each acceptance shown, all three land at the table',
    async ({ browser, base }) => {
        const ann = await guest(browser, base);
        const bob = await guest(browser, base);
        const cid = await guest(browser, base);
        const all = [ann, bob, cid];
        try {
            // The form asks for a name per other seat: two for three players, five for six.
            const form = await form_of(ann.page);
            await expect_count(form.locator('input[name="invite"]:visible'), 0);
            await form.locator('select[name="variant"]').selectOption('chinese-checkers-6');
            await expect_count(form.locator('input[name="invite"]:visible'), 5);
            await expect_text(form.locator('.invite-fields legend'), /Invite players/);
            await expect_text(form.locator('button[type="submit"]'), /^Create table$/);
            await form.locator('input[name="invite"]').first().fill('someone');
            await expect_text(form.locator('button[type="submit"]'), /^Send challenge$/);

            // One name left out: refused in the page; a name nobody has: the server's word.
            await invite(ann.page, [bob.name, '']);
            await expect_text(form.locator('.error'), /name all 2 other players/);
            await invite(ann.page, [bob.name, 'nobody-here']);
            await expect_text(form.locator('.error'), /no player is called nobody-here/, 10000);
            await expect_count(card(bob.page), 0);

            await invite(ann.page, [bob.name, cid.name]);
            await expect_text(ann.page.locator('.play-now .notice'), new RegExp(`Challenge sent to ${bob.name} and ${cid.name}`), 10000);
            await expect_text(form.locator('.error'), /^$/);
            await expect_text(card(bob.page), new RegExp(`${ann.name} invites you and ${cid.name}: Chinese checkers \\(3 players\\), 5\\+3, casual`), 10000);
            await expect_text(card(cid.page), new RegExp(`${ann.name} invites you and ${bob.name}: Chinese checkers \\(3 players\\)`), 10000);
            await expect_text(card(bob.page).locator('.challenge-answers'), new RegExp(`^Waiting for: you, ${cid.name} · answer by`));
            await expect_text(card(ann.page), new RegExp(`You invite ${bob.name} and ${cid.name}: Chinese checkers \\(3 players\\)`), 10000);
            await expect_count(card(ann.page).getByRole('button', { name: 'Accept' }), 0);
            await expect_count(card(ann.page).getByRole('button', { name: 'Cancel' }), 1);

            // A reload: the welcome lists the challenge, so it is still there to answer.
            await cid.page.reload();
            await expect_text(card(cid.page), new RegExp(`${ann.name} invites you and ${bob.name}`), 10000);

            await card(bob.page).getByRole('button', { name: 'Accept' }).click();
            await expect_text(card(ann.page).locator('.challenge-answers'), new RegExp(`^Accepted: ${bob.name} · Waiting for: ${cid.name}`), 10000);
            await expect_text(card(cid.page).locator('.challenge-answers'), new RegExp(`^Accepted: ${bob.name} · Waiting for: you`), 10000);
            await expect_text(card(bob.page).locator('.challenge-answers'), new RegExp(`^Accepted: you · Waiting for: ${cid.name}`), 10000);
            // Once accepted, no second Accept; declining stays possible.
            await expect_count(card(bob.page).getByRole('button', { name: 'Accept' }), 0);
            await expect_count(card(bob.page).getByRole('button', { name: 'Decline' }), 1);

            await card(cid.page).getByRole('button', { name: 'Accept' }).click();
            const codes = [];
            for (const p of all) {
                await eventually(async () => assert.match(new URL(p.page.url()).hash, /^#\/table\/[A-Z0-9]{6}$/), 10000, `${p.name} at the table`);
                codes.push(new URL(p.page.url()).hash);
                await expect_count(p.page.locator('.seat-list .seat-row'), 3, 10000);
                await expect_count(p.page.locator('.seat-list .seat-row.you'), 1, 10000);
                await expect_text(p.page.locator('.table-status'), /Your move|to move/, 10000);
            }
            assert.equal(new Set(codes).size, 1, `one table for all three: ${codes}`);
            const seated = await ann.page.locator('.seat-list .seat-row .player-name').allTextContents();
            assert.deepEqual(seated.map((s) => s.trim()).sort(), [ann.name, bob.name, cid.name].sort());
            for (const p of all) assert.deepEqual(p.errors, [], p.name);
        } finally {
            await close_all(...all);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

test('a declined group challenge (with its reason), and a cancelled one, go away for all three and say why',
    async ({ browser, base }) => {
        const ann = await guest(browser, base);
        const bob = await guest(browser, base);
        const cid = await guest(browser, base);
        const all = [ann, bob, cid];
        try {
            await invite(ann.page, [bob.name, cid.name]);
            for (const p of all) await expect_count(card(p.page), 1, 10000);
            // Declined by one who had accepted first: off for everyone.
            await card(cid.page).getByRole('button', { name: 'Accept' }).click();
            await expect_text(card(bob.page).locator('.challenge-answers'), new RegExp(`^Accepted: ${cid.name}`), 10000);
            // With a reason chosen beside the button, which everyone reads.
            await card(cid.page).getByLabel('Reason to decline').selectOption({ label: 'Too slow' });
            await card(cid.page).getByRole('button', { name: 'Decline' }).click();
            for (const p of all) await expect_count(card(p.page), 0, 10000);
            await expect_text(ann.page.locator('.challenge-notice'), new RegExp(`^Your challenge to Chinese checkers \\(3 players\\) is off: ${cid.name} declined \\(too slow\\)\\.$`));
            await expect_text(bob.page.locator('.challenge-notice'), new RegExp(`^${ann.name}'s challenge to Chinese checkers \\(3 players\\) is off: ${cid.name} declined \\(too slow\\)\\.$`));
            await expect_text(cid.page.locator('.challenge-notice'), /is off: you declined \(too slow\)\.$/);
            await expect_text(bob.page.locator('.challenges'), /^No challenges\.$/);

            // Cancelled by its challenger.
            await invite(ann.page, [cid.name, bob.name]);
            for (const p of all) await expect_count(card(p.page), 1, 10000);
            await card(ann.page).getByRole('button', { name: 'Cancel' }).click();
            for (const p of all) await expect_count(card(p.page), 0, 10000);
            await expect_text(ann.page.locator('.challenge-notice'), /^Your challenge to Chinese checkers \(3 players\) was cancelled\.$/);
            await expect_text(bob.page.locator('.challenge-notice'), new RegExp(`was cancelled by ${ann.name}\\.$`));
            // Nobody was taken anywhere.
            for (const p of all) await expect_value(async () => new URL(p.page.url()).hash, '');
            for (const p of all) assert.deepEqual(p.errors, [], p.name);
        } finally {
            await close_all(...all);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

test('a challenge of two is there again after the invitee reloads (the welcome lists it)',
    async ({ browser, base }) => {
        const ann = await guest(browser, base);
        const bob = await guest(browser, base);
        try {
            const form = await form_of(ann.page);
            await form.locator('select[name="variant"]').selectOption('chess');
            await form.locator('input[name="opponent"]').fill(bob.name);
            await form.locator('button[type="submit"]').click();
            const incoming = bob.page.locator('.challenge');
            await expect_text(incoming, new RegExp(`${ann.name} challenges you: Chess, 5\\+3, casual`), 10000);
            await bob.page.reload();
            await expect_text(incoming, new RegExp(`${ann.name} challenges you: Chess, 5\\+3, casual`), 10000);
            await incoming.getByRole('button', { name: 'Decline' }).click();
            await expect_count(incoming, 0, 10000);
            for (const p of [ann, bob]) assert.deepEqual(p.errors, [], p.name);
        } finally {
            await close_all(ann, bob);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

// Without a game server (the socket's requests recorded, pushes handed to the api as they
// would arrive): what the form sends, an expiry, and a match that opens the table from the
// account screen.
test('group challenge without a server: the request sent, an expiry said, matched opens the table from any screen',
    async ({ page, base }) => {
        await page.goto(`${base}/`);
        await page.waitForFunction(() => window.tabula);
        await page.evaluate(() => {
            window.sent = [];
            window.tabula.socket.request = (t, fields = {}) => {
                window.sent.push({ t, ...fields });
                return Promise.resolve(t === 'challenge' ? { t: 'challenge_sent', challenge: 7, group: true } : { t: 'ok' });
            };
            window.tabula.api.player = { id: 'u2', name: 'bob', registered: true, rating: 1500 };
        });
        const form = await form_of(page);
        await form.locator('select[name="variant"]').selectOption('halma-4');
        const fields = form.locator('input[name="invite"]:visible');
        await expect_count(fields, 3);
        for (const [i, name] of ['cid', 'dan', 'eve'].entries()) await fields.nth(i).fill(name);
        await form.locator('button[type="submit"]').click();
        await eventually(async () => assert.deepEqual(await page.evaluate(() => window.sent), [{
            t: 'challenge', to: ['cid', 'dan', 'eve'], variant: 'halma-4',
            time: { base_ms: 300000, increment_ms: 3000, per_move_ms: 0 }, rated: false, color: 'random', private: false,
        }]));
        await expect_text(page.locator('.play-now .notice'), /^Challenge sent to cid, dan and eve\.$/);

        const push = (change, extra = {}) => page.evaluate((m) => window.tabula.api.on_push(m), {
            t: 'group_challenge', change, ...extra,
            challenge: { id: 4, group: true, from: { id: 'u1', name: 'ann', registered: true, rating: 1500 },
                         to: ['u2', 'u3'], to_names: ['bob', 'cid'], accepted: [],
                         setup: { variant: 'chinese-checkers-3', time: { days: 3 }, rated: true }, expires_at: Date.now() + 7 * 86400000 },
        });
        await push('issued', { by: 'u1' });
        await expect_text(card(page), /ann invites you and cid: Chinese checkers \(3 players\), 3 days\/move, rated/);
        await push('expired');
        await expect_count(card(page), 0);
        await expect_text(page.locator('.challenge-notice'), /^ann's challenge to Chinese checkers \(3 players\) expired: not everyone answered in time\.$/);

        await page.evaluate(() => { location.hash = '#/account'; });
        await eventually(async () => assert.equal(await page.evaluate(() => document.body.dataset.screen), 'account'));
        await push('matched', { by: 'u3', code: 'GRP777', players: [] });
        await eventually(async () => assert.equal(await page.evaluate(() => location.hash), '#/table/GRP777'));
    });
