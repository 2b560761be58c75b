#pragma once
// The variant-neutral face of the rules library: everything above rules/ (lobby, server, the
// command line) sees games only through this header. One implementation per family hides
// behind make_game(); a variant is never branched on outside rules/.

#include "rules/cells.h"
#include "rules/result.h"
#include "rules/variant.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rules {

// How a game stands, by seat (Game::players(): seat 0 is White in chess and draughts).
// `reason` is a stable name the server passes on to players: "checkmate", "stalemate",
// "insufficient", "threefold", "fifty-move", "fivefold", "seventyfive-move", "no-moves",
// "25-move", "20-move", "16-move", "7-move", "king-v-king", "breakthrough", "finished",
// "move-limit", "retired" (Game::retire: everyone else left), … (empty while ongoing).
//
// Chess and draughts end in a Win of one seat (`winner`) or a Draw. A game of more than two
// players (the halma family) ends Ranked by `places`: the place of each seat, in seat order,
// 1 for the first to finish; seats that tie share a place. A two-player halma game ends in a
// Win or a Draw like any game of two, and carries its `places` as well. `winner` is -1 unless
// the status is Win; `places` is empty but for the halma family.
struct Outcome {
    enum class Status : std::uint8_t { Ongoing, Win, Draw, Ranked };
    Status status = Status::Ongoing;
    std::string reason;
    int winner = -1;
    std::vector<int> places{};

    static Outcome win(int seat, std::string why) {
        return Outcome{.status = Status::Win, .reason = std::move(why), .winner = seat};
    }
    static Outcome draw(std::string why, std::vector<int> by_seat = {}) {
        return Outcome{
            .status = Status::Draw, .reason = std::move(why), .places = std::move(by_seat)};
    }
    static Outcome ranked(std::vector<int> by_seat, std::string why) {
        return Outcome{
            .status = Status::Ranked, .reason = std::move(why), .places = std::move(by_seat)};
    }

    bool over() const { return status != Status::Ongoing; }
    bool won_by(int seat) const { return status == Status::Win && winner == seat; }
    friend bool operator==(const Outcome&, const Outcome&) = default;
};

// When the draw rules (repetition, move counters) end a game.
enum class DrawRules : std::uint8_t {
    Automatic, // Tabula's default: the game ends as soon as any draw rule holds
    Claim,     // FIDE way: threefold and fifty-move are claimed (claimable_draw); fivefold
               // and seventy-five-move still end the game automatically
    ReportOnly // analysis and replay: no draw rule ends the game; outcome() reports the first
               // rule that holds in the current position, and play() goes on while a move exists
};

struct GameOptions {
    DrawRules draw_rules = DrawRules::Automatic;
};

// A board as a grid, the same for every family, so a client can draw any variant without
// knowing its rules. Row 0 is the far side as White sees it (rank 8, or the row Black starts
// on), column 0 is White's left. Cells: '.' an empty playable square, ' ' a square no piece
// may stand on (the light squares in draughts); chess pieces are FEN letters (PNBRQK white,
// pnbrqk black); draughts pieces are 'w' white man, 'W' white king, 'b' black man,
// 'B' black king; halma pieces are the seat numbers '1' to '6' (seat 0 is '1'). The star of
// Chinese checkers lies on a 17 x 25 grid whose playable cells are those with row + col
// even (neighbours two columns apart in a row, one column apart on the next row).
struct BoardView {
    int rows = 8;
    int cols = 8;
    std::string cells;  // rows * cols characters, row by row
    int check_cell = -1; // chess: the cell of the king in check, else -1
};

// One move as players see it. `path` lists cells (row * cols + col) from the origin through
// every landing square to the destination; `captures` the cells of the pieces it takes.
struct MoveView {
    std::string notation; // canonical: UCI for chess ("e7e8q"), PDN for draughts ("28x19x10")
    std::string display;  // for the move list: SAN for chess ("e8=Q+"), PDN for draughts
    Cells path;     // kept in place up to six cells (rules/cells.h)
    Cells captures;
};

// Tags for a PGN / PDN record. The result comes from the game's outcome unless `outcome`
// is set, which the table does when the game ended outside the rules (flag, resignation,
// agreement); then `termination` says how.
struct RecordTags {
    std::string event = "Tabula game";
    std::string site = "Tabula";
    std::string date = "????.??.??";
    std::string round = "-";
    std::string white = "?";
    std::string black = "?";
    std::optional<Outcome> outcome;
    std::string termination;
    std::vector<std::pair<std::string, std::string>> extra;
    std::vector<std::string> seats{}; // games of more than two: the players by seat (else
                                      // white and black name the two)
};

