// The tournament screens against the mock socket, with the HTTP API answered by page.route
// from fixtures/tournaments.js (the shapes of docs/http-api.md, "Tournaments", and the arena's
// fields): the list (players, a Swiss's round, an arena's time left) and the lobby's card, the
// create form (by the keyboard alone; "Open to" a ladder's players), a Swiss's page (standings
// with tie-breaks, rounds, links, TRF, withdraw), a private round robin (join with the code;
// the organiser's start), an arena (countdown, pause and resume, berserk, streaks and sheets,
// who went berserk), a Swiss's tools (the organiser's forbidden pair and pairing by hand, an
// entrant's half-point bye, the server's refusal), a tournament open to a ladder's players (its line, the refusal of anyone
// else), the `tournament_game` push (taken to the table, or told with a link while seated at
// another game), Berserk at an arena table, the page's refreshes, and the axe audit of the new
// screens.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, eventually } from '../harness.js';
import { expect_no_serious_violations } from '../lib/axe.js';
import { tournament_list, running_swiss, private_round_robin, running_arena, ladder_list } from '../fixtures/tournaments.js';
import { seat, time, table_state, table_message } from '../lib/table_messages.js';

const mock = { needs: 'mock' };

// Answers /api/* as docs/http-api.md does: `user` logged in (or null), the fixtures by id,
// every POST recorded in `posts` ({path, body}) and every DELETE in `deletes`, each answered with
// `post_reply(path, body, method)` (default: 200 with the tournament), the list from `list(now)`, GET /api/ladders from
// `ladders` (null: 404, a list that cannot be loaded). `gets` counts the GETs of each path.
async function fake_tournament_api(page, { user = 'ann', tournaments = {}, post_reply = null, list = tournament_list, ladders = null } = {}) {
    const posts = [];
    const deletes = [];
    const gets = new Map();
    const now = Date.now();
    const fixtures = { 1: running_swiss(now), 2: private_round_robin(now), 3: running_arena(now), ...tournaments };
    const json = (route, status, body) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    await page.route('**/api/**', async (route) => {
        const req = route.request();
        const path = new URL(req.url()).pathname;
        if (req.method() === 'GET') gets.set(path, (gets.get(path) || 0) + 1);
        if (path === '/api/me') return json(route, 200, { user: user ? { id: 1, name: user } : null });
        if (path === '/api/tournaments' && req.method() === 'GET') return json(route, 200, list(now));
        if (path === '/api/ladders' && req.method() === 'GET' && ladders) return json(route, 200, ladders);
        const m = path.match(/^\/api\/tournaments(?:\/(\d+))?(?:\/([\w/]+))?$/);
        if (m && (req.method() === 'POST' || req.method() === 'DELETE')) {
            const body = JSON.parse(req.postData() || '{}');
            (req.method() === 'POST' ? posts : deletes).push({ path, body });
            const reply = post_reply ? post_reply(path, body, req.method()) : null;
            if (reply) return json(route, reply.status, reply.body);
            if (!m[1]) return json(route, 201, { tournament: { ...running_swiss(now).tournament, id: 9, name: body.name } });
            return json(route, 200, fixtures[m[1]]);
        }
        if (m && m[1] && !m[2]) {
            return fixtures[m[1]] ? json(route, 200, fixtures[m[1]])
                : json(route, 404, { error: { code: 'unknown_tournament', message: 'no such tournament' } });
        }
        return json(route, 404, { error: { code: 'not_found', message: 'no such path' } });
    });
    return { posts, deletes, gets };
}

async function open(page, base, hash) {
    await page.goto(`${base}/${hash}`);
    await expect_text(page.locator('#connection-status'), /Connected/, 10000);
}

test('tournament list: running, starting soon and finished, each linked; the lobby shows the running and next ones', async ({ page, base }) => {
    await fake_tournament_api(page);
    await open(page, base, '#/tournaments');
    await expect_count(page.locator('[data-group="running"] tbody tr'), 2);
    await expect_text(page.locator('[data-group="running"] tbody tr').nth(1), /Hourly arena.*Arena · Chess · 3\+2 · rated.*5 \/ 64/);
    await expect_text(page.locator('[data-group="upcoming"] tbody tr').first(), /Club round robin.*Round robin · International draughts · 10\+5 · rated · private/);
    await expect_text(page.locator('[data-group="over"] tr[data-id="6"]'), /Nobody came.*cancelled/);
    await expect_text(page.locator('[data-group="over"] tr[data-id="4"]'), /Old Swiss.*3 rounds/);
    assert.equal(await page.locator('[data-group="running"] a', { hasText: 'Saturday Swiss' }).getAttribute('href'), '/#/tournament/1');
    // Each one's players, and where it stands: a Swiss's round, an arena's time left, a start
    // time, finished.
    assert.deepEqual(await page.locator('[data-group="running"] thead th').allTextContents(), ['Tournament', 'Game', 'Players', 'Status']);
    await expect_text(page.locator('tr[data-id="1"] .players'), /^4 \/ 64 players$/);
    await expect_text(page.locator('tr[data-id="1"] .progress'), /^round 2 of 5$/);
    await expect_text(page.locator('tr[data-id="3"] .players'), /^5 \/ 64 players$/);
    await expect_text(page.locator('tr[data-id="3"] .progress'), /^ends in (49|50) min$/);
    await expect_text(page.locator('tr[data-id="5"] .players'), /^0 \/ 64 players$/);
    await expect_text(page.locator('tr[data-id="5"] .progress'), /^starts \S/);
    await expect_text(page.locator('tr[data-id="4"] .progress'), /^finished · \S/);
    assert.equal(await page.locator('nav a[data-nav="tournaments"]').getAttribute('aria-current'), 'page');
    await page.goto(`${base}/#/`);
    await expect_count(page.locator('.lobby-tournaments li'), 4);
    await page.locator('.lobby-tournaments a', { hasText: 'Saturday Swiss' }).click();
    await expect_text(page.locator('#tournament-title'), /Saturday Swiss/);
    assert.equal(await page.locator('nav a[data-nav="tournaments"]').getAttribute('aria-current'), 'page');
}, mock);

