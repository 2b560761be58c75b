// The account screens against a running `tabula serve`: accounts registered over the HTTP
// API, a ladder created over it, and then everything else through the page: joining the
// ladder, the standings, challenging up the ladder, the open challenges as each side sees
// them, a decline (a forfeit: the challenger takes the rung) and an accept, whose ladder game
// opens for both players (docs/protocol.md 7.13) and is listed under "Your games".

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, expect_value, eventually } from '../harness.js';
import { new_account, unique_name, close_all, lobby_form, PASSWORD } from '../lib/e2e_helpers.js';

async function show_ladders(player, base) {
    await player.page.goto(`${base}/#/account/ladders`);
    await player.page.reload();
}

// The standings of the ladder card as [[rung, name], ...].
async function standings(card) {
    return card.locator('table.standings tbody tr').evaluateAll((rows) => rows.map((r) =>
        [Number(r.cells[0].textContent), r.cells[1].textContent]));
}

async function expect_standings(card, expected) {
    await eventually(async () => assert.deepEqual(await standings(card), expected), 10000, 'standings');
}

test('a ladder: join, challenge up, decline (forfeit) and accept, all through the ladder screen',
    async ({ browser, base }) => {
        const organiser = await new_account(browser, base, 'lorg');
        const top = await new_account(browser, base, 'ltop');
        const low = await new_account(browser, base, 'llow');
        try {
            const ladder_name = `Club ${unique_name('l')}`;
            const made = await organiser.context.request.post(`${base}/api/ladders`, { data: {
                name: ladder_name, variant: 'chess', base_seconds: 300, increment_seconds: 3,
                max_rungs_up: 3, response_hours: 24 } });
            assert.equal(made.status(), 201, await made.text());
            const ladder = (await made.json()).ladder;
            assert.equal(ladder.name, ladder_name);
            const joined = await top.context.request.post(`${base}/api/ladders/${ladder.id}/join`, { data: {} });
            assert.equal(joined.ok(), true, await joined.text());
            assert.deepEqual(await joined.json(), { rung: 1 });

            // Low joins from the page and lands on rung 2.
            await show_ladders(low, base);
            const low_card = low.page.locator(`.ladder[data-ladder="${ladder.id}"]`);
            await expect_text(low_card.locator('h2'), new RegExp(ladder_name), 10000);
            await expect_text(low_card.locator('.ladder-rules'),
                new RegExp(`Chess · 5\\+3 · challenge up to 3 rungs up · 24 h to answer · organised by ${organiser.name}`));
            await expect_standings(low_card, [[1, top.name]]);
            await low_card.getByRole('button', { name: 'Join' }).click();
            await expect_standings(low_card, [[1, top.name], [2, low.name]]);
            await expect_count(low_card.getByRole('button', { name: 'Join' }), 0);

            // Low challenges Top; both see the open challenge, each with their own answers.
            await low_card.locator('tr[data-rung="1"]').getByRole('button', { name: 'Challenge' }).click();
            const open_line = new RegExp(`${low.name} → ${top.name} · answer by \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC`);
            await expect_text(low_card.locator('.ladder-challenges li'), open_line, 10000);
            await expect_count(low_card.locator('.ladder-challenges li button', { hasText: 'Withdraw' }), 1);
            await expect_count(low_card.locator('.ladder-challenges li button', { hasText: 'Accept' }), 0);
            await show_ladders(top, base);
            const top_card = top.page.locator(`.ladder[data-ladder="${ladder.id}"]`);
            await expect_text(top_card.locator('.ladder-challenges li'), open_line, 10000);
            await expect_count(top_card.locator('.ladder-challenges li button', { hasText: 'Accept' }), 1);
            await expect_count(top_card.locator('table.standings button', { hasText: 'Challenge' }), 0);

            // Top declines: a forfeit, so Low takes rung 1.
            await top_card.locator('.ladder-challenges li button', { hasText: 'Decline' }).click();
            await expect_standings(top_card, [[1, low.name], [2, top.name]]);
            await expect_count(top_card.locator('.ladder-challenges'), 0);

            // Top challenges back and Low accepts: the game decides now.
            await top_card.locator('tr[data-rung="1"]').getByRole('button', { name: 'Challenge' }).click();
            await expect_text(top_card.locator('.ladder-challenges li'), new RegExp(`${top.name} → ${low.name}`), 10000);
            await show_ladders(low, base);
            await low_card.locator('.ladder-challenges li button', { hasText: 'Accept' }).click();
            // The organiser (who plays no game, so no ladder game takes their page away) sees
            // the accepted challenge waiting for its game, with no answers left to give.
            const org_card = organiser.page.locator(`.ladder[data-ladder="${ladder.id}"]`);
            const accepted = new RegExp(`${top.name} → ${low.name} · accepted: the game decides`);
            await show_ladders(organiser, base);
            await eventually(async () => {
                // The accept may still be on its way: look again until it shows.
                if (!accepted.test(await org_card.locator('.ladder-challenges li').first().textContent({ timeout: 2000 }))) {
                    await show_ladders(organiser, base);
                    throw new Error('the challenge is not shown as accepted');
                }
            }, 10000, 'accepted challenge');
            await expect_count(org_card.locator('.ladder-challenges li button'), 0);
            await expect_count(org_card.getByRole('button', { name: 'Join' }), 1);
            await expect_standings(org_card, [[1, low.name], [2, top.name]]);
        } finally {
            await close_all(organiser, top, low);
        }
    }, { needs: 'tabula', timeout_ms: 90000 });

