#pragma once
// A scriptable rules::Game for table tests: the legal moves at each ply and the outcome after a
// given number of plies are set by the test, so table logic is tested without a real variant.

#include "lobby/table.h"
#include "rules/game.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace lobby::testing {

struct FakeScript {
    std::vector<std::vector<std::string>> legal;          // legal moves at ply 0, 1, ...
    std::vector<std::string> otherwise{"a1", "b2", "c3"}; // at plies past `legal`
    std::map<int, rules::Outcome> outcome_after;          // the game is over once this many plies
    std::map<int, rules::Outcome> claimable_after;        // a draw can be claimed at this ply
    std::array<bool, 2> can_win{true, true};
    int first = 0; // the seat to move at ply 0 in a game of two
    // Games of more than two: the seats (2 keeps the two-player behaviour) and who moves at
    // each ply (past the list: round the board from the last; a seat left out is skipped, as
    // the rules skip a player who has finished).
    int players = 2;
    std::vector<int> turns{};
    std::string start = "fake-start";
    int games_made = 0;
};

class FakeGame final : public rules::Game {
public:
    FakeGame(std::shared_ptr<FakeScript> script, std::string start)
        : script_(std::move(script)), start_(std::move(start)) {}

    rules::VariantId variant() const override { return rules::VariantId::Chess; }
    int ply() const override { return static_cast<int>(moves_.size()); }
    int players() const override { return script_->players; }
    int seat_to_move() const override {
        if (script_->players == 2)
            return moves_.size() % 2 == 0 ? script_->first : 1 - script_->first;
        const auto& turns = script_->turns;
        if (moves_.size() < turns.size())
            return turns[moves_.size()];
        const int last = turns.empty() ? -1 : turns.back();
        const auto past = static_cast<int>(moves_.size() - turns.size());
        return (last + 1 + past) % script_->players;
    }

    std::vector<std::string> legal_moves() const override {
        if (outcome().over())
            return {};
        const auto ply = moves_.size();
        return ply < script_->legal.size() ? script_->legal[ply] : script_->otherwise;
    }
    std::vector<rules::MoveView> legal_move_views() const override {
        std::vector<rules::MoveView> views;
        for (const auto& m : legal_moves()) {
            views.push_back(view_of(m));
            views.back().display.clear(); // as rules::Game::legal_move_views leaves it
        }
        return views;
    }
    rules::Result<rules::MoveView> play(std::string_view move) override {
        if (outcome().over())
            return rules::Error{"game_over", "the game is over"};
        const auto legal = legal_moves();
        if (std::find(legal.begin(), legal.end(), move) == legal.end())
            return rules::Error{"illegal_move", std::string(move) + " is not legal here"};
        moves_.emplace_back(move);
        return view_of(std::string(move));
    }
    const std::vector<std::string>& moves() const override { return moves_; }
    rules::Outcome outcome() const override {
        const auto it = script_->outcome_after.find(ply());
        return it == script_->outcome_after.end() ? rules::Outcome{} : it->second;
    }
    std::optional<rules::Outcome> claimable_draw() const override {
        const auto it = script_->claimable_after.find(ply());
        if (it == script_->claimable_after.end())
            return std::nullopt;
        return it->second;
    }
    bool can_win(int seat) const override {
        return script_->can_win[static_cast<std::size_t>(seat)];
    }
    std::string position() const override {
        std::string p = start_;
        for (const auto& m : moves_)
            p += " " + m;
        return p;
    }
    std::string start_position() const override { return start_; }
    rules::BoardView board() const override {
        return rules::BoardView{.rows = 8, .cols = 8, .cells = std::string(64, '.')};
    }
    std::string record(const rules::RecordTags&) const override { return position(); }
    std::unique_ptr<rules::Game> clone() const override {
        return std::make_unique<FakeGame>(*this);
    }

private:
    std::shared_ptr<FakeScript> script_;
    std::string start_;
    std::vector<std::string> moves_;

    static rules::MoveView view_of(const std::string& m) {
        std::string display = m;
        std::transform(display.begin(), display.end(), display.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        return rules::MoveView{.notation = m, .display = display, .path = {0, 9}, .captures = {}};
    }
};

// A factory making FakeGames from `script`; the position "bad" is refused like a bad FEN.
inline GameFactory fake_factory(std::shared_ptr<FakeScript> script) {
    return [script](rules::VariantId, std::string_view position,
                    const rules::GameOptions&) -> rules::Result<std::unique_ptr<rules::Game>> {
        if (position == "bad")
            return rules::Error{"bad_fen", "not a position"};
        ++script->games_made;
        std::unique_ptr<rules::Game> game = std::make_unique<FakeGame>(
            script, position.empty() ? script->start : std::string(position));
        return game;
    };
}

} // namespace lobby::testing