test('tournament list: a round robin running, an arena past its end, players without a maximum', async ({ page, base }) => {
    const base_row = { variant: 'chess', time_control: '3+2', rated: false, public: true, min_players: 2, tiebreaks: '', state: 'running' };
    await fake_tournament_api(page, { list: (now) => ({ tournaments: [
        { ...base_row, id: 7, name: 'Club round robin', format: 'round_robin', starts_at: now - 90 * 60000, rounds: 0,
          max_players: 8, players: 4, rounds_paired: 3, rounds_finished: 1 },
        { ...base_row, id: 8, name: 'Late arena', format: 'arena', starts_at: now - 61 * 60000, rounds: 0, players: 1,
          rounds_paired: 9, rounds_finished: 8, duration: 60, ends_at: now - 60000 },
    ] }) });
    await open(page, base, '#/tournaments');
    // A round robin's rounds are all paired at its start: the one played is the first not
    // finished, of as many as are paired.
    await expect_text(page.locator('tr[data-id="7"] .progress'), /^round 2 of 3$/);
    await expect_text(page.locator('tr[data-id="7"] .players'), /^4 \/ 8 players$/);
    await expect_text(page.locator('tr[data-id="8"] .progress'), /^ending$/);
    await expect_text(page.locator('tr[data-id="8"] .players'), /^1 player$/);
}, mock);

test('tournament create form: every field reached with Tab, a private Swiss made by the keyboard alone', async ({ page, base }) => {
    const { posts } = await fake_tournament_api(page);
    await open(page, base, '#/tournaments');
    const form = page.locator('.tournament-form');
    await form.getByLabel('Name').focus();
    // Tab order: each visible control of the form, the submit button last.
    const order = [];
    for (let i = 0; i < 40; i += 1) {
        const here = await page.evaluate(() => {
            const a = document.activeElement;
            return a && a.closest('.tournament-form') ? (a.name || a.textContent.trim()) : null;
        });
        if (!here) break;
        order.push(here);
        if (here === 'Create tournament') break;
        await page.keyboard.press('Tab');
    }
    assert.equal(order[0], 'name');
    assert.equal(order[order.length - 1], 'Create tournament');
    for (const n of ['format', 'variant', 'minutes', 'increment', 'starts_at', 'rounds', 'min_players', 'max_players', 'tiebreak']) {
        assert.ok(order.includes(n), `${n} is reached by Tab: ${order.join(', ')}`);
    }
    assert.ok(!order.includes('duration_minutes') && !order.includes('join_code'), 'hidden fields are skipped');
    // Filled by the keyboard: typing, arrows in the selects and radio groups, Space, Enter.
    await form.getByLabel('Name').focus();
    await page.keyboard.type('Club Swiss');
    await form.getByLabel('Minutes each').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await form.locator('input[value="casual"]').focus();
    await page.keyboard.press('ArrowRight'); // Rated
    await form.getByLabel('Rounds').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    await form.getByLabel('Minimum players').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    await form.locator('input[value="public"]').focus();
    await page.keyboard.press('ArrowRight'); // Private: the join code field shows
    await form.getByLabel('Join code').focus();
    await page.keyboard.type('CLUB42');
    await form.getByLabel('Third tie-break').focus();
    await page.keyboard.press('ArrowDown'); // SB -> DE
    // The start time offered: a quarter of an hour or so from now, on a whole 5 minutes.
    const starts = await page.evaluate(() => new Date(document.querySelector('[name="starts_at"]').value).getTime());
    assert.ok(starts % 300000 === 0 && starts - Date.now() > 14 * 60000 && starts - Date.now() <= 20 * 60000, `${starts}`);
    await form.getByLabel('Name').focus();
    await page.keyboard.press('Enter');
    await eventually(async () => assert.deepEqual(posts, [{ path: '/api/tournaments', body: {
        name: 'Club Swiss', format: 'swiss', variant: 'chess', rated: true, base_seconds: 180, increment_seconds: 2,
        starts_at: starts, rounds: 4, min_players: 4, max_players: 64, public: false, join_code: 'CLUB42', tiebreaks: 'BH-C1,BH,DE' } }]));
    await eventually(async () => assert.equal(await page.evaluate(() => location.hash), '#/tournament/9'));
}, mock);

