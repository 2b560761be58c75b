// Tables of more than two seats (docs/protocol.md §7.6), against a running `tabula serve`:
// three guests at a private Chinese checkers table for three, met by code and by link; the
// seat list (names, a distinct piece mark per seat, clocks, whose turn) and the turn moving
// round with every move; no draw controls, and no takeback before one's first move; a
// takeback asked by one player and accepted by the two others takes the moves back for
// everyone, who see who asked and who has agreed; a resignation takes one player out
// (everyone sees the marker and why) while the other two play on; then the places at the end.
// And the lobby: the games of more players are offered, and a public table of four says how
// many of its seats are taken. Against the mock socket: the push `group_matched` opens its
// table, and a table of six (its state pushed as the server sends it) shows six seats told
// apart by colour and mark, the viewer's home at the bottom and the running clock of the seat
// to move. Any console error on a page fails the tests.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test, expect_text, expect_count, expect_value, eventually } from '../harness.js';
import { watched_player, close_all, lobby_form } from '../lib/e2e_helpers.js';
import { grid_of, start_position, write_fen } from '../fixtures/halma_reference.js';
import { clocks, player, seat, time, table_state, table_message } from '../lib/table_messages.js';

// Creates a table from the lobby form: variant, public or private. Returns its code once the
// table screen shows it.
async function create_table(page, variant, visibility) {
    const form = await lobby_form(page, 'create');
    await form.locator('select[name="variant"]').selectOption(variant);
    await form.locator(`input[type="radio"][value="${visibility}"]`).check({ force: true });
    await form.locator('button[type="submit"]').click();
    await expect_text(page.locator('.table-screen h2'), /^Table [A-Z0-9]{6}$/, 10000);
    return (await page.locator('.table-screen h2').textContent()).trim().slice('Table '.length);
}

// The seat this page's player holds (the seat list's row marked as one's own).
async function own_seat(page) {
    await expect_count(page.locator('.seat-list .seat-row.you'), 1, 10000);
    return Number(await page.locator('.seat-list .seat-row.you').getAttribute('data-seat'));
}

