#pragma once
// Chess and Chess960 behind the variant-neutral Game face: the position, the moves played,
// and every way a game ends (FIDE Laws articles 5 and 9) under the table's DrawRules. Chess960
// differs only in its start position and castling, which its Position carries
// (Position::chess960), and in the Variant tag of its record.

#include "rules/chess/move_generator.h"
#include "rules/chess/position.h"
#include "rules/game.h"

#include <optional>
#include <string>
#include <vector>

namespace rules::chess {

class ChessGame final : public Game {
public:
    ChessGame(const Position& start, const GameOptions& options);

    VariantId variant() const override {
        return start_.chess960 ? VariantId::Chess960 : VariantId::Chess;
    }
    int seat_to_move() const override { return position_.side; } // white 0, black 1
    int ply() const override { return static_cast<int>(moves_.size()); }
    std::vector<std::string> legal_moves() const override;
    std::vector<MoveView> legal_move_views() const override;
    Result<MoveView> play(std::string_view move) override;
    const std::vector<std::string>& moves() const override { return moves_; }
    Outcome outcome() const override;
    std::optional<Outcome> claimable_draw() const override;
    bool can_win(int seat) const override;
    std::string position() const override;
    std::string start_position() const override;
    BoardView board() const override;
    std::string record(const RecordTags& tags) const override;
    std::unique_ptr<Game> clone() const override { return std::make_unique<ChessGame>(*this); }

private:
    // What makes two positions "the same" for repetition (FIDE 9.2.3): placement, side to
    // move, castling rights, and the en passant square only when a capture there is legal.
    struct RepetitionKey {
        Bitboard by_type[6] = {};
        Bitboard by_color[2] = {};
        int side = white;
        std::uint8_t castling = 0;
        int en_passant = no_square;
        friend bool operator==(const RepetitionKey&, const RepetitionKey&) = default;
    };
    // `legal`: the legal moves of `position` (whether an en passant capture is among them).
    static RepetitionKey key_of(const Position& position, const MoveList& legal);

    // How often the current position has occurred, this time included.
    int occurrences() const;
    // The first rule that holds now, in the order checkmate, stalemate, insufficient,
    // fivefold, threefold, seventyfive-move, fifty-move; without `with_claimable` the two
    // rules a player claims (threefold, fifty-move) are left out.
    Outcome first_rule(bool with_claimable) const;
    bool accepts_moves() const;
    // Fills an empty `view` with a legal move's notation and cells, not its display form
    // (Game::legal_move_views).
    void describe(Move move, MoveView& view) const;

    Position start_;
    Position position_;
    // The legal moves of position_, generated once per position (by the constructor and by
    // play) for everything that asks: the end of the game, the legal moves a table sends out,
    // reading the next move and its SAN. A table asked for them four times a move (issue 11).
    MoveList legal_;
    GameOptions options_;
    std::vector<std::string> moves_;     // UCI
    std::vector<std::string> sans_;      // the same moves in SAN, for the record
    std::vector<RepetitionKey> history_; // every position of the game, the current one last
    // outcome() of the current position, worked out on first use and forgotten by play(): a
    // table asks for it several times a move, and each time generated every legal move.
    mutable std::optional<Outcome> outcome_;
};

} // namespace rules::chess
