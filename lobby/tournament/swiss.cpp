#include "lobby/tournament/swiss.h"

#include "lobby/tournament/tournament_errors.h"

#include <algorithm>
#include <cstddef>
#include <numeric>

namespace lobby::tournament {

namespace {

std::size_t swiss_slot(int i) {
    return static_cast<std::size_t>(i);
}

bool one_of_scores(Points p, const Scoring& s) {
    return p == 0 || p == s.draw || p == s.win;
}

Refusal check_settings(const SwissSettings& s) {
    const Scoring& sc = s.scoring;
    if (s.rounds < 1 || s.rounds > 99)
        return refuse(tournament_errc::bad_settings, "a Swiss has 1 to 99 rounds");
    if (sc.loss < 0 || sc.draw < sc.loss || sc.win <= sc.draw ||
        (sc.units_per_point != 1 && sc.units_per_point != 2))
        return refuse(tournament_errc::bad_settings, "the scoring is not win > draw >= loss");
    if (!one_of_scores(s.bye_points, sc) || !one_of_scores(s.late_entry_points, sc))
        return refuse(tournament_errc::bad_settings,
                      "a bye or a missed round scores nothing, a draw or a win");
    // More allowed than there are rounds is no limit at all, not a mistake: a one-round Swiss
    // keeps the default of two.
    if (s.max_half_byes < 0)
        return refuse(tournament_errc::bad_settings, "bad number of half-point byes");
    for (std::size_t i = 0; i < s.tiebreaks.size(); ++i)
        for (std::size_t j = i + 1; j < s.tiebreaks.size(); ++j)
            if (s.tiebreaks[i] == s.tiebreaks[j])
                return refuse(tournament_errc::bad_settings, "a tie-break is listed twice");
    return std::nullopt;
}

Error no_entrant() {
    return refuse(tournament_errc::no_such_entrant, "no such player in this tournament");
}

} // namespace

rules::Result<Swiss> Swiss::create(std::string name, SwissSettings settings) {
    if (Refusal bad = check_settings(settings))
        return *bad;
    SwissRecord record;
    record.name = std::move(name);
    record.settings = std::move(settings);
    return Swiss(std::move(record));
}

rules::Result<Swiss> Swiss::restore(SwissRecord record) {
    if (Refusal bad = check_settings(record.settings))
        return *bad;
    const int n = static_cast<int>(record.players.size());
    if (static_cast<int>(record.rounds.size()) > record.settings.rounds)
        return refuse(tournament_errc::bad_settings, "more rounds than the tournament has");
    for (std::size_t r = 0; r < record.rounds.size(); ++r) {
        std::vector<int> seen(swiss_slot(n), 0);
        const auto mark = [&](PlayerIndex p) {
            if (p < 0 || p >= n || seen[swiss_slot(p)]++ != 0)
                return false;
            return true;
        };
        for (const SwissGame& g : record.rounds[r].games)
            if (!mark(g.white) || !mark(g.black))
                return refuse(tournament_errc::bad_pairing, "a round pairs a player twice");
        for (const SwissAbsence& a : record.rounds[r].absences)
            if (!mark(a.player))
                return refuse(tournament_errc::bad_pairing, "a round lists a player twice");
    }
    for (const auto& [a, b] : record.forbidden)
        if (a < 0 || b < 0 || a >= n || b >= n || a >= b)
            return refuse(tournament_errc::bad_forbidden_pair, "bad forbidden pair");
    Swiss swiss(std::move(record));
    swiss.recount();
    return swiss;
}

void Swiss::recount() {
    points_.clear();
    for (const PlayerHistory& h : build_histories(record_))
        points_.push_back(h.points);
}

std::optional<PlayerIndex> Swiss::index_of(std::string_view id) const {
    for (std::size_t i = 0; i < record_.players.size(); ++i)
        if (record_.players[i].id == id)
            return static_cast<PlayerIndex>(i);
    return std::nullopt;
}

Points Swiss::points(PlayerIndex player) const {
    return player >= 0 && swiss_slot(player) < points_.size() ? points_[swiss_slot(player)] : 0;
}

bool Swiss::round_complete() const {
    if (record_.rounds.empty())
        return true;
    const auto& games = record_.rounds.back().games;
    return std::none_of(games.begin(), games.end(),
                        [](const SwissGame& g) { return g.outcome == Outcome::Pending; });
}

bool Swiss::finished() const {
    return rounds_paired() == record_.settings.rounds && round_complete();
}

rules::Result<PlayerIndex> Swiss::add_player(std::string id, std::string name, int rating) {
    if (index_of(id))
        return refuse(tournament_errc::already_entered, "this player has entered already");
    const int missed = rounds_paired();
    if (missed >= record_.settings.rounds)
        return refuse(tournament_errc::tournament_over, "every round has been paired");
    if (missed > record_.settings.rounds / 2)
        return refuse(tournament_errc::entry_closed,
                      "late entry closes once half the rounds have been paired");
    const PlayerIndex index = static_cast<PlayerIndex>(record_.players.size());
    record_.players.push_back(
        SwissEntrant{std::move(id), std::move(name), rating, missed + 1, std::nullopt, {}});
    for (SwissRound& round : record_.rounds)
        round.absences.push_back({index, Absence::LateEntry});
    points_.push_back(missed * record_.settings.late_entry_points);
    return index;
}

Refusal Swiss::withdraw(std::string_view id) {
    const auto p = index_of(id);
    if (!p)
        return no_entrant();
    SwissEntrant& e = record_.players[swiss_slot(*p)];
    if (e.withdrawn_from)
        return refuse(tournament_errc::withdrawn, "this player has withdrawn already");
    e.withdrawn_from = rounds_paired() + 1;
    return std::nullopt;
}

Refusal Swiss::request_half_bye(std::string_view id, int round) {
    const auto p = index_of(id);
    if (!p)
        return no_entrant();
    SwissEntrant& e = record_.players[swiss_slot(*p)];
    if (e.withdrawn_from)
        return refuse(tournament_errc::withdrawn, "this player has withdrawn");
    if (round <= rounds_paired() || round > record_.settings.rounds)
        return refuse(tournament_errc::bad_bye_request, "that round is paired or does not exist");
    if (std::find(e.half_byes.begin(), e.half_byes.end(), round) != e.half_byes.end())
        return refuse(tournament_errc::bad_bye_request, "a bye for that round was asked already");
    if (static_cast<int>(e.half_byes.size()) >= record_.settings.max_half_byes)
        return refuse(tournament_errc::bad_bye_request, "no more half-point byes allowed");
    e.half_byes.push_back(round);
    return std::nullopt;
}

Refusal Swiss::forbid_pair(std::string_view a, std::string_view b) {
    const auto pa = index_of(a);
    const auto pb = index_of(b);
    if (!pa || !pb)
        return no_entrant();
    if (*pa == *pb)
        return refuse(tournament_errc::bad_forbidden_pair, "a player never meets themselves");
    const auto key = std::minmax(*pa, *pb);
    const std::pair<PlayerIndex, PlayerIndex> pair(key.first, key.second);
    if (std::find(record_.forbidden.begin(), record_.forbidden.end(), pair) !=
        record_.forbidden.end())
        return refuse(tournament_errc::bad_forbidden_pair, "this pair is forbidden already");
    record_.forbidden.push_back(pair);
    return std::nullopt;
}

Refusal Swiss::ready_to_pair() const {
    if (rounds_paired() >= record_.settings.rounds)
        return refuse(tournament_errc::tournament_over, "every round has been paired");
    if (!round_complete())
        return refuse(tournament_errc::round_in_progress, "the last round has games running");
    if (to_pair(rounds_paired() + 1).size() < 2)
        return refuse(tournament_errc::not_enough_players, "fewer than two players to pair");
    return std::nullopt;
}

std::vector<PlayerIndex> Swiss::to_pair(int round) const {
    std::vector<PlayerIndex> out;
    for (std::size_t i = 0; i < record_.players.size(); ++i) {
        const SwissEntrant& e = record_.players[i];
        const bool out_now = e.withdrawn_from && *e.withdrawn_from <= round;
        const bool half_bye =
            std::find(e.half_byes.begin(), e.half_byes.end(), round) != e.half_byes.end();
        if (e.joined_round <= round && !out_now && !half_bye)
            out.push_back(static_cast<PlayerIndex>(i));
    }
    return out;
}

std::vector<SwissAbsence> Swiss::absences(int round, std::optional<PlayerIndex> bye) const {
    std::vector<SwissAbsence> out;
    if (bye)
        out.push_back({*bye, Absence::PairingBye});
    for (std::size_t i = 0; i < record_.players.size(); ++i) {
        const SwissEntrant& e = record_.players[i];
        const PlayerIndex p = static_cast<PlayerIndex>(i);
        if (e.withdrawn_from && *e.withdrawn_from <= round)
            out.push_back({p, Absence::NotPaired});
        else if (std::find(e.half_byes.begin(), e.half_byes.end(), round) != e.half_byes.end())
            out.push_back({p, Absence::HalfBye});
    }
    // Kept in player order, so that a record read back from TRF is equal (trf.h).
    std::sort(out.begin(), out.end(),
              [](const SwissAbsence& a, const SwissAbsence& b) { return a.player < b.player; });
    return out;
}

void Swiss::number_by_rating() {
    std::vector<int> order(record_.players.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return record_.players[swiss_slot(a)].rating > record_.players[swiss_slot(b)].rating;
    });
    std::vector<PlayerIndex> new_index(order.size());
    std::vector<SwissEntrant> players;
    for (std::size_t i = 0; i < order.size(); ++i) {
        new_index[swiss_slot(order[i])] = static_cast<PlayerIndex>(i);
        players.push_back(record_.players[swiss_slot(order[i])]);
    }
    record_.players = std::move(players);
    for (auto& [a, b] : record_.forbidden) {
        const auto key = std::minmax(new_index[swiss_slot(a)], new_index[swiss_slot(b)]);
        a = key.first;
        b = key.second;
    }
    recount();
}

