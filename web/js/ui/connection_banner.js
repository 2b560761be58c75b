// The connection status: a "Reconnecting…" banner while the socket is down, and a short
// status text in the header (server name and version from the hello).

import { PROTOCOL_VERSION } from '../net/socket.js';

export function attach_connection_banner(socket, banner, status) {
    const show = (state) => {
        const down = state === 'reconnecting';
        banner.hidden = !down;
        if (down) {
            banner.textContent = socket.ever_opened ? 'Connection lost — reconnecting…'
                : 'Cannot reach the server — retrying…';
        }
        status.dataset.state = state;
        if (state === 'open') {
            const version = socket.server?.protocol;
            status.textContent = `Connected · ${socket.server?.server || 'server'}` +
                (version !== PROTOCOL_VERSION ? ` · protocol ${version}: reload the page` : '');
        } else if (state === 'reconnecting') {
            status.textContent = 'Offline';
        } else {
            status.textContent = 'Connecting…';
        }
    };
    socket.on('state', show);
    show(socket.state);
}
