// A small test harness for the browser tests: registration, one shared Chromium, a fresh
// context per test, a time limit per test, and auto-retrying assertions (playwright-core has
// no `expect`). Tests are plain async functions receiving {browser, page, context, env}.

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
    '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const registered = [];

// needs: 'node' (a pure module test, no browser), 'static' (served web/ and fixtures), 'mock'
// (the same with the mock /ws of mock_socket_server.js) or 'tabula' (a running game server).
export function test(name, fn, { needs = 'static', timeout_ms = 30000 } = {}) {
    registered.push({ name, fn, needs, timeout_ms });
}

// Retries `check` (which throws on failure) until it passes or `timeout_ms` runs out; then
// throws the last failure.
export async function eventually(check, timeout_ms = 5000, what = 'condition') {
    const deadline = Date.now() + timeout_ms;
    let last;
    for (;;) {
        try {
            return await check();
        } catch (err) {
            last = err;
        }
        if (Date.now() > deadline) {
            throw new Error(`${what} not met within ${timeout_ms} ms: ${last && last.message}`);
        }
        await new Promise((r) => setTimeout(r, 100));
    }
}

export async function expect_count(locator, n, timeout_ms = 5000) {
    await eventually(async () => assert.equal(await locator.count(), n), timeout_ms, `count ${n}`);
}

export async function expect_text(locator, pattern, timeout_ms = 5000) {
    await eventually(async () => {
        const text = await locator.first().textContent({ timeout: 500 });
        assert.match(text || '', pattern);
    }, timeout_ms, `text ${pattern}`);
}

export async function expect_value(fn, expected, timeout_ms = 5000) {
    await eventually(async () => assert.deepEqual(await fn(), expected), timeout_ms,
                     `value ${JSON.stringify(expected)}`);
}

function with_timeout(promise, ms, name) {
    let timer;
    return Promise.race([
        promise,
        new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`${name}: timed out after ${ms} ms`)), ms);
        }),
    ]).finally(() => clearTimeout(timer));
}

// Runs every registered test whose needs are met; a test whose server is missing fails with
// the reason. Returns {passed, failed}.
export async function run_all(env) {
    const launch = () => chromium.launch({ executablePath: env.chromium || '/usr/bin/chromium',
                                           args: CHROMIUM_ARGS, timeout: 30000 });
    let browser = await launch();
    let passed = 0;
    let failed = 0;
    try {
        const only = env.filter ? new RegExp(env.filter) : null;
        for (const t of registered) {
            if (only && !only.test(t.name)) continue;
            if (t.needs === 'node') {
                const started = Date.now();
                try {
                    await with_timeout(Promise.resolve().then(() => t.fn({ env })), t.timeout_ms, t.name);
                    passed++;
                    console.log(`ok - ${t.name} (${Date.now() - started} ms)`);
                } catch (err) {
                    failed++;
                    console.log(`not ok - ${t.name}: ${err.message.split('\n').slice(0, 4).join(' | ')}`);
                }
                continue;
            }
            const base = { tabula: env.tabula_url, mock: env.mock_url }[t.needs] ?? env.static_url;
            if (!base) {
                failed++;
                console.log(`not ok - ${t.name}: ${env.tabula_failure || 'no server'}`);
                continue;
            }
            // A browser that died under one test (a renderer or GPU process crash) fails that
            // test, not every test after it: the next one gets a new browser.
            if (!browser.isConnected()) {
                console.log('# the browser had closed: starting a new one');
                await browser.close().catch(() => {});
                browser = await launch();
            }
            let context;
            let page;
            try {
                context = await browser.newContext({ viewport: { width: 1100, height: 820 } });
                page = await context.newPage();
            } catch (err) {
                failed++;
                console.log(`not ok - ${t.name}: no browser page: ${err.message.split('\n')[0]}`);
                await context?.close().catch(() => {});
                await browser.close().catch(() => {});
                browser = await launch();
                continue;
            }
            const errors = [];
            page.on('pageerror', (e) => errors.push(e.message));
            page.on('console', (m) => {
                if (m.type() === 'error' && m.text().startsWith('handler for')) errors.push(m.text());
            });
            const started = Date.now();
            try {
                await with_timeout(t.fn({ browser, context, page, base, env }), t.timeout_ms, t.name);
                if (errors.length) throw new Error(`page error: ${errors[0]}`);
                passed++;
                console.log(`ok - ${t.name} (${Date.now() - started} ms)`);
            } catch (err) {
                failed++;
                console.log(`not ok - ${t.name}: ${err.message.split('\n').slice(0, 4).join(' | ')}`);
            } finally {
                await context.close().catch(() => {});
            }
        }
    } finally {
        await browser.close().catch(() => {});
    }
    return { passed, failed };
}
