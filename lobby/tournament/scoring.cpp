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

} // namespace lobby::tournament