test('tournament create form: an arena sends its duration; a refusal is said under the form and sends nothing', async ({ page, base }) => {
    const { posts } = await fake_tournament_api(page, { post_reply: (path, body) => (body.name === 'Taken'
        ? { status: 400, body: { error: { code: 'bad_variant', message: 'no such variant here' } } } : null) });
    await open(page, base, '#/tournaments');
    const form = page.locator('.tournament-form');
    await form.getByLabel('Name').fill('Taken');
    await form.getByText('Private', { exact: true }).click();
    await form.locator('button[type="submit"]').click();
    await expect_text(form.locator('.error'), /join code of 4 to 32 letters or digits/);
    assert.equal(posts.length, 0);
    await form.getByText('Public', { exact: true }).click();
    await form.getByLabel('Format').selectOption('arena');
    assert.equal(await form.getByLabel('Rounds').isVisible(), false);
    assert.equal(await form.locator('.tiebreak-fields').isVisible(), false);
    await form.getByLabel('Duration (minutes)').fill('90');
    await form.getByLabel('Start time (your local time)').fill('2030-01-05T18:00');
    await form.locator('button[type="submit"]').click();
    await expect_text(form.locator('.error'), /could not be created: no such variant here/);
    const starts = await page.evaluate(() => new Date('2030-01-05T18:00').getTime());
    assert.deepEqual(posts[0].body, { name: 'Taken', format: 'arena', variant: 'chess', rated: false, base_seconds: 300,
                                      increment_seconds: 3, starts_at: starts, duration: 90, min_players: 2,
                                      max_players: 64, public: true });
}, mock);

test('tournament create form: "Open to" lists the ladders by name and variant, and posts the one chosen as `ladder`', async ({ page, base }) => {
    const { posts } = await fake_tournament_api(page, { ladders: ladder_list() });
    await open(page, base, '#/tournaments');
    const form = page.locator('.tournament-form');
    const open_to = form.getByLabel('Open to');
    assert.equal(await open_to.evaluate((el) => el.tagName), 'SELECT');
    await eventually(async () => assert.deepEqual(await open_to.locator('option').allTextContents(),
        ['Everyone', 'Players of Club blitz (Chess)', 'Players of Sunday draughts (International draughts)']));
    assert.equal(await open_to.inputValue(), '');
    await form.getByLabel('Name').fill('Ladder final');
    await form.getByLabel('Start time (your local time)').fill('');
    await open_to.selectOption({ label: 'Players of Sunday draughts (International draughts)' });
    await form.locator('button[type="submit"]').click();
    await eventually(async () => assert.deepEqual(posts, [{ path: '/api/tournaments', body: {
        name: 'Ladder final', format: 'swiss', variant: 'chess', rated: false, base_seconds: 300, increment_seconds: 3,
        rounds: 5, min_players: 2, max_players: 64, public: true, tiebreaks: 'BH-C1,BH,SB', ladder: 2 } }]));
    await eventually(async () => assert.equal(await page.evaluate(() => location.hash), '#/tournament/9'));
}, mock);

test('tournament create form: without the ladder list "Open to" offers everyone alone, and the form still creates', async ({ page, base }) => {
    const { posts, gets } = await fake_tournament_api(page); // GET /api/ladders answers 404
    await open(page, base, '#/tournaments');
    const form = page.locator('.tournament-form');
    await eventually(async () => assert.equal(gets.get('/api/ladders'), 1));
    assert.deepEqual(await form.getByLabel('Open to').locator('option').allTextContents(), ['Everyone']);
    await form.getByLabel('Name').fill('Open Swiss');
    await form.locator('button[type="submit"]').click();
    await eventually(async () => assert.equal(posts.length, 1));
    assert.equal(posts[0].body.name, 'Open Swiss');
    assert.ok(!('ladder' in posts[0].body), JSON.stringify(posts[0].body));
}, mock);

test('tournament create form: a guest is asked to log in', async ({ page, base }) => {
    await fake_tournament_api(page, { user: null });
    await open(page, base, '#/tournaments');
    await expect_text(page.locator('.tournaments-side'), /Log in to create or join a tournament/);
    await expect_count(page.locator('.tournament-form'), 0);
}, mock);

