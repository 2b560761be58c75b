#include "lobby/tournament/scoring.h"

#include "lobby/errors.h"

namespace lobby::tournament {

rules::Result<Scoring> scoring_for(rules::VariantId variant) {
    if (rules::player_count(variant) != 2)
        return refuse(errc::not_allowed, "tournaments pair two players a game");
    switch (rules::family_of(variant)) {
    case rules::Family::Draughts:
    case rules::Family::Turkish:
        return draughts_scoring;
    case rules::Family::Chess:
    case rules::Family::Halma:
        break;
    }
    return chess_scoring;
}

std::string format_points(Points units, const Scoring& scoring) {
    const int per = scoring.units_per_point;
    const bool negative = units < 0;
    const int magnitude = negative ? -units : units;
    std::string text;
    if (negative)
        text.push_back('-');
    text.append(std::to_string(magnitude / per));
    if (per == 2 && magnitude % 2 != 0)
        text += ".5";
    return text;
}

std::string format_points_trf(Points units, const Scoring& scoring) {
    std::string text = format_points(units, scoring);
    if (text.find('.') == std::string::npos)
        text += ".0";
    return text;
}

std::optional<Points> bye_points_of(std::string_view word, const Scoring& scoring) {
    if (word == "win")
        return scoring.win;
    if (word == "draw")
        return scoring.draw;
    if (word == "zero")
        return scoring.loss;
    return std::nullopt;
}

std::string_view bye_word_of(Points bye_points, const Scoring& scoring) {
    if (bye_points == scoring.win)
        return "win";
    return bye_points == scoring.draw ? "draw" : "zero";
}

} // namespace lobby::tournament
