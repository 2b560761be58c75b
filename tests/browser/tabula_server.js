// Restarts the real `tabula serve` that run.sh started, on the same port and database, so a
// test can make the server drop every socket the way a crash does. run.sh passes how it
// started the server in TABULA_BIN, TABULA_ARGS (JSON array), TABULA_LOG and the file holding
// the server's pid, TABULA_PID_FILE; this module writes the new pid there so run.sh stops the
// right process at the end.

import fs from 'node:fs';
import { spawn } from 'node:child_process';

export function restart_available(env = process.env) {
    return !!(env.TABULA_BIN && env.TABULA_ARGS && env.TABULA_PID_FILE && env.TABULA_URL);
}

// Running, and not a zombie waiting for run.sh's shell to reap it.
function alive(pid) {
    try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
    } catch {
        return false;
    }
}

async function wait_until(check, timeout_ms, what) {
    const deadline = Date.now() + timeout_ms;
    while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`${what} within ${timeout_ms} ms`);
        await new Promise((r) => setTimeout(r, 100));
    }
}

async function answers(url) {
    try {
        const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        return res.ok;
    } catch {
        return false;
    }
}

// SIGKILLs the running server (no graceful close: the sockets just die).
export async function kill_tabula(env = process.env) {
    const pid = Number(fs.readFileSync(env.TABULA_PID_FILE, 'utf8').trim());
    if (!pid) throw new Error('no tabula pid');
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    await wait_until(() => !alive(pid), 5000, `tabula serve (pid ${pid}) did not die`);
    // The port is free once the listener is gone; a killed process leaves no TIME_WAIT on it.
    await wait_until(async () => !(await answers(`${env.TABULA_URL}/`)), 5000, 'the port still answered');
}

// Starts the server again with the arguments run.sh used and waits until it answers.
export async function start_tabula(env = process.env) {
    const args = JSON.parse(env.TABULA_ARGS);
    const log = fs.openSync(env.TABULA_LOG || '/dev/null', 'a');
    const child = spawn(env.TABULA_BIN, args, { stdio: ['ignore', log, log], detached: false });
    fs.closeSync(log);
    fs.writeFileSync(env.TABULA_PID_FILE, `${child.pid}\n`);
    let exited = null;
    child.on('exit', (code, signal) => { exited = signal || code; });
    child.unref();
    await wait_until(async () => {
        if (exited !== null) throw new Error(`tabula serve exited at restart (${exited})`);
        return answers(`${env.TABULA_URL}/`);
    }, 15000, 'tabula serve did not answer after the restart');
    return child.pid;
}
