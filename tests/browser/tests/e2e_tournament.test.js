// Tournaments against `tabula serve`, all through the pages (issue 38).
// A Swiss of four accounts: the organiser creates it with the form and joins, the three others
// find it in the list and join (one by the keyboard alone), the axe audit of its page with
// four players, the organiser starts it, and it is played to its end: each player is taken to
// the table of each round's pairing by the `tournament_game` push (docs/protocol.md §7.15),
// which names the tournament, round and board; the games end by either side's resignation or
// by a draw offered and accepted; after the first, the loser goes to the tournament's page by
// the table's link and reads the result, the standings and the crosstable. At the end the page
// a player reaches from their last table says it is finished, with the final standings (their
// points and order), the crosstable, every game's result and its record (PGN) linked, one of
// them downloaded; and passes the axe audit.
// And an arena of three: after each of two games, both of its players go from their table to
// the tournament's page by its link and see the standings change (points, each game's points,
// a streak), the one paired again at once coming back to the new table by "Go to table"; then
// its organiser ends it.

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { test, expect_text, expect_count, eventually } from '../harness.js';
import { new_account, click_move, close_all, unique_name } from '../lib/e2e_helpers.js';
import { expect_no_serious_violations } from '../lib/axe.js';

const button = (page, where, name) => page.locator(`${where} button`, { hasText: name });
const at = (page) => page.evaluate(() => location.hash);

