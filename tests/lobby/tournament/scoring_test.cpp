#include "lobby/tournament/scoring.h"

#include <doctest/doctest.h>

namespace lobby::tournament {

TEST_CASE("scoring: chess 1 / 1/2 / 0, draughts 2 / 1 / 0, kept in integer units") {
    CHECK(scoring_for(rules::VariantId::Chess).value() == chess_scoring);
    CHECK(scoring_for(rules::VariantId::International).value() == draughts_scoring);
    CHECK(scoring_for(rules::VariantId::Turkish).value() == draughts_scoring);
    CHECK(scoring_for(rules::VariantId::Halma2).value() == chess_scoring);
    CHECK(scoring_for(rules::VariantId::ChineseCheckers3).error().code == "not_allowed");
    // Chess: a unit is half a point.
    CHECK(format_points(5, chess_scoring) == "2.5");
    CHECK(format_points(4, chess_scoring) == "2");
    CHECK(format_points(1, chess_scoring) == "0.5");
    CHECK(format_points_trf(4, chess_scoring) == "2.0");
    CHECK(format_points_trf(5, chess_scoring) == "2.5");
    // Draughts: a win is 2 points, a draw 1.
    CHECK(format_points(3, draughts_scoring) == "3");
    CHECK(format_points_trf(3, draughts_scoring) == "3.0");
}

} // namespace lobby::tournament