// A click at the centre of an element on screen (a piece, a hole of the star).
async function click_centre(page, locator) {
    const box = await locator.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// The first legal move of the player to move: a piece of its own with a destination, clicked.
async function play_any_move(page) {
    const pieces = page.locator('.board .layer-pieces .halma-piece.movable');
    await eventually(async () => assert.ok(await pieces.count() > 0, 'a movable piece'), 10000);
    await click_centre(page, pieces.first());
    await expect_count(page.locator('.board .mark-selected'), 1);
    const cell = await page.locator('.board .hint-end').first().getAttribute('data-cell');
    // The path of the move under the pointer is drawn while choosing.
    const hole = page.locator(`.board .hole[data-cell="${cell}"]`);
    const box = await hole.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect_value(async () => (await page.locator('.board .hop-preview').getAttribute('data-cells')).split(',').pop(), cell);
    await click_centre(page, hole);
    return Number(cell);
}

const seat_row = (page, seat) => page.locator(`.seat-list .seat-row[data-seat="${seat}"]`);

test('Chinese checkers for three: meet by code and link, the turn goes round, one resigns and two play on',
    async ({ browser, base, env }) => {
        const host = await watched_player(browser, base);
        const by_code = await watched_player(browser, base);
        const by_link = await watched_player(browser, base);
        const all = [host, by_code, by_link];
        try {
            // The form offers the game of three; its colour choice is not shown.
            const form = await lobby_form(host.page, 'create');
            await form.locator('select[name="variant"]').selectOption('chinese-checkers-3');
            await expect_text(form.locator('.group-note:visible'), /every seat is taken/);
            await expect_count(form.locator('input[value="white"]:visible'), 0);
            const code = await create_table(host.page, 'chinese-checkers-3', 'private');
            await expect_text(host.page.locator('.join-code'), new RegExp(`^${code}$`), 10000);
            await expect_text(host.page.locator('.table-status'), /Waiting for players \(1 of 3 seated\)/);

            await by_code.page.fill('#join-code', code);
            await by_code.page.click('.join-form button[type="submit"]');
            await expect_text(host.page.locator('.table-status'), /2 of 3 seated/, 10000);
            await by_link.page.goto(`${base}/t/${code}`);

            // Every page: the star, three seats with a name and a piece mark each, the mark and
            // colour different for each seat, and the share box gone.
            for (const p of all) {
                await expect_count(p.page.locator('.board.hop-board[data-shape="star"]'), 1, 10000);
                await expect_count(p.page.locator('.seat-list .seat-row'), 3, 10000);
                await expect_count(p.page.locator('.seat-list .seat-row .player-name', { hasText: /^guest-/ }), 3, 10000);
                await expect_count(p.page.locator('.player-bar:visible'), 0);
                await expect_count(p.page.locator('.share-box'), 0);
            }
            const marks = await host.page.locator('.seat-list .seat-row .halma-piece').evaluateAll((els) =>
                els.map((g) => `${g.dataset.style} ${g.dataset.mark}`));
            assert.equal(new Set(marks).size, 3, `a colour and mark per seat: ${marks}`);
            const seat_of = new Map();
            for (const p of all) seat_of.set(await own_seat(p.page), p);
            assert.deepEqual([...seat_of.keys()].sort(), [0, 1, 2]);

            // Each one's home at the bottom: its pieces lower on the screen than the others'.
            for (const [seat, p] of seat_of) {
                const ys = await p.page.locator('.board .layer-pieces .halma-piece').evaluateAll((els) => {
                    const by = {};
                    for (const g of els) {
                        const r = g.getBoundingClientRect();
                        (by[g.dataset.seat] ||= []).push(r.top + r.height / 2);
                    }
                    return Object.fromEntries(Object.entries(by).map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / v.length]));
                });
                for (const other of [0, 1, 2].filter((s) => s !== seat)) assert.ok(ys[seat] > ys[other], `seat ${seat} at the bottom: ${JSON.stringify(ys)}`);
            }

            // No draw offers at a table of three, no takeback before one's first move; resign is there.
            for (const p of all) {
                await expect_count(p.page.locator('.table-actions button', { hasText: 'Resign' }), 1, 10000);
                await expect_count(p.page.locator('.table-actions button', { hasText: /draw|Takeback/i }), 0);
            }

            // Three moves: the turn goes round, everyone sees whose it is.
            for (let ply = 0; ply < 3; ply++) {
                const mover = seat_of.get(ply);
                const mover_name = (await seat_row(mover.page, ply).locator('.player-name').textContent()).trim();
                for (const p of all) {
                    await eventually(async () => assert.equal(await p.page.locator('.seat-list .seat-row.current').getAttribute('data-seat'), String(ply)), 10000);
                    // The names once, in the seat list: the board draws no strip of them.
                    await expect_count(p.page.locator('.board .seat-tag'), 0);
                    await expect_text(p.page.locator('.table-status'), p === mover ? /^Your move$/ : new RegExp(`^${mover_name} to move$`));
                }
                await play_any_move(mover.page);
                for (const p of all) {
                    await expect_count(p.page.locator('.move-list .move'), ply + 1, 10000);
                    await expect_count(p.page.locator('.board .hop-last'), 1);
                }
                if (ply === 0) {
                    // The clocks: one per seat, from the time control (5+3), none running yet
                    // (they start once every seat has moved).
                    await expect_text(seat_row(host.page, 0).locator('.clock'), /^5:00$/);
                }
            }
            // Every seat has moved: the clock of seat 0 (to move again) runs, and only it.
            await expect_count(host.page.locator('.seat-list .clock.running'), 1, 10000);
            await expect_value(() => host.page.locator('.seat-list .clock.running').evaluate((el) => el.closest('.seat-row').dataset.seat), '0');

            // Seat 1 resigns (a second click confirms): everyone sees it left and why.
            const quitter = seat_of.get(1);
            await quitter.page.locator('.table-actions button', { hasText: 'Resign' }).click();
            await quitter.page.locator('.table-actions button', { hasText: 'Confirm resign' }).click();
            for (const p of all) {
                await expect_count(seat_row(p.page, 1).and(p.page.locator('.retired')), 1, 10000);
                await expect_text(seat_row(p.page, 1).locator('.seat-note'), /left · resigned/);
            }
            await expect_text(quitter.page.locator('.table-status'), /^You have left this game/);
            await expect_count(quitter.page.locator('.table-actions button', { hasText: 'Resign' }), 0);
            await expect_count(quitter.page.locator('.board .layer-pieces .halma-piece.movable'), 0);

            // The other two play on: seat 0, then seat 2 (seat 1 is skipped).
            for (const [ply, seat] of [[3, 0], [4, 2]]) {
                const mover = seat_of.get(seat);
                for (const p of all) await expect_value(() => p.page.locator('.seat-list .seat-row.current').getAttribute('data-seat'), String(seat), 10000);
                await expect_text(mover.page.locator('.table-status'), /^Your move$/);
                await play_any_move(mover.page);
                for (const p of all) await expect_count(p.page.locator('.move-list .move'), ply + 1, 10000);
            }
            await host.page.screenshot({ path: path.join(env.artifacts, 'group-chinese-checkers-3.png') });

            // A reload (seat 2) gets the table from its state: the same seat, the five moves, the
            // seat that left and why (the state's left_reason) and whose turn it is.
            const reloaded = seat_of.get(2);
            await reloaded.page.reload();
            await expect_count(reloaded.page.locator('.move-list .move'), 5, 10000);
            await expect_value(() => reloaded.page.locator('.seat-list .seat-row.you').getAttribute('data-seat'), '2');
            await expect_text(seat_row(reloaded.page, 1).locator('.seat-note'), /^left · resigned$/);
            await expect_value(() => reloaded.page.locator('.seat-list .seat-row.current').getAttribute('data-seat'), '0');
            await expect_text(reloaded.page.locator('.table-status'), / to move$/);

            // Seat 0 resigns too: seat 2 is left alone and first, the places are shown.
            const first = seat_of.get(0);
            await first.page.locator('.table-actions button', { hasText: 'Resign' }).click();
            await first.page.locator('.table-actions button', { hasText: 'Confirm resign' }).click();
            const winner = (await seat_row(host.page, 2).locator('.player-name').textContent()).trim();
            for (const p of all) {
                await expect_text(p.page.locator('.result'), new RegExp(`^1st ${winner} · 2nd .+ · 3rd .+ · everyone else left$`), 10000);
                await expect_text(seat_row(p.page, 2).locator('.seat-note'), /1st/);
                await expect_text(p.page.locator('.table-status'), /^Game over$/);
            }
            // A rematch needs everyone: the offer says who made it and who is awaited.
            const offerer = seat_of.get(2);
            await offerer.page.locator('.table-actions button', { hasText: /^Rematch$/ }).click();
            await expect_text(offerer.page.locator('.rematch-note'), /^Rematch offered\. Waiting for .+, .+\.$/, 10000);
            await expect_text(seat_of.get(0).page.locator('.rematch-note'), new RegExp(`^${winner} wants a rematch\\.$`), 10000);
            await expect_count(seat_of.get(0).page.locator('.table-actions button', { hasText: 'Accept rematch' }), 1);
            // Everyone accepts: game 2, each player one seat round, and the board turned with it.
            for (const seat of [0, 1]) await seat_of.get(seat).page.locator('.table-actions button', { hasText: 'Accept rematch' }).click();
            const turns = new Set();
            for (const [seat, p] of seat_of) {
                await expect_count(p.page.locator('.seat-list .seat-row.retired'), 0, 10000);
                await expect_count(p.page.locator('.move-list .move'), 0);
                const now = Number(await p.page.locator('.seat-list .seat-row.you').getAttribute('data-seat'));
                turns.add((now - seat + 3) % 3);
                if (now === 0) await expect_text(p.page.locator('.table-status'), /^Your move$/);
            }
            assert.equal(turns.size, 1, 'everyone moved round the same way');
            assert.notEqual([...turns][0], 0, 'everyone moved one seat round');
            const watcher = await watched_player(browser, base);
            all.push(watcher);
            await watcher.page.goto(`${base}/#/table/${code}/watch`);
            await expect_text(watcher.page.locator('.table-status'), / to move · you are watching$/, 10000);
            await expect_count(watcher.page.locator('.seat-list .seat-row'), 3);
            await expect_count(watcher.page.locator('.seat-list .seat-row.you'), 0);
            await expect_count(watcher.page.locator('.table-actions button', { hasText: /Resign|Rematch/ }), 0);
            for (const p of all) assert.deepEqual(p.errors, []);
        } finally {
            await close_all(...all);
        }
    }, { needs: 'tabula', timeout_ms: 120000 });