// How a game ends: who resigns, or a draw White offers and Black accepts; the pairing's result
// as the server stores it and the table page's result line.
const ENDINGS = {
    'white resigns': { result: '0-1', words: /Black wins · resignation/ },
    'black resigns': { result: '1-0', words: /White wins · resignation/ },
    'draw': { result: '1/2-1/2', words: /Draw · agreement/ },
};

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
    const id = Number((await at(organiser.page)).match(/^#\/tournament\/(\d+)$/)[1]);
    await expect_text(organiser.page.locator('.tournament-when'), /Starting soon/);
    await organiser.page.locator('[data-action="join"]').click();
    await expect_text(organiser.page.locator('.tournament-head .notice'), /You have joined/, 10000);
    return id;
}

// Until `page` is at the table `code`.
async function expect_at_table(page, code, who) {
    await eventually(async () => assert.equal(await at(page), `#/table/${code}`), 20000, `${who} at table ${code}`);
}

// The pairing's players, taken to its table, play 1. e4 e5 and end the game as `ending` says
// (ENDINGS).
async function play_pairing(players, pairing, ending) {
    const white = players.find((p) => p.name === pairing.white);
    const black = players.find((p) => p.name === pairing.black);
    for (const p of [white, black]) await expect_at_table(p.page, pairing.table, p.name);
    await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
    await click_move(white.page, 'e2', 'e4');
    await expect_text(black.page.locator('.table-status'), /Your move/, 10000);
    await click_move(black.page, 'e7', 'e5');
    await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
    if (ending === 'draw') {
        await button(white.page, '.table-actions', 'Offer draw').click();
        await expect_text(black.page.locator('.offers'), /Your opponent offers a draw/, 10000);
        await button(black.page, '.offers', 'Accept draw').click();
    } else {
        const loser = ending === 'white resigns' ? white : black;
        await button(loser.page, '.table-actions', 'Resign').click();
        await button(loser.page, '.table-actions', 'Confirm resign').click();
    }
}

// Until the stored pairing at `table` has `result`.
async function stored_result(read, table, result) {
    await eventually(async () => {
        const pairing = (await read()).rounds.flatMap((r) => r.pairings).find((q) => q.table === table);
        assert.equal(pairing && pairing.result, result);
    }, 20000, `result ${result} at table ${table}`);
}

// The player goes from their table to the tournament's page by the table's tournament line.
async function to_tournament_page(player, id) {
    await player.page.locator('.tournament-game a').click();
    await eventually(async () => assert.equal(await at(player.page), `#/tournament/${id}`), 10000, `${player.name} at the tournament`);
}

// Chess points from half points, as the server writes them: "0", "0.5", "1", "1.5".
const chess_points = (halves) => (halves % 2 ? (halves / 2).toFixed(1) : String(halves / 2));

test('a Swiss of four played to its end in the pages: each round\'s table by the push, varied results, final standings, crosstable and records',
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

            await organiser.page.locator('[data-action="start"]').click();
            const read = async () => (await (await organiser.context.request.get(`${base}/api/tournaments/${id}`)).json()).tournament;
            await eventually(async () => assert.equal((await read()).state, 'running'), 10000, 'running');

            // Each round: its two boards played one after the other, each player taken to their
            // table by the push (from a finished table, or from the tournament's page).
            // Board 1's end is read on the page; board 2's from the store, as it completes the
            // round and the next pairing may take its players away at once.
            const endings = [['white resigns', 'draw'], ['black resigns', 'white resigns'], ['draw', 'black resigns']];
            for (const [r, [first, second]] of endings.entries()) {
                const round = r + 1;
                let pairings = [];
                await eventually(async () => {
                    const t = await read();
                    assert.equal(t.rounds.length, round);
                    pairings = [...t.rounds[round - 1].pairings].sort((a, b) => a.board - b.board);
                    assert.ok(pairings.length === 2 && pairings.every((q) => q.table), 'both tables made');
                }, 20000, `round ${round} paired`);
                for (const p of players) {
                    const mine = pairings.find((q) => q.white === p.name || q.black === p.name);
                    await expect_at_table(p.page, mine.table, p.name);
                    await expect_text(p.page.locator('.tournament-game'),
                        new RegExp(`Tournament game: ${name} · round ${round}, board ${mine.board}$`), 10000);
                }
                const [board1, board2] = pairings;
                await play_pairing(players, board1, first);
                for (const n of [board1.white, board1.black])
                    await expect_text(players.find((p) => p.name === n).page.locator('.result'), ENDINGS[first].words, 10000);
                if (round === 1) {
                    // The loser reads the result, the standings and the crosstable on the
                    // tournament's page, reached by the table's link.
                    const loser = players.find((p) => p.name === board1.white);
                    await to_tournament_page(loser, id);
                    const page = loser.page;
                    await expect_text(page.locator(`.tournament-round[data-round="1"] tr[data-table="${board1.table}"] .result`), /^0-1$/, 15000);
                    await expect_text(page.locator(`.tournament-round[data-round="1"] tr[data-table="${board2.table}"] .result`), /^playing$/);
                    await expect_text(page.locator(`.standings-table tr[data-name="${board1.black}"] .points`), /^1$/);
                    await expect_text(page.locator(`.standings-table tr[data-name="${board1.black}"] td`).first(), /^1$/);
                    await expect_text(page.locator(`.standings-table tr[data-name="${board1.white}"] .points`), /^0$/);
                    await expect_text(page.locator(`.crosstable tr[data-name="${board1.white}"]`), /-1w/);
                    await expect_text(page.locator('.tournament-when'), /Running · round 1 of 3/);
                }
                await play_pairing(players, board2, second);
                await stored_result(read, board2.table, ENDINGS[second].result);
            }

            // The last game's players stay at its table, which says how it ended; one goes to
            // the tournament's page.
            await eventually(async () => assert.equal((await read()).state, 'finished'), 20000, 'finished');
            const final = await read();
            const games = final.rounds.flatMap((r) => r.pairings.map((q) => ({ ...q, round: r.round })));
            assert.equal(games.length, 6);
            const last = final.rounds[2].pairings.find((q) => q.board === 2);
            const last_black = players.find((p) => p.name === last.black);
            await expect_text(last_black.page.locator('.result'), ENDINGS['black resigns'].words, 10000);
            await to_tournament_page(last_black, id);
            const page = last_black.page;
            await expect_text(page.locator('.tournament-when'), /^Finished$/, 15000);
            await expect_count(page.locator('[data-action="withdraw"]'), 0);

            // Every game's result as played; each player's points from them (chess: 1, ½, 0).
            const halves = new Map(players.map((p) => [p.name, 0]));
            for (const [r, pair] of endings.entries()) {
                const boards = final.rounds[r].pairings;
                for (const [b, ending] of pair.entries()) {
                    const q = boards.find((x) => x.board === b + 1);
                    const result = ENDINGS[ending].result;
                    assert.equal(q.result, result, `round ${r + 1} board ${b + 1}`);
                    const white = { '1-0': 2, '0-1': 0, '1/2-1/2': 1 }[result];
                    halves.set(q.white, halves.get(q.white) + white);
                    halves.set(q.black, halves.get(q.black) + 2 - white);
                    await expect_text(page.locator(`.tournament-round[data-round="${r + 1}"] tr[data-table="${q.table}"] .result`),
                        { '1-0': /^1-0$/, '0-1': /^0-1$/, '1/2-1/2': /^½-½$/ }[result]);
                }
            }

            // The final standings: the server's order, each player's points, best first.
            const rows = await page.locator('.standings-table tbody tr').evaluateAll((trs) => trs.map((tr) => ({
                name: tr.dataset.name, rank: Number(tr.cells[0].textContent), points: tr.querySelector('.points').textContent,
            })));
            assert.deepEqual(rows.map((x) => x.name), final.standings.map((s) => s.name));
            for (const row of rows) assert.equal(row.points, chess_points(halves.get(row.name)), `${row.name}'s points`);
            for (let i = 1; i < rows.length; i++) {
                assert.ok(halves.get(rows[i - 1].name) >= halves.get(rows[i].name), 'points best first');
                assert.ok(rows[i - 1].rank <= rows[i].rank, 'ranks in order');
                if (halves.get(rows[i - 1].name) > halves.get(rows[i].name)) assert.ok(rows[i - 1].rank < rows[i].rank, 'more points, better rank');
            }
            assert.equal(rows[0].rank, 1);

            // The crosstable: a row per player in the standings' order, each round's cell the
            // result, the opponent's final rank and one's colour ("+3w").
            const rank = new Map(rows.map((x) => [x.name, x.rank]));
            const cells = await page.locator('.crosstable tbody tr').evaluateAll((trs) => trs.map((tr) => ({
                name: tr.dataset.name, cells: [...tr.querySelectorAll('td span[aria-hidden="true"]')].map((s) => s.textContent),
            })));
            assert.deepEqual(cells.map((c) => c.name), rows.map((x) => x.name));
            for (const row of cells) {
                const expected = final.rounds.map((r) => {
                    const q = r.pairings.find((x) => x.white === row.name || x.black === row.name);
                    const white = q.white === row.name;
                    const score = q.result === '1/2-1/2' ? '=' : (q.result === '1-0') === white ? '+' : '-';
                    return `${score}${rank.get(white ? q.black : q.white)}${white ? 'w' : 'b'}`;
                });
                assert.deepEqual(row.cells, expected, `${row.name}'s crosstable row`);
            }

            // Every game links its record by its stored game; each link answers its PGN.
            const links = page.locator('.tournament-rounds a[download]');
            await expect_count(links, 6);
            for (const q of games) {
                assert.ok(Number.isInteger(q.game_id), `round ${q.round} board ${q.board} stored`);
                const link = page.locator(`.tournament-round[data-round="${q.round}"] tr[data-table="${q.table}"] a[download]`);
                assert.equal(await link.getAttribute('href'), `/api/games/${q.game_id}.pgn`);
                const res = await last_black.context.request.get(`${base}/api/games/${q.game_id}.pgn`);
                assert.equal(res.status(), 200);
                const pgn = await res.text();
                assert.match(pgn, new RegExp(`\\[White "${q.white}"\\]`));
                assert.match(pgn, new RegExp(`\\[Black "${q.black}"\\]`));
                assert.match(pgn, new RegExp(`\\[Result "${q.result}"\\]`));
            }
            // One opened from the page: the record of round 1's draw, downloaded.
            const draw = final.rounds[0].pairings.find((q) => q.board === 2);
            const [download] = await Promise.all([page.waitForEvent('download'),
                page.locator(`.tournament-round[data-round="1"] tr[data-table="${draw.table}"] a[download]`).click()]);
            const pgn = await fs.readFile(await download.path(), 'utf8');
            assert.match(pgn, /\[Result "1\/2-1\/2"\]/);
            assert.match(pgn, /1\. e4 e5 1\/2-1\/2/);
            await expect_no_serious_violations(page, 'a finished Swiss of four');
        } finally {
            await close_all(...players);
        }
    }, { needs: 'tabula', timeout_ms: 150000 });

