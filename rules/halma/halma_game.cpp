#include "rules/halma/halma_game.h"

#include "rules/families.h"
#include "rules/halma/fen.h"
#include "rules/halma/game_end.h"
#include "rules/halma/record.h"
#include "rules/text.h"

#include <algorithm>

namespace rules::halma {
namespace {

// The cells of a move as written: names joined by '-'.
Result<std::vector<int>> parse_cells(const Board& board, std::string_view text) {
    std::vector<int> cells;
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = text.find('-', start);
        const std::string_view name = text.substr(start, end - start);
        const auto cell = board.cell_named(name);
        if (!cell)
            return Error{"bad_move_syntax",
                         join({"\"", text, "\": write a move as from-to in cell names, e.g. ",
                               board.name(0), "-", board.name(1)})};
        cells.push_back(*cell);
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    if (cells.size() < 2)
        return Error{"bad_move_syntax", join({"\"", text, "\": a move names at least two cells"})};
    return cells;
}

// Whether every step of `path` is a hop of the generated hop graph.
bool is_hop_chain(const std::vector<Hop>& hops, const std::vector<int>& path) {
    for (std::size_t i = 1; i < path.size(); ++i) {
        const bool found = std::any_of(hops.begin(), hops.end(), [&](const Hop& h) {
            return h.from == path[i - 1] && h.to == path[i];
        });
        if (!found)
            return false;
    }
    return true;
}

} // namespace

HalmaGame::HalmaGame(std::shared_ptr<const Layout> layout, const Position& start)
    : layout_(std::move(layout)), start_(start) {
    enter(start);
}

void HalmaGame::enter(const Position& position) {
    position_ = position;
    legal_.clear();
    if (game_goes_on(*layout_, position_))
        generate_moves(*layout_, position_, position_.to_move, legal_);
}

std::string HalmaGame::notation(Move move) const {
    return join({layout_->board->name(move.from), "-", layout_->board->name(move.to)});
}

MoveView HalmaGame::view_of(Move move, std::vector<int> path) const {
    MoveView view{notation(move), {}, {}, {}};
    for (const int cell : path)
        view.path.push_back(layout_->board->view_cell[static_cast<std::size_t>(cell)]);
    return view;
}

std::vector<std::string> HalmaGame::legal_moves() const {
    std::vector<std::string> list;
    list.reserve(legal_.size());
    for (const Move move : legal_)
        list.push_back(notation(move));
    return list;
}

std::vector<MoveView> HalmaGame::legal_move_views() const {
    std::vector<MoveView> views;
    views.reserve(legal_.size());
    for (const Move move : legal_)
        views.push_back(view_of(move, move_path(*layout_, position_, move)));
    return views;
}

// Accepts a move only by finding its origin and destination among the legal moves
// (STYLE.md §2); a longer path must also be a chain of the generated hops.
Result<HalmaGame::Found> HalmaGame::find_move(std::string_view text) const {
    const auto cells = parse_cells(*layout_->board, text);
    if (!cells.ok())
        return cells.error();
    const Move wanted{static_cast<std::int16_t>(cells->front()),
                      static_cast<std::int16_t>(cells->back())};
    if (std::find(legal_.begin(), legal_.end(), wanted) == legal_.end())
        return Error{"illegal_move", join({"\"", text, "\" is not legal here"})};
    if (cells->size() == 2)
        return Found{wanted, view_of(wanted, move_path(*layout_, position_, wanted))};
    if (!is_hop_chain(hop_graph(*layout_, position_, wanted.from), *cells))
        return Error{"illegal_move", join({"\"", text, "\" is not a chain of hops; ",
                                           notation(wanted), " is legal by another path"})};
    return Found{wanted, view_of(wanted, *cells)};
}

Result<MoveView> HalmaGame::play(std::string_view text) {
    if (const auto end = game_end(*layout_, position_))
        return Error{"game_over", join({"the game is over (", end->reason, ")"})};
    auto found = find_move(text);
    if (!found.ok())
        return found.error();
    found->view.display = found->view.notation;
    moves_.push_back(found->view.notation);
    movers_.push_back(position_.to_move);
    enter(apply_move(*layout_, position_, found->move));
    return std::move(found->view);
}

// A seat leaves (rules/game.h; the rules page "A player who leaves", rules/halma/README.md).
Result<Outcome> HalmaGame::retire(int seat) {
    if (players() == 2)
        return Error{"not_allowed", "a two-player game is decided by the table when a player "
                                    "leaves"};
    if (const auto end = game_end(*layout_, position_))
        return Error{"game_over", join({"the game is over (", end->reason, ")"})};
    if (seat < 0 || seat >= players())
        return Error{"bad_seat", join({"no such seat: seats are numbered 0 to ",
                                       std::to_string(players() - 1)})};
    if (!position_.playing(seat))
        return Error{"bad_seat", join({"that player has already ",
                                       position_.has_left(seat) ? "left" : "finished"})};
    leaves_.push_back({seat, static_cast<int>(moves_.size())});
    enter(apply_leave(*layout_, position_, seat));
    return outcome();
}

Outcome HalmaGame::outcome() const {
    return game_end(*layout_, position_).value_or(Outcome{});
}

// Any seat still playing could in principle still reach its goal.
bool HalmaGame::can_win(int seat) const {
    return position_.playing(seat) && !outcome().over();
}

std::string HalmaGame::position() const {
    return write_position(*layout_, position_);
}

std::string HalmaGame::start_position() const {
    return write_position(*layout_, start_);
}

BoardView HalmaGame::board() const {
    const Board& board = *layout_->board;
    BoardView view{board.view_rows, board.view_cols,
                   std::string(static_cast<std::size_t>(board.view_rows * board.view_cols), ' '),
                   -1};
    for (int c = 0; c < board.cells; ++c) {
        const auto seat = position_.cell[static_cast<std::size_t>(c)];
        view.cells[static_cast<std::size_t>(board.view_cell[static_cast<std::size_t>(c)])] =
            seat == empty_cell ? '.' : static_cast<char>('0' + seat);
    }
    return view;
}

std::string HalmaGame::record(const RecordTags& tags) const {
    const bool standard = start_ == halma::start_position(*layout_);
    return write_record(RecordInput{tags, outcome(), players(), variant_name(variant()),
                                    standard ? "" : write_position(*layout_, start_), moves_,
                                    movers_, leaves_});
}

std::unique_ptr<Game> HalmaGame::clone() const {
    return std::make_unique<HalmaGame>(*this);
}

Result<std::unique_ptr<Game>> make_game_with_rules(const Rules& rules, std::string_view fen) {
    auto layout = make_layout(rules);
    auto start = fen.empty() ? Result<Position>(halma::start_position(*layout))
                             : parse_position(*layout, fen);
    if (!start.ok())
        return start.error();
    return std::unique_ptr<Game>(std::make_unique<HalmaGame>(std::move(layout), *start));
}

Result<std::unique_ptr<Game>> make_halma_game(VariantId id, std::string_view fen,
                                              const GameOptions&) {
    auto layout = layout_of(id);
    auto start = fen.empty() ? Result<Position>(halma::start_position(*layout))
                             : parse_position(*layout, fen);
    if (!start.ok())
        return start.error();
    return std::unique_ptr<Game>(std::make_unique<HalmaGame>(std::move(layout), *start));
}

} // namespace rules::halma
