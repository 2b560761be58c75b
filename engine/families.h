#pragma once
// What the search (search.h) needs to know of each game family beyond its rules core: the
// evaluation, the value of a capture for move ordering, a compact move identity for killers
// and history, and which shortcuts are sound in that game.
//
//   capture_is_compulsory  draughts: quiescence may not stand pat while a capture is on
//   use_null_move          chess only: draughts is full of zugzwang, the null move is unsound
//   use_lmr                chess: late quiet moves searched shallower first

#include "engine/chess_evaluation.h"
#include "engine/draughts_evaluation.h"
#include "engine/turkish_evaluation.h"
#include "rules/chess/search_core.h"
#include "rules/draughts/search_core.h"
#include "rules/turkish/search_core.h"

#include <bit>

namespace engine {

static_assert(rules::search::SearchCore<rules::chess::SearchCore>);
static_assert(rules::search::SearchCore<rules::draughts::SearchCore>);
static_assert(rules::search::SearchCore<rules::turkish::SearchCore>);

class ChessFamily {
public:
    using Core = rules::chess::SearchCore;
    using State = Core::State;
    using Move = Core::Move;
    static constexpr bool capture_is_compulsory = false;
    static constexpr bool use_null_move = true;
    static constexpr bool use_lmr = true;

    // Chess or Chess960: the core reads the start position and castling of the game's variant.
    explicit ChessFamily(rules::VariantId variant = rules::VariantId::Chess) : core_(variant) {}

    const Core& core() const { return core_; }
    int evaluate(const State& s) const { return evaluate_chess(s.position); }
    bool in_check(const State& s) const { return s.position.in_check(); }
    int side(const State& s) const { return s.position.side; }
    int move_id(Move m) const { return m.from() * 64 + m.to(); }

    // Captures by victim, then by the cheaper attacker; queen promotions with them.
    int tactical_order(const State& s, Move m) const {
        using rules::chess::MoveKind;
        using rules::chess::PieceType;
        const auto& p = s.position;
        const bool promotion = m.kind() == MoveKind::Promotion;
        if (promotion && m.promotion() != PieceType::Queen)
            return -1; // under-promotions are quiet moves for ordering and quiescence
        int victim = 0;
        if (m.kind() == MoveKind::EnPassant)
            victim = chess_piece_value(PieceType::Pawn);
        else if (p.by_color[p.side ^ 1] & rules::chess::bit(m.to()))
            victim = chess_piece_value(p.type_on(m.to()));
        else if (!promotion)
            return -1;
        const int attacker = chess_piece_value(p.type_on(m.from()));
        return victim * 16 - attacker / 16 + (promotion ? 900 * 16 : 0);
    }

    // Pieces besides pawns and king: without them zugzwang is common.
    bool null_move_allowed(const State& s) const {
        const auto& p = s.position;
        return (p.by_color[p.side] & ~(p.by_type[int(rules::chess::PieceType::Pawn)] |
                                       p.by_type[int(rules::chess::PieceType::King)])) != 0;
    }
    State make_null(const State& s) const { return core_.make_null(s); }

private:
    Core core_;
};

class DraughtsFamily {
public:
    using Core = rules::draughts::SearchCore;
    using State = Core::State;
    using Move = Core::Move;
    static constexpr bool capture_is_compulsory = true;
    static constexpr bool use_null_move = false;
    static constexpr bool use_lmr = false;

    explicit DraughtsFamily(const rules::draughts::Engine& engine) : core_(engine) {}

    const Core& core() const { return core_; }
    int evaluate(const State& s) const { return evaluate_draughts(core_.rules(), s.position); }
    bool in_check(const State&) const { return false; }
    int side(const State& s) const { return s.position.black_to_move ? 1 : 0; }
    int move_id(const Move& m) const { return m.from * 64 + m.to; }

    // Every legal move is a capture when one is: order them by what they take.
    int tactical_order(const State& s, const Move& m) const {
        if (!m.is_capture())
            return m.crowns ? 0 : -1;
        const int kings = std::popcount(m.captured & s.position.kings);
        return 100 * m.taken_count + draughts_king_value(core_.rules()) * kings / 100;
    }

    bool null_move_allowed(const State&) const { return false; }
    State make_null(const State& s) const { return s; }

private:
    Core core_;
};

class TurkishFamily {
public:
    using Core = rules::turkish::SearchCore;
    using State = Core::State;
    using Move = Core::Move;
    static constexpr bool capture_is_compulsory = true;
    static constexpr bool use_null_move = false;
    static constexpr bool use_lmr = false;

    const Core& core() const { return core_; }
    int evaluate(const State& s) const { return evaluate_turkish(s.position); }
    bool in_check(const State&) const { return false; }
    int side(const State& s) const { return s.position.side == rules::Color::Black ? 1 : 0; }
    int move_id(const Move& m) const { return m.from * 64 + m.to; }

    int tactical_order(const State& s, const Move& m) const {
        if (m.captured == 0)
            return m.crowns ? 0 : -1;
        return 100 * std::popcount(m.captured) + 3 * std::popcount(m.captured & s.position.kings);
    }

    bool null_move_allowed(const State&) const { return false; }
    State make_null(const State& s) const { return s; }

private:
    Core core_;
};

} // namespace engine