// An arena's standings after `games` ({white, black, result} in the order played, wins and
// losses only), by arena_scoring.h: a win 2, or 4 on a streak (two wins in a row before it),
// a loss 0 and the streak gone. Name -> {points, sheet, streak}.
function arena_standings(names, games) {
    const rows = new Map(names.map((n) => [n, { points: 0, sheet: [], streak: 0 }]));
    for (const g of games) {
        for (const [name, won] of [[g.white, g.result === '1-0'], [g.black, g.result === '0-1']]) {
            const row = rows.get(name);
            const points = won ? (row.streak >= 2 ? 4 : 2) : 0;
            row.points += points;
            row.sheet.push(points);
            row.streak = won ? row.streak + 1 : 0;
        }
    }
    return rows;
}

// What `page` shows of `names` in an arena's standings, as `rows` says (arena_standings).
async function expect_arena_rows(page, rows, names) {
    for (const name of names) {
        const row = rows.get(name);
        const tr = page.locator(`.standings-table tr[data-name="${name}"]`);
        await expect_text(tr.locator('.points'), new RegExp(`^${row.points}$`), 15000);
        await expect_text(tr.locator('.sheet'), new RegExp(`^${row.sheet.join(' ')}$`));
        await expect_text(tr.locator('.streak'), row.streak >= 2 ? new RegExp(`^on a streak \\(${row.streak}\\)$`) : new RegExp(`^${row.streak || ''}$`));
    }
}

