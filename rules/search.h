#pragma once
// The face the game engine (engine/) searches through: each family's core as small values,
// without the notation, records and move lists the Game face keeps for players.
//
// A core is a class with these members (the concept SearchCore below checks them):
//   Move, State                   small values; a State is a position with its counters and
//                                 its keys, copied to make a move (copy-make)
//   parse(fen)                    the State of a position ("" = the start position)
//   generate(state, out)          the legal moves, in an order fixed by the position alone
//   make(state, move)             the State after a legal move; keys updated incrementally
//   keys_from_scratch(state)      the same keys computed from nothing, for tests
//   reversible_plies(state)       plies since the last move that cannot be undone (capture,
//                                 pawn or man move, lost castling right): how far back a
//                                 repetition can lie
//   verdict(state, has_moves)     how the game stands by the rules, before repetition
//   notated_moves(state)          the legal moves with their canonical notation (root only)
//   is_capture(state, move)
//
// Two keys: `position_key` hashes everything that decides legality (placement, side to move,
// castling rights, a usable en passant square) and is what repetition compares; `key` adds
// the draw counters of the draughts family (a position one ply from a counter draw is not
// the same search node as one far from it) and keys the transposition table. Repetition
// history is kept by the engine, which knows the path it searches.

#include "rules/result.h"

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rules::search {

// How a position stands for the side to move by the rules of its game.
enum class Verdict : std::uint8_t {
    Ongoing,
    Loss, // the side to move has lost (mated, no moves, lone man, ...)
    Win,  // the side to move has won (giveaway variants: no moves left)
    Draw, // a draw rule other than repetition holds (stalemate, counters, material)
};

template <class M> struct NotatedMove {
    M move;
    std::string notation;
};

// Deterministic pseudo-random 64-bit constants for Zobrist keys: splitmix64 of the index
// (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014).
constexpr std::uint64_t zobrist_constant(std::uint64_t index) {
    std::uint64_t z = (index + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct Keys {
    std::uint64_t position_key = 0;
    std::uint64_t key = 0;
    friend bool operator==(const Keys&, const Keys&) = default;
};

template <class C>
concept SearchCore = requires(const C& core, const typename C::State& state,
                              const typename C::Move& move, std::vector<typename C::Move>& out) {
    { core.parse(std::string_view{}) } -> std::same_as<Result<typename C::State>>;
    core.generate(state, out);
    { core.make(state, move) } -> std::same_as<typename C::State>;
    { core.keys_from_scratch(state) } -> std::same_as<Keys>;
    { state.keys } -> std::convertible_to<Keys>;
    { core.reversible_plies(state) } -> std::convertible_to<int>;
    { core.verdict(state, true) } -> std::same_as<Verdict>;
    { core.notated_moves(state) } -> std::same_as<std::vector<NotatedMove<typename C::Move>>>;
    { core.is_capture(state, move) } -> std::same_as<bool>;
};

} // namespace rules::search