PairingRequest Swiss::next_pairing_request() const {
    const int round = rounds_paired() + 1;
    const std::vector<PlayerHistory> histories = build_histories(record_);
    PairingRequest request;
    request.forbidden = record_.forbidden;
    const bool last_round = round == record_.settings.rounds;
    for (const PlayerIndex p : to_pair(round)) {
        const PlayerHistory& h = histories[swiss_slot(p)];
        PairingPlayer player;
        player.index = p;
        player.score = h.points;
        player.colours = h.colours;
        player.opponents = h.opponents;
        player.floats = h.floats;
        player.unplayed = static_cast<int>(std::count_if(
            h.rounds.begin(), h.rounds.end(), [](const RoundLine& line) { return !line.played; }));
        player.bye_allowed = !h.had_bye_or_forfeit_win;
        // C.04.3 1.8: topscorers, when the last round is paired: over half the maximum score.
        player.topscorer = last_round && 2 * h.points > (round - 1) * record_.settings.scoring.win;
        request.players.push_back(std::move(player));
    }
    return request;
}

void Swiss::add_round(SwissRound round) {
    for (const SwissAbsence& a : round.absences)
        points_[swiss_slot(a.player)] += absence_points(a.kind, record_.settings);
    record_.rounds.push_back(std::move(round));
}

