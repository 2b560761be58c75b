#include "rules/draughts/draughts_game.h"

#include "rules/draughts/fen.h"
#include "rules/draughts/move_input.h"
#include "rules/draughts/move_notation.h"
#include "rules/draughts/squares.h"

#include <algorithm>
#include <tuple>

namespace rules::draughts {
namespace {

// Whether `written` (origin, optional intermediate landings in order, destination) names
// this capture or step path.
bool names_path(const std::vector<int>& written, const TracedMove& m, int size) {
    const auto square = [size](int b) { return bit_to_square(size, b); };
    if (written.front() != square(m.from) || written.back() != square(m.to))
        return false;
    if (!m.is_capture())
        return written.size() == 2;
    std::size_t next = 1;
    for (int i = 0; i + 1 < m.taken_count && next + 1 < written.size(); ++i)
        if (square(m.path[static_cast<std::size_t>(i)]) == written[next])
            ++next;
    return next + 1 == written.size();
}

// Whether `written` is this capture's whole path: the origin, then every landing square.
bool is_whole_path(const std::vector<int>& written, const TracedMove& m, int size) {
    if (!m.is_capture() || written.size() != static_cast<std::size_t>(m.taken_count) + 1 ||
        written.front() != bit_to_square(size, m.from))
        return false;
    for (std::size_t i = 0; i + 1 < written.size(); ++i)
        if (written[i + 1] != bit_to_square(size, m.path[i]))
            return false;
    return true;
}

} // namespace

DraughtsGame::DraughtsGame(const Engine& engine, const Position& start, const GameOptions& options)
    : engine_(&engine), options_(options), start_(start),
      position_(start), since_irreversible_{start},
      counters_(start_counters(*engine.rules, start)) {
    refresh_legal_moves();
}

void DraughtsGame::refresh_legal_moves() {
    std::vector<TracedMove> all;
    engine_->generate(position_, all, GenerateOptions{.keep_duplicates = true});
    legal_.clear();
    std::vector<TracedMove> distinct;
    for (const TracedMove& m : all) {
        auto it = std::find_if(legal_.begin(), legal_.end(),
                               [&](const LegalMove& l) { return l.paths.front().same_result(m); });
        if (it != legal_.end()) {
            it->paths.push_back(m);
        } else {
            legal_.push_back(LegalMove{{m}, {}});
            distinct.push_back(m);
        }
    }
    const auto names = canonical_notations(rules(), distinct);
    for (std::size_t i = 0; i < legal_.size(); ++i)
        legal_[i].notation = names[i];
    // Listed by origin, then destination, in the variant's square numbers.
    const int n = rules().board_size;
    const auto key = [&](const LegalMove& l) {
        const TracedMove& m = l.paths.front();
        return std::tuple(square_number(rules(), bit_to_square(n, m.from)),
                          square_number(rules(), bit_to_square(n, m.to)), l.notation);
    };
    std::sort(legal_.begin(), legal_.end(),
              [&](const LegalMove& a, const LegalMove& b) { return key(a) < key(b); });
}

int DraughtsGame::repetitions() const {
    return static_cast<int>(
        std::count(since_irreversible_.begin(), since_irreversible_.end(), position_));
}

// Under DrawRules::ReportOnly only the lack of a move ends the game; otherwise a draw rule
// that holds ends it too (draughts has no claimed draws: Automatic and Claim agree).
bool DraughtsGame::over() const {
    if (legal_.empty())
        return true;
    return options_.draw_rules != DrawRules::ReportOnly && outcome().over();
}

std::vector<std::string> DraughtsGame::legal_moves() const {
    std::vector<std::string> out;
    if (over())
        return out;
    for (const auto& m : legal_)
        out.push_back(m.notation);
    return out;
}

std::vector<MoveView> DraughtsGame::legal_move_views() const {
    std::vector<MoveView> out;
    if (over())
        return out;
    for (const auto& m : legal_)
        out.push_back(view_of(m));
    return out;
}

MoveView DraughtsGame::view_of(const LegalMove& move) const {
    const TracedMove& m = move.paths.front();
    const int n = rules().board_size;
    const auto cell = [&](int b) { return square_cell(rules(), bit_to_square(n, b)); };
    MoveView view{move.notation, {}, {cell(m.from)}, {}};
    if (!m.is_capture()) {
        view.path.push_back(cell(m.to));
        return view;
    }
    for (int i = 0; i < m.taken_count; ++i) {
        view.path.push_back(cell(m.path[static_cast<std::size_t>(i)]));
        view.captures.push_back(cell(m.taken[static_cast<std::size_t>(i)]));
    }
    return view;
}

Result<MoveView> DraughtsGame::play(std::string_view text) {
    if (over())
        return Error{"game_over", "the game is over"};
    const auto written = read_move_squares(rules(), text);
    if (!written.ok())
        return written.error();
    std::vector<const LegalMove*> matches;
    for (const auto& legal : legal_)
        if (std::any_of(legal.paths.begin(), legal.paths.end(), [&](const TracedMove& m) {
                return names_path(*written, m, rules().board_size);
            }))
            matches.push_back(&legal);
    const std::string shown(text.substr(0, std::min<std::size_t>(text.size(), 40)));
    if (matches.empty())
        return Error{"illegal_move", shown + " is not legal here"};
    if (matches.size() > 1) {
        // The written squares name several moves only as a shortened path: when they are
        // exactly one legal capture's whole path (10x19x28 beside 10x17x26x19x28), it is meant.
        const auto whole = [&](const LegalMove* legal) {
            return std::any_of(legal->paths.begin(), legal->paths.end(), [&](const TracedMove& m) {
                return is_whole_path(*written, m, rules().board_size);
            });
        };
        if (std::count_if(matches.begin(), matches.end(), whole) == 1)
            matches = {*std::find_if(matches.begin(), matches.end(), whole)};
    }
    if (matches.size() > 1) {
        std::string detail = shown + " could be ";
        for (std::size_t i = 0; i < matches.size(); ++i)
            detail += (i == 0 ? "" : " or ") + matches[i]->notation;
        return Error{"ambiguous_move", detail + "; write the full path"};
    }
    const LegalMove chosen = *matches.front();
    const TracedMove& m = chosen.paths.front();
    MoveView view = view_of(chosen);
    view.display = view.notation;
    const bool man_moved = (position_.kings & bit(m.from)) == 0;
    position_ = engine_->apply(position_, m);
    counters_ =
        advance(counters_, m.is_capture(), man_moved, m.crowns, ending_of(rules(), position_));
    if (m.is_capture() || man_moved)
        since_irreversible_.clear();
    since_irreversible_.push_back(position_);
    moves_.push_back(chosen.notation);
    refresh_legal_moves();
    return view;
}

Outcome DraughtsGame::outcome() const {
    if (rules().crowning_wins && position_.kings != 0) {
        // Breakthrough: the side that made a king has won (the FEN reader refuses a king on
        // each side).
        const bool white_won = (position_.white & position_.kings) != 0;
        return Outcome::win(white_won ? 0 : 1, "breakthrough");
    }
    if (legal_.empty()) {
        // The side to move cannot move: it loses (FMJD art. 7.2.2, 7.2.3; every federation), or
        // wins in the giveaway games.
        const int mover = seat_to_move();
        return Outcome::win(rules().giveaway ? mover : 1 - mover, "no-moves");
    }
    if (auto rule = draw_rule_holding(rules(), position_, counters_, repetitions()))
        return Outcome::draw(*rule);
    return Outcome{};
}

// FMJD art. 7.3.3 makes a game drawn when "neither player can win", but no federation text we
// found defines when a side cannot win, nor scores a flag fall by it (the FMJD competition
// rules that art. 10.5 refers to were not at hand). In draughts a side with any piece left has
// a series of legal moves that wins, if the opponent cooperates: its men can advance and be
// crowned once the squares ahead are cleared, and a king can take any piece. So the only
// side that cannot win is one that has already lost everything: no pieces (or, in the
// giveaway games, an opponent with no pieces, who has already won). This is the conservative
// answer: a flag fall is a loss unless it is certain the opponent could not have won.
bool DraughtsGame::can_win(int seat) const {
    const Bits mine = seat == 0 ? position_.white : position_.black;
    const Bits theirs = seat == 0 ? position_.black : position_.white;
    if (rules().giveaway)
        return theirs != 0; // one who has lost everything has already won
    return mine != 0;
}

std::string DraughtsGame::position() const {
    return write_fen(rules(), position_);
}

std::string DraughtsGame::start_position() const {
    return write_fen(rules(), start_);
}

BoardView DraughtsGame::board() const {
    const int n = rules().board_size;
    BoardView view{n, n, std::string(static_cast<std::size_t>(n * n), ' '), -1};
    for (int s = 0; s < n * n / 2; ++s) {
        const Bits b = bit(square_to_bit(n, s));
        char c = '.';
        if ((position_.white & b) != 0)
            c = (position_.kings & b) != 0 ? 'W' : 'w';
        if ((position_.black & b) != 0)
            c = (position_.kings & b) != 0 ? 'B' : 'b';
        view.cells[static_cast<std::size_t>(square_cell(rules(), s))] = c;
    }
    return view;
}

} // namespace rules::draughts
