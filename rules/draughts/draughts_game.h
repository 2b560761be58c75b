#pragma once
// A game of one diagonal variant behind the variant-neutral face (rules/game.h): legal moves
// in PDN, play() by any notation the family reads, outcome with its reason, FEN and PDN.

#include "rules/draughts/draw_rules.h"
#include "rules/draughts/engine.h"
#include "rules/game.h"

#include <string>
#include <vector>

namespace rules::draughts {

// A legal move as the players see it: one result, reached by one or more capture paths.
struct LegalMove {
    std::vector<TracedMove> paths; // every path with this result; paths.front() is canonical
    std::string notation;
};

class DraughtsGame final : public Game {
public:
    DraughtsGame(const Engine& engine, const Position& start, const GameOptions& options);

    VariantId variant() const override { return engine_->rules->id; }
    int seat_to_move() const override { return position_.black_to_move ? 1 : 0; }
    int ply() const override { return static_cast<int>(moves_.size()); }
    std::vector<std::string> legal_moves() const override;
    std::vector<MoveView> legal_move_views() const override;
    Result<MoveView> play(std::string_view move) override;
    const std::vector<std::string>& moves() const override { return moves_; }
    Outcome outcome() const override;
    std::optional<Outcome> claimable_draw() const override { return std::nullopt; }
    bool can_win(int seat) const override;
    std::string position() const override;
    std::string start_position() const override;
    BoardView board() const override;
    std::string record(const RecordTags& tags) const override;
    std::unique_ptr<Game> clone() const override { return std::make_unique<DraughtsGame>(*this); }

private:
    const Rules& rules() const { return *engine_->rules; }
    void refresh_legal_moves();
    MoveView view_of(const LegalMove& move) const;
    int repetitions() const;
    bool over() const;

    const Engine* engine_;
    GameOptions options_;
    Position start_;
    Position position_;
    std::vector<std::string> moves_;
    std::vector<Position> since_irreversible_; // for threefold repetition; current included
    DrawCounters counters_;
    std::vector<LegalMove> legal_;
};

} // namespace rules::draughts
