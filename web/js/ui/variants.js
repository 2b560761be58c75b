// Variant ids and their names for people; the family decides how pieces are read.
export const VARIANTS = [
    ['chess', 'Chess'],
    ['chess960', 'Chess960 (Fischer random)'],
    ['international', 'International draughts'],
    ['brazilian', 'Brazilian draughts'],
    ['russian', 'Russian draughts'],
    ['english', 'English draughts (checkers)'],
    ['italian', 'Italian draughts'],
    ['spanish', 'Spanish draughts'],
    ['pool', 'Pool checkers'],
    ['czech', 'Czech draughts'],
    ['turkish', 'Turkish draughts'],
    ['antidraughts', 'Antidraughts'],
    ['russian-giveaway', 'Russian giveaway'],
    ['frisian', 'Frisian draughts'],
    ['frysk', 'Frysk!'],
    ['breakthrough', 'Breakthrough draughts'],
    ['killer', 'Killer draughts'],
    ['chinese-checkers-2', 'Chinese checkers (2 players)'],
    ['halma-2', 'Halma (2 players)'],
    ['chinese-checkers-3', 'Chinese checkers (3 players)'],
    ['chinese-checkers-4', 'Chinese checkers (4 players)'],
    ['chinese-checkers-6', 'Chinese checkers (6 players)'],
    ['halma-4', 'Halma (4 players)'],
];

// The number of players of a variant: the games of more than two are named by it
// (chinese-checkers-3, halma-4; rules/halma/README.md), every other game seats two.
export function variant_players(id) {
    const m = /^(?:chinese-checkers|halma)-(\d)$/.exec(id || '');
    return m ? Number(m[1]) : 2;
}

export function variant_name(id) {
    const found = VARIANTS.find(([v]) => v === id);
    return found ? found[1] : id;
}

// The chess family: the same pieces, board, notation and records (PGN) as chess.
export function is_chess_variant(variant) {
    return variant === 'chess' || variant === 'chess960';
}

export function record_format(variant) {
    return is_chess_variant(variant) ? 'pgn' : 'pdn';
}