test('Chinese checkers for three: one asks for a takeback, the two others accept, the moves are gone for all',
    async ({ browser, base }) => {
        const host = await watched_player(browser, base);
        const by_code = await watched_player(browser, base);
        const by_link = await watched_player(browser, base);
        const all = [host, by_code, by_link];
        try {
            const code = await create_table(host.page, 'chinese-checkers-3', 'private');
            await by_code.page.fill('#join-code', code);
            await by_code.page.click('.join-form button[type="submit"]');
            await expect_text(host.page.locator('.table-status'), /2 of 3 seated/, 10000);
            await by_link.page.goto(`${base}/t/${code}`);
            const seat_of = new Map();
            for (const p of all) seat_of.set(await own_seat(p.page), p);
            const name = async (seat) => (await seat_row(host.page, seat).locator('.player-name').textContent()).trim();

            // Four moves: seats 0, 1, 2, 0. Seat 1 is to move, its last move three plies back.
            for (let ply = 0; ply < 4; ply++) {
                const mover = seat_of.get(ply % 3);
                await expect_text(mover.page.locator('.table-status'), /^Your move$/, 10000);
                await play_any_move(mover.page);
                for (const p of all) await expect_count(p.page.locator('.move-list .move'), ply + 1, 10000);
            }
            const asker = seat_of.get(1);
            await asker.page.locator('.table-actions button', { hasText: /^Takeback$/ }).click();
            const [n0, n1, n2] = [await name(0), await name(1), await name(2)];
            await expect_text(asker.page.locator('.takeback-note'), new RegExp(`^You ask to take back your last move\\. Waiting for ${n0}, ${n2}\\.$`), 10000);
            await expect_count(asker.page.locator('.table-actions button', { hasText: /^Takeback$/ }), 0);
            await expect_count(asker.page.locator('.offers button', { hasText: 'Accept takeback' }), 0);
            for (const seat of [0, 2]) {
                const p = seat_of.get(seat).page;
                await expect_text(p.locator('.takeback-note'), new RegExp(`^${n1} asks to take back their last move\\. Waiting for ${n0}, ${n2}\\.$`), 10000);
                await expect_count(p.locator('button', { hasText: 'Accept takeback' }), 1);
            }

            // Seat 0 accepts: everyone sees who has agreed and who is awaited.
            await seat_of.get(0).page.locator('button', { hasText: 'Accept takeback' }).click();
            for (const p of all) await expect_text(p.page.locator('.takeback-note'), new RegExp(`Agreed: ${n0}\\. Waiting for ${n2}\\.$`), 10000);
            await expect_count(seat_of.get(0).page.locator('button', { hasText: 'Accept takeback' }), 0);
            assert.equal(await host.page.locator('.move-list .move').count(), 4);

            // Seat 2 accepts too: the three moves are gone for all, and seat 1 is to move again.
            await seat_of.get(2).page.locator('button', { hasText: 'Accept takeback' }).click();
            for (const p of all) {
                await expect_count(p.page.locator('.move-list .move'), 1, 10000);
                await expect_count(p.page.locator('.takeback-note'), 0);
                await expect_value(() => p.page.locator('.seat-list .seat-row.current').getAttribute('data-seat'), '1', 10000);
            }
            await expect_text(asker.page.locator('.table-status'), /^Your move$/);
            for (const p of all) assert.deepEqual(p.errors, []);
        } finally {
            await close_all(...all);
        }
    }, { needs: 'tabula', timeout_ms: 120000 });