rules::Result<SwissRound> Swiss::pair_next_round() {
    if (Refusal bad = ready_to_pair())
        return *bad;
    if (record_.rounds.empty())
        number_by_rating();
    auto paired = pair_dutch(next_pairing_request());
    if (!paired)
        return paired.error();
    SwissRound round{paired->games, absences(rounds_paired() + 1, paired->bye), false};
    add_round(round);
    return round;
}

rules::Result<SwissRound>
Swiss::pair_by_hand(const std::vector<std::pair<std::string, std::string>>& white_black,
                    std::optional<std::string> bye) {
    if (Refusal bad = ready_to_pair())
        return *bad;
    return pair_round_by_hand(white_black, std::move(bye));
}

rules::Result<SwissRound>
Swiss::pair_ahead_by_hand(const std::vector<std::pair<std::string, std::string>>& white_black,
                          std::optional<std::string> bye, bool override_criteria) {
    if (rounds_paired() >= record_.settings.rounds)
        return refuse(tournament_errc::tournament_over, "every round has been paired");
    if (to_pair(rounds_paired() + 1).size() < 2)
        return refuse(tournament_errc::not_enough_players, "fewer than two players to pair");
    if (!override_criteria) {
        const PairingRequest request = next_pairing_request();
        const auto to_pair_player = [&](const std::string& id) -> const PairingPlayer* {
            const auto p = index_of(id);
            for (const PairingPlayer& player : request.players)
                if (p && player.index == *p)
                    return &player;
            return nullptr; // not to pair: the shape check below refuses it
        };
        for (const auto& [white, black] : white_black) {
            const PairingPlayer* w = to_pair_player(white);
            const PairingPlayer* b = to_pair_player(black);
            if (w != nullptr && b != nullptr && !may_meet(*w, *b, request.forbidden))
                return refuse(tournament_errc::bad_pairing,
                              record_.players[swiss_slot(w->index)].name + " and " +
                                  record_.players[swiss_slot(b->index)].name +
                                  " may not meet (they met, the pair is forbidden, or the "
                                  "colour rules forbid it): override to pair them anyway");
        }
        if (bye) {
            const PairingPlayer* p = to_pair_player(*bye);
            if (p != nullptr && !p->bye_allowed)
                return refuse(tournament_errc::bad_pairing,
                              record_.players[swiss_slot(p->index)].name +
                                  " had a bye, or a win's points without playing, already (C.04.1 "
                                  "article 4): override to give the bye anyway");
        }
    }
    return pair_round_by_hand(white_black, std::move(bye));
}

