#pragma once
// A game of the halma family (Chinese checkers, Halma) behind the face of rules/game.h.
// Moves are written from-to in cell names ("q1-o1"); a full chain of hops ("q1-o3-m3") is
// read too. The seat to move is seat_to_move().

#include "rules/game.h"
#include "rules/halma/layout.h"
#include "rules/halma/movegen.h"
#include "rules/halma/position.h"
#include "rules/halma/record.h"

#include <memory>
#include <string>
#include <vector>

namespace rules::halma {

class HalmaGame final : public Game {
public:
    HalmaGame(std::shared_ptr<const Layout> layout, const Position& start);

    VariantId variant() const override { return layout_->rules.id; }
    int players() const override { return layout_->players(); }
    int seat_to_move() const override { return position_.to_move; }
    int ply() const override { return static_cast<int>(moves_.size()); }
    std::vector<std::string> legal_moves() const override;
    std::vector<MoveView> legal_move_views() const override;
    Result<MoveView> play(std::string_view move) override;
    const std::vector<std::string>& moves() const override { return moves_; }
    Result<Outcome> retire(int seat) override;
    Outcome outcome() const override;
    std::optional<Outcome> claimable_draw() const override { return std::nullopt; }
    bool can_win(int seat) const override;
    std::string position() const override;
    std::string start_position() const override;
    BoardView board() const override;
    std::string record(const RecordTags& tags) const override;
    std::unique_ptr<Game> clone() const override;

private:
    void enter(const Position& position);
    std::string notation(Move move) const;
    MoveView view_of(Move move, std::vector<int> path) const;
    struct Found {
        Move move;
        MoveView view;
    };
    Result<Found> find_move(std::string_view text) const;

    std::shared_ptr<const Layout> layout_;
    Position start_;
    Position position_;
    std::vector<std::string> moves_;
    std::vector<int> movers_; // the seat of each move played
    std::vector<Leave> leaves_;
    std::vector<Move> legal_; // of position_; empty when the game is over
};

// A game under any row of rules, for tests of the options (`fen` empty: the start).
Result<std::unique_ptr<Game>> make_game_with_rules(const Rules& rules, std::string_view fen);

} // namespace rules::halma
