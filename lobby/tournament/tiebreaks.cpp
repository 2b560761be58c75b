#include "lobby/tournament/tiebreaks.h"

#include <algorithm>
#include <cstddef>

namespace lobby::tournament {

namespace {

using Value = std::int64_t;

std::size_t tiebreak_slot(int i) {
    return static_cast<std::size_t>(i);
}

// An opponent's score with each of their unplayed rounds counted as a draw.
Value adjusted_score(const PlayerHistory& h, const Scoring& scoring) {
    Value total = 0;
    for (const RoundLine& line : h.rounds)
        total += line.played ? line.points : scoring.draw;
    return total;
}

// The contributions of each round: (opponent's score, points scored that round).
std::vector<std::pair<Value, Value>> contributions(const std::vector<PlayerHistory>& histories,
                                                   const std::vector<Value>& adjusted,
                                                   PlayerIndex player, const Scoring& scoring) {
    const PlayerHistory& h = histories[tiebreak_slot(player)];
    std::vector<std::pair<Value, Value>> out;
    Value before = 0;
    const int rounds = static_cast<int>(h.rounds.size());
    for (int r = 0; r < rounds; ++r) {
        const RoundLine& line = h.rounds[tiebreak_slot(r)];
        if (line.played && line.opponent) {
            out.emplace_back(adjusted[tiebreak_slot(*line.opponent)], line.points);
        } else {
            const Value virtual_opponent =
                before + (scoring.win - line.points) + Value{scoring.draw} * (rounds - 1 - r);
            out.emplace_back(virtual_opponent, line.points);
        }
        before += line.points;
    }
    return out;
}

Value simple_tiebreak(Tiebreak kind, const std::vector<std::pair<Value, Value>>& parts,
                      const PlayerHistory& h) {
    Value total = 0;
    switch (kind) {
    case Tiebreak::Buchholz:
    case Tiebreak::BuchholzCut1: {
        Value lowest = parts.empty() ? 0 : parts.front().first;
        for (const auto& [opponent, points] : parts) {
            total += opponent;
            lowest = std::min(lowest, opponent);
        }
        return kind == Tiebreak::BuchholzCut1 ? total - lowest : total;
    }
    case Tiebreak::SonnebornBerger:
        for (const auto& [opponent, points] : parts)
            total += opponent * points;
        return total;
    case Tiebreak::Wins:
        return h.wins;
    case Tiebreak::DirectEncounter:
        break;
    }
    return 0;
}

// Direct encounter inside rows[first, last), all tied so far.
void direct_encounter(std::vector<StandingRow>& rows, std::size_t first, std::size_t last,
                      std::size_t column, const std::vector<PlayerHistory>& histories) {
    for (std::size_t i = first; i < last; ++i)
        rows[i].tiebreaks[column] = 0;
    if (last - first < 2)
        return;
    for (std::size_t i = first; i < last; ++i) {
        const PlayerHistory& h = histories[tiebreak_slot(rows[i].player)];
        for (std::size_t j = first; j < last; ++j) {
            if (i == j)
                continue;
            bool met = false;
            Value scored = 0;
            for (const RoundLine& line : h.rounds)
                if (line.played && line.opponent == rows[j].player) {
                    met = true;
                    scored += line.points;
                }
            if (!met) { // not everyone met: direct encounter separates nobody here
                for (std::size_t k = first; k < last; ++k)
                    rows[k].tiebreaks[column] = 0;
                return;
            }
            rows[i].tiebreaks[column] += scored;
        }
    }
}

bool same_up_to(const StandingRow& a, const StandingRow& b, std::size_t columns) {
    if (a.points != b.points)
        return false;
    for (std::size_t c = 0; c < columns; ++c)
        if (a.tiebreaks[c] != b.tiebreaks[c])
            return false;
    return true;
}

} // namespace

std::int64_t tiebreak_divisor(Tiebreak tiebreak, const Scoring& scoring) {
    switch (tiebreak) {
    case Tiebreak::SonnebornBerger:
        return Value{scoring.units_per_point} * scoring.win;
    case Tiebreak::Wins:
        return 1;
    case Tiebreak::Buchholz:
    case Tiebreak::BuchholzCut1:
    case Tiebreak::DirectEncounter:
        break;
    }
    return scoring.units_per_point;
}

std::vector<StandingRow> swiss_standings(const SwissRecord& record,
                                         const std::vector<PlayerHistory>& histories) {
    const Scoring& scoring = record.settings.scoring;
    const std::vector<Tiebreak>& kinds = record.settings.tiebreaks;
    std::vector<Value> adjusted;
    adjusted.reserve(histories.size());
    for (const PlayerHistory& h : histories)
        adjusted.push_back(adjusted_score(h, scoring));
    std::vector<StandingRow> rows;
    rows.reserve(histories.size());
    for (int p = 0; p < static_cast<int>(histories.size()); ++p) {
        const PlayerHistory& h = histories[tiebreak_slot(p)];
        StandingRow row{p, h.points, std::vector<Value>(kinds.size(), 0), 0};
        const auto parts = contributions(histories, adjusted, p, scoring);
        for (std::size_t c = 0; c < kinds.size(); ++c)
            row.tiebreaks[c] = simple_tiebreak(kinds[c], parts, h);
        rows.push_back(std::move(row));
    }
    // Sort column by column: points, then each tie-break; direct encounter is computed inside
    // each group still tied when its turn comes.
    const auto order_by = [&](std::size_t columns) {
        std::stable_sort(rows.begin(), rows.end(), [&](const StandingRow& a, const StandingRow& b) {
            if (a.points != b.points)
                return a.points > b.points;
            for (std::size_t c = 0; c < columns; ++c)
                if (a.tiebreaks[c] != b.tiebreaks[c])
                    return a.tiebreaks[c] > b.tiebreaks[c];
            return a.player < b.player;
        });
    };
    for (std::size_t c = 0; c < kinds.size(); ++c) {
        if (kinds[c] != Tiebreak::DirectEncounter)
            continue;
        order_by(c);
        for (std::size_t first = 0; first < rows.size();) {
            std::size_t last = first + 1;
            while (last < rows.size() && same_up_to(rows[first], rows[last], c))
                ++last;
            direct_encounter(rows, first, last, c, histories);
            first = last;
        }
    }
    order_by(kinds.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i].rank = i > 0 && same_up_to(rows[i - 1], rows[i], kinds.size())
                           ? rows[i - 1].rank
                           : static_cast<int>(i) + 1;
    return rows;
}

} // namespace lobby::tournament