test('register in the page, then the profile, the leaderboards and log out', async ({ page, base }) => {
    const name = unique_name('reg');
    await page.goto(`${base}/#/account`);
    await expect_text(page.locator('#connection-status'), /Connected/, 10000);
    const form = page.locator('form[data-form="register"]');
    await form.getByLabel('User name').fill(name);
    await form.getByLabel('Password').fill('short');
    await form.locator('button[type="submit"]').click();
    assert.equal(await page.locator('.account-body h2', { hasText: name }).count(), 0);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.locator('button[type="submit"]').click();
    await expect_text(page.locator('.account-body h2').first(), new RegExp(`^${name}$`), 10000);
    await expect_text(page.locator('.account-body'), /No rated games yet\..*No games yet\./s);
    // The socket reconnects with the session cookie: the server now knows the account.
    await expect_value(() => page.evaluate(() => window.tabula.api.player && window.tabula.api.player.name), name, 10000);
    await expect_value(() => page.evaluate(() => window.tabula.api.player.registered), true);

    await page.getByRole('link', { name: 'Leaderboards' }).click();
    await page.locator('#leaderboard-speed').selectOption('bullet');
    await expect_text(page.locator('.leaderboard'), /No established ratings yet/, 10000);
    await expect_count(page.locator('.account-body .error'), 0);

    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect_count(page.locator('form[data-form="login"]'), 1, 10000);
    await expect_value(() => page.evaluate(() => window.tabula.api.player && window.tabula.api.player.registered), false, 10000);
}, { needs: 'tabula', timeout_ms: 60000 });

