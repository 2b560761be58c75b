#include "rules/chess/chess_game.h"

#include "rules/chess/chess960.h"
#include "rules/chess/draw_limits.h"
#include "rules/chess/fen.h"
#include "rules/chess/material.h"
#include "rules/chess/move_generator.h"
#include "rules/chess/notation.h"
#include "rules/chess/pgn_writer.h"
#include "rules/families.h"
#include "rules/record/record_writer.h"

#include <cstring>

namespace rules::chess {
namespace {

int cell_of(int square) {
    return (7 - rank_of(square)) * 8 + file_of(square);
}

Outcome draw(std::string reason) {
    return Outcome::draw(std::move(reason));
}

} // namespace

ChessGame::ChessGame(const Position& start, const GameOptions& options)
    : start_(start), position_(start), options_(options) {
    generate_legal(position_, legal_);
    history_.push_back(key_of(position_, legal_));
}

ChessGame::RepetitionKey ChessGame::key_of(const Position& p, const MoveList& legal) {
    RepetitionKey key;
    for (int t = 0; t < 6; ++t)
        key.by_type[t] = p.by_type[t];
    key.by_color[white] = p.by_color[white];
    key.by_color[black] = p.by_color[black];
    key.side = p.side;
    key.castling = p.castling;
    key.en_passant = has_en_passant(legal) ? p.en_passant : no_square;
    return key;
}

int ChessGame::occurrences() const {
    // Only positions since the last capture or pawn move can repeat the current one.
    const std::size_t last = history_.size() - 1;
    const std::size_t reach = std::min(last, static_cast<std::size_t>(position_.halfmove_clock));
    int count = 1;
    for (std::size_t back = 2; back <= reach; back += 2)
        if (history_[last - back] == history_[last])
            ++count;
    return count;
}

Outcome ChessGame::first_rule(bool with_claimable) const {
    if (legal_.size == 0) {
        if (position_.in_check()) // FIDE 5.1.1: checkmate wins
            return Outcome::win(position_.side ^ 1, "checkmate");
        return draw("stalemate"); // FIDE 5.2.1
    }
    if (insufficient_material(position_))
        return draw("insufficient"); // FIDE 5.2.2
    const int repeated = occurrences();
    if (repeated >= fivefold_occurrences)
        return draw("fivefold"); // FIDE 9.6.1
    if (with_claimable && repeated >= threefold_occurrences)
        return draw("threefold"); // FIDE 9.2
    if (position_.halfmove_clock >= seventy_five_move_plies)
        return draw("seventyfive-move"); // FIDE 9.6.2
    if (with_claimable && position_.halfmove_clock >= fifty_move_plies)
        return draw("fifty-move"); // FIDE 9.3
    return Outcome{};
}

Outcome ChessGame::outcome() const {
    if (!outcome_)
        outcome_ = first_rule(options_.draw_rules != DrawRules::Claim);
    return *outcome_;
}

std::optional<Outcome> ChessGame::claimable_draw() const {
    if (options_.draw_rules != DrawRules::Claim || outcome().over())
        return std::nullopt;
    if (occurrences() >= threefold_occurrences)
        return draw("threefold");
    if (position_.halfmove_clock >= fifty_move_plies)
        return draw("fifty-move");
    return std::nullopt;
}

bool ChessGame::accepts_moves() const {
    if (options_.draw_rules != DrawRules::ReportOnly)
        return !outcome().over();
    return legal_.size > 0;
}

bool ChessGame::can_win(int seat) const {
    return can_checkmate(position_, seat == 0 ? white : black);
}

std::vector<std::string> ChessGame::legal_moves() const {
    std::vector<std::string> result;
    if (!accepts_moves())
        return result;
    result.reserve(static_cast<std::size_t>(legal_.size));
    for (const Move move : legal_)
        result.push_back(uci(move));
    return result;
}

void ChessGame::describe(Move move, MoveView& view) const {
    assign_uci(move, view.notation);
    view.path.push_back(cell_of(move.from()));
    view.path.push_back(cell_of(move.to()));
    if (move.kind() == MoveKind::EnPassant)
        view.captures.push_back(cell_of(move.to() + (position_.side == white ? -8 : 8)));
    else if (position_.by_color[position_.side ^ 1] & bit(move.to()))
        view.captures.push_back(cell_of(move.to()));
}

std::vector<MoveView> ChessGame::legal_move_views() const {
    std::vector<MoveView> result;
    if (!accepts_moves())
        return result;
    // Each view is filled where it lies: no view built aside and moved in (issue 11).
    result.resize(static_cast<std::size_t>(legal_.size));
    for (std::size_t i = 0; i < result.size(); ++i)
        describe(legal_.moves[i], result[i]);
    return result;
}

Result<MoveView> ChessGame::play(std::string_view text) {
    if (!accepts_moves()) {
        const Outcome over = first_rule(true);
        return Error{"game_over", "the game is over (" + over.reason + ")"};
    }
    const auto move = read_move(position_, text, legal_);
    if (!move.ok())
        return move.error();
    MoveView view;
    describe(*move, view);
    view.display = san(position_, *move, legal_);
    position_.play(*move);
    generate_legal(position_, legal_);
    outcome_.reset();
    moves_.push_back(view.notation);
    sans_.push_back(view.display);
    history_.push_back(key_of(position_, legal_));
    return view;
}

std::string ChessGame::position() const {
    return write_fen(position_);
}

std::string ChessGame::start_position() const {
    return write_fen(start_);
}

BoardView ChessGame::board() const {
    BoardView view;
    // Cells run from rank 8 down, squares from rank 1 up: the same files, the ranks reversed.
    const auto letters = position_.letters();
    view.cells.resize(64);
    for (int rank = 0; rank < 8; ++rank)
        std::memcpy(view.cells.data() + (7 - rank) * 8, letters.data() + rank * 8, 8);
    if (position_.in_check())
        view.check_cell = cell_of(position_.king_square(position_.side));
    return view;
}

std::string ChessGame::record(const RecordTags& tags) const {
    const Outcome result = tags.outcome ? *tags.outcome : outcome();
    const std::string start = write_fen(start_);
    // A Chess960 record always carries its start position: the standard arrangement is one of
    // the 960, and its FEN says which rooks castle.
    return write_pgn(
        PgnGame{.tags = tags,
                .variant = start_.chess960 ? "Chess960" : "",
                .start_fen = start == start_fen && !start_.chess960 ? std::string() : start,
                .first_move_number = start_.fullmove_number,
                .black_moves_first = start_.side == black,
                .sans = sans_,
                .result = std::string(result_marker(result))});
}

Result<std::unique_ptr<Game>> make_chess_game(VariantId variant, std::string_view fen,
                                              const GameOptions& options) {
    auto position = start_of(variant, fen);
    if (!position.ok())
        return position.error();
    return std::unique_ptr<Game>(std::make_unique<ChessGame>(*position, options));
}

} // namespace rules::chess