test('an arena of three: after each game both players go from their table to the tournament\'s page and see the standings change',
    async ({ browser, base }) => {
        const players = [];
        try {
            for (const prefix of ['ao', 'ab', 'ac']) players.push(await new_account(browser, base, prefix, '/#/tournaments'));
            const [organiser, ...others] = players;
            const by_name = (n) => players.find((p) => p.name === n);
            const name = `Arena ${unique_name('a')}`;
            const id = await create_and_join(organiser, name, { 'Format': 'arena', 'Duration (minutes)': '30', 'Minimum players': '3' });
            for (const p of others) {
                await p.page.goto(`${base}/#/tournament/${id}`);
                await p.page.locator('[data-action="join"]').click();
                await expect_text(p.page.locator('.tournament-head .notice'), /You have joined/, 10000);
            }
            await organiser.page.reload();
            await expect_count(organiser.page.locator('.entry-list li'), 3, 10000);
            // Before the start, each sees themselves in the standings with no points.
            for (const p of players) {
                await expect_text(p.page.locator(`.standings-table tr.me[data-name="${p.name}"] .points`), /^0$/, 10000);
                await expect_text(p.page.locator(`.standings-table tr[data-name="${p.name}"] .sheet`), /^$/);
            }

            await organiser.page.locator('[data-action="start"]').click();
            const read = async () => (await (await organiser.context.request.get(`${base}/api/tournaments/${id}`)).json()).tournament;
            const tables = new Set();
            // The next pairing made: one whose table is not among `tables`.
            const next_pairing = async () => {
                let found = null;
                await eventually(async () => {
                    const t = await read();
                    assert.equal(t.state, 'running');
                    found = t.rounds.flatMap((r) => r.pairings).find((q) => q.table && !tables.has(q.table));
                    assert.ok(found, 'a new pairing with its table');
                }, 20000, 'the next pairing');
                tables.add(found.table);
                return found;
            };
            const games = [];
            const first = await next_pairing();
            const third = players.find((p) => p.name !== first.white && p.name !== first.black);
            // Its page, read again (a tournament not started is read every 15 s), says it runs.
            await third.page.reload();
            await expect_text(third.page.locator('.tournament-when'), /Running.* · ends in/, 10000);

            // Two games: the first won by Black, the second by the player of the first who is
            // paired again at once, against the third player. After each, both of its players
            // see the standings change on the tournament's page, reached by their table's link:
            // the one who waits from the finished table, the one paired again from the new table
            // (taken there by the push), going back to it by "Go to table".
            let pairing = first;
            for (const game of [1, 2]) {
                const players_of = [pairing.white, pairing.black];
                const loser = game === 1 ? pairing.white : players_of.find((n) => n === third.name);
                const ending = loser === pairing.white ? 'white resigns' : 'black resigns';
                await play_pairing(players, pairing, ending);
                await stored_result(read, pairing.table, ENDINGS[ending].result);
                games.push({ white: pairing.white, black: pairing.black, result: ENDINGS[ending].result });
                const rows = arena_standings(players.map((p) => p.name), games);

                const next = await next_pairing();
                const again = by_name(players_of.find((n) => n === next.white || n === next.black));
                const waits = by_name(players_of.find((n) => n !== again.name));
                assert.ok(again && waits && again !== waits, 'one of the two is paired again, the other waits');
                if (game === 1) assert.ok([next.white, next.black].includes(third.name), 'the third player is paired next');

                await expect_text(waits.page.locator('.result'), ENDINGS[ending].words, 10000);
                await to_tournament_page(waits, id);
                await expect_arena_rows(waits.page, rows, players_of);
                await expect_text(waits.page.locator(`.standings-table tr.me`), new RegExp(waits.name));
                await expect_count(waits.page.locator('.my-game-link'), 0);
                if (game === 2) await expect_no_serious_violations(waits.page, 'a running arena with a streak, seen by a player');

                await expect_at_table(again.page, next.table, again.name);
                await to_tournament_page(again, id);
                await expect_arena_rows(again.page, rows, players_of);
                const link = again.page.locator('.my-game-link');
                await expect_text(link, new RegExp(`Go to table ${next.table}`), 10000);
                await link.click();
                await expect_at_table(again.page, next.table, again.name);
                await expect_text(again.page.locator('.table-status'), /move/, 10000);
                pairing = next;
            }
            // The player who won twice is on a streak.
            const rows = arena_standings(players.map((p) => p.name), games);
            assert.ok([...rows.values()].some((row) => row.streak === 2), 'a streak of two');

            // Its organiser ends it: no more pairings once the game in progress ends.
            const end = await organiser.context.request.post(`${base}/api/tournaments/${id}/end`);
            assert.equal(end.status(), 200);
        } finally {
            await close_all(...players);
        }
    }, { needs: 'tabula', timeout_ms: 120000 });
