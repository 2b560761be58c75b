#pragma once
// The variants of the halma family as rows of data (STYLE.md §2). Every rule on which the
// sources differ is a named field; rules/halma/README.md gives each source.

#include "rules/halma/board.h"
#include "rules/variant.h"

#include <array>
#include <cstdint>

namespace rules::halma {

// What counts as having reached the goal when another player's pieces sit in it.
enum class AntiSpoiling : std::uint8_t {
    None,      // only all of one's own pieces in the goal (the rules as the reference states them)
    FilledGoal // also a goal whose every cell is taken, at least one by the owner's piece
               // (David Parlett's anti-spoiling rule for Halma, quoted by Setup Group's page)
};

struct Rules {
    VariantId id = VariantId::ChineseCheckers2;
    Shape shape = Shape::Star;
    int players = 2;
    int pieces = 10; // per player; the size of each home and goal region
    std::array<std::uint8_t, max_seats> seat_corner{}; // in turn order, clockwise
    // Pieces that have reached the goal move only within it, at every landing of a move
    // (htfbw.com Chinese checkers rules; mastersgames.com as ccann/chequers quotes it).
    bool goal_lock = true;
    // "No player can enter any piece in the opposite region until they have removed all their
    // pieces from their own region" (the reference of issue 14): a move may not end in the
    // goal, from outside it, while one of the player's pieces would still stand at home.
    bool home_before_goal = true;
    AntiSpoiling anti_spoiling = AntiSpoiling::FilledGoal;
    // Tabula's own limit for a stalled game: the game ends once this many moves per player
    // have been played in all; the unfinished players are ranked by distance to their goals.
    int moves_per_player = 200;
};

// Star points: 0 top, 1 upper right, 2 lower right, 3 bottom, 4 lower left, 5 upper left.
// The first seat sits at the bottom and turns go clockwise; three players take alternate
// points, four leave one pair of opposite points empty.
inline constexpr Rules chinese_checkers_2{
    .id = VariantId::ChineseCheckers2, .players = 2, .seat_corner = {3, 0}};
inline constexpr Rules chinese_checkers_3{
    .id = VariantId::ChineseCheckers3, .players = 3, .seat_corner = {3, 5, 1}};
inline constexpr Rules chinese_checkers_4{
    .id = VariantId::ChineseCheckers4, .players = 4, .seat_corner = {3, 4, 0, 1}};
inline constexpr Rules chinese_checkers_6{
    .id = VariantId::ChineseCheckers6, .players = 6, .seat_corner = {3, 4, 5, 0, 1, 2}};
// Square corners: 0 a1, 1 a16, 2 p16, 3 p1. Two players take opposite corners with 19
// pieces, four take every corner with 13 (lots-of-kids-games.com, bead.game Halma rules).
inline constexpr Rules halma_2{.id = VariantId::Halma2,
                               .shape = Shape::Square,
                               .players = 2,
                               .pieces = 19,
                               .seat_corner = {0, 2}};
inline constexpr Rules halma_4{.id = VariantId::Halma4,
                               .shape = Shape::Square,
                               .players = 4,
                               .pieces = 13,
                               .seat_corner = {0, 1, 2, 3}};

// The row of a variant of the family.
const Rules& rules_of(VariantId id);

} // namespace rules::halma