test('a Swiss\'s page: standings with tie-breaks, rounds with links, the current game, TRF, withdraw confirmed', async ({ page, base }) => {
    const { posts } = await fake_tournament_api(page);
    await open(page, base, '#/tournament/1');
    await expect_text(page.locator('#tournament-title'), /Saturday Swiss/);
    await expect_text(page.locator('.tournament-about'), /Swiss · Chess · 3\+2 · rated · organised by org/);
    await expect_text(page.locator('.tournament-when'), /Running · round 2/);
    const heads = await page.locator('.standings-table thead th').allTextContents();
    assert.deepEqual(heads, ['Rank', 'Player', 'Rating', 'Points', 'BH-C1', 'BH', 'SB']);
    assert.equal(await page.locator('.standings-table abbr[title="Sonneborn-Berger"]').count(), 1);
    await expect_text(page.locator('.standings-table tr[data-name="bob"]'), /^3bob1580½110\.25$/);
    await expect_text(page.locator('.standings-table tr[data-name="dee"]'), /deewithdrawn/);
    assert.equal(await page.locator('.standings-table tr.me').getAttribute('data-name'), 'ann');
    // Newest round first; its game being played links to the table (ann plays it).
    await expect_text(page.locator('.tournament-round').first().locator('h3'), /Round 2/);
    await expect_text(page.locator('.tournament-round[data-round="2"]'), /cid.*ann.*playing.*Play/);
    await expect_text(page.locator('.tournament-round[data-round="2"]'), /Not playing: dee \(not paired\), bob \(bye\)/);
    assert.equal(await page.locator('.tournament-round[data-round="2"] td a').getAttribute('href'), '/#/table/K7QF2M');
    assert.equal(await page.locator('.tournament-round[data-round="1"] a').first().getAttribute('href'), '/api/games/12.pgn');
    await expect_text(page.locator('.tournament-round[data-round="1"] tr[data-table="BBBB22"]'), /½-½/);
    await expect_text(page.locator('.my-tournament-game'), /Your current game: against cid, you play Black\. Go to table K7QF2M/);
    assert.equal(await page.locator('.trf-link').getAttribute('href'), '/api/tournaments/1.trf');
    await expect_count(page.locator('[data-action="berserk"]'), 0); // not an arena
    await expect_count(page.locator('[data-action="join"]'), 0);
    await expect_text(page.locator('.entry-list li[data-name="dee"]'), /withdrawn from round 2/);
    await expect_text(page.locator('.crosstable tr[data-name="ann"]'), /ann\+4wwon against dee \(rank 4\) with White1bis playing cid/);
    await expect_text(page.locator('.crosstable tr[data-name="bob"]'), /=1w.*bye/);
    // Withdraw takes a second press, by the keyboard too.
    await page.locator('[data-action="withdraw"]').focus();
    await page.keyboard.press('Enter');
    await expect_text(page.locator('[data-action="withdraw"]'), /Confirm withdraw/);
    assert.equal(posts.length, 0);
    await page.keyboard.press('Enter');
    await eventually(async () => assert.deepEqual(posts, [{ path: '/api/tournaments/1/withdraw', body: {} }]));
    await expect_text(page.locator('.tournament-head .notice'), /You have withdrawn from Saturday Swiss/);
}, mock);

test('a private round robin: joining sends the code, a refusal is said; the organiser sees the code and starts it', async ({ page, base }) => {
    const { posts } = await fake_tournament_api(page, { user: 'zed', post_reply: (path, body) => (body.join_code === 'WRONG'
        ? { status: 403, body: { error: { code: 'bad_join_code', message: 'wrong join code' } } } : null) });
    await open(page, base, '#/tournament/2');
    await expect_text(page.locator('.tournament-when'), /Starting soon · starts/);
    await expect_text(page.locator('.tournament-rounds'), /paired when it starts/);
    await expect_count(page.locator('.trf-link'), 1);
    await page.getByLabel('Join code').fill('WRONG');
    await page.getByLabel('Join code').press('Enter');
    await expect_text(page.locator('.tournament-head .error'), /wrong join code/);
    await page.getByLabel('Join code').fill('CLUB42');
    await page.locator('[data-action="join"]').click();
    await eventually(async () => assert.deepEqual(posts.map((p) => p.body), [{ join_code: 'WRONG' }, { join_code: 'CLUB42' }]));
    await expect_text(page.locator('.tournament-head .notice'), /You have joined Club round robin/);

    const organiser = await page.context().newPage();
    const { posts: org_posts } = await fake_tournament_api(organiser, { user: 'ann',
        tournaments: { 2: private_round_robin(Date.now(), 'ann') } });
    await open(organiser, base, '#/tournament/2');
    await expect_text(organiser.locator('.join-code'), /CLUB42/);
    await expect_count(organiser.locator('#tournament-join-code'), 0);
    await expect_text(organiser.locator('[data-action="end"]'), /Cancel tournament/);
    await organiser.locator('[data-action="start"]').click();
    await eventually(async () => assert.deepEqual(org_posts.map((p) => p.path), ['/api/tournaments/2/start']));
    await expect_text(organiser.locator('.tournament-head .notice'), /The tournament has started/);
}, mock);

