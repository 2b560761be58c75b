#include "lobby/tournament/round_robin_record.h"

#include "lobby/tournament/round_robin.h"

#include <utility>

namespace lobby::tournament {

rules::Result<SwissRecord> round_robin_record(std::string name, std::vector<SwissEntrant> players,
                                              bool double_round, SwissSettings settings) {
    const auto schedule = make_schedule(static_cast<int>(players.size()), double_round);
    if (!schedule)
        return schedule.error();
    SwissRecord record;
    record.name = std::move(name);
    record.settings = std::move(settings);
    record.settings.rounds = static_cast<int>(schedule->size());
    record.players = std::move(players);
    for (SwissEntrant& e : record.players) {
        e.joined_round = 1;
        e.withdrawn_from.reset();
        e.half_byes.clear();
    }
    for (const RoundRobinRound& r : *schedule) {
        SwissRound round;
        for (const RoundRobinGame& g : r.games)
            round.games.push_back({g.white - 1, g.black - 1, Outcome::Pending});
        if (r.bye > 0)
            round.absences.push_back({r.bye - 1, Absence::NotPaired});
        record.rounds.push_back(std::move(round));
    }
    return record;
}

} // namespace lobby::tournament
