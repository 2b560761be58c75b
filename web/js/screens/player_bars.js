// The two player bars of a two-seat table, above and below the board: the seat shown at the
// bottom of the board has the bottom bar. A bar shows its seat's colour (White, Black; on a
// HopBoard the colour of the seat's pieces), the player, the chess material it is up and its
// clock. A table of more than two seats has the seat list instead (seat_list.js).

import { material } from '../board/material.js';
import { seat_color } from '../net/table_state.js';
import { player_bar } from './table_view.js';
import { seat_style_colour } from './table_board.js';

export class PlayerBars {
    constructor() {
        this.top = player_bar('black');
        this.bottom = player_bar('white');
        this.seats = [1, 0]; // the seat of the top bar and of the bottom one
    }

    set hidden(hidden) {
        this.top.bar.hidden = this.bottom.bar.hidden = hidden;
    }

    // `bottom_seat`: the seat at the bottom of the board; `hop`: the board is a HopBoard;
    // `grid`: the position shown (the material of each side).
    show(s, bottom_seat, hop, grid) {
        this.seats = [1 - bottom_seat, bottom_seat];
        const m = hop ? null : material(grid, s.variant);
        [this.top, this.bottom].forEach((bar, i) => {
            const seat = this.seats[i];
            const colour = seat_color(seat);
            bar.colour = colour;
            bar.bar.dataset.colour = colour;
            if (hop) bar.bar.dataset.style = seat_style_colour(s.variant, seat);
            else delete bar.bar.dataset.style;
            bar.show(s.seats[seat], hop ? `seat ${seat + 1}` : colour);
            bar.show_material(m ? m[colour] : null);
        });
    }

    // `c`: clocks_now() of table_state.js; `low_ms`: below it a clock shows its low time.
    show_clocks(c, low_ms) {
        [this.top, this.bottom].forEach((bar, i) => {
            const seat = this.seats[i];
            bar.show_clock(c ? c.remaining_ms[seat] : null, !!c && c.running === seat, low_ms);
        });
    }
}
