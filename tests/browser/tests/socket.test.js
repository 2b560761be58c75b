// The socket module against the mock /ws endpoint (mock_socket_server.js): the hello,
// requests answered by id, error replies rejected with their code, server pushes, and
// reconnection by itself after the server drops the connection.

import assert from 'node:assert/strict';
import { test, expect_text, eventually } from '../harness.js';

async function open_app(page, base) {
    await page.goto(`${base}/`);
    await expect_text(page.locator('#connection-status'), /Connected · mock 0\.0\.1/, 10000);
}

test('requests are answered by id and error replies reject with their code', async ({ page, base }) => {
    await open_app(page, base);
    const replies = await page.evaluate(async () => {
        const s = window.tabula.socket;
        const [a, b] = await Promise.all([s.request('echo', { value: 1 }), s.request('echo', { value: 2 })]);
        const failure = await s.request('fail').then(() => null, (e) => e);
        return { a: a.value, b: b.value, failure };
    });
    assert.deepEqual(replies, { a: 1, b: 2, failure: { code: 'test_failure', message: 'asked to fail' } });
}, { needs: 'mock' });

test('server pushes reach the listeners of their type', async ({ page, base }) => {
    await open_app(page, base);
    const value = await page.evaluate(() => new Promise((resolve) => {
        window.tabula.socket.on('pushed', (m) => resolve(m.value));
        window.tabula.socket.notify('push_me', { value: 'hi' });
    }));
    assert.equal(value, 'hi');
}, { needs: 'mock' });

test('after the server drops the socket the client reconnects by itself', async ({ page, base }) => {
    await open_app(page, base);
    await page.evaluate(() => {
        window.states = [];
        window.reopened = 0;
        window.tabula.socket.on('state', (s) => window.states.push(s));
        window.tabula.socket.on('reopened', () => window.reopened++);
        window.tabula.socket.notify('drop_me');
    });
    await eventually(async () => {
        const { states, reopened } = await page.evaluate(() => ({ states: window.states, reopened: window.reopened }));
        assert.deepEqual(states, ['reconnecting', 'open']);
        assert.equal(reopened, 1);
    }, 10000, 'reconnected');
    await page.locator('#reconnecting').waitFor({ state: 'hidden', timeout: 5000 });
    const reply = await page.evaluate(() => window.tabula.socket.request('echo', { value: 'again' }));
    assert.equal(reply.value, 'again');
}, { needs: 'mock' });

test('a request made while the connection is down is sent once it is back', async ({ page, base }) => {
    await open_app(page, base);
    const value = await page.evaluate(async () => {
        const s = window.tabula.socket;
        s.notify('drop_me');
        await new Promise((r) => { const off = s.on('state', (st) => { if (st === 'reconnecting') { off(); r(); } }); });
        const reply = await s.request('echo', { value: 'queued' });
        return reply.value;
    });
    assert.equal(value, 'queued');
}, { needs: 'mock' });

test('a move is answered by its table_event carrying the id, which is also pushed once', async ({ page, base }) => {
    await open_app(page, base);
    const seen = await page.evaluate(async () => {
        const s = window.tabula.socket;
        const events = [];
        const off = s.on('table_event', (m) => events.push(m));
        const reply = await s.request('move', { table: 'MOCK01', ply: 4, move: 'e2e4' });
        await new Promise((r) => setTimeout(r, 200)); // nothing more comes
        off();
        return { reply, events, pending: s.pending.size };
    });
    assert.equal(seen.reply.t, 'table_event');
    assert.equal(seen.reply.event.move.move, 'e2e4');
    assert.equal(seen.events.length, 1);
    assert.equal(seen.events[0].id, seen.reply.id);
    assert.equal(seen.events[0].event.ply, 4);
    assert.equal(seen.pending, 0);
}, { needs: 'mock' });
