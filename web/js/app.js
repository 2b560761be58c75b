// The app shell: one socket and API for the page, the header tools (theme, sound, connection
// status, reconnecting banner), the user session, and the screen for the current route.

import { Socket } from './net/socket.js';
import { Api } from './net/api.js';
import { parse_route, on_route, go } from './router.js';
import { apply_theme, toggle_theme, current_theme } from './ui/theme.js';
import { sound_enabled, set_sound_enabled } from './ui/sound.js';
import { attach_connection_banner } from './ui/connection_banner.js';
import { Session } from './session.js';
import { LobbyScreen } from './screens/lobby.js';
import { TableScreen } from './screens/table.js';
import { AccountScreen } from './screens/account.js';
import { TournamentsScreen } from './screens/tournaments.js';
import { TournamentScreen } from './screens/tournament.js';
import { GameNotice } from './ui/game_notice.js';

apply_theme();
const socket = new Socket();
const api = new Api(socket);
const session = new Session(api, socket);
const main = document.getElementById('main');
const app = { socket, api, session };

attach_connection_banner(socket, document.getElementById('reconnecting'),
                         document.getElementById('connection-status'));

const theme_button = document.getElementById('theme-toggle');
const show_theme = () => {
    const light = current_theme() === 'light';
    theme_button.textContent = light ? 'Dark theme' : 'Light theme';
    theme_button.setAttribute('aria-pressed', String(light));
};
theme_button.addEventListener('click', () => { toggle_theme(); show_theme(); });
show_theme();

const sound_button = document.getElementById('sound-toggle');
const show_sound = () => {
    sound_button.textContent = sound_enabled() ? 'Sound on' : 'Sound off';
    sound_button.setAttribute('aria-pressed', String(sound_enabled()));
};
sound_button.addEventListener('click', () => { set_sound_enabled(!sound_enabled()); show_sound(); });
show_sound();

const SCREENS = { lobby: LobbyScreen, table: TableScreen, account: AccountScreen,
                  tournaments: TournamentsScreen, tournament: TournamentScreen };
// The header's link of each screen (a tournament's page is under "Tournaments").
const NAV = { tournament: 'tournaments' };
let screen = null;
const notice = new GameNotice(document.getElementById('game-notice'));

function show(route) {
    if (screen) screen.destroy();
    main.replaceChildren();
    for (const a of document.querySelectorAll('[data-nav]')) {
        if (a.dataset.nav === (NAV[route.screen] || route.screen)) a.setAttribute('aria-current', 'page');
        else a.removeAttribute('aria-current');
    }
    if (route.screen === 'table' && route.code === notice.code) notice.clear();
    screen = new SCREENS[route.screen](main, app, route);
    document.body.dataset.screen = route.screen;
}

// A ladder game made for us opens at once, unless we are at a table already.
api.on('ladder_game', (msg) => {
    if (typeof msg.table === 'string' && document.body.dataset.screen !== 'table') go(`#/table/${msg.table}`);
});

// A tournament paired us (§7.15): its table opens at once, unless we are seated at a game
// not over; then a line under the header says so, with the link.
api.on('tournament_game', (msg) => {
    if (screen instanceof TableScreen && screen.code === msg.table) return;
    if (screen instanceof TableScreen && screen.in_game()) {
        notice.show(msg, session.user ? session.user.name : (api.player && api.player.name));
        return;
    }
    go(`#/table/${msg.table}`);
});

// A group challenge everyone accepted made its table (§7.9, change `matched`): it opens at
// once for each of its players, unless at a table already (as a ladder game).
api.on('group_challenge', (msg) => {
    if (msg.change === 'matched' && msg.code && document.body.dataset.screen !== 'table') go(`#/table/${msg.code}`);
});

on_route(show);
show(parse_route());
socket.connect();
document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') socket.retry_now();
});
window.tabula = app; // for the browser tests and the console