test('a Swiss\'s tools: the organiser forbids a pair, sees the forbidden pairs and allows each again, the entrant asks a half-point bye, others see none', async ({ page, base }) => {
    // The forbidden pairs change as the server's would: POST adds the pair, DELETE takes it away.
    const shown = running_swiss(Date.now());
    const { posts, deletes } = await fake_tournament_api(page, { user: 'org', tournaments: { 1: shown }, post_reply: (path, body, method) => {
        if (!path.endsWith('/forbidden')) return null;
        const t = structuredClone(shown.tournament);
        const same = (pair) => [...pair].sort().join() === [...body.players].sort().join();
        t.forbidden_pairs = method === 'POST' ? [...t.forbidden_pairs, body.players] : t.forbidden_pairs.filter((pair) => !same(pair));
        shown.tournament = t;
        return { status: 200, body: { tournament: t } };
    } });
    await open(page, base, '#/tournament/1');
    await expect_text(page.locator('.forbidden-pairs li'), /^bob and cid Allow again bob and cid$/);
    await expect_count(page.locator('.swiss-tool'), 2);
    await expect_count(page.locator('.forbid-pair'), 1);
    await expect_count(page.locator('.hand-pairing'), 1);
    await expect_count(page.locator('.half-bye'), 0); // org has not entered
    // The entered players, withdrawn or not, by the keyboard: the page reads it again from the answer.
    assert.deepEqual(await page.locator('#forbid-first option').allTextContents(), ['Choose a player', 'ann', 'bob', 'cid', 'dee']);
    await page.getByLabel('First player').selectOption('ann');
    await page.getByLabel('Second player').selectOption('bob');
    await page.locator('[data-action="forbid"]').focus();
    await page.keyboard.press('Enter');
    await eventually(async () => assert.deepEqual(posts, [{ path: '/api/tournaments/1/forbidden', body: { players: ['ann', 'bob'] } }]));
    await expect_text(page.locator('.tournament-head .notice'), /ann and bob will not be paired against each other/);
    await expect_count(page.locator('.forbidden-pairs li'), 2);
    await page.getByRole('button', { name: /^Allow again ann and bob$/ }).click();
    await eventually(async () => assert.deepEqual(deletes, [{ path: '/api/tournaments/1/forbidden', body: { players: ['ann', 'bob'] } }]));
    await expect_text(page.locator('.tournament-head .notice'), /ann and bob may be paired against each other again/);
    await expect_count(page.locator('.forbidden-pairs li'), 1);
    // The last one allowed by the keyboard: the focus goes to the form's first player.
    await page.getByRole('button', { name: /^Allow again bob and cid$/ }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => assert.equal(deletes.length, 2));
    await expect_text(page.locator('.forbidden-pairs'), /None\./);
    await eventually(async () => assert.equal(await page.evaluate(() => document.activeElement.id), 'forbid-first'));
    // The same player twice is said before anything is sent.
    await page.getByLabel('Second player').selectOption('ann');
    await page.locator('[data-action="forbid"]').click();
    await expect_text(page.locator('.tournament-head .error'), /Choose two different players/);
    assert.equal(posts.length, 1);

    // An entrant (ann) has the half-point bye only, from the next round (3) on.
    const entrant = await page.context().newPage();
    const { posts: entrant_posts } = await fake_tournament_api(entrant, { user: 'ann' });
    await open(entrant, base, '#/tournament/1');
    await expect_count(entrant.locator('.half-bye'), 1);
    await expect_count(entrant.locator('.forbid-pair, .hand-pairing'), 0);
    assert.equal(await entrant.getByLabel('Round', { exact: true }).inputValue(), '3');
    await entrant.getByLabel('Round', { exact: true }).fill('4');
    await entrant.getByLabel('Round', { exact: true }).press('Enter');
    await eventually(async () => assert.deepEqual(entrant_posts, [{ path: '/api/tournaments/1/byes', body: { round: 4 } }]));
    await expect_text(entrant.locator('.tournament-head .notice'), /not be paired in round 4/);

    // Someone who neither organises nor plays, and a withdrawn player, have none.
    for (const user of ['zed', 'dee']) {
        const other = await page.context().newPage();
        await fake_tournament_api(other, { user });
        await open(other, base, '#/tournament/1');
        await expect_text(other.locator('#tournament-title'), /Saturday Swiss/);
        await expect_count(other.locator('.swiss-tool'), 0);
    }
}, mock);

