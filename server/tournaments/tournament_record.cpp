#include "server/tournaments/tournament_record.h"

#include "lobby/errors.h"
#include "lobby/table_events.h"
#include "lobby/tournament/scoring.h"
#include "lobby/tournament/tournament_errors.h"
#include "rules/variant.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <utility>

namespace server::tournaments {
namespace {

namespace lt = lobby::tournament;

struct TiebreakName {
    lt::Tiebreak tiebreak;
    std::string_view code;
};
constexpr std::array<TiebreakName, 5> tiebreak_names{{{lt::Tiebreak::Buchholz, "BH"},
                                                      {lt::Tiebreak::BuchholzCut1, "BH-C1"},
                                                      {lt::Tiebreak::SonnebornBerger, "SB"},
                                                      {lt::Tiebreak::DirectEncounter, "DE"},
                                                      {lt::Tiebreak::Wins, "WIN"}}};

rules::Error bad_record(std::string detail) {
    return rules::Error{std::string(lt::tournament_errc::bad_pairing), std::move(detail)};
}

std::optional<lt::Absence> absence_of(std::string_view word) {
    for (const auto a : {lt::Absence::PairingBye, lt::Absence::HalfBye, lt::Absence::LateEntry,
                         lt::Absence::NotPaired})
        if (absence_word(a) == word)
            return a;
    return std::nullopt;
}

// Withdrawn before the first round it could have played, and named by no stored round (a
// round robin stores every round at its start): never a player.
bool never_played(const storage::TournamentEntryRow& e,
                  const std::vector<storage::TournamentRoundRow>& rounds) {
    if (!e.withdrawn_from || *e.withdrawn_from > e.joined_round)
        return false;
    for (const auto& round : rounds) {
        for (const auto& p : round.pairings)
            if (p.white_user_id == e.user_id || p.black_user_id == e.user_id)
                return false;
        for (const auto& a : round.absences)
            if (a.user_id == e.user_id)
                return false;
    }
    return true;
}

} // namespace

bool is_round_robin(std::string_view f) {
    return f == format::round_robin || f == format::double_round_robin;
}

std::string_view tiebreak_code(lt::Tiebreak tiebreak) {
    for (const auto& [t, code] : tiebreak_names)
        if (t == tiebreak)
            return code;
    return "";
}

std::optional<std::vector<lt::Tiebreak>> parse_tiebreaks(std::string_view text) {
    std::vector<lt::Tiebreak> out;
    while (!text.empty()) {
        const auto comma = text.find(',');
        const auto code = text.substr(0, comma);
        const auto found = std::find_if(tiebreak_names.begin(), tiebreak_names.end(),
                                        [&](const TiebreakName& n) { return n.code == code; });
        if (found == tiebreak_names.end() ||
            std::find(out.begin(), out.end(), found->tiebreak) != out.end())
            return std::nullopt;
        out.push_back(found->tiebreak);
        text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    }
    return out;
}

std::string tiebreaks_text(const std::vector<lt::Tiebreak>& tiebreaks) {
    std::string out;
    for (const auto t : tiebreaks) {
        if (!out.empty())
            out += ',';
        out += tiebreak_code(t);
    }
    return out;
}

lt::Outcome outcome_of(const storage::TournamentPairingRow& p) {
    if (p.outcome == stored_outcome::white_forfeit_win)
        return lt::Outcome::WhiteWinsByForfeit;
    if (p.outcome == stored_outcome::black_forfeit_win)
        return lt::Outcome::BlackWinsByForfeit;
    if (p.outcome == stored_outcome::double_forfeit)
        return lt::Outcome::DoubleForfeit;
    if (p.game_result == lobby::result_name(lobby::GameResult::win(0, {})))
        return lt::Outcome::WhiteWins;
    if (p.game_result == lobby::result_name(lobby::GameResult::win(1, {})))
        return lt::Outcome::BlackWins;
    if (p.game_result == lobby::result_name(lobby::GameResult::draw({})))
        return lt::Outcome::Draw;
    return lt::Outcome::Pending;
}

std::string_view absence_word(lt::Absence absence) {
    switch (absence) {
    case lt::Absence::PairingBye:
        return "bye";
    case lt::Absence::HalfBye:
        return "half_bye";
    case lt::Absence::LateEntry:
        return "late_entry";
    case lt::Absence::NotPaired:
        return "not_paired";
    }
    return "not_paired";
}

rules::Result<lt::SwissSettings> settings_of(const storage::TournamentRow& row) {
    const auto variant = rules::variant_from_name(row.variant);
    if (!variant)
        return rules::Error{std::string(lt::tournament_errc::bad_settings),
                            "unknown variant " + row.variant};
    const auto scoring = lt::scoring_for(*variant);
    if (!scoring)
        return scoring.error();
    const auto tiebreaks = parse_tiebreaks(row.tiebreaks);
    if (!tiebreaks)
        return rules::Error{std::string(lt::tournament_errc::bad_settings),
                            "bad tie-breaks " + row.tiebreaks};
    lt::SwissSettings settings;
    settings.rounds = std::max(row.rounds, 1);
    settings.scoring = *scoring;
    settings.bye_points = row.bye_points;
    settings.late_entry_points = row.late_entry_points;
    settings.tiebreaks = *tiebreaks;
    return settings;
}

std::vector<storage::TournamentEntryRow>
record_players(const storage::TournamentRow& row,
               const std::vector<storage::TournamentEntryRow>& entries,
               const std::vector<storage::TournamentRoundRow>& rounds) {
    std::vector<storage::TournamentEntryRow> players;
    for (const auto& e : entries) // by entry_number
        if (!never_played(e, rounds))
            players.push_back(e);
    if (!rounds.empty() && !is_round_robin(row.format))
        std::stable_sort(players.begin(), players.end(), [](const auto& a, const auto& b) {
            // Round 1's players by rating (Swiss::number_by_rating), late entrants after.
            const bool a_late = a.joined_round > 1;
            const bool b_late = b.joined_round > 1;
            if (a_late != b_late)
                return b_late;
            return !a_late && a.rating > b.rating;
        });
    return players;
}

storage::UserId user_of(const lt::SwissEntrant& player) {
    storage::UserId id = 0;
    std::from_chars(player.id.data(), player.id.data() + player.id.size(), id);
    return id;
}

rules::Result<lt::SwissRecord> record_of(const storage::TournamentRow& row,
                                         const std::vector<storage::TournamentEntryRow>& entries,
                                         const std::vector<storage::TournamentRoundRow>& rounds,
                                         const OrganiserRows& organiser) {
    auto settings = settings_of(row);
    if (!settings)
        return settings.error();
    lt::SwissRecord record;
    record.name = row.name;
    record.settings = std::move(settings).value();
    if (is_round_robin(row.format))
        record.settings.rounds = std::max(1, static_cast<int>(rounds.size()));
    std::map<storage::UserId, lt::PlayerIndex> index;
    for (const auto& e : record_players(row, entries, rounds)) {
        index[e.user_id] = static_cast<lt::PlayerIndex>(record.players.size());
        record.players.push_back(lt::SwissEntrant{.id = std::to_string(e.user_id),
                                                  .name = e.name,
                                                  .rating = e.rating,
                                                  .joined_round = e.joined_round,
                                                  .withdrawn_from = e.withdrawn_from,
                                                  .half_byes = {}});
    }
    const auto player = [&](storage::UserId user) -> std::optional<lt::PlayerIndex> {
        const auto it = index.find(user);
        return it == index.end() ? std::nullopt : std::optional(it->second);
    };
    for (const auto& bye : organiser.half_byes)
        if (const auto who = player(bye.user_id))
            record.players[static_cast<std::size_t>(*who)].half_byes.push_back(bye.round);
    for (const auto& pair : organiser.forbidden) {
        const auto a = player(pair.first);
        const auto b = player(pair.second);
        if (a && b && *a != *b)
            record.forbidden.emplace_back(std::min(*a, *b), std::max(*a, *b));
    }
    std::sort(record.forbidden.begin(), record.forbidden.end());
    for (const auto& stored : rounds) {
        lt::SwissRound round;
        round.set_by_hand = stored.set_by_hand;
        for (const auto& p : stored.pairings) {
            const auto white = player(p.white_user_id);
            const auto black = player(p.black_user_id);
            if (!white || !black)
                return bad_record("round " + std::to_string(stored.round) +
                                  " pairs someone who is not a player");
            round.games.push_back({*white, *black, outcome_of(p)});
        }
        for (const auto& a : stored.absences) {
            const auto who = player(a.user_id);
            const auto kind = absence_of(a.kind);
            if (!who || !kind)
                return bad_record("round " + std::to_string(stored.round) + " has a bad absence");
            round.absences.push_back({*who, *kind});
        }
        // A late entrant's rounds before its entry (Swiss::add_player adds them so).
        for (std::size_t i = 0; i < record.players.size(); ++i)
            if (stored.round < record.players[i].joined_round)
                round.absences.push_back({static_cast<lt::PlayerIndex>(i), lt::Absence::LateEntry});
        record.rounds.push_back(std::move(round));
    }
    return record;
}

storage::TournamentRoundRow round_row_of(const lt::SwissRecord& record, const lt::SwissRound& round,
                                         int number, storage::TimePoint paired_at) {
    storage::TournamentRoundRow out;
    out.round = number;
    out.paired_at = paired_at;
    out.set_by_hand = round.set_by_hand;
    const auto user = [&](lt::PlayerIndex p) {
        return user_of(record.players[static_cast<std::size_t>(p)]);
    };
    int board = 0;
    for (const auto& g : round.games)
        out.pairings.push_back(storage::TournamentPairingRow{
            .board = ++board, .white_user_id = user(g.white), .black_user_id = user(g.black)});
    for (const auto& a : round.absences)
        if (a.kind != lt::Absence::LateEntry) // derived from the entry (record_of)
            out.absences.push_back(
                {.user_id = user(a.player), .kind = std::string(absence_word(a.kind))});
    return out;
}

} // namespace server::tournaments
