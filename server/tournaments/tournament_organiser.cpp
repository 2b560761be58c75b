// The organiser's tools for a Swiss (tournament_service.h): requested half-point byes,
// forbidden pairs and a round paired by hand. Each reads the tournament's rows, lets the pure
// Swiss of lobby/tournament/ check the request against the record, and stores what it allows
// with its history line in one transaction.
#include "lobby/tournament/tournament_errors.h"
#include "server/tournaments/tournament_service.h"
#include "server/tournaments/service_lines.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace server::tournaments {
namespace {

using service_lines::entry_added;
using service_lines::history_line;
using service_lines::refusal;

namespace lt = lobby::tournament;
using storage::TimePoint;
using storage::TournamentId;
using storage::UserId;

bool same_name(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) ==
               std::tolower(static_cast<unsigned char>(y));
    });
}

const storage::TournamentEntryRow*
organiser_entry(const std::vector<storage::TournamentEntryRow>& entries, std::string_view name) {
    for (const auto& e : entries)
        if (same_name(e.name, name))
            return &e;
    return nullptr;
}

rules::Error unknown_player(std::string_view name) {
    return refusal("unknown_player",
                             "nobody called " + std::string(name) + " entered this tournament");
}


} // namespace

OrganiserRows TournamentService::organiser_rows(TournamentId id) {
    return {tournaments_.half_byes(id), tournaments_.forbidden_pairs(id)};
}

rules::Result<storage::TournamentRow>
TournamentService::organiser_swiss(TournamentId id, std::optional<UserId> who,
                                   bool organiser_only) {
    auto row = tournaments_.find_tournament(id);
    if (!row)
        return refusal("unknown_tournament", "there is no such tournament");
    if (organiser_only && who && row->organiser_user_id != who)
        return refusal("not_organiser", "only the tournament's organiser can do this");
    if (row->state == "finished" || row->state == "cancelled")
        return refusal("tournament_finished", "this tournament is over");
    if (row->format != format::swiss)
        return refusal("not_swiss", "only a Swiss has this");
    return std::move(*row);
}

rules::Result<int> TournamentService::request_half_bye(TournamentId id, UserId user, int round,
                                                       TimePoint now) {
    const auto row = organiser_swiss(id, user, false);
    if (!row)
        return row.error();
    const auto entries = tournaments_.entries(id);
    const auto mine = std::find_if(entries.begin(), entries.end(),
                                   [&](const auto& e) { return e.user_id == user; });
    if (mine == entries.end())
        return refusal("not_entered", "you have not entered this tournament");
    if (mine->withdrawn_from)
        return refusal("withdrawn", "you have withdrawn");
    if (round < 1 || round > row->rounds)
        return refusal("bad_round", "this Swiss has rounds 1 to " +
                                                  std::to_string(row->rounds));
    const auto rounds = tournaments_.rounds(id);
    if (round <= static_cast<int>(rounds.size()))
        return refusal("round_paired", "round " + std::to_string(round) +
                                                     " is paired already");
    if (round < mine->joined_round)
        return refusal("bad_round", "you entered from round " +
                                                  std::to_string(mine->joined_round));
    // The Swiss's own checks: asked already, or more than max_half_byes.
    auto swiss = load(*row, entries, rounds);
    if (!swiss)
        return swiss.error();
    if (const auto refused = swiss->request_half_bye(std::to_string(user), round))
        return *refused;
    if (!tournaments_.add_half_bye(id, user, round,
                                   history_line(id, now, user, "half_bye",
                                                     mine->name + ", round " +
                                                         std::to_string(round))))
        return refusal("round_paired", "round " + std::to_string(round) +
                                                     " is paired already");
    return round;
}

rules::Result<bool> TournamentService::forbid_pair(TournamentId id, std::optional<UserId> who,
                                                   const std::string& a, const std::string& b,
                                                   bool forbid, TimePoint now) {
    const auto row = organiser_swiss(id, who, true);
    if (!row)
        return row.error();
    const auto entries = tournaments_.entries(id);
    const auto* first = organiser_entry(entries, a);
    const auto* second = organiser_entry(entries, b);
    if (first == nullptr)
        return unknown_player(a);
    if (second == nullptr)
        return unknown_player(b);
    if (first->user_id == second->user_id)
        return refusal(std::string(lt::tournament_errc::bad_forbidden_pair),
                                 "a player never meets themselves");
    const std::string pair = first->name + " and " + second->name;
    if (forbid) {
        if (!tournaments_.add_forbidden_pair(
                id, first->user_id, second->user_id,
                history_line(id, now, who, "pair_forbidden", pair)))
            return refusal(std::string(lt::tournament_errc::bad_forbidden_pair),
                                     pair + " are forbidden to meet already");
    } else if (!tournaments_.remove_forbidden_pair(
                   id, first->user_id, second->user_id,
                   history_line(id, now, who, "pair_allowed", pair))) {
        return refusal(std::string(lt::tournament_errc::bad_forbidden_pair),
                                 pair + " are not forbidden to meet");
    }
    return true;
}

rules::Result<int> TournamentService::pair_by_hand(TournamentId id, std::optional<UserId> who,
                                                   int round, const HandPairing& pairing,
                                                   TimePoint now) {
    const auto row = organiser_swiss(id, who, true);
    if (!row)
        return row.error();
    if (row->state != "running")
        return refusal("bad_round",
                                 "round 1 is paired by the Dutch system when the Swiss starts");
    const auto entries = tournaments_.entries(id);
    const auto rounds = tournaments_.rounds(id);
    const int next = static_cast<int>(rounds.size()) + 1;
    if (round < next)
        return refusal("round_paired",
                                 "round " + std::to_string(round) + " is paired already");
    if (round != next || round > row->rounds)
        return refusal("bad_round", "the next round to pair is " +
                                                  std::to_string(next) + " of " +
                                                  std::to_string(row->rounds));
    if (pairing.byes.size() > 1)
        return refusal("bad_pairing", "a round has at most one bye (C.04.1 article 4)");
    std::vector<std::pair<std::string, std::string>> games; // by lobby id
    std::string detail = "round " + std::to_string(round) + ":";
    for (const auto& [white, black] : pairing.games) {
        const auto* w = organiser_entry(entries, white);
        const auto* b = organiser_entry(entries, black);
        if (w == nullptr)
            return unknown_player(white);
        if (b == nullptr)
            return unknown_player(black);
        games.emplace_back(std::to_string(w->user_id), std::to_string(b->user_id));
        detail += " " + w->name + "-" + b->name;
    }
    std::optional<std::string> bye;
    if (!pairing.byes.empty()) {
        const auto* e = organiser_entry(entries, pairing.byes.front());
        if (e == nullptr)
            return unknown_player(pairing.byes.front());
        bye = std::to_string(e->user_id);
        detail += ", bye " + e->name;
    }
    if (pairing.override_criteria)
        detail += " (the organiser overrode the pairing criteria)";
    auto swiss = load(*row, entries, rounds);
    if (!swiss)
        return swiss.error();
    const auto paired = swiss->pair_ahead_by_hand(games, bye, pairing.override_criteria);
    if (!paired)
        return paired.error();
    const auto stored = round_row_of(swiss->record(), *paired, round, now);
    if (!tournaments_.add_round(id, stored,
                                {history_line(id, now, who, "paired_by_hand", detail)}))
        return refusal("round_paired",
                                 "round " + std::to_string(round) + " is paired already");
    advance(id, now);
    return round;
}

} // namespace server::tournaments