test('a Swiss\'s pairing by hand: boards added and chosen by the keyboard, posted with the bye and the override; a refusal is said', async ({ page, base }) => {
    // The page's GETs read `shown`, which the accepted pairing changes.
    const shown = running_swiss(Date.now());
    let refuse = true;
    const { posts } = await fake_tournament_api(page, { user: 'org', tournaments: { 1: shown }, post_reply: (path) => {
        if (!path.endsWith('/pairings')) return null;
        if (refuse) return { status: 400, body: { error: { code: 'bad_pairing', message: 'ann and cid have played each other already' } } };
        const t = structuredClone(shown.tournament);
        t.rounds.push({ round: 3, paired_at: Date.now(), set_by_hand: true, absences: [{ name: 'bob', kind: 'bye' }],
                        pairings: [{ board: 1, white: 'ann', black: 'cid', table: '', game_id: null, result: '' }] });
        shown.tournament = t;
        return { status: 200, body: { tournament: t } };
    } });
    await open(page, base, '#/tournament/1');
    await expect_text(page.locator('#hand-title'), /^Pair the next round by hand \(round 3\)$/);
    // dee has withdrawn: ann, bob and cid are to be paired, on one board to begin with.
    await expect_count(page.locator('.hand-board'), 1);
    assert.deepEqual(await page.locator('#hand-white-1 option').allTextContents(), ['Choose White', 'ann', 'bob', 'cid']);
    await page.locator('[data-action="add-board"]').focus();
    await page.keyboard.press('Enter');
    await expect_count(page.locator('.hand-board'), 2);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'hand-white-2');
    await page.locator('[data-board="2"]').getByRole('button', { name: 'Remove board 2' }).click();
    await expect_count(page.locator('.hand-board'), 1);
    await page.locator('#hand-white-1').selectOption('ann');
    await page.locator('#hand-black-1').selectOption('cid');
    await page.getByLabel('Bye (at most one)').selectOption('bob');
    await page.locator('[data-action="pair-by-hand"]').click();
    await eventually(async () => assert.deepEqual(posts, [{ path: '/api/tournaments/1/rounds/3/pairings',
        body: { pairings: [{ white: 'ann', black: 'cid' }], byes: ['bob'], override: false } }]));
    await expect_text(page.locator('.tournament-head .error'), /ann and cid have played each other already/);
    // The organiser insists: the same boards, with the override, and the page shows the round.
    refuse = false;
    await page.getByLabel(/Override the pairing rules/).check();
    await page.locator('[data-action="pair-by-hand"]').click();
    await eventually(async () => assert.deepEqual(posts[1].body, { pairings: [{ white: 'ann', black: 'cid' }], byes: ['bob'], override: true }));
    await expect_text(page.locator('.tournament-head .notice'), /Round 3 is paired as you set it/);
    await expect_text(page.locator('.tournament-round[data-round="3"] h3'), /Round 3 \(paired by hand\)/);
    await expect_text(page.locator('#hand-title'), /round 4/);
    await expect_count(page.locator('.tournament-head .error:empty'), 1);
}, mock);

test('axe: a Swiss\'s page with the organiser\'s tools has no serious or critical WCAG 2.1 AA violation', async ({ page, base }) => {
    await fake_tournament_api(page, { user: 'org' });
    await open(page, base, '#/tournament/1');
    await expect_count(page.locator('.hand-pairing'), 1);
    await page.locator('[data-action="add-board"]').click();
    await expect_count(page.locator('.hand-board'), 2);
    await expect_no_serious_violations(page, 'a Swiss\'s organiser tools');
}, mock);

