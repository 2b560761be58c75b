// A game's record (PGN for chess, PDN for draughts) written from what the table state holds:
// the start position, the moves as the server displays them (SAN; PDN squares), the players,
// the variant and the result, dated by the state's `started_at`. It is there during the game
// and without a database too (a finished stored game also links its record at /api by
// `game_id`), so the game page writes the record itself, as the server would:
// the seven-tag roster (PGN 8.1.1), SetUp/FEN for a chess game from another position,
// GameType (PDN 3.0: 20 international, 21 english, 22 italian, 23 pool, 24 spanish,
// 25 russian, 26 brazilian, 29 czech, 30 turkish; the giveaway games take their board's number
// and a Variant tag, as rules/draughts/pdn_record.cpp writes), and draughts results 2-0, 0-2, 1-1;
// Chinese checkers and Halma as rules/halma/record.cpp writes them.

import { first_mover, fen_side } from '../board/notation.js';
import { is_chess_variant } from '../ui/variants.js';
import { halma_start_position, is_halma_variant } from '../board/halma_cells.js';
import { game_over } from '../net/table_state.js';

const CHESS_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const GAME_TYPES = {
    international: ['20'], english: ['21'], italian: ['22'], pool: ['23'], spanish: ['24'],
    russian: ['25'], brazilian: ['26'], czech: ['29'], turkish: ['30'],
    antidraughts: ['20', 'antidraughts'], 'russian-giveaway': ['25', 'russian-giveaway'],
    frisian: ['40'], frysk: ['40', 'frysk'], breakthrough: ['20', 'breakthrough'], killer: ['20', 'killer'],
};

function tag(name, value) {
    return `[${name} "${String(value).replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]/g, ' ')}"]`;
}

// `result` as the wire has it (kind win, draw, aborted; winner a seat, 0 White).
function result_token(result, chess) {
    if (!result || result.kind === 'aborted') return '*';
    if (result.kind === 'draw') return chess ? '1/2-1/2' : '1-1';
    if (result.winner === 0) return chess ? '1-0' : '2-0';
    return chess ? '0-1' : '0-2';
}

// The score of a finished game of two as its record writes it ("1-0", "0-2", "1/2-1/2" shown
// as "½-½"), for the end of the move list; '' while it is on, for an aborted game and for a
// game of more than two.
export function result_score(state) {
    if (!game_over(state) || state.seats.length > 2) return '';
    const token = result_token(state.result, is_chess_variant(state.variant) || is_halma_variant(state.variant));
    return token === '*' ? '' : token.replace('1/2-1/2', '½-½');
}

function date_tag(at) {
    const d = new Date(at);
    const two = (n) => String(n).padStart(2, '0');
    return `${d.getUTCFullYear()}.${two(d.getUTCMonth() + 1)}.${two(d.getUTCDate())}`;
}

// Numbered movetext wrapped before 80 characters; pairs open with the variant's first mover.
function movetext(moves, opens_pair_first, result) {
    const words = [];
    let number = 1;
    let in_pair = !opens_pair_first;
    if (!opens_pair_first && moves.length) words.push('1...');
    for (const m of moves) {
        if (!in_pair) words.push(`${number}.`);
        words.push(m);
        if (in_pair) number += 1;
        in_pair = !in_pair;
    }
    words.push(result);
    const lines = [];
    let line = '';
    for (const w of words) {
        if (line && line.length + 1 + w.length > 79) {
            lines.push(line);
            line = w;
        } else {
            line = line ? `${line} ${w}` : w;
        }
    }
    if (line) lines.push(line);
    return lines.join('\n');
}

// Chinese checkers and Halma for two, as rules/halma/record.cpp writes them: Seat1 and Seat2
// instead of White and Black, results 1-0 / 0-1 / 1/2-1/2, the Variant tag, FEN only for
// another start, and a move number before each of the first seat's moves.
// `roster`: the Event, Site, Date and Round tags.
function halma_record(state, roster, result, seat) {
    const tags = [...roster, tag('Seat1', seat(0)), tag('Seat2', seat(1)), tag('Result', result),
                  tag('Variant', state.variant)];
    const start = state.start_position || '';
    if (start && start !== halma_start_position(state.variant)) tags.push(tag('FEN', start));
    const opens = !start.startsWith('2:');
    return `${tags.join('\n')}\n\n${movetext(state.moves.map((m) => m.display || m.move), opens, result).replace(/^1\.\.\. /, '1. ')}\n`;
}

// {name, text}: the file name and the record of the game shown in `state` (table_state.js).
export function game_record(state, site, now = Date.now()) {
    const halma = is_halma_variant(state.variant);
    const chess = is_chess_variant(state.variant);
    // The halma family writes its results as chess does (1-0, 0-1, 1/2-1/2).
    const result = game_over(state) ? result_token(state.result, chess || halma) : '*';
    const seat = (i) => (state.seats[i] ? state.seats[i].name : '?');
    const tags = [
        tag('Event', `Tabula ${state.rated ? 'rated' : 'casual'} game`),
        tag('Site', site),
        tag('Date', date_tag(state.started_at || now)),
        tag('Round', state.game_number ? String(state.game_number) : '-'),
        tag('White', seat(0)),
        tag('Black', seat(1)),
        tag('Result', result),
    ];
    if (halma) {
        return { name: `tabula-${state.code}-${state.game_number || 1}.pdn`,
                 text: halma_record(state, tags.slice(0, 4), result, seat) };
    }
    const start = state.start_position || '';
    if (state.variant === 'chess960') { // always with its start, as rules/chess/pgn_writer.cpp
        tags.push(tag('Variant', 'Chess960'), tag('SetUp', '1'), tag('FEN', start));
    } else if (chess) {
        if (start && start !== CHESS_START) tags.push(tag('SetUp', '1'), tag('FEN', start));
    } else {
        const [type, variant] = GAME_TYPES[state.variant] || ['20'];
        tags.push(tag('GameType', type));
        if (variant) tags.push(tag('Variant', variant));
        if (start) tags.push(tag('FEN', start));
    }
    const starts = fen_side(start, state.variant) || first_mover(state.variant);
    const opens = starts === (chess ? 'white' : first_mover(state.variant));
    const text = `${tags.join('\n')}\n\n${movetext(state.moves.map((m) => m.display || m.move), opens, result)}\n`;
    const name = `tabula-${state.code}-${state.game_number || 1}.${chess ? 'pgn' : 'pdn'}`;
    return { name, text };
}
