// The board of the table screen: made from the first state once the variant is known (a
// HopBoard for Chinese checkers and Halma, a Board for the rest; a table keeps its variant, a
// rematch too, so the board stays), turned to the player's side, and given the position shown
// with what the board of the variant needs besides. The HopBoard draws no strip of names
// above the star or square: the player bars (two seats) or the seat list (more) name the
// players, once (issue 35), and the board keeps its height.

import { Board } from '../board/board.js';
import { HopBoard } from '../board/hop_board.js';
import { SEAT_CORNERS, is_halma_variant } from '../board/halma_cells.js';
import { corner_style, PIECE_STYLES } from '../board/halma_pieces.js';
import { board_numbers } from '../board/notation.js';
import { game_over, seats_by_place, seat_color } from '../net/table_state.js';
import { player_names } from './table_words.js';

// The piece style (halma_pieces.js) of each seat of a halma variant, in turn order.
export function seat_styles(variant) {
    const shape = variant.startsWith('halma') ? 'square' : 'star';
    return SEAT_CORNERS[variant].map((corner) => corner_style(shape, corner));
}

// The colour of a seat's pieces on a HopBoard ('red'), for the player bar that matches them.
export function seat_style_colour(variant, seat) {
    return PIECE_STYLES[seat_styles(variant)[seat]].colour;
}

export class TableBoard {
    // `holder`: the element the board goes in; `label` names it; `on_move(move)`;
    // `on_premove({from, to})` (Board only).
    constructor(holder, { label, on_move, on_premove }) {
        Object.assign(this, { holder, label, on_move, on_premove });
        this.board = null; // made by make() once the variant is known
        this.hop = false; // the board is a HopBoard (Chinese checkers, Halma)
        this.hop_turn = 0; // the HopBoard shows the home of the seat this many after one's own
    }

    make(variant) {
        if (this.board) return;
        this.hop = is_halma_variant(variant);
        const options = { label: this.label, on_move: this.on_move, arrows_step_moves: true };
        this.board = this.hop ? new HopBoard(this.holder, { ...options, strip: false })
            : new Board(this.holder, { ...options, on_premove: this.on_premove });
    }

    // Turns the board: a HopBoard to the next seat's home (half a turn at two seats).
    flip(seats) {
        if (this.hop) this.hop_turn = (this.hop_turn + 1) % seats;
        else this.board.flip();
    }

    // One's own side at the bottom (a new game: a rematch moves the seats).
    face(s) {
        if (this.hop) this.hop_turn = 0;
        else if (s.you !== null) this.board.orientation = seat_color(s.you);
    }

    // The seat shown at the bottom: one's own (spectators: the first seat's), turned by flips.
    viewer_seat(s) {
        if (!this.hop) return this.board.orientation === seat_color(1) ? 1 : 0;
        return ((s.you ?? 0) + this.hop_turn) % s.seats.length;
    }

    // Shows `grid` (the live position, one drawn at once, or an earlier one) with `last` (its
    // last move) and `moves` (those the player may make now). `past`: an earlier position is
    // shown, `shown` moves into the game; `premove`: {side, premove} while premoves are offered.
    show(s, { grid, last, moves, past, shown, premove }) {
        if (this.hop) {
            this.board.set(this.hop_view(s, grid, last, moves, past, shown));
            return;
        }
        this.board.set({ grid, variant: s.variant, last_move: last, moves,
                         numbers: board_numbers(grid, s.variant),
                         squares: s.variant === 'turkish' ? 'plain' : s.variant === 'spanish' ? 'light' : null,
                         premove_side: premove ? premove.side : null, premove: premove ? premove.premove : null });
    }

    // What a HopBoard shows besides the grid: the seat to move (in an earlier position the
    // owner of the piece its next move takes, since turns skip the seats that finished or left;
    // none once the game is over), the players by seat, the places once over (else the seats
    // finished so far), the seats that left, and the viewer's home at the bottom.
    hop_view(s, grid, last, moves, past, shown) {
        let seat_to_move = s.status === 'playing' ? s.to_move : -1;
        if (past) {
            const next = s.moves[shown];
            const from = next && Array.isArray(next.path) && next.path.length ? next.path[0] : -1;
            const piece = from >= 0 ? grid.cells[from] : '';
            seat_to_move = piece >= '1' && piece <= '6' ? Number(piece) - 1 : -1;
        }
        const finished = !game_over(s) || !s.result ? s.finished
            : s.result.kind === 'ranked' ? seats_by_place(s.result.places)
                : s.result.kind === 'win' ? [s.result.winner, 1 - s.result.winner] : [];
        const retired = s.seats.flatMap((p, i) => (p && p.retired ? [i] : []));
        return { grid, variant: s.variant, last_move: last, moves, seat_to_move, finished, retired,
                 seat_names: player_names(s), viewer_seat: this.viewer_seat(s) };
    }
}