test('an arena\'s page: the time left, streaks, sheets, pause and resume, berserk beside the current game', async ({ page, base }) => {
    const { posts } = await fake_tournament_api(page);
    await open(page, base, '#/tournament/3');
    // The time left in the words of the lobby's list (ends_in_text).
    await expect_text(page.locator('.tournament-when'), /^Running · ends in (19|20) min$/);
    const heads = await page.locator('.standings-table thead th').allTextContents();
    assert.deepEqual(heads, ['Rank', 'Player', 'Rating', 'Points', 'Streak', 'Games']);
    await expect_text(page.locator('.standings-table tr[data-name="ann"] .streak'), /on a streak \(2\)/);
    await expect_text(page.locator('.standings-table tr[data-name="bob"] .sheet'), /^2 1 2 0$/);
    await expect_text(page.locator('.standings-table tr[data-name="eve"]'), /paused/);
    await expect_count(page.locator('.trf-link'), 0);
    assert.equal(await page.locator('.crosstable').count(), 0);
    await expect_text(page.locator('.tournament-rounds tr[data-table="ARN001"]'), /ann.*bob.*playing.*Play/);
    await expect_text(page.locator('.tournament-rounds tr[data-table="ARN000"]'), /1-0.*Record \(PGN\)/);
    // The arena's games in one table, newest first, without boards.
    assert.deepEqual(await page.locator('.tournament-rounds thead th').allTextContents(), ['White', 'Black', 'Result', 'Game']);
    assert.deepEqual(await page.locator('.tournament-rounds tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.table)), ['ARN001', 'ARN000']);
    await expect_count(page.locator('.tournament-round'), 0);
    await expect_text(page.locator('.my-tournament-game'), /against bob, you play White/);
    await page.locator('[data-action="berserk"]').click();
    await expect_text(page.locator('.tournament-head .notice'), /clock is halved/);
    await page.locator('[data-action="pause"]').click();
    await eventually(async () => assert.deepEqual(posts.map((p) => p.path), ['/api/tournaments/3/berserk', '/api/tournaments/3/pause']));
    await expect_count(page.locator('[data-action="berserk"]'), 0);

    const paused = await page.context().newPage();
    const { posts: paused_posts } = await fake_tournament_api(paused, { tournaments: { 3: running_arena(Date.now(), { ann_paused: true }) } });
    await open(paused, base, '#/tournament/3');
    await expect_count(paused.locator('[data-action="pause"]'), 0);
    await paused.locator('[data-action="resume"]').click();
    await eventually(async () => assert.deepEqual(paused_posts, [{ path: '/api/tournaments/3/join', body: {} }]));
    await expect_text(paused.locator('.tournament-head .notice'), /you will be paired again/);
}, mock);

test('an arena\'s page marks who went berserk: beside the name in its game, and the count in the standings', async ({ page, base }) => {
    const arena = running_arena(Date.now());
    // ann went berserk in the game she plays: no Berserk button any more.
    arena.tournament.rounds[1].pairings[0].white_berserk = true;
    await fake_tournament_api(page, { tournaments: { 3: arena } });
    await open(page, base, '#/tournament/3');
    const cells = (table) => page.locator(`.tournament-rounds tr[data-table="${table}"] td`);
    await expect_text(cells('ARN000').nth(1), /^cid ⚔ berserkwent berserk$/);
    assert.equal(await cells('ARN000').nth(1).locator('.berserk [aria-hidden="true"]').textContent(), '⚔ berserk');
    assert.equal(await cells('ARN000').nth(1).locator('.berserk .visually-hidden').textContent(), 'went berserk');
    await expect_count(cells('ARN000').nth(0).locator('.berserk'), 0);
    await expect_text(cells('ARN001').nth(0), /^ann ⚔ berserkwent berserk$/);
    await expect_count(cells('ARN001').nth(1).locator('.berserk'), 0);
    await expect_text(page.locator('.standings-table tr[data-name="cid"] .berserk .visually-hidden'), /^went berserk in 1 game$/);
    await expect_text(page.locator('.standings-table tr[data-name="ann"] .berserk .visually-hidden'), /^went berserk in 1 game$/);
    await expect_count(page.locator('.standings-table tr[data-name="bob"] .berserk'), 0);
    await expect_text(page.locator('.my-tournament-game'), /against bob, you play White/);
    await expect_count(page.locator('[data-action="berserk"]'), 0);
}, mock);

test('a tournament open to a ladder\'s players names the ladder, linked to the ladders; joining off it shows the server\'s refusal', async ({ page, base }) => {
    const swiss = running_swiss(Date.now());
    const on_ladder = { tournament: { ...swiss.tournament, ladder: 2 } };
    const refusal = 'this tournament is for the players of its ladder: join the ladder first';
    const { posts } = await fake_tournament_api(page, { user: 'zed', ladders: ladder_list(), tournaments: { 1: on_ladder },
        post_reply: () => ({ status: 403, body: { error: { code: 'not_on_ladder', message: refusal } } }) });
    await open(page, base, '#/tournament/1');
    const line = page.locator('.tournament-head .tournament-ladder');
    await expect_text(line, /^Open to the players of ladder Sunday draughts$/);
    assert.equal(await line.locator('a').getAttribute('href'), '/#/account/ladders');
    await page.locator('[data-action="join"]').click();
    await expect_text(page.locator('.tournament-head .error'), new RegExp(`^${refusal}$`));
    assert.deepEqual(posts, [{ path: '/api/tournaments/1/join', body: {} }]);
    await expect_no_serious_violations(page, 'a tournament open to a ladder\'s players');

    // Without the ladder list, the ladder by its id; a tournament open to all has no such line
    // and does not read the ladders.
    const unnamed = await page.context().newPage();
    const { gets } = await fake_tournament_api(unnamed, { tournaments: { 1: { tournament: { ...swiss.tournament, ladder: 7 } } } });
    await open(unnamed, base, '#/tournament/1');
    await expect_text(unnamed.locator('.tournament-ladder'), /^Open to the players of ladder #7$/);
    const open_to_all = await page.context().newPage();
    const { gets: all_gets } = await fake_tournament_api(open_to_all, { tournaments: { 1: { tournament: { ...swiss.tournament, ladder: null } } } });
    await open(open_to_all, base, '#/tournament/1');
    await expect_text(open_to_all.locator('#tournament-title'), /Saturday Swiss/);
    assert.equal(await open_to_all.locator('.tournament-ladder').isVisible(), false);
    assert.equal(all_gets.get('/api/ladders'), undefined);
    assert.equal(gets.get('/api/ladders'), 1);
}, mock);

// Records the socket's requests instead of sending them (no game server behind the mock).
async function quiet_socket(page) {
    await page.waitForFunction(() => window.tabula);
    await page.evaluate(() => {
        window.sent = [];
        window.tabula.socket.request = (t, fields = {}) => { window.sent.push({ t, ...fields }); return new Promise(() => {}); };
    });
}

const push = (page, msg) => page.evaluate((m) => window.tabula.api.on_push(m), msg);
const paired = (table, tournament, name, extra = {}) => ({ t: 'tournament_game', table, tournament, name, round: 2, board: 1,
                                                         white: 'ann', black: 'bob', ...extra });
const arena_table = (code, ply = 0, status = 'playing') => table_message(table_state({
    code, time: time(180000, 0), rated: true, private: true, status, ply,
    seats: [seat('ann', { registered: true, rating: 1620 }), seat('bob', { registered: true, rating: 1580 })] }), 0);

test('the tournament_game push takes the player to the table, or says so with a link while seated at another game', async ({ page, base }) => {
    const { gets } = await fake_tournament_api(page);
    await open(page, base, '#/tournament/1');
    await expect_text(page.locator('#tournament-title'), /Saturday Swiss/);
    await quiet_socket(page);
    // From the tournament's page: taken to the table at once.
    await push(page, paired('K7QF2M', 1, 'Saturday Swiss'));
    await eventually(async () => assert.equal(await page.evaluate(() => location.hash), '#/table/K7QF2M'));
    await push(page, arena_table('K7QF2M'));
    await expect_text(page.locator('.tournament-game'), /Tournament game: Saturday Swiss · round 2, board 1/);
    assert.equal(await page.locator('.tournament-game a').getAttribute('href'), '/#/tournament/1');
    await expect_count(page.locator('.tournament-game [data-action="berserk"]'), 0); // a Swiss
    // Seated at a game in play: a line under the header, in a live region, with the link.
    await push(page, paired('Q5YZ3N', 3, 'Hourly arena', { round: undefined, board: undefined }));
    await expect_text(page.locator('#game-notice'), /Hourly arena: your game against bob \(you play White\) is ready\./);
    assert.equal(await page.locator('#game-notice').getAttribute('role'), 'status');
    assert.equal(await page.evaluate(() => location.hash), '#/table/K7QF2M');
    await page.locator('#game-notice a').focus();
    await page.keyboard.press('Enter');
    await eventually(async () => assert.equal(await page.evaluate(() => location.hash), '#/table/Q5YZ3N'));
    await expect_count(page.locator('#game-notice *'), 0);
    assert.ok((gets.get('/api/tournaments/1') || 0) >= 1);
}, mock);

test('at an arena table Berserk is offered before the player\'s first move, and gone after it', async ({ page, base }) => {
    const { posts } = await fake_tournament_api(page);
    await open(page, base, '#/');
    await quiet_socket(page);
    await push(page, paired('ARN001', 3, 'Hourly arena', { round: undefined, board: undefined }));
    await eventually(async () => assert.equal(await page.evaluate(() => location.hash), '#/table/ARN001'));
    await push(page, arena_table('ARN001'));
    await expect_text(page.locator('.tournament-game'), /Tournament game: Hourly arena/);
    const berserk = page.locator('.tournament-game [data-action="berserk"]');
    await expect_count(berserk, 1);
    await berserk.focus();
    await page.keyboard.press('Enter');
    await eventually(async () => assert.deepEqual(posts, [{ path: '/api/tournaments/3/berserk', body: {} }]));
    await expect_count(berserk, 0);
}, mock);

test('at an arena table after one\'s own first move there is no Berserk', async ({ page, base }) => {
    await fake_tournament_api(page);
    await open(page, base, '#/');
    await quiet_socket(page);
    await push(page, paired('ARN003', 3, 'Hourly arena', { round: undefined, board: undefined }));
    await eventually(async () => assert.equal(await page.evaluate(() => location.hash), '#/table/ARN003'));
    await push(page, arena_table('ARN003', 1));
    await expect_text(page.locator('.tournament-game'), /Tournament game: Hourly arena/);
    await new Promise((r) => setTimeout(r, 300));
    await expect_count(page.locator('.tournament-game [data-action="berserk"]'), 0);
}, mock);

test('a running tournament\'s page reads it again every few seconds', async ({ page, base }) => {
    const { gets } = await fake_tournament_api(page, { user: 'bob' });
    await open(page, base, '#/tournament/1');
    await expect_text(page.locator('#tournament-title'), /Saturday Swiss/);
    const count = () => gets.get('/api/tournaments/1') || 0;
    const before = count();
    await eventually(async () => assert.ok(count() > before, `GETs ${count()}`), 8000);
}, { ...mock, timeout_ms: 20000 });

const PAGES = [['the tournament list and its create form', '#/tournaments'], ['a Swiss\'s page', '#/tournament/1'],
               ['an arena\'s page', '#/tournament/3'], ['a private round robin\'s page', '#/tournament/2']];
const VIEWS = [['1366x768', { width: 1366, height: 768 }], ['a 390x844 phone', { width: 390, height: 844 }]];
for (const [name, hash] of PAGES) {
    for (const [view, viewport] of VIEWS) {
        for (const theme of ['dark', 'light']) {
            test(`axe: ${name} at ${view}, ${theme} theme, has no serious or critical WCAG 2.1 AA violation`, async ({ page, base }) => {
                await fake_tournament_api(page, { user: hash === '#/tournament/2' ? 'zed' : 'ann', ladders: ladder_list() });
                await page.setViewportSize(viewport);
                await page.addInitScript((t) => localStorage.setItem('tabula.theme', t), theme);
                await open(page, base, hash);
                await expect_count(page.locator(hash === '#/tournaments' ? '.tournament-form' : '.standings-table'), 1);
                await page.evaluate((t) => { document.documentElement.dataset.theme = t; }, theme);
                await expect_no_serious_violations(page, `${name} (${view}, ${theme})`);
            }, mock);
        }
    }
}

test('axe: the line of a tournament game ready while at another table has no serious or critical violation', async ({ page, base }) => {
    await fake_tournament_api(page);
    await open(page, base, '#/table/K7QF2M');
    await quiet_socket(page);
    await push(page, arena_table('K7QF2M'));
    await push(page, paired('Q5YZ3N', 1, 'Saturday Swiss'));
    await expect_count(page.locator('#game-notice a'), 1);
    await expect_no_serious_violations(page, 'the game notice');
}, mock);
