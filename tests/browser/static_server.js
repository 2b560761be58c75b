// A small static file server for the board tests that need no game server: serves web/ at /,
// index.html for /t/<CODE>, and the test fixtures at /dev/fixtures/. 127.0.0.1 only.
//   node static_server.js <web dir> [port]   (port 0 or none: any free port, printed on stdout)

import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
    '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml',
    '.png': 'image/png', '.ico': 'image/x-icon', '.webmanifest': 'application/manifest+json',
};

const fixtures_dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

// Maps a URL path to a file inside `root`, or null when it would leave it.
function resolve_inside(root, url_path) {
    const file = path.normalize(path.join(root, decodeURIComponent(url_path)));
    return file.startsWith(root + path.sep) || file === root ? file : null;
}

export function start_static_server(web_dir, port = 0) {
    const root = path.resolve(web_dir);
    const server = http.createServer(async (req, res) => {
        const url = new URL(req.url, 'http://127.0.0.1');
        let file;
        if (url.pathname.startsWith('/dev/fixtures/')) {
            file = resolve_inside(fixtures_dir, url.pathname.slice('/dev/fixtures/'.length));
        } else if (url.pathname === '/' || /^\/t\/[A-Za-z0-9]+\/?$/.test(url.pathname)) {
            file = path.join(root, 'index.html');
        } else {
            file = resolve_inside(root, url.pathname);
        }
        try {
            if (!file) throw new Error('outside');
            const body = await fs.readFile(file);
            res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
                                 'cache-control': 'no-store' });
            res.end(body);
        } catch {
            res.writeHead(404, { 'content-type': 'text/plain' });
            res.end('not found');
        }
    });
    return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve(server));
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const server = await start_static_server(process.argv[2] || '../../web', Number(process.argv[3] || 0));
    console.log(`http://127.0.0.1:${server.address().port}/`);
}
