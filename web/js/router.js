// Routes: "/t/<CODE>" (a join link) and hash routes "#/", "#/table/<CODE>", "#/account",
// "#/account/<section>", "#/tournaments" (the list and the create form) and
// "#/tournament/<id>". Emits the parsed route on every change.

export function parse_route(loc = window.location) {
    const link = loc.pathname.match(/^\/t\/([A-Za-z0-9]{4,12})\/?$/);
    if (link && (!loc.hash || loc.hash === '#' || loc.hash === '#/')) {
        return { screen: 'table', code: link[1].toUpperCase(), via: 'link' };
    }
    const parts = (loc.hash || '#/').replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] === 'table' && parts[1]) {
        return { screen: 'table', code: parts[1].toUpperCase(), via: parts[2] === 'watch' ? 'watch' : 'hash' };
    }
    if (parts[0] === 'tournaments') return { screen: 'tournaments' };
    if (parts[0] === 'tournament' && /^\d+$/.test(parts[1] || '')) return { screen: 'tournament', id: Number(parts[1]) };
    if (parts[0] === 'account') return { screen: 'account', section: parts[1] || 'profile', arg: parts[2] };
    return { screen: 'lobby' };
}

export function go(hash) {
    if (window.location.pathname !== '/') {
        history.pushState(null, '', `/${hash}`);
        window.dispatchEvent(new HashChangeEvent('hashchange'));
    } else {
        window.location.hash = hash;
    }
}

export function on_route(fn) {
    window.addEventListener('hashchange', () => fn(parse_route()));
    window.addEventListener('popstate', () => fn(parse_route()));
}
