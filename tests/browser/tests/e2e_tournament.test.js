// A Swiss of four accounts against `tabula serve`, all through the pages: the organiser
// creates it with the form and joins, the three others find it in the list and join (one by
// the keyboard alone), the axe audit of its page with four players, the organiser starts it,
// and each player gets the `tournament_game` push and is taken to the table of their pairing
// (docs/protocol.md §7.15), which names the tournament; a game is won and the page shows the
// result, the standings and the crosstable; then every game of its three rounds is played in
// the pages to the tournament's end. And an arena of three: the two paired first play, the
// third sees the standings change on its page, then is paired with one of them.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, eventually } from '../harness.js';
import { new_account, new_player, click_move, close_all, unique_name } from '../lib/e2e_helpers.js';
import { expect_no_serious_violations } from '../lib/axe.js';

const button = (page, where, name) => page.locator(`${where} button`, { hasText: name });

// The organiser creates a tournament with the form (`fields`: label to value, a select's
// option or a number) and joins it; its id.
async function create_and_join(organiser, name, fields) {
    const form = organiser.page.locator('.tournament-form');
    await form.getByLabel('Name').fill(name);
    for (const [label, value] of Object.entries(fields)) {
        const input = form.getByLabel(label);
        if (label === 'Format') await input.selectOption(value);
        else await input.fill(value);
    }
    await form.locator('button[type="submit"]').click();
    await expect_text(organiser.page.locator('#tournament-title'), new RegExp(name), 10000);
    const id = Number((await organiser.page.evaluate(() => location.hash)).match(/^#\/tournament\/(\d+)$/)[1]);
    await expect_text(organiser.page.locator('.tournament-when'), /Starting soon/);
    await organiser.page.locator('[data-action="join"]').click();
    await expect_text(organiser.page.locator('.tournament-head .notice'), /You have joined/, 10000);
    return id;
}

// The pairing's players at its table: 1. e4 e5 and White resigns. `settled` checks the end
// (default: Black's page says it; an arena's player may be taken to the next table at once,
// so an arena reads the pairing's result instead).
async function play_pairing(players, pairing, settled = null) {
    const white = players.find((p) => p.name === pairing.white);
    const black = players.find((p) => p.name === pairing.black);
    for (const p of [white, black])
        await eventually(async () => assert.equal(await p.page.evaluate(() => location.hash), `#/table/${pairing.table}`),
            20000, `${p.name} at table ${pairing.table}`);
    await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
    await click_move(white.page, 'e2', 'e4');
    await expect_text(black.page.locator('.table-status'), /Your move/, 10000);
    await click_move(black.page, 'e7', 'e5');
    await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
    await button(white.page, '.table-actions', 'Resign').click();
    await button(white.page, '.table-actions', 'Confirm resign').click();
    if (settled) await settled();
    else await expect_text(black.page.locator('.result'), /Black wins · resignation/, 10000);
}

// Until the stored pairing at `table` has Black's win.
async function black_won(read, table) {
    await eventually(async () => {
        const pairing = (await read()).rounds.flatMap((r) => r.pairings).find((q) => q.table === table);
        assert.equal(pairing && pairing.result, '0-1');
    }, 20000, `Black's win at table ${table}`);
}

test('a Swiss of four: created and joined in the pages, started by its organiser, each player taken to their table',
    async ({ browser, base }) => {
        const players = [];
        try {
            for (const prefix of ['org', 'pa', 'pb', 'pc']) players.push(await new_account(browser, base, prefix, '/#/tournaments'));
            const [organiser, ...others] = players;
            const name = `Swiss ${unique_name('s')}`;
            const id = await create_and_join(organiser, name, { 'Rounds': '3', 'Minimum players': '4', 'Maximum players': '4' });

            for (const [i, p] of others.entries()) {
                await p.page.reload();
                await expect_text(p.page.locator('[data-group="upcoming"]'), new RegExp(name), 10000);
                await p.page.locator('[data-group="upcoming"] a', { hasText: name }).click();
                await expect_text(p.page.locator('#tournament-title'), new RegExp(name), 10000);
                const join = p.page.locator('[data-action="join"]');
                if (i === 0) {
                    await join.focus();
                    await p.page.keyboard.press('Enter');
                } else {
                    await join.click();
                }
                await expect_text(p.page.locator('.tournament-head .notice'), /You have joined/, 10000);
                await expect_count(p.page.locator('[data-action="withdraw"]'), 1);
            }
            await organiser.page.reload();
            await expect_count(organiser.page.locator('.entry-list li'), 4, 10000);
            await expect_count(organiser.page.locator('.standings-table tbody tr'), 4);
            await expect_no_serious_violations(organiser.page, 'a Swiss of four not started, seen by its organiser');

            // Started: every player's page opens the table of their pairing.
            await organiser.page.locator('[data-action="start"]').click();
            const read = async () => (await (await organiser.context.request.get(`${base}/api/tournaments/${id}`)).json()).tournament;
            await eventually(async () => assert.equal((await read()).state, 'running'), 10000, 'running');
            for (const p of players) {
                await eventually(async () => {
                    const pairings = (await read()).rounds[0].pairings;
                    assert.equal(pairings.length, 2);
                    const mine = pairings.find((q) => q.white === p.name || q.black === p.name);
                    assert.ok(mine && mine.table, `${p.name}'s table made`);
                    assert.equal(await p.page.evaluate(() => location.hash), `#/table/${mine.table}`);
                }, 15000, `${p.name} at their table`);
                await expect_text(p.page.locator('.table-status'), /move/, 10000);
                await expect_text(p.page.locator('.tournament-game'), new RegExp(`Tournament game: ${name} · round 1, board [12]`));
            }

            // Board 1: 1. e4 e5 and White resigns; the tournament's page shows the result.
            const board1 = (await read()).rounds[0].pairings.find((q) => q.board === 1);
            const white = players.find((p) => p.name === board1.white);
            const black = players.find((p) => p.name === board1.black);
            await click_move(white.page, 'e2', 'e4');
            await expect_text(black.page.locator('.table-status'), /Your move/, 10000);
            await click_move(black.page, 'e7', 'e5');
            await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
            await button(white.page, '.table-actions', 'Resign').click();
            await button(white.page, '.table-actions', 'Confirm resign').click();
            await expect_text(black.page.locator('.result'), /Black wins · resignation/, 10000);
            await white.page.locator('.tournament-game a').click();
            await expect_text(white.page.locator(`.tournament-round[data-round="1"] tr[data-table="${board1.table}"] .result`), /^0-1$/, 15000);
            await expect_text(white.page.locator(`.standings-table tr[data-name="${board1.black}"] .points`), /^1$/);
            await expect_text(white.page.locator(`.standings-table tr[data-name="${board1.black}"] td`).first(), /^1$/);
            await expect_text(white.page.locator(`.crosstable tr[data-name="${board1.white}"]`), /-1w/);
            await expect_text(white.page.locator('.tournament-when'), /Running · round 1/);

            // Board 2 of round 1, then rounds 2 and 3: each player is taken to the next table.
            await play_pairing(players, (await read()).rounds[0].pairings.find((q) => q.board === 2));
            for (const round of [2, 3]) {
                let pairings = [];
                await eventually(async () => {
                    const t = await read();
                    assert.equal(t.rounds.length, round);
                    pairings = t.rounds[round - 1].pairings;
                    assert.ok(pairings.length === 2 && pairings.every((q) => q.table), 'both tables made');
                }, 20000, `round ${round} paired`);
                for (const pairing of pairings) await play_pairing(players, pairing);
            }
            await eventually(async () => assert.equal((await read()).state, 'finished'), 20000, 'finished');
            const final = await read();
            // Black won every game: each player's points are their games with Black.
            for (const p of players) {
                const blacks = final.rounds.flatMap((r) => r.pairings).filter((q) => q.black === p.name).length;
                assert.equal(String(final.standings.find((st) => st.name === p.name).points), String(blacks), `${p.name}'s points`);
            }
            await organiser.page.goto(`${base}/#/tournament/${id}`);
            await expect_text(organiser.page.locator('.tournament-when'), /Finished/, 10000);
            await expect_count(organiser.page.locator('.tournament-round'), 3);
            await expect_count(organiser.page.locator('.tournament-round .result', { hasText: '0-1' }), 6);
            const top = final.standings[0];
            await expect_text(organiser.page.locator(`.standings-table tr[data-name="${top.name}"] .points`), new RegExp(`^${top.points}$`));
        } finally {
            await close_all(...players);
        }
    }, { needs: 'tabula', timeout_ms: 240000 });

test('an arena of three: the two paired first play, the third sees the standings change, then is paired with one of them',
    async ({ browser, base }) => {
        const players = [];
        let watcher = null;
        try {
            for (const prefix of ['ao', 'ab', 'ac']) players.push(await new_account(browser, base, prefix, '/#/tournaments'));
            const [organiser, ...others] = players;
            const name = `Arena ${unique_name('a')}`;
            const id = await create_and_join(organiser, name, { 'Format': 'arena', 'Duration (minutes)': '30', 'Minimum players': '3' });
            for (const p of others) {
                await p.page.goto(`${base}/#/tournament/${id}`);
                await p.page.locator('[data-action="join"]').click();
                await expect_text(p.page.locator('.tournament-head .notice'), /You have joined/, 10000);
            }

            await organiser.page.reload();
            await expect_count(organiser.page.locator('.entry-list li'), 3, 10000);
            await organiser.page.locator('[data-action="start"]').click();
            const read = async () => (await (await organiser.context.request.get(`${base}/api/tournaments/${id}`)).json()).tournament;
            let first = null;
            await eventually(async () => {
                const t = await read();
                assert.equal(t.state, 'running');
                first = t.rounds[0] && t.rounds[0].pairings[0];
                assert.ok(first && first.table, 'the first pairing has its table');
            }, 15000, 'the first pairing');
            const third = players.find((p) => p.name !== first.white && p.name !== first.black);
            await third.page.goto(`${base}/#/tournament/${id}`);
            await expect_text(third.page.locator('.tournament-when'), /Running.* · ends in/, 10000);
            await expect_text(third.page.locator(`.standings-table tr[data-name="${first.black}"] .points`), /^0$/);
            // A guest watching the page, which no pairing takes elsewhere (the third player's
            // page goes to its table as soon as it is paired).
            watcher = await new_player(browser, base);
            await watcher.page.goto(`${base}/#/tournament/${id}`);
            await expect_count(watcher.page.locator('.standings-table tbody tr'), 3, 10000);

            await play_pairing(players, first, () => black_won(read, first.table));
            // The standings change on the page as it polls: Black's win, 2 points, sheet "2".
            await expect_text(watcher.page.locator(`.standings-table tr[data-name="${first.black}"] .points`), /^2$/, 20000);
            await expect_text(watcher.page.locator(`.standings-table tr[data-name="${first.black}"] .sheet`), /^2$/);
            await expect_text(watcher.page.locator(`.standings-table tr[data-name="${first.white}"] .points`), /^0$/);

            // The next pairing is the third player's, against one of the first two (never a
            // rematch of the last game), and takes it to its table.
            let second = null;
            await eventually(async () => {
                const t = await read();
                second = t.rounds.flatMap((r) => r.pairings).find((q) => q.table && q.table !== first.table);
                assert.ok(second, 'a second pairing');
            }, 20000, 'the second pairing');
            assert.ok([second.white, second.black].includes(third.name), 'the third player is paired');
            await eventually(async () => assert.equal(await third.page.evaluate(() => location.hash), `#/table/${second.table}`),
                20000, 'the third player at the table');
            await play_pairing(players, second, () => black_won(read, second.table));
            await eventually(async () => {
                const t = await read();
                assert.ok(Number(t.standings.find((st) => st.name === second.black).points) >= 2);
            }, 20000, 'the second game counted');
        } finally {
            await close_all(...players, ...(watcher ? [watcher] : []));
        }
    }, { needs: 'tabula', timeout_ms: 180000 });