rules::Result<SwissRound>
Swiss::pair_round_by_hand(const std::vector<std::pair<std::string, std::string>>& white_black,
                          std::optional<std::string> bye) {
    const int round_number = rounds_paired() + 1;
    const std::vector<PlayerIndex> expected = to_pair(round_number);
    std::vector<PlayerIndex> seen;
    SwissRound round;
    round.set_by_hand = true;
    for (const auto& [white, black] : white_black) {
        const auto w = index_of(white);
        const auto b = index_of(black);
        if (!w || !b)
            return no_entrant();
        round.games.push_back({*w, *b, Outcome::Pending});
        seen.push_back(*w);
        seen.push_back(*b);
    }
    std::optional<PlayerIndex> bye_index;
    if (bye) {
        bye_index = index_of(*bye);
        if (!bye_index)
            return no_entrant();
        seen.push_back(*bye_index);
    }
    std::sort(seen.begin(), seen.end());
    if (seen != expected)
        return refuse(tournament_errc::bad_pairing,
                      "a pairing by hand names every player to pair exactly once");
    if (record_.rounds.empty()) { // numbering by rating renumbers: pair the numbers again
        const std::vector<SwissEntrant> before = record_.players;
        number_by_rating();
        const auto renumber = [&](PlayerIndex p) { return *index_of(before[swiss_slot(p)].id); };
        for (SwissGame& g : round.games) {
            g.white = renumber(g.white);
            g.black = renumber(g.black);
        }
        if (bye_index)
            bye_index = renumber(*bye_index);
    }
    round.absences = absences(round_number, bye_index);
    add_round(round);
    return round;
}

Refusal Swiss::record_result(int round, int board, Outcome outcome) {
    if (round < 1 || round > rounds_paired())
        return refuse(tournament_errc::no_such_round, "no such round");
    auto& games = record_.rounds[swiss_slot(round - 1)].games;
    if (board < 1 || board > static_cast<int>(games.size()))
        return refuse(tournament_errc::no_such_game, "no such board in this round");
    if (outcome == Outcome::Pending)
        return refuse(tournament_errc::bad_result, "a result is a win, a draw or a forfeit");
    SwissGame& game = games[swiss_slot(board - 1)];
    const auto [old_white, old_black] = game_points(game.outcome, record_.settings.scoring);
    const auto [new_white, new_black] = game_points(outcome, record_.settings.scoring);
    points_[swiss_slot(game.white)] += new_white - old_white;
    points_[swiss_slot(game.black)] += new_black - old_black;
    game.outcome = outcome;
    return std::nullopt;
}

std::vector<StandingRow> Swiss::standings() const {
    return swiss_standings(record_, build_histories(record_));
}

} // namespace lobby::tournament
