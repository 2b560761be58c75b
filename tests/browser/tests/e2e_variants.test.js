// The variants of issue 39 played through the page against a running `tabula serve`: Frisian
// and Frysk! from their start positions (tables made with the lobby's form), a Frisian
// orthogonal capture that takes Black's last man, a Breakthrough line won by the first king,
// a killer draughts king halting just behind the king it takes last, and Chess960 from a
// random start (the lobby's form) and from a position where both sides castle by dragging the
// king onto its own rook. The positions are set with the table's `position` (casual games,
// docs/protocol.md §7.1), sent through the page's own api (`window.tabula.api`). Each move is
// clicked or dragged on the board; the test checks the move list, the pieces drawn and the
// result line. A console error on any page fails it.

import assert from 'node:assert/strict';
import { test, expect_text, expect_count, expect_value } from '../harness.js';
import { cell } from '../fixtures/positions.js';
import { watched_player, create_private_table, join_by_code, close_all, last_move_marks }
    from '../lib/e2e_helpers.js';

// The cell (row * 10 + col, row 0 at Black's side) of square `n` of the 10x10 numbering
// (PDN: 1 to 5 on Black's first row, the dark squares from the left; FMJD art. 1.4).
function num(n) {
    const row = Math.floor((n - 1) / 5);
    const k = (n - 1) % 5;
    return row * 10 + (row % 2 === 0 ? 2 * k + 1 : 2 * k);
}

const at = (page, c) => page.locator(`.board rect.square[data-cell="${c}"]`);
const piece_at = (page, c) => page.locator(`.board g.piece[data-cell="${c}"]`);

// Clicks square `from`, then square `to` (cells).
async function click_cells(page, from, to) {
    await at(page, from).click();
    await at(page, to).click();
}

