#include "rules/chess/search_core.h"

#include "rules/chess/chess960.h"
#include "rules/chess/draw_limits.h"
#include "rules/chess/material.h"
#include "rules/chess/notation.h"

namespace rules::chess {
namespace {

// Key layout: 12 x 64 piece-square constants, then 16 castling-rights sets, 8 en passant
// files, and the side to move.
constexpr std::uint64_t castling_base = 12 * 64;
constexpr std::uint64_t en_passant_base = castling_base + 16;
constexpr std::uint64_t side_index = en_passant_base + 8;

struct KeyTable {
    std::uint64_t piece[2][6][64] = {};
    std::uint64_t castling[16] = {};
    std::uint64_t en_passant[8] = {};
    std::uint64_t black_to_move = 0;
    constexpr KeyTable() {
        for (int c = 0; c < 2; ++c)
            for (int t = 0; t < 6; ++t)
                for (int s = 0; s < 64; ++s)
                    piece[c][t][s] =
                        search::zobrist_constant(static_cast<std::uint64_t>((c * 6 + t) * 64 + s));
        for (std::uint64_t i = 0; i < 16; ++i)
            castling[i] = search::zobrist_constant(castling_base + i);
        for (std::uint64_t i = 0; i < 8; ++i)
            en_passant[i] = search::zobrist_constant(en_passant_base + i);
        black_to_move = search::zobrist_constant(side_index);
    }
};
constexpr KeyTable keys;

// The en passant square counts only when the side to move can legally take there, as in the
// game's repetition key (ChessGame::key_of): positions are the same when the same moves are
// possible in them (FIDE 9.2.3), so a capture the pin forbids leaves the square out, and a
// position reached by a double step has the key of the same position reached otherwise. Whether
// a pawn stands ready is tested first; the legal moves are generated only when one does.
std::uint64_t en_passant_key(const Position& p) {
    if (p.en_passant == no_square)
        return 0;
    if (!(pawn_attacks(p.side ^ 1, p.en_passant) & p.pieces(p.side, PieceType::Pawn)))
        return 0;
    if (!has_legal_en_passant(p))
        return 0;
    return keys.en_passant[file_of(p.en_passant)];
}

std::uint64_t state_key(const Position& p) {
    return keys.castling[p.castling] ^ en_passant_key(p) ^
           (p.side == black ? keys.black_to_move : 0);
}

} // namespace

Result<SearchState> SearchCore::parse(std::string_view fen) const {
    auto position = start_of(variant_, fen);
    if (!position.ok())
        return position.error();
    SearchState state{*position, {}, state_key(*position)};
    state.keys = keys_from_scratch(state);
    return state;
}

void SearchCore::generate(const State& state, std::vector<Move>& out) const {
    MoveList list;
    generate_legal(state.position, list);
    out.assign(list.begin(), list.end());
}

SearchState SearchCore::make(const State& state, Move move) const {
    const Position& p = state.position;
    const int us = p.side;
    const int them = us ^ 1;
    const int from = move.from();
    const int to = move.to();
    const PieceType moving = p.type_on(from);
    std::uint64_t key = state.keys.position_key ^ state.rights_key;
    key ^= keys.piece[us][int(moving)][from];
    if (move.kind() == MoveKind::Castling && p.chess960) {
        // The king takes its own rook (position.h): nothing is captured on `to`.
        const bool king_side = to > from;
        key ^= keys.piece[us][int(PieceType::King)][castled_king_square(us, king_side)] ^
               keys.piece[us][int(PieceType::Rook)][to] ^
               keys.piece[us][int(PieceType::Rook)][castled_rook_square(us, king_side)];
        SearchState next{p, {}, 0};
        next.position.play(move);
        next.rights_key = state_key(next.position);
        key ^= next.rights_key;
        next.keys = {key, key};
        return next;
    }
    if (move.kind() == MoveKind::EnPassant) {
        key ^= keys.piece[them][int(PieceType::Pawn)][to + (us == white ? -8 : 8)];
    } else if (const PieceType taken = p.type_on(to); taken != PieceType::None) {
        key ^= keys.piece[them][int(taken)][to];
    }
    const PieceType placed = move.kind() == MoveKind::Promotion ? move.promotion() : moving;
    key ^= keys.piece[us][int(placed)][to];
    if (move.kind() == MoveKind::Castling) {
        const bool king_side = to > from;
        key ^= keys.piece[us][int(PieceType::Rook)][king_side ? to + 1 : to - 2];
        key ^= keys.piece[us][int(PieceType::Rook)][king_side ? to - 1 : to + 1];
    }
    SearchState next{p, {}, 0};
    next.position.play(move);
    next.rights_key = state_key(next.position);
    key ^= next.rights_key;
    next.keys = {key, key};
    return next;
}

SearchState SearchCore::make_null(const State& state) const {
    SearchState next = state;
    std::uint64_t key = state.keys.position_key ^ state.rights_key;
    next.position.side ^= 1;
    next.position.en_passant = no_square;
    ++next.position.halfmove_clock;
    next.rights_key = state_key(next.position);
    key ^= next.rights_key;
    next.keys = {key, key};
    return next;
}

search::Keys SearchCore::keys_from_scratch(const State& state) const {
    const Position& p = state.position;
    std::uint64_t key = state_key(p);
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < 6; ++t)
            for (Bitboard b = p.pieces(c, static_cast<PieceType>(t)); b;)
                key ^= keys.piece[c][t][pop_lsb(b)];
    return {key, key};
}

search::Verdict SearchCore::verdict(const State& state, bool has_moves) const {
    const Position& p = state.position;
    if (!has_moves)
        return p.in_check() ? search::Verdict::Loss : search::Verdict::Draw;
    if (p.halfmove_clock >= fifty_move_plies || insufficient_material(p))
        return search::Verdict::Draw;
    return search::Verdict::Ongoing;
}

std::vector<search::NotatedMove<Move>> SearchCore::notated_moves(const State& state) const {
    MoveList list;
    generate_legal(state.position, list);
    std::vector<search::NotatedMove<Move>> out;
    for (const Move move : list)
        out.push_back({move, uci(move)});
    return out;
}

bool SearchCore::is_capture(const State& state, Move move) const {
    return move.kind() == MoveKind::EnPassant ||
           (state.position.by_color[state.position.side ^ 1] & bit(move.to())) != 0;
}

} // namespace rules::chess
