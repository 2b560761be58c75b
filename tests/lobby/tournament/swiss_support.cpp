#include "tests/lobby/tournament/swiss_support.h"

#include "lobby/tournament/colours.h"

#include <algorithm>
#include <cstddef>
#include <cstdlib>

namespace lobby::tournament::testing {

namespace {

std::size_t at_player(int i) {
    return static_cast<std::size_t>(i);
}

std::string problem_text(const std::string& what, PlayerIndex a, PlayerIndex b = -1) {
    std::string text = what;
    text += " (";
    text += std::to_string(a + 1);
    if (b >= 0) {
        text += ", ";
        text += std::to_string(b + 1);
    }
    text += ")";
    return text;
}

Outcome random_outcome(RandomSource& random) {
    const auto roll = random.below(100);
    if (roll < 4)
        return Outcome::WhiteWinsByForfeit;
    if (roll < 7)
        return Outcome::BlackWinsByForfeit;
    if (roll < 8)
        return Outcome::DoubleForfeit;
    if (roll < 45)
        return Outcome::WhiteWins;
    if (roll < 70)
        return Outcome::Draw;
    return Outcome::BlackWins;
}

} // namespace

namespace {

bool search_pairing(const PairingRequest& r, std::vector<char>& used, bool bye_left) {
    const std::size_t n = r.players.size();
    std::size_t first = 0;
    while (first < n && used[first] != 0)
        ++first;
    if (first == n)
        return true;
    used[first] = 1;
    for (std::size_t j = first + 1; j < n; ++j)
        if (used[j] == 0 && may_meet(r.players[first], r.players[j], r.forbidden)) {
            used[j] = 1;
            if (search_pairing(r, used, bye_left))
                return true;
            used[j] = 0;
        }
    if (bye_left && r.players[first].bye_allowed && search_pairing(r, used, false))
        return true;
    used[first] = 0;
    return false;
}

} // namespace

bool legal_pairing_exists(const PairingRequest& request) {
    std::vector<char> used(request.players.size(), 0);
    return search_pairing(request, used, request.players.size() % 2 == 1);
}

std::string player_id(int i) {
    std::string id = "u";
    id += std::to_string(i);
    return id;
}

SwissRecord record_before(const SwissRecord& record, int round) {
    SwissRecord before = record;
    before.rounds.resize(static_cast<std::size_t>(round - 1));
    return before;
}

std::vector<std::string> round_problems(const SwissRecord& record, int round) {
    std::vector<std::string> problems;
    const SwissRecord before = record_before(record, round);
    SwissRecord after = record_before(record, round + 1);
    const std::vector<PlayerHistory> was = build_histories(before);
    const std::vector<PlayerHistory> now = build_histories(after);
    const SwissRound& r = record.rounds[static_cast<std::size_t>(round - 1)];
    const bool last_round = round == record.settings.rounds;
    const auto topscorer = [&](PlayerIndex p) {
        return last_round &&
               2 * was[at_player(p)].points > (round - 1) * record.settings.scoring.win;
    };
    // The players to pair: entered, not withdrawn, no half-point bye asked for this round.
    int to_pair = 0;
    for (const SwissEntrant& e : record.players) {
        const bool out = e.withdrawn_from && *e.withdrawn_from <= round;
        const bool half_bye =
            std::find(e.half_byes.begin(), e.half_byes.end(), round) != e.half_byes.end();
        if (e.joined_round <= round && !out && !half_bye)
            ++to_pair;
    }
    int byes = 0;
    for (const SwissAbsence& a : r.absences)
        if (a.kind == Absence::PairingBye) {
            ++byes;
            if (was[at_player(a.player)].had_bye_or_forfeit_win)
                problems.push_back(problem_text("bye after a bye or a forfeit win", a.player));
        }
    if (byes > 1)
        problems.emplace_back("more than one pairing-allocated bye");
    if (to_pair / 2 != static_cast<int>(r.games.size()) || (byes == 1) != (to_pair % 2 == 1))
        problems.emplace_back("not floor(players / 2) games");
    for (const SwissGame& g : r.games) {
        const auto& opponents = was[at_player(g.white)].opponents;
        if (std::find(opponents.begin(), opponents.end(), g.black) != opponents.end())
            problems.push_back(problem_text("rematch", g.white, g.black));
        const auto key = std::minmax(g.white, g.black);
        if (std::find(record.forbidden.begin(), record.forbidden.end(),
                      std::pair<PlayerIndex, PlayerIndex>(key.first, key.second)) !=
            record.forbidden.end())
            problems.push_back(problem_text("forbidden pair", g.white, g.black));
        const ColourPreference pw = preference_of(was[at_player(g.white)].colours);
        const ColourPreference pb = preference_of(was[at_player(g.black)].colours);
        const bool exempt = topscorer(g.white) || topscorer(g.black);
        if (!exempt && pw.strength == Strength::Absolute && pb.strength == Strength::Absolute &&
            pw.colour == pb.colour)
            problems.push_back(problem_text("same absolute colour preference", g.white, g.black));
        for (const PlayerIndex p : {g.white, g.black}) {
            if (exempt)
                continue;
            const std::vector<Colour>& c = now[at_player(p)].colours;
            const ColourPreference pref = preference_of(c);
            if (std::abs(pref.difference) > 2)
                problems.push_back(problem_text("colour difference beyond 2", p));
            const std::size_t n = c.size();
            if (n >= 3 && c[n - 1] == c[n - 2] && c[n - 2] == c[n - 3])
                problems.push_back(problem_text("three games of one colour in a row", p));
        }
    }
    return problems;
}

RandomTournament play_random_swiss(std::uint64_t seed) {
    SeededRandom random(seed);
    SwissSettings settings;
    const int players = 4 + static_cast<int>(random.below(37));
    settings.rounds = std::min(3 + static_cast<int>(random.below(7)), players - 1);
    settings.bye_points = random.below(4) == 0 ? settings.scoring.draw : settings.scoring.win;
    settings.late_entry_points = random.below(2) == 0 ? 0 : settings.scoring.draw;
    if (random.below(3) == 0)
        settings.scoring = draughts_scoring;
    settings.tiebreaks = {Tiebreak::BuchholzCut1, Tiebreak::DirectEncounter,
                          Tiebreak::SonnebornBerger, Tiebreak::Wins, Tiebreak::Buchholz};
    auto created = Swiss::create("Random " + std::to_string(seed), settings);
    RandomTournament t{std::move(created).value(), 0, {}};
    Swiss& swiss = t.swiss;
    int next_id = 0;
    const auto add = [&] {
        const int id = next_id++;
        std::string name = "Player ";
        name += std::to_string(id);
        (void)swiss.add_player(player_id(id), name, 1000 + static_cast<int>(random.below(1500)));
    };
    for (int i = 0; i < players; ++i)
        add();
    for (int i = 0; i < players / 8; ++i)
        (void)swiss.forbid_pair(
            player_id(static_cast<int>(random.below(static_cast<std::uint64_t>(players)))),
            player_id(static_cast<int>(random.below(static_cast<std::uint64_t>(players)))));
    for (int round = 1; round <= settings.rounds; ++round) {
        // Between rounds: late entries, withdrawals, half-point byes.
        if (round > 1 && random.below(3) == 0)
            add();
        if (random.below(5) == 0)
            (void)swiss.withdraw(
                player_id(static_cast<int>(random.below(static_cast<std::uint64_t>(next_id)))));
        for (int k = 0; k < 2; ++k)
            if (random.below(3) == 0)
                (void)swiss.request_half_bye(
                    player_id(static_cast<int>(random.below(static_cast<std::uint64_t>(next_id)))),
                    round + static_cast<int>(random.below(2)));
        auto paired = swiss.pair_next_round();
        if (!paired) {
            if (paired.error().code == "no_legal_pairing") {
                ++t.pairing_failures;
                t.unpairable = swiss.next_pairing_request();
            }
            break;
        }
        for (int board = 1; board <= static_cast<int>(paired->games.size()); ++board)
            (void)swiss.record_result(round, board, random_outcome(random));
        if (random.below(4) == 0 && !paired->games.empty()) // a corrected result
            (void)swiss.record_result(round, 1, random_outcome(random));
    }
    return t;
}

} // namespace lobby::tournament::testing
