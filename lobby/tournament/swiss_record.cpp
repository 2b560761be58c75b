#include "lobby/tournament/swiss_record.h"

namespace lobby::tournament {

std::vector<Tiebreak> default_tiebreaks() {
    return {Tiebreak::BuchholzCut1, Tiebreak::Buchholz, Tiebreak::SonnebornBerger};
}

bool played(Outcome outcome) {
    return outcome == Outcome::WhiteWins || outcome == Outcome::Draw ||
           outcome == Outcome::BlackWins || outcome == Outcome::Pending;
}

std::pair<Points, Points> game_points(Outcome outcome, const Scoring& scoring) {
    switch (outcome) {
    case Outcome::WhiteWins:
    case Outcome::WhiteWinsByForfeit:
        return {scoring.win, scoring.loss};
    case Outcome::BlackWins:
    case Outcome::BlackWinsByForfeit:
        return {scoring.loss, scoring.win};
    case Outcome::Draw:
        return {scoring.draw, scoring.draw};
    case Outcome::Pending:
    case Outcome::DoubleForfeit:
        break;
    }
    return {0, 0};
}

Points absence_points(Absence kind, const SwissSettings& settings) {
    switch (kind) {
    case Absence::PairingBye:
        return settings.bye_points;
    case Absence::HalfBye:
        return settings.scoring.draw;
    case Absence::LateEntry:
        return settings.late_entry_points;
    case Absence::NotPaired:
        break;
    }
    return 0;
}

} // namespace lobby::tournament
