// The board of Chinese checkers and Halma (web/js/board/hop_board.js) on the gallery page:
// holes and pieces per variant and player count, each player's colour and mark, whose turn it
// is, the last move's hop path, and on the sandbox board the path shown while choosing and the
// from-to text a pick yields (the positions and moves are the rules' own: halma_cells.test.js).

import assert from 'node:assert/strict';
import path from 'node:path';
import { test, expect_count, expect_text, expect_value } from '../harness.js';
import { halma_positions, layout } from '../fixtures/halma_reference.js';
import { halma_cell_name, halma_cell_of } from '../../../web/js/board/halma_cells.js';

const POSITIONS = halma_positions();

async function open_gallery(page, base) {
    await page.goto(`${base}/dev/boards.html`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await expect_text(page.locator('#halma-status'), /12 halma boards/);
}

async function open_sandbox(page, base, position) {
    await open_gallery(page, base);
    await page.evaluate((p) => window.tabula_dev.load_halma_sandbox(p), position);
    await page.locator('#halma-sandbox-board').scrollIntoViewIfNeeded();
}

const position = (variant, kind) => POSITIONS.find((p) => p.variant === variant && p.kind === kind);
const played = (page) => page.locator('#halma-played').textContent();

// The centre on screen of a grid cell of the sandbox board.
async function center(page, cell) {
    const box = await page.locator(`#halma-sandbox-board [data-cell="${cell}"]:is(.hole, .halma-square)`).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function click_cell(page, cell) {
    const { x, y } = await center(page, cell);
    await page.mouse.click(x, y);
}

for (const p of POSITIONS) {
    test(`hop board draws ${p.variant} (${p.kind}): holes, each player's pieces, the turn`, async ({ page, base, env }) => {
        await open_gallery(page, base);
        const l = layout(p.variant);
        const figure = page.locator(`#halma-gallery figure[data-variant="${p.variant}"][data-kind="${p.kind}"]`);
        const drawn = await figure.evaluate((fig) => {
            const holes = [...fig.querySelectorAll('.hole, .halma-square')];
            const yards = fig.querySelectorAll('.halma-square.yard').length;
            const centre = (el) => {
                const r = el.getBoundingClientRect();
                return [r.left + r.width / 2, r.top + r.height / 2];
            };
            return {
                holes: holes.length,
                yards,
                pieces: [...fig.querySelectorAll('.layer-pieces .halma-piece')].map((g) => {
                    const hole = holes.find((h) => h.dataset.cell === g.dataset.cell);
                    const [x, y] = centre(g.querySelector('.body'));
                    const [hx, hy] = centre(hole);
                    return { cell: Number(g.dataset.cell), seat: Number(g.dataset.seat), style: g.dataset.style,
                             mark: g.dataset.mark, to_move: g.classList.contains('to-move'),
                             off: Math.hypot(x - hx, y - hy) };
                }),
                tags: [...fig.querySelectorAll('.seat-tag')].map((t) => ({ seat: Number(t.dataset.seat),
                                                                        current: t.classList.contains('current'),
                                                                        text: t.textContent })),
                last: [...fig.querySelectorAll('.hop-last')].map((g) => ({
                    cells: g.dataset.cells, landings: g.querySelectorAll('.hop-landing').length })),
            };
        });
        assert.equal(drawn.holes, l.shape === 'star' ? 121 : 256);
        // The square colours the yards in play: two players use two corners, four use four.
        assert.equal(drawn.yards, l.shape === 'star' ? 0 : l.players * l.pieces);
        assert.equal(drawn.pieces.length, l.players * l.pieces);
        const occupied = [...p.grid.cells].flatMap((ch, i) => (ch >= '1' && ch <= '6' ? [i] : []));
        assert.deepEqual(drawn.pieces.map((x) => x.cell).sort((a, b) => a - b), occupied);
        const looks = new Set();
        const marks = new Set();
        for (let seat = 0; seat < l.players; seat++) {
            const own = drawn.pieces.filter((x) => x.seat === seat);
            assert.equal(own.length, l.pieces, `seat ${seat + 1} pieces`);
            assert.equal(new Set(own.map((x) => `${x.style} ${x.mark}`)).size, 1, `seat ${seat + 1} looks alike`);
            looks.add(own[0].style);
            marks.add(own[0].mark);
            assert.ok(own.every((x) => x.to_move === (seat === p.seat_to_move)), `seat ${seat + 1} turn ring`);
        }
        assert.equal(looks.size, l.players, 'a colour per player');
        assert.equal(marks.size, l.players, 'a mark per player');
        for (const x of drawn.pieces) assert.ok(x.off < 2, `piece on ${x.cell} stands on its hole`);
        assert.deepEqual(drawn.tags.map((t) => t.current), drawn.tags.map((t) => t.seat === p.seat_to_move));
        assert.match(drawn.tags[p.seat_to_move].text, /to move/);
        if (p.last_move) {
            assert.deepEqual(drawn.last, [{ cells: p.last_move.path.join(','), landings: p.last_move.path.length - 2 }]);
        } else {
            assert.deepEqual(drawn.last, []);
        }
        await figure.screenshot({ path: path.join(env.artifacts, `halma-${p.variant}-${p.kind}.png`) });
    });
}

test('hop board: three players, the hop path shows while choosing, and a pick gives the from-to text', async ({ page, base }) => {
    const p = position('chinese-checkers-3', 'middle');
    const hop = [...p.moves].sort((a, b) => b.path.length - a.path.length)[0];
    assert.ok(hop.path.length >= 3, 'a chain of hops to choose');
    await open_sandbox(page, base, p);
    await expect_count(page.locator('#halma-sandbox-board .seat-tag'), 3);
    await expect_text(page.locator('#halma-sandbox-board .visually-hidden'), /^Seat 2 to move, blue square$/);
    await click_cell(page, hop.path[0]);
    await expect_count(page.locator('#halma-sandbox-board .mark-selected'), 1);
    const ends = p.moves.filter((m) => m.path[0] === hop.path[0]).length;
    await expect_count(page.locator('#halma-sandbox-board .hint-end'), ends);
    const to = hop.path[hop.path.length - 1];
    const target = await center(page, to);
    await page.mouse.move(target.x, target.y);
    await expect_count(page.locator(`#halma-sandbox-board .hop-preview[data-cells="${hop.path.join(',')}"]`), 1);
    assert.equal(await page.locator('#halma-sandbox-board .hop-preview .hop-landing').count(), hop.path.length - 2);
    assert.equal(await played(page), '');
    await page.mouse.click(target.x, target.y);
    const shape = 'star';
    await expect_value(() => played(page), `${halma_cell_name(shape, hop.path[0])}-${halma_cell_name(shape, to)}`);
    assert.equal(await played(page), hop.move);
});

test('hop board: a click on a cell that is no destination drops the selection and plays nothing', async ({ page, base }) => {
    const p = position('halma-4', 'start');
    await open_sandbox(page, base, p);
    const from = halma_cell_of('square', 'd1');
    await click_cell(page, from);
    await expect_count(page.locator('#halma-sandbox-board .mark-selected'), 1);
    await click_cell(page, halma_cell_of('square', 'h8'));
    await expect_count(page.locator('#halma-sandbox-board .mark-selected'), 0);
    await expect_count(page.locator('#halma-sandbox-board .hint-end'), 0);
    assert.equal(await played(page), '');
    await click_cell(page, from);
    await click_cell(page, halma_cell_of('square', 'e1'));
    await expect_value(() => played(page), 'd1-e1');
});

test('hop board: a dragged piece plays, and a turned board maps clicks to the right cells', async ({ page, base }) => {
    const p = position('chinese-checkers-6', 'middle');
    const move = p.moves.find((m) => m.path.length === 2);
    await open_sandbox(page, base, p);
    await page.click('#halma-sandbox-flip');
    const from = await center(page, move.path[0]);
    const to = await center(page, move.path[1]);
    const top = await center(page, halma_cell_of('star', 'a1'));
    const bottom = await center(page, halma_cell_of('star', 'q1'));
    assert.ok(top.y > bottom.y, 'a1 is drawn at the bottom of a turned star');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await expect_count(page.locator('#halma-sandbox-board .halma-piece.dragging'), 1);
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await expect_value(() => played(page), move.move);
});

test('hop board: each seat can be shown at the bottom', async ({ page, base }) => {
    const p = position('chinese-checkers-6', 'start');
    await open_sandbox(page, base, p);
    const l = layout(p.variant);
    for (let seat = 0; seat < 6; seat++) {
        await page.evaluate(([pos, s]) => window.tabula_dev.load_halma_sandbox({ ...pos, viewer_seat: s }), [p, seat]);
        const lowest = await page.locator('#halma-sandbox-board .layer-pieces .halma-piece').evaluateAll((els) => {
            const ys = els.map((e) => ({ seat: Number(e.dataset.seat), y: e.getBoundingClientRect().bottom }));
            return ys.sort((a, b) => b.y - a.y)[0].seat;
        });
        assert.equal(lowest, seat, `viewer seat ${seat + 1} (point ${l.corners[seat]}) at the bottom`);
    }
});

test('hop board: the keyboard cursor picks a piece and a cell on the square', async ({ page, base }) => {
    const p = position('halma-2', 'start');
    await open_sandbox(page, base, p);
    await page.focus('#halma-sandbox-board svg');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
    await expect_text(page.locator('#halma-sandbox-board .visually-hidden'), /^a5 Seat 1, red dot/);
    await page.keyboard.press('Enter');
    await expect_count(page.locator('#halma-sandbox-board .mark-selected'), 1);
    await page.keyboard.press('ArrowUp');
    await expect_count(page.locator('#halma-sandbox-board .hop-preview'), 1);
    await page.keyboard.press('Enter');
    await expect_value(() => played(page), 'a5-a6');
});
