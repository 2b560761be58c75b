#include "rules/turkish/turkish_game.h"

#include "rules/families.h"
#include "rules/text.h"
#include "rules/turkish/fen.h"
#include "rules/turkish/game_end.h"
#include "rules/turkish/pdn_writer.h"

#include <algorithm>

namespace rules::turkish {
namespace {

MoveView view_of(const LegalMove& move) {
    MoveView view{move.notation, {}, {}, {}};
    const MovePath& path = move.paths.front();
    for (const auto square : path.squares)
        view.path.push_back(cell_of(square));
    for (const auto square : path.taken)
        view.captures.push_back(cell_of(square));
    return view;
}

} // namespace

int cell_of(int square) {
    return (7 - rank_of(square)) * 8 + file_of(square);
}

TurkishGame::TurkishGame(const Position& start, const GameOptions& options)
    : start_(start), position_(start), options_(options) {
    enter(start);
}

void TurkishGame::enter(const Position& position) {
    if (!history_.empty() && irreversible(position_, position))
        history_.clear();
    position_ = position;
    history_.push_back(position);
    legal_ = legal_moves_with_notation(position);
}

bool TurkishGame::moves_allowed() const {
    if (decisive_result(position_, !legal_.empty()))
        return false;
    const auto rule = draw_rule(position_, history_);
    if (!rule)
        return true;
    switch (options_.draw_rules) {
    case DrawRules::Automatic:
        return false;
    case DrawRules::Claim:
        return *rule != "one-each"; // threefold is claimed; one piece each is a dead position
    case DrawRules::ReportOnly:
        return true;
    }
    return true;
}

std::vector<std::string> TurkishGame::legal_moves() const {
    std::vector<std::string> list;
    if (!moves_allowed())
        return list;
    for (const auto& move : legal_)
        list.push_back(move.notation);
    return list;
}

std::vector<MoveView> TurkishGame::legal_move_views() const {
    std::vector<MoveView> views;
    if (!moves_allowed())
        return views;
    for (const auto& move : legal_)
        views.push_back(view_of(move));
    return views;
}

// Accepts a move only by finding it among the legal moves (STYLE.md §2).
Result<const LegalMove*> TurkishGame::find_move(std::string_view text) const {
    const auto squares = parse_move_squares(text);
    if (!squares.ok())
        return squares.error();
    std::vector<const LegalMove*> found;
    for (const auto& move : legal_)
        if (names_move(*squares, move))
            found.push_back(&move);
    if (found.empty() && squares->size() > 2) {
        // A full path the move list did not keep (it keeps max_paths_kept paths per move).
        if (const auto capture = find_capture_path(position_, *squares))
            for (const auto& move : legal_)
                if (move.move.from == capture->from && move.move.to == capture->to &&
                    move.move.captured == capture->captured)
                    found.push_back(&move);
    }
    if (found.empty())
        return Error{"illegal_move", join({"\"", text, "\" is not legal here"})};
    if (found.size() > 1) {
        std::string choices;
        for (const LegalMove* move : found)
            choices += join({choices.empty() ? "" : " or ", move->notation});
        return Error{"ambiguous_move",
                     join({"\"", text, "\" could be several moves: write ", choices})};
    }
    return found.front();
}

Result<MoveView> TurkishGame::play(std::string_view text) {
    if (!moves_allowed()) {
        const Outcome result = outcome();
        return Error{"game_over", join({"the game is over (",
                                        result.reason.empty() ? "ended" : result.reason, ")"})};
    }
    const auto found = find_move(text);
    if (!found.ok())
        return found.error();
    const LegalMove& move = **found;
    MoveView view = view_of(move);
    view.display = view.notation;
    moves_.push_back(move.notation);
    enter(apply_move(position_, move.move));
    return view;
}

Outcome TurkishGame::outcome() const {
    if (auto result = decisive_result(position_, !legal_.empty()))
        return *result;
    const auto rule = draw_rule(position_, history_);
    if (!rule)
        return {};
    if (options_.draw_rules == DrawRules::Claim && *rule == "threefold")
        return {};
    return Outcome::draw(std::string(*rule));
}

std::optional<Outcome> TurkishGame::claimable_draw() const {
    if (options_.draw_rules != DrawRules::Claim || outcome().over())
        return std::nullopt;
    const auto rule = draw_rule(position_, history_);
    if (rule && *rule == "threefold")
        return Outcome::draw("threefold");
    return std::nullopt;
}

bool TurkishGame::can_win(int seat) const {
    return can_still_win(position_, color_of_seat(seat));
}

std::string TurkishGame::position() const {
    return write_position(position_);
}

std::string TurkishGame::start_position() const {
    return write_position(start_);
}

BoardView TurkishGame::board() const {
    BoardView view{8, 8, std::string(64, '.'), -1};
    for (int square = 0; square < 64; ++square) {
        const bool king = (position_.kings & bit(square)) != 0;
        char& cell = view.cells[static_cast<std::size_t>(cell_of(square))];
        if (position_.white & bit(square))
            cell = king ? 'W' : 'w';
        if (position_.black & bit(square))
            cell = king ? 'B' : 'b';
    }
    return view;
}

std::string TurkishGame::record(const RecordTags& tags) const {
    const std::string fen = start_ == turkish::start_position() ? "" : write_position(start_);
    return write_pdn(PdnGame{tags, outcome(), fen, start_.side, moves_});
}

std::unique_ptr<Game> TurkishGame::clone() const {
    return std::make_unique<TurkishGame>(*this);
}

Result<std::unique_ptr<Game>> make_turkish_game(std::string_view fen, const GameOptions& options) {
    auto start = fen.empty() ? Result<Position>(turkish::start_position()) : parse_position(fen);
    if (!start.ok())
        return start.error();
    return std::unique_ptr<Game>(std::make_unique<TurkishGame>(*start, options));
}

} // namespace rules::turkish