// Presses the piece on cell `from` and drops it on cell `to`, through the squares between.
async function drag_cells(page, from, to) {
    const centre = async (c) => {
        const box = await at(page, c).boundingBox();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    await page.locator('.board').scrollIntoViewIfNeeded();
    const a = await centre(from);
    const b = await centre(to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
    await expect_count(page.locator('.board .piece.dragging'), 1);
    await page.mouse.move(b.x, b.y, { steps: 5 });
    await page.mouse.up();
}

// Two guests at a private casual table of `setup` (White makes it through the page's api
// and opens it as the lobby does; Black comes by its link).
async function table_from(browser, base, setup) {
    const white = await watched_player(browser, base);
    const black = await watched_player(browser, base);
    const code = await white.page.evaluate(async (s) => {
        const made = await window.tabula.api.create_table(s);
        window.location.hash = `#/table/${made}`;
        return made;
    }, { color: 'white', private: true, rated: false, ...setup });
    await expect_text(white.page.locator('.table-status'), /Waiting|move/, 10000);
    await black.page.goto(`${base}/t/${code}`);
    await expect_text(black.page.locator('.table-status'), /move/, 10000);
    return { white, black };
}

// Plays `line` ([player, from cell, to cell, 'click' | 'drag']) and waits after each move
// until both pages list it.
async function play_line(white, black, line, start = 0) {
    for (const [i, [player, from, to, how]] of line.entries()) {
        await expect_text(player.page.locator('.table-status'), /Your move/, 10000);
        if (how === 'drag') await drag_cells(player.page, from, to);
        else await click_cells(player.page, from, to);
        for (const p of [white, black]) await expect_count(p.page.locator('.move-list .move'), start + i + 1, 10000);
    }
}

function no_errors(...players) {
    for (const p of players) assert.deepEqual(p.errors, []);
}

test('Frisian and Frysk! from the lobby: men step from their start positions', async ({ browser, base }) => {
    const players = [];
    try {
        for (const [variant, line, men] of [
            ['frisian', [[31, 26], [20, 24]], 20],
            ['frysk', [[46, 41], [5, 10]], 5],
        ]) {
            const white = await watched_player(browser, base);
            const black = await watched_player(browser, base);
            players.push(white, black);
            const code = await create_private_table(white.page, variant, 'white');
            await join_by_code(black.page, code);
            for (const p of [white, black]) {
                await expect_count(p.page.locator('.board g.piece-white'), men, 10000);
                await expect_count(p.page.locator('.board g.piece-black'), men);
            }
            const [[w_from, w_to], [b_from, b_to]] = line;
            await play_line(white, black, [[white, num(w_from), num(w_to)], [black, num(b_from), num(b_to)]]);
            for (const p of [white, black]) {
                await expect_count(piece_at(p.page, num(w_to)), 1);
                await expect_count(piece_at(p.page, num(w_from)), 0);
                await expect_count(p.page.locator(`.board g.piece[data-cell="${num(b_to)}"][data-piece="b"]`), 1);
                await expect_text(p.page.locator('.move-list'), new RegExp(`${w_from}-${w_to}`));
            }
            no_errors(white, black);
        }
    } finally {
        await close_all(...players);
    }
}, { needs: 'tabula', timeout_ms: 90000 });

// Frisian captures straight along a row too (two dark squares on): 28x30 over 29, clicked
// from 28 to 30, takes Black's last man.
test('a Frisian orthogonal capture along a row takes the last man and wins', async ({ browser, base }) => {
    const { white, black } = await table_from(browser, base, { variant: 'frisian', position: 'W:W28,45:B29' });
    try {
        for (const p of [white, black]) await expect_count(p.page.locator('.board g.piece'), 3, 10000);
        await play_line(white, black, [[white, num(28), num(30)]]);
        for (const p of [white, black]) {
            await expect_count(piece_at(p.page, num(29)), 0, 10000);
            await expect_count(p.page.locator(`.board g.piece[data-cell="${num(30)}"][data-piece="w"]`), 1);
            await expect_value(() => last_move_marks(p.page), { last: [num(28), num(30)], captured: [num(29)] });
            await expect_text(p.page.locator('.move-list'), /28x30/);
            await expect_text(p.page.locator('.result'), /White wins/, 10000);
        }
        no_errors(white, black);
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

// Breakthrough: 12-7 33-38 7-2, and the first king ends the game.
test('Breakthrough draughts: the first man to crown wins', async ({ browser, base }) => {
    const { white, black } = await table_from(browser, base, { variant: 'breakthrough', position: 'W:W12:B33' });
    try {
        await play_line(white, black, [[white, num(12), num(7)], [black, num(33), num(38)], [white, num(7), num(2)]]);
        for (const p of [white, black]) {
            await expect_count(p.page.locator(`.board g.piece[data-cell="${num(2)}"][data-piece="W"]`), 1, 10000);
            await expect_text(p.page.locator('.result'), /White wins/, 10000);
        }
        no_errors(white, black);
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

// Killer draughts: the king on 46 takes the king on 23, its last piece taken, and must stop on
// 19, just behind it (International rules would let it land on 14, 10 or 5 as well).
test('killer draughts: a king that takes a king last halts just behind it', async ({ browser, base }) => {
    const { white, black } = await table_from(browser, base, { variant: 'killer', position: 'W:WK46:BK23,1' });
    try {
        // Clicking a square further on is no move: the selection is dropped, nothing is sent.
        await expect_text(white.page.locator('.table-status'), /Your move/, 10000);
        await click_cells(white.page, num(46), num(14));
        await expect_count(white.page.locator('.board .mark-selected'), 0);
        await expect_count(white.page.locator('.move-list .move'), 0);
        await play_line(white, black, [[white, num(46), num(19)], [black, num(1), num(7)]]);
        for (const p of [white, black]) {
            await expect_count(p.page.locator(`.board g.piece[data-cell="${num(19)}"][data-piece="W"]`), 1, 10000);
            await expect_count(piece_at(p.page, num(23)), 0);
            await expect_count(p.page.locator(`.board g.piece[data-cell="${num(7)}"][data-piece="b"]`), 1);
        }
        no_errors(white, black);
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });

// The back rank of one side as the board draws it, from a to h.
async function back_rank(page, rank) {
    return page.locator('.board g.piece').evaluateAll((els, row) => {
        const files = Array(8).fill('.');
        for (const g of els) {
            const c = Number(g.dataset.cell);
            if (Math.floor(c / 8) === row) files[c % 8] = g.dataset.piece;
        }
        return files.join('');
    }, 8 - rank);
}

test('Chess960 from the lobby starts from a mirrored Fischer random arrangement and takes moves',
    async ({ browser, base }) => {
        const white = await watched_player(browser, base);
        const black = await watched_player(browser, base);
        try {
            const code = await create_private_table(white.page, 'chess960', 'white');
            await join_by_code(black.page, code);
            await expect_count(white.page.locator('.board g.piece'), 32, 10000);
            const rank1 = await back_rank(white.page, 1);
            // FIDE Laws, Guidelines II.1: bishops on squares of both colours, the king between
            // the rooks, Black the mirror of White.
            assert.match(rank1, /^[KQRBN]{8}$/);
            assert.equal([...rank1].sort().join(''), 'BBKNNQRR');
            assert.match(rank1, /R.*K.*R/);
            assert.equal((rank1.indexOf('B') + rank1.lastIndexOf('B')) % 2, 1);
            assert.equal(await back_rank(white.page, 8), rank1.toLowerCase());
            assert.equal(await back_rank(black.page, 1), rank1);
            await play_line(white, black, [[white, cell('e2'), cell('e4')], [black, cell('e7'), cell('e5')]]);
            for (const p of [white, black]) {
                await expect_text(p.page.locator('.move-list'), /e4.*e5/s);
                await expect_count(p.page.locator(`.board g.piece[data-cell="${cell('e4')}"][data-piece="P"]`), 1);
            }
            no_errors(white, black);
        } finally {
            await close_all(white, black);
        }
    }, { needs: 'tabula', timeout_ms: 60000 });

// Kings on b1 and b8, rooks on the a- and e-files (X-FEN KQkq): White drags its king onto the
// a1 rook (O-O-O: king to c1, rook to d1, the king moving away from where it was dropped),
// Black its king onto the e8 rook (O-O: king to g8, rook to f8; FIDE Laws, Guidelines II.3).
test('Chess960: each side castles by dragging its king onto its own rook', async ({ browser, base }) => {
    const { white, black } = await table_from(browser, base,
        { variant: 'chess960', position: 'rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1' });
    try {
        await play_line(white, black, [[white, cell('b1'), cell('a1'), 'drag'], [black, cell('b8'), cell('e8'), 'drag']]);
        for (const p of [white, black]) {
            await expect_value(() => back_rank(p.page, 1), '..KRR...', 10000);
            await expect_value(() => back_rank(p.page, 8), 'r....rk.', 10000);
            await expect_text(p.page.locator('.move-list .move').nth(0), /^O-O-O$/);
            await expect_text(p.page.locator('.move-list .move').nth(1), /^O-O$/);
        }
        // The game goes on from there: White's next move is taken.
        await play_line(white, black, [[white, cell('c1'), cell('b1')]], 2);
        for (const p of [white, black]) await expect_value(() => back_rank(p.page, 1), '.K.RR...', 10000);
        no_errors(white, black);
    } finally {
        await close_all(white, black);
    }
}, { needs: 'tabula', timeout_ms: 60000 });
