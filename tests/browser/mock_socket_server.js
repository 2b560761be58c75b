// A tiny WebSocket endpoint (RFC 6455 text frames only) for testing the client's socket
// module without the game server: it greets with a hello and a guest's welcome, answers ping
// with pong, echoes {t:'echo'} as {t:'echoed'}, answers {t:'fail'} with an error, answers
// {t:'move'} as the server does (the move's table_event carrying the request's id,
// docs/protocol.md §7.5), pushes {t:'push_me'} back as a server push, and closes the
// connection on {t:'drop_me'} — the server dropping the socket.

import crypto from 'node:crypto';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

function encode(text) {
    const payload = Buffer.from(text);
    const len = payload.length;
    const head = len < 126 ? Buffer.from([0x81, len])
        : Buffer.from([0x81, 126, len >> 8, len & 0xff]);
    return Buffer.concat([head, payload]);
}

// Reads whole frames from `buffer`; returns {frames: [{opcode, text}], rest}.
function decode(buffer) {
    const frames = [];
    let offset = 0;
    while (buffer.length - offset >= 2) {
        const opcode = buffer[offset] & 0x0f;
        const masked = (buffer[offset + 1] & 0x80) !== 0;
        let len = buffer[offset + 1] & 0x7f;
        let at = offset + 2;
        if (len === 126) {
            if (buffer.length < at + 2) break;
            len = buffer.readUInt16BE(at);
            at += 2;
        } else if (len === 127) {
            throw new Error('frame too large for the mock');
        }
        const mask_len = masked ? 4 : 0;
        if (buffer.length < at + mask_len + len) break;
        const mask = masked ? buffer.subarray(at, at + 4) : null;
        const data = Buffer.from(buffer.subarray(at + mask_len, at + mask_len + len));
        if (mask) for (let i = 0; i < data.length; i++) data[i] ^= mask[i % 4];
        frames.push({ opcode, text: data.toString() });
        offset = at + mask_len + len;
    }
    return { frames, rest: buffer.subarray(offset) };
}

export function attach_mock_socket(server) {
    const sockets = new Set();
    server.on('upgrade', (req, socket) => {
        if (!req.url.startsWith('/ws')) return socket.destroy();
        const accept = crypto.createHash('sha1').update(req.headers['sec-websocket-key'] + GUID).digest('base64');
        socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
                     `Sec-WebSocket-Accept: ${accept}\r\n\r\n`);
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
        const send = (obj) => socket.write(encode(JSON.stringify(obj)));
        send({ t: 'hello', protocol: 5, server: 'mock 0.0.1' });
        send({ t: 'welcome', player: { id: 'guest-MOCK', name: 'guest-MOCK', registered: false, rating: 1500 },
               token: 'mock-token' });
        let pending = Buffer.alloc(0);
        socket.on('data', (chunk) => {
            const { frames, rest } = decode(Buffer.concat([pending, chunk]));
            pending = rest;
            for (const { opcode, text } of frames) {
                if (opcode === 8) return socket.end();
                if (opcode !== 1) continue;
                let msg;
                try {
                    msg = JSON.parse(text);
                } catch {
                    send({ t: 'error', code: 'bad_json', message: 'message is not JSON' });
                    continue;
                }
                if (msg.t === 'ping') send({ t: 'pong', id: msg.id });
                else if (msg.t === 'echo') send({ t: 'echoed', id: msg.id, value: msg.value });
                else if (msg.t === 'fail') send({ t: 'error', id: msg.id, code: 'test_failure', message: 'asked to fail' });
                else if (msg.t === 'move') {
                    send({ t: 'table_event', id: msg.id, table: msg.table, version: msg.ply + 1,
                           event: { type: 'move_played', ply: msg.ply, move: { move: msg.move } } });
                } else if (msg.t === 'push_me') send({ t: 'pushed', value: msg.value });
                else if (msg.t === 'drop_me') socket.destroy();
                else send({ t: 'error', id: msg.id, code: 'unknown_type', message: `unknown type ${msg.t}` });
            }
        });
    });
    return { connections: () => sockets.size };
}
