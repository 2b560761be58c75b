// Runs the browser tests: starts a static server for web/ (board and gallery tests), takes
// the game server's address from TABULA_URL (lobby tests), writes "passed failed" to the file
// named by RESULT_FILE and prints the summary. Called by run.sh.

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { start_static_server } from './static_server.js';
import { attach_mock_socket } from './mock_socket_server.js';
import { run_all } from './harness.js';
import { restart_available, kill_tabula, start_tabula } from './tabula_server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const web_dir = path.resolve(here, '../../web');

const files = ['modules.test.js', 'a11y.test.js', 'notation.test.js', 'halma_cells.test.js', 'halma_page.test.js', 'table_state.test.js', 'group_challenges.test.js', 'challenge_endings.test.js', 'tournaments.test.js', 'gallery.test.js', 'board_input.test.js', 'hop_board.test.js', 'app_shell.test.js', 'screens.test.js',
               'socket.test.js', 'tournament_screens.test.js', 'table_resume.test.js',
               'lobby.test.js', 'e2e_game.test.js', 'e2e_table.test.js', 'e2e_table_state.test.js',
               'e2e_accounts.test.js', 'e2e_game_page.test.js', 'e2e_a11y.test.js', 'e2e_players.test.js', 'e2e_computer.test.js', 'e2e_computer_group.test.js', 'e2e_halma.test.js', 'e2e_group.test.js', 'e2e_group_challenge.test.js',
               'e2e_variants.test.js', 'e2e_tournament.test.js',
               'e2e_restart.test.js']; // last: it restarts tabula serve
// Every file in tests/ runs: one left out of the list above would pass by never running.
const unlisted = (await fs.readdir(path.join(here, 'tests')))
    .filter((f) => f.endsWith('.test.js') && !files.includes(f));
if (unlisted.length) {
    console.log(`browser tests not listed in runner.js: ${unlisted.join(', ')}`);
    process.exit(1);
}
for (const f of files) await import(`./tests/${f}`);

const server = await start_static_server(web_dir);
const mock_server = await start_static_server(web_dir);
attach_mock_socket(mock_server);
const env = {
    static_url: `http://127.0.0.1:${server.address().port}`,
    mock_url: `http://127.0.0.1:${mock_server.address().port}`,
    tabula_url: process.env.TABULA_URL || '',
    tabula_failure: process.env.TABULA_FAILURE || '',
    filter: process.env.TEST_FILTER || '',
    // Kill and start again the real server (same port and database); null without run.sh.
    tabula_restart: restart_available() ? { kill: () => kill_tabula(), start: () => start_tabula() } : null,
    artifacts: path.join(here, 'artifacts'),
};
await fs.mkdir(env.artifacts, { recursive: true });
let result = { passed: 0, failed: 1 };
try {
    result = await run_all(env);
} catch (err) {
    console.log(`browser tests could not run: ${err.message}`);
} finally {
    server.close();
    mock_server.closeAllConnections?.();
    mock_server.close();
}
if (process.env.RESULT_FILE) {
    await fs.writeFile(process.env.RESULT_FILE, `${result.passed} ${result.failed}\n`);
} else {
    console.log(`browser: ${result.passed} passed, ${result.failed} failed`);
}
process.exit(result.failed ? 1 : 0);
