#pragma once
// A game of Turkish draughts behind the variant-neutral face of rules/game.h.

#include "rules/color.h"
#include "rules/game.h"
#include "rules/turkish/notation.h"

#include <optional>
#include <string>
#include <vector>

namespace rules::turkish {

class TurkishGame final : public Game {
public:
    TurkishGame(const Position& start, const GameOptions& options);

    VariantId variant() const override { return VariantId::Turkish; }
    int seat_to_move() const override { return seat_of_color(position_.side); }
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
    std::unique_ptr<Game> clone() const override;

private:
    void enter(const Position& position); // sets the position and the cached moves
    bool moves_allowed() const;           // false once a result (or an ending draw) holds
    Result<const LegalMove*> find_move(std::string_view text) const;

    Position start_;
    Position position_;
    GameOptions options_;
    std::vector<std::string> moves_;
    std::vector<Position> history_; // since the last irreversible move, current included
    std::vector<LegalMove> legal_;  // of position_
};

// One cell of BoardView per square: row 0 is rank 8, column 0 is file a.
int cell_of(int square);

} // namespace rules::turkish
