#pragma once
// Legal moves of Turkish draughts (Dama). The rules, with their sources:
//
//  [W] Wikipedia, "Turkish draughts" (the rules as played in Turkey and at the 2014 world
//      championship in Izmir); [M] mindsports.nl / the rules text repeated by most Dama
//      programs ("A king versus single man also wins the game"); [G] "Türk Daması: oyun
//      kuralları ve öğrenme kılavuzu" (damaakademisi.com; English: "Turkish Draughts (Dama):
//      Rules of game and learning guide"), numbered sections.
//
//  1. Men move one square forward or sideways, never backward or diagonally [W], [G] 7.
//  2. Kings move any distance forward, backward or sideways along an open rank or file
//     [W], [G] 8.
//  3. Men capture forward and sideways by jumping an adjacent enemy piece onto the empty
//     square beyond; kings capture at any distance and land on any empty square beyond the
//     taken piece [W], [G] 9.
//  4. Capturing is mandatory, and the sequence taking the most pieces must be chosen; kings
//     and men count the same; among equal sequences the player chooses [W], [G] 13.
//  5. A taken piece leaves the board at once, before the capture goes on, so a square may be
//     crossed again and a removal may open new jumps (no "Turkish strike") [W].
//  6. Within one capture a piece may not turn back 180 degrees between two jumps [W]. Only a
//     king can: a man's reverse jump would cross the square it has just emptied.
//  7. A man reaching the last row is crowned at the end of the move [W] ("it is promoted to a
//     king at the end of the move"): during a capture it goes on capturing as a man (sideways
//     along the last row). This is also the convention of the kish engine, whose published
//     perft table (depth 1 to 12) we reproduce; see tests/data/turkish.perft.
//
// A capture is one move per distinct (origin, destination, set of taken pieces): paths that
// differ only in their landing squares or order land in the same position and are merged,
// with `paths` counting them (perft with keep_duplicates counts each path, as kish does).

#include "rules/turkish/board.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace rules::turkish {

struct Move {
    Bitboard captured = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    bool crowns = false;     // a man that ends the move on its crowning row
    std::uint32_t paths = 1; // distinct capture paths giving this same move
};

// One capture path, as the game face shows it: every landing square and each taken piece.
struct MovePath {
    std::vector<std::uint8_t> squares; // origin, every landing square; back() == move.to
    std::vector<std::uint8_t> taken;   // in the order they were jumped
};

// A legal move with the paths that play it: all of them up to max_paths_kept (a king with
// many landing choices can have thousands; move.paths still counts every one).
struct MoveWithPaths {
    Move move;
    std::vector<MovePath> paths;
};
inline constexpr std::size_t max_paths_kept = 64;

// Fills `out` (cleared first) with the legal moves of `position`, duplicates merged.
// `out` keeps its capacity, so a caller that reuses it allocates nothing after warm-up.
void generate_moves(const Position& position, std::vector<Move>& out);

// The legal moves with their paths (the game face: notation and move views), at most
// `paths_kept` paths per move.
std::vector<MoveWithPaths> generate_move_paths(const Position& position,
                                               std::size_t paths_kept = max_paths_kept);

// The legal capture whose full path (origin, then every landing square) is `squares`, if any:
// how the game face reads a full path that it did not keep.
std::optional<Move> find_capture_path(const Position& position, std::span<const int> squares);

// Number of legal moves: duplicates merged, or each path counted if `keep_duplicates`.
// Counts quiet moves without listing them (bulk counting at the last ply of perft).
std::uint64_t count_moves(const Position& position, bool keep_duplicates,
                          std::vector<Move>& scratch);

// The position after `move` (which must be legal in `position`).
Position apply_move(const Position& position, const Move& move);

} // namespace rules::turkish
