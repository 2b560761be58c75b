// The client's reading of tournaments (web/js/net/tournaments.js), in Node: the list's
// groups, the create form's request and what it refuses, the controls a viewer gets, the
// viewer's current game, results, an arena's time left and the polling pace; and the moves a seat has
// made before Berserk is gone (screens/tournament_game_box.js).

import assert from 'node:assert/strict';
import { test } from '../harness.js';
import {
    group_tournaments, tournament_request, viewer_actions, current_game, result_text, ends_in_text,
    progress_text, poll_interval_ms, sheet_text, crosstable, crosstable_cell_text, crosstable_cell_words,
} from '../../../web/js/net/tournaments.js';
import { own_moves } from '../../../web/js/screens/tournament_game_box.js';
import { tournament_game_words } from '../../../web/js/ui/game_notice.js';
import { tournament_list, running_swiss, private_round_robin, running_arena } from '../fixtures/tournaments.js';

const node = { needs: 'node' };
const NOW = 1767229200000;

test('tournaments: the list is grouped into running, starting soon (soonest first) and over', () => {
    const g = group_tournaments(tournament_list(NOW).tournaments);
    assert.deepEqual(g.running.map((t) => t.id), [1, 3]);
    assert.deepEqual(g.upcoming.map((t) => t.id), [2, 5]);
    assert.deepEqual(g.over.map((t) => t.id), [6, 4]);
    assert.deepEqual(group_tournaments(null), { upcoming: [], running: [], over: [] });
}, node);

const form_values = (over = {}) => ({
    name: ' Club Swiss ', format: 'swiss', variant: 'chess', minutes: '3', increment: '2', days: 0, rated: true,
    starts_at: null, rounds: '5', duration_minutes: '60', min_players: '4', max_players: '32', private: false,
    join_code: '', tiebreaks: ['BH-C1', 'BH', 'SB'], ...over,
});

test('tournaments: the create request is the body of POST /api/tournaments', () => {
    assert.deepEqual(tournament_request(form_values()), {
        name: 'Club Swiss', format: 'swiss', variant: 'chess', rated: true, base_seconds: 180, increment_seconds: 2,
        rounds: 5, min_players: 4, max_players: 32, public: true, tiebreaks: 'BH-C1,BH,SB',
    });
    assert.deepEqual(tournament_request(form_values({ format: 'round_robin', days: '3', private: true, join_code: 'CLUB42',
                                                      tiebreaks: ['SB', '', 'DE'], starts_at: NOW })), {
        name: 'Club Swiss', format: 'round_robin', variant: 'chess', rated: true, days_per_move: 3, starts_at: NOW,
        min_players: 4, max_players: 32, public: false, join_code: 'CLUB42', tiebreaks: 'SB,DE',
    });
    assert.deepEqual(tournament_request(form_values({ format: 'arena', minutes: '0.5', increment: '0', duration_minutes: '45' })), {
        name: 'Club Swiss', format: 'arena', variant: 'chess', rated: true, base_seconds: 30, increment_seconds: 0,
        duration: 45, min_players: 4, max_players: 32, public: true,
    });
}, node);

test('tournaments: the create request refuses what the server would, saying what to fix', () => {
    const refused = (over, pattern) => assert.throws(() => tournament_request(form_values(over)), pattern);
    refused({ name: '   ' }, /name of 1 to 80/);
    refused({ format: 'knockout' }, /Choose a format/);
    refused({ minutes: '0' }, /Minutes each/);
    refused({ increment: '601' }, /Increment/);
    refused({ rounds: '0' }, /Rounds: a whole number from 1 to 99/);
    refused({ format: 'arena', duration_minutes: '0' }, /Duration/);
    refused({ min_players: '10', max_players: '4' }, /maximum of players is below the minimum/);
    refused({ private: true, join_code: 'ab' }, /join code of 4 to 32/);
    refused({ tiebreaks: ['BH', 'BH', ''] }, /once/);
}, node);

test('tournaments: the controls follow the state, the entry and the organiser', () => {
    const swiss = running_swiss(NOW).tournament;
    assert.deepEqual(viewer_actions(swiss, 'ann'), { login: false, join: false, join_code: false, withdraw: true,
                                                     pause: false, resume: false, start: false, end: false });
    assert.equal(viewer_actions(swiss, 'zed').join, true, 'a running Swiss takes late entries');
    assert.equal(viewer_actions(swiss, 'dee').withdraw, false, 'withdrawn already');
    assert.equal(viewer_actions(swiss, null).login, true);
    assert.equal(viewer_actions(swiss, 'org').end, true);
    const rr = private_round_robin(NOW).tournament;
    assert.deepEqual(viewer_actions(rr, 'zed'), { login: false, join: true, join_code: true, withdraw: false,
                                                  pause: false, resume: false, start: false, end: false });
    assert.equal(viewer_actions({ ...rr, state: 'running' }, 'zed').join, false, 'a round robin takes no entry once started');
    assert.equal(viewer_actions(rr, 'org').start, true);
    assert.equal(viewer_actions(private_round_robin(NOW, 'ann').tournament, 'ann').join_code, false, 'the organiser needs no code');
    const arena = running_arena(NOW).tournament;
    assert.equal(viewer_actions(arena, 'ann').pause, true);
    assert.equal(viewer_actions(arena, 'eve').resume, true);
    assert.equal(viewer_actions(arena, 'eve').pause, false);
    assert.equal(viewer_actions({ ...swiss, state: 'finished' }, 'ann').withdraw, false);
}, node);