test('lobby challenges between accounts: declined with a reason the challenger reads, then countered and accepted into a table',
    async ({ browser, base }) => {
        const ann = await new_account(browser, base, 'cha');
        const bob = await new_account(browser, base, 'chb');
        try {
            const challenge = async () => {
                const form = await lobby_form(ann.page, 'create');
                await form.locator('select[name="variant"]').selectOption('chess');
                await form.locator('input[name="opponent"]').fill(bob.name);
                await form.locator('button[type="submit"]').click();
                await expect_text(ann.page.locator('.play-now .notice'), new RegExp(`Challenge sent to ${bob.name}`), 10000);
            };
            const incoming = bob.page.locator('.challenge');
            await challenge();
            await expect_text(incoming, new RegExp(`${ann.name} challenges you: Chess, 5\\+3, casual`), 10000);
            // Declined with a reason: the challenger is told who declined and why.
            await incoming.getByLabel('Reason to decline').selectOption({ label: 'Not now' });
            await incoming.getByRole('button', { name: 'Decline' }).click();
            await expect_count(incoming, 0, 10000);
            await expect_count(ann.page.locator('.challenge'), 0);
            await expect_text(ann.page.locator('.challenge-notice'), new RegExp(`^${bob.name} declined your challenge \\(not now\\)\\.$`), 10000);
            await expect_text(bob.page.locator('.challenge-notice'), new RegExp(`^You declined ${ann.name}'s challenge\\.$`));

            await challenge();
            await expect_text(incoming, new RegExp(`${ann.name} challenges you`), 10000);
            await incoming.getByRole('button', { name: 'Counter' }).click();
            const counter = incoming.locator('.setup-form');
            await counter.getByLabel('Minutes each').fill('10');
            await counter.getByLabel('Increment (s)').fill('0');
            await counter.locator('button[type="submit"]').click();
            await expect_count(incoming, 0, 10000);
            const back = ann.page.locator('.challenge');
            await expect_text(back, new RegExp(`${bob.name} proposes: Chess, 10\\+0, casual`), 10000);
            await back.getByRole('button', { name: 'Accept' }).click();
            for (const p of [ann, bob]) {
                await expect_text(p.page.locator('.table-info'), /Chess · 10\+0 · casual/, 10000);
                await expect_text(p.page.locator('.table-status'), /Your move|Waiting for your opponent/, 10000);
            }
            const names = async (p) => p.page.locator('.player-name').allTextContents();
            await expect_value(async () => (await names(ann)).sort(), [ann.name, bob.name].sort());
        } finally {
            await close_all(ann, bob);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });
async function post_ok(player, url, data) {
    const res = await player.context.request.post(url, { data });
    assert.equal(res.ok(), true, `${url}: ${res.status()} ${await res.text()}`);
    return res.json();
}

test('an accepted ladder challenge opens the rated ladder game for both players', async ({ browser, base }) => {
    const organiser = await new_account(browser, base, 'gorg');
    const top = await new_account(browser, base, 'gtop');
    const low = await new_account(browser, base, 'glow');
    try {
        const { ladder } = await post_ok(organiser, `${base}/api/ladders`, {
            name: `Club ${unique_name('g')}`, variant: 'russian', base_seconds: 600, increment_seconds: 5 });
        await post_ok(top, `${base}/api/ladders/${ladder.id}/join`, {});
        await post_ok(low, `${base}/api/ladders/${ladder.id}/join`, {});
        await post_ok(low, `${base}/api/ladders/${ladder.id}/challenge`, { opponent: top.name });
        for (const p of [top, low]) await show_ladders(p, base);
        const top_card = top.page.locator(`.ladder[data-ladder="${ladder.id}"]`);
        await top_card.locator('.ladder-challenges li button', { hasText: 'Accept' }).click();
        for (const p of [top, low]) {
            await expect_text(p.page.locator('.table-info'), /Russian draughts · 10\+5 · rated · private/, 15000);
            await expect_text(p.page.locator('.table-status'), /Your move|Waiting for your opponent/, 10000);
        }
        const code = (await top.page.locator('.side-panel h2').textContent()).replace('Table ', '').trim();
        assert.match(code, /^[A-Z0-9]{6}$/);
        await top.page.goto(`${base}/`);
        await top.page.reload();
        await expect_text(top.page.locator('.my-games li'), new RegExp(`Table ${code}`), 10000);
        await top.page.locator('.my-games a').click();
        await expect_text(top.page.locator('.table-info'), /rated/, 10000);
    } finally {
        await close_all(organiser, top, low);
    }
}, { needs: 'tabula', timeout_ms: 90000 });
