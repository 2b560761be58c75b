// Turns clicks on cells into one legal move, using nothing but the legal move list
// ([{move, path, captures}], docs/protocol.md 7.1). A selection is a path prefix: the origin, then any
// landing squares clicked so far, so a draughts multi-capture can be picked by clicking
// through its path, or by its destination alone when only one path ends there.

function starts_with(path, prefix) {
    if (path.length < prefix.length) return false;
    for (let i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
    return true;
}

function same_path(a, b) {
    return a.length === b.length && starts_with(a, b);
}

function distinct_paths(moves) {
    const seen = new Map();
    for (const m of moves) seen.set(m.path.join(','), m.path);
    return [...seen.values()];
}

export class MovePicker {
    constructor(moves = []) {
        this.set_moves(moves);
    }

    set_moves(moves) {
        this.moves = (moves || []).filter((m) => Array.isArray(m.path) && m.path.length >= 2);
        this.prefix = [];
    }

    origins() {
        return new Set(this.moves.map((m) => m.path[0]));
    }

    selected() {
        return this.prefix.length ? this.prefix[0] : -1;
    }

    cancel() {
        this.prefix = [];
    }

    // Moves still possible with the current selection.
    candidates() {
        return this.prefix.length ? this.moves.filter((m) => starts_with(m.path, this.prefix)) : [];
    }

    // What to show for the selection: cells one click can reach next, final destinations,
    // and the cells those moves capture.
    hints() {
        const cands = this.candidates();
        const next = new Set();
        const ends = new Set();
        const captures = new Set();
        for (const m of cands) {
            next.add(m.path[this.prefix.length]);
            ends.add(m.path[m.path.length - 1]);
            for (const c of m.captures || []) captures.add(c);
        }
        return { next, ends, captures };
    }

    // Handles a click (or a drop) on `cell`. Returns one of
    //   {kind: 'select', cell}        a piece that can move is now selected
    //   {kind: 'extend', prefix}      a landing square was added to the selection
    //   {kind: 'move', moves}         done: one path; several moves only for a promotion choice
    //   {kind: 'ambiguous', paths}    several paths end there: click through the path
    //   {kind: 'cancel'}              the selection was dropped
    //   {kind: 'none'}                nothing to do
    click(cell) {
        if (!this.prefix.length) {
            if (this.origins().has(cell)) {
                this.prefix = [cell];
                return { kind: 'select', cell };
            }
            return { kind: 'none' };
        }
        if (this.prefix.length === 1 && cell === this.prefix[0]) {
            this.cancel();
            return { kind: 'cancel' };
        }
        const cands = this.candidates();
        const stepping = cands.filter((m) => m.path[this.prefix.length] === cell);
        if (stepping.length) {
            // A move that ends on this cell wins over one that goes on through it.
            const ending_here = stepping.filter((m) => m.path.length === this.prefix.length + 1);
            if (ending_here.length) return this.finish(ending_here);
            const paths = distinct_paths(stepping);
            if (paths.length === 1) return this.finish(stepping);
            this.prefix = [...this.prefix, cell];
            return { kind: 'extend', prefix: [...this.prefix] };
        }
        const ending = cands.filter((m) => m.path[m.path.length - 1] === cell);
        const paths = distinct_paths(ending);
        if (paths.length === 1) return this.finish(ending);
        if (paths.length > 1) return { kind: 'ambiguous', paths };
        if (this.origins().has(cell)) {
            this.prefix = [cell];
            return { kind: 'select', cell };
        }
        this.cancel();
        return { kind: 'cancel' };
    }

    finish(moves) {
        this.cancel();
        return { kind: 'move', moves };
    }
}

// The moves with exactly this path (several only for chess promotions).
export function moves_with_path(moves, path) {
    return moves.filter((m) => same_path(m.path, path));
}

function normalise(text) {
    return text.trim().replace(/[+#!?]+$/, '').replace(/[-x:]/g, '').replace(/=/g, '');
}

// The forms a move may be typed in besides its notation: its squares by name, all of them
// ("c3e5g7") or origin and destination ("c3g7").
function square_forms(move, name_cell) {
    if (!name_cell || !Array.isArray(move.path) || move.path.length < 2) return [];
    const names = move.path.map(name_cell);
    return [names.join(''), names[0] + names[names.length - 1]];
}

// Finds the legal move a player typed: its canonical notation, exactly, then ignoring check
// marks, '=' and separators ('e2-e4' = 'e2e4', '28x19x10' = '281910'), or its squares by name
// when `name_cell(cell)` is given ('c3xe5xg7', 'c3-g7'); only a unique match counts. Returns
// {move}, {error}, or {text} when nothing in the list matches: legal moves carry no display
// form (protocol 3), so SAN ('Nf3', 'exd5', 'O-O') is sent as typed and the server, which
// reads every notation of the variant, plays it or says why not.
export function match_typed_move(moves, text, name_cell) {
    const typed = (text || '').trim();
    if (!typed) return { error: 'Type a move first.' };
    const exact = moves.filter((m) => m.move === typed);
    if (exact.length === 1) return { move: exact[0] };
    const loose = normalise(typed);
    const found = moves.filter((m) => normalise(m.move) === loose
        || square_forms(m, name_cell).includes(loose.toLowerCase()));
    if (found.length === 1) return { move: found[0] };
    const folded = moves.filter((m) => normalise(m.move).toLowerCase() === loose.toLowerCase());
    if (found.length === 0 && folded.length === 1) return { move: folded[0] };
    if (found.length > 1 || folded.length > 1) return { error: `${typed} could mean several moves.` };
    return { text: typed };
}