test('tournaments: the viewer\'s current game, results, an arena\'s time left and the polling pace', () => {
    assert.equal(current_game(running_swiss(NOW).tournament, 'ann').table, 'K7QF2M');
    assert.equal(current_game(running_swiss(NOW).tournament, 'bob'), null);
    assert.equal(current_game(running_arena(NOW).tournament, 'ann').table, 'ARN001');
    assert.deepEqual(['1-0', '1/2-1/2', '+-', '-+', '--'].map((result) => result_text({ result })),
                     ['1-0', '½-½', '1-0 by forfeit', '0-1 by forfeit', 'double forfeit']);
    assert.equal(result_text({ result: '', table: 'K7QF2M' }), 'playing');
    assert.equal(result_text({ result: '', table: null }), 'not started');
    assert.equal(ends_in_text(NOW + 20 * 60000, NOW), 'ends in 20 min');
    assert.equal(ends_in_text(NOW + 3723000, NOW), 'ends in 1 h 3 min');
    assert.equal(ends_in_text(NOW + 30000, NOW), 'ends in 1 min');
    assert.equal(ends_in_text(NOW - 5000, NOW), 'ending');
    assert.deepEqual(['running', 'created', 'finished'].map((state) => poll_interval_ms({ state })), [5000, 15000, 0]);
    assert.equal(sheet_text([2, 4, 4, 0]), '2 4 4 0');
}, node);

test('tournaments: a listed Swiss or round robin is at its first round not finished', () => {
    const swiss = { format: 'swiss', state: 'running', rounds: 7, rounds_paired: 3, rounds_finished: 2 };
    assert.equal(progress_text(swiss, NOW), 'round 3 of 7');
    // The next round paired by hand ahead: still the round being played.
    assert.equal(progress_text({ ...swiss, rounds_paired: 4 }, NOW), 'round 3 of 7');
    assert.equal(progress_text({ ...swiss, rounds_paired: 7, rounds_finished: 7 }, NOW), 'round 7 of 7');
    const round_robin = { format: 'double_round_robin', state: 'running', rounds: 0, rounds_paired: 6, rounds_finished: 0 };
    assert.equal(progress_text(round_robin, NOW), 'round 1 of 6');
    assert.equal(progress_text({ ...round_robin, state: 'created' }, NOW), null);
    assert.equal(progress_text({ ...round_robin, state: 'finished' }, NOW), 'finished');
}, node);

test('tournaments: Berserk is offered until the seat has moved, and the pairing is said in words', () => {
    assert.deepEqual([0, 1, 2, 3].map((ply) => own_moves(ply, 0)), [0, 1, 1, 2]);
    assert.deepEqual([0, 1, 2, 3].map((ply) => own_moves(ply, 1)), [0, 0, 1, 1]);
    const msg = { t: 'tournament_game', table: 'K7QF2M', tournament: 1, name: 'Club Swiss', round: 2, board: 1, white: 'ann', black: 'bob' };
    assert.equal(tournament_game_words(msg, 'bob'), 'Club Swiss, round 2: your game against ann (you play Black) is ready.');
    assert.equal(tournament_game_words({ ...msg, round: undefined }, 'ann'), 'Club Swiss: your game against bob (you play White) is ready.');
}, node);

test('tournaments: the crosstable gives each player\'s result, opponent\'s rank and colour by round', () => {
    const rows = crosstable(running_swiss(NOW).tournament);
    assert.deepEqual(rows.map((r) => [r.name, ...r.cells.map(crosstable_cell_text)]), [
        ['ann', '+4w', '1b'], ['cid', '=3b', '1w'], ['bob', '=1w', 'bye'], ['dee', '-1b', 'not paired']]);
    assert.equal(crosstable_cell_words(rows[0].cells[0]), 'won against dee (rank 4) with White');
    assert.equal(crosstable_cell_words(rows[0].cells[1]), 'is playing cid (rank 1) with Black');
    const forfeit = crosstable({ standings: [{ name: 'a', rank: 1 }, { name: 'b', rank: 2 }],
                                 rounds: [{ round: 1, pairings: [{ white: 'a', black: 'b', result: '-+' }], absences: [] }] });
    assert.deepEqual(forfeit.map((r) => crosstable_cell_text(r.cells[0])), ['-2w F', '+1b F']);
}, node);