// A game in progress. One implementation per family (chess, draughts, turkish, halma).
class Game {
public:
    virtual ~Game() = default;

    virtual VariantId variant() const = 0;

    // Seats, numbered from 0 in turn order round the board. Chess and draughts: seat 0 is
    // White, seat 1 Black. The halma family seats 2 to 6, seat 0 moving first.
    virtual int players() const { return 2; }
    // The seat to move: the one way to say whose turn it is.
    virtual int seat_to_move() const = 0;

    virtual int ply() const = 0; // plies played since the start position

    // Legal moves in canonical notation; empty when the game is over.
    virtual std::vector<std::string> legal_moves() const = 0;
    // The same with their cells, for a player to pick from. `display` is left empty: a table
    // sends these on every move, and SAN would cost chess a check test per legal move; the
    // move played carries its display form (play()). Issue 11.
    virtual std::vector<MoveView> legal_move_views() const = 0;

    // Plays a move written in any notation the family reads (chess: UCI or SAN; draughts:
    // numeric PDN, short or full path, or algebraic squares). Accepted only if it names
    // exactly one legal move; otherwise nothing changes and the error says why
    // (codes: "illegal_move", "ambiguous_move", "bad_move_syntax", "game_over").
    virtual Result<MoveView> play(std::string_view move) = 0;

    // Canonical notation of every move played, in order.
    virtual const std::vector<std::string>& moves() const = 0;

    // Games of more than two players (players() > 2): `seat` leaves before finishing
    // (resigned, out of time, abandoned). Its pieces stay where they stand as obstacles, turns
    // skip it, and it places behind everyone still playing; a later leaver places ahead of an
    // earlier one. If the seat to move leaves, the turn passes on to the next seat still
    // playing. The game ends as soon as at most one player is left playing: reason "finished"
    // if someone has finished, "retired" if nobody has (all the others left; the one still
    // playing places first). Returns the outcome after the leave.
    // Errors (nothing changes): "not_allowed" (chess, draughts and two-player games: the table
    // ends those itself), "game_over", "bad_seat" (no such seat, finished or already left).
    //
    // A leave is not a move: moves() and ply() do not change. A table that keeps a game as its
    // moves keeps each leave beside them as (seat, ply() at the call), and rebuilds the game by
    // calling retire(seat) when ply() equals the stored ply, before the move stored at that
    // ply (leaves at the same ply in the order they happened, those after the last move at the
    // end). The same calls give the same position and outcome: retire depends on nothing but
    // the position. position() carries who has left and record() shows each leave (halma:
    // rules/halma/README.md), so `tabula replay` replays them.
    virtual Result<Outcome> retire(int) {
        return Error{"not_allowed", "a player leaves only a game of more than two players; a "
                                    "two-player game is decided by the table"};
    }

    virtual Outcome outcome() const = 0;

    // Under DrawRules::Claim: the draw a player may claim now (threefold, fifty-move), if any.
    virtual std::optional<Outcome> claimable_draw() const = 0;

    // False when `seat` could not win by any series of legal moves (FIDE 6.9 for chess:
    // when the flag falls, the game is drawn instead of lost if the opponent cannot win).
    virtual bool can_win(int seat) const = 0;

    virtual std::string position() const = 0;       // FEN / draughts FEN, canonical form
    virtual std::string start_position() const = 0; // the position the game started from
    virtual BoardView board() const = 0;
    virtual std::string record(const RecordTags& tags) const = 0; // PGN / PDN
    virtual std::unique_ptr<Game> clone() const = 0;
};

// Starts a game of a variant. `position` empty means the standard start position; a bad
// position is an Error (code "bad_fen") with the reason, never an exception or a crash.
Result<std::unique_ptr<Game>> make_game(VariantId id, std::string_view position = {},
                                        const GameOptions& options = {});

// Builds, once per process, the tables some families otherwise compute on their first game:
// chess's attack tables (0.9 MB, about 8 ms of CPU) and the halma family's boards and layouts.
// Optional, thread-safe and idempotent: make_game() builds what it lacks itself. A server calls
// it at start-up, so that the first game of a variant does not stall its thread.
void build_tables();

} // namespace rules