test('the lobby offers the games of more players and lists a public table of four with its open seats',
    async ({ browser, base }) => {
        const host = await watched_player(browser, base);
        const guest = await watched_player(browser, base);
        try {
            const offered = await host.page.locator('.create-table .setup-form select[name="variant"] option')
                .evaluateAll((els) => els.map((o) => o.value));
            for (const v of ['chinese-checkers-3', 'chinese-checkers-4', 'chinese-checkers-6', 'halma-4']) {
                assert.ok(offered.includes(v), `the create form offers ${v}`);
            }
            // Play now (auto-match) offers them too, and so does the computer form.
            const quick = await host.page.locator('#quick-variant option').evaluateAll((els) => els.map((o) => o.value));
            assert.ok(quick.includes('halma-4'));
            const computer = await host.page.locator('.play-computer select[name="variant"] option').evaluateAll((els) => els.map((o) => o.value));
            assert.ok(computer.includes('chinese-checkers-4'));

            const code = await create_table(host.page, 'halma-4', 'public');
            const row = guest.page.locator(`.tables tr[data-code="${code}"]`);
            await expect_text(row.locator('.seats-open'), /^1 of 4 seated$/, 10000);
            await expect_text(row, /Halma \(4 players\)/);
            await row.locator('button', { hasText: 'Join' }).click();
            await expect_count(guest.page.locator('.seat-list .seat-row .player-name', { hasText: /^guest-/ }), 2, 10000);
            await expect_text(guest.page.locator('.table-status'), /Waiting for players \(2 of 4 seated\)/);
            await expect_count(guest.page.locator('.board.hop-board[data-shape="square"]'), 1);
            await expect_count(guest.page.locator('.seat-list .seat-row .player-name', { hasText: 'Open seat' }), 2);
            await guest.page.locator('.table-actions button', { hasText: 'Back to lobby' }).click();
            await expect_text(guest.page.locator(`.tables tr[data-code="${code}"] .seats-open`), /^2 of 4 seated$/, 10000);
            for (const p of [host, guest]) assert.deepEqual(p.errors, []);
        } finally {
            await close_all(host, guest);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

// The `table` message of a Chinese checkers table of six as `tabula serve` sends it, the viewer
// at seat 3 (the mock's guest), seat 0 to move with its clock running.
function table_of_six(code) {
    const pos = start_position('chinese-checkers-6');
    const fen = write_fen(pos);
    const names = ['ann', 'bob', 'cid', 'guest-MOCK', 'eve', 'fay'];
    const now = Date.now();
    return table_message(table_state({
        code, link: `/t/${code}`, version: 7, variant: 'chinese-checkers-6', time: time(300000, 3000),
        host: player('ann'), seats: names.map((n) => seat(n)),
        start_position: fen, position: fen, board: { ...grid_of(pos), check: -1 },
        clocks: clocks([300000, 300000, 300000, 300000, 300000, 300000], 0, true, now), started_at: now,
    }), 3);
}

test('group_matched opens its table; a table of six: six marks, the own home at the bottom, the clock of the seat to move runs',
    async ({ page, base, env }) => {
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${base}/`);
        await expect_text(page.locator('#connection-status'), /Connected · mock/, 10000);
        const me = { id: 'guest-MOCK', name: 'guest-MOCK', registered: false, rating: 1500 };
        await page.evaluate((player) => window.tabula.socket.emit('message', {
            t: 'group_matched', code: 'P4XW2M', players: [player, { ...player, id: 'x', name: 'x' }, { ...player, id: 'y', name: 'y' }],
            setup: { variant: 'chinese-checkers-3' } }), me);
        await eventually(async () => assert.equal(new URL(page.url()).hash, '#/table/P4XW2M'), 10000);
        // The mock refuses the table screen's join; the table's state then comes as a push.
        await expect_text(page.locator('.table-status'), /Could not open table P4XW2M/, 10000);

        await page.evaluate((msg) => window.tabula.socket.emit('message', msg), table_of_six('P4XW2M'));
        await expect_count(page.locator('.seat-list .seat-row'), 6, 10000);
        const marks = await page.locator('.seat-list .seat-row .halma-piece').evaluateAll((els) => els.map((g) => `${g.dataset.style} ${g.dataset.mark}`));
        assert.equal(new Set(marks.map((m) => m.split(' ')[0])).size, 6, `six colours: ${marks}`);
        assert.equal(new Set(marks.map((m) => m.split(' ')[1])).size, 6, `six marks: ${marks}`);
        await expect_value(() => page.locator('.seat-list .seat-row.you').getAttribute('data-seat'), '3');
        await expect_value(() => page.locator('.seat-list .seat-row.current').getAttribute('data-seat'), '0');
        await expect_text(page.locator('.table-status'), /^ann to move$/);
        await expect_text(page.locator('.seat-list .seat-row[data-seat="0"] .seat-note'), /^to move$/);
        await expect_count(page.locator('.table-actions button', { hasText: /draw|Takeback/i }), 0);
        const ys = await page.locator('.board .layer-pieces .halma-piece').evaluateAll((els) => {
            const by = {};
            for (const g of els) (by[g.dataset.seat] ||= []).push(g.getBoundingClientRect().top);
            return Object.values(by).map((v) => v.reduce((a, b) => a + b, 0) / v.length);
        });
        assert.equal(ys.length, 6);
        assert.equal(Math.max(...ys), ys[3], `seat 3's home at the bottom: ${ys}`);
        // Seat 0's clock counts down; the others stand.
        const clock = page.locator('.seat-list .seat-row[data-seat="0"] .clock');
        await expect_count(page.locator('.seat-list .clock.running'), 1);
        await eventually(async () => assert.match(await clock.textContent(), /^4:5\d$/), 3000);
        await expect_text(page.locator('.seat-list .seat-row[data-seat="1"] .clock'), /^5:00$/);

        // Seat 4 runs out of time: struck through with why.
        await page.evaluate(() => window.tabula.socket.emit('message', { t: 'table_event', table: 'P4XW2M', version: 8, at: Date.now(),
            event: { type: 'player_retired', seat: 4, reason: 'flag', ply: 0, to_move: 0, legal_moves: [],
                     clocks: { remaining_ms: [299000, 300000, 300000, 300000, 0, 300000], to_move: 0, running: true, at: Date.now(), turn_started: Date.now() } } }));
        await expect_text(page.locator('.seat-list .seat-row[data-seat="4"] .seat-note'), /^left · out of time$/, 5000);
        await page.screenshot({ path: path.join(env.artifacts, 'group-chinese-checkers-6.png') });

        // "Flip board" turns the star to the next seat's home: seat 4's pieces at the bottom.
        await page.locator('.board-tools button', { hasText: 'Flip board' }).click();
        await eventually(async () => {
            const turned = await page.locator('.board .layer-pieces .halma-piece').evaluateAll((els) => {
                const by = {};
                for (const g of els) (by[g.dataset.seat] ||= []).push(g.getBoundingClientRect().top);
                return Object.entries(by).map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / v.length]).sort((a, b) => b[1] - a[1])[0][0];
            });
            assert.equal(turned, '4');
        });

        // A phone: the six seats in two columns under the board, the whole list in view.
        await page.setViewportSize({ width: 390, height: 844 });
        await eventually(async () => {
            const lefts = await page.locator('.seat-list .seat-row').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
            assert.equal(new Set(lefts).size, 2, `two columns: ${lefts}`);
        });
        await page.screenshot({ path: path.join(env.artifacts, 'group-chinese-checkers-6-phone.png') });
        assert.deepEqual(errors, []);
    }, { needs: 'mock' });
