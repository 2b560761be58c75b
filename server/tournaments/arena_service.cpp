// The arena tournaments of TournamentService (tournament_service.h, "arenas"): the stored rows
// as arena_record.h describes them, the rules of lobby/tournament/arena.h.
#include "lobby/errors.h"
#include "lobby/time_control.h"
#include "lobby/time_control_text.h"
#include "server/log.h"
#include "server/tournaments/tournament_record.h"
#include "server/tournaments/tournament_service.h"
#include "server/tournaments/service_lines.h"

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

// lobby/table_events.h, GameResult::reason: the row a takeback closed (the game goes on in a
// new row at the same table).
constexpr std::string_view arena_takeback_termination = "takeback";


bool arena_finished(const storage::TournamentRow& row) {
    return row.state == "finished" || row.state == "cancelled";
}

const storage::TournamentEntryRow*
arena_entry_of(const std::vector<storage::TournamentEntryRow>& entries, UserId user) {
    for (const auto& e : entries)
        if (e.user_id == user)
            return &e;
    return nullptr;
}

// The player's game in progress: their last pairing, while it has no result.
const storage::TournamentPairingRow*
game_in_progress(const std::vector<storage::TournamentRoundRow>& rounds, UserId user, int& round) {
    for (auto r = rounds.rbegin(); r != rounds.rend(); ++r)
        for (const auto& p : r->pairings)
            if (p.white_user_id == user || p.black_user_id == user) {
                if (outcome_of(p) != lt::Outcome::Pending || !p.game_result.empty())
                    return nullptr;
                round = r->round;
                return &p;
            }
    return nullptr;
}

} // namespace

void TournamentService::set_arena_clocks(std::shared_ptr<ArenaClocks> clocks) {
    arena_clocks_ = std::move(clocks);
}

std::optional<rules::Error> TournamentService::check_new_arena(const NewTournament& r) {
    if (r.duration < arena_shortest || r.duration > arena_longest)
        return refusal("bad_duration", "an arena lasts from 1 minute to 24 hours (1440)");
    const auto control = lobby::parse_time_control_text(r.time_control);
    if (!control || !control->has_total())
        return refusal("bad_time_control",
                             "an arena needs a clock with a total time (berserk halves it)");
    if (r.rounds != 0)
        return refusal("bad_rounds", "an arena has a duration, not rounds");
    return std::nullopt;
}

MovesOf TournamentService::arena_moves_of() {
    return [this](storage::GameId game) {
        if (const auto known = arena_moves_.find(game); known != arena_moves_.end())
            return known->second;
        ArenaMoves moves;
        const auto stored = games_.find_game(game);
        if (!stored)
            return moves;
        for (const auto& m : stored->moves)
            (m.seat == 0 ? moves.white : moves.black) += 1;
        if (stored->game.ended_at) // a finished game's moves never change
            arena_moves_.emplace(game, moves);
        return moves;
    };
}

rules::Result<ArenaView>
TournamentService::view_arena(const storage::TournamentRow& row,
                              const std::vector<storage::TournamentEntryRow>& entries,
                              const std::vector<storage::TournamentRoundRow>& rounds) {
    auto berserks = arena_berserks(tournaments_.history(row.id));
    auto replay = arena_of(row, entries, rounds, berserks, arena_moves_of());
    if (!replay) {
        log::error("tournaments: arena " + std::to_string(row.id) +
                   " does not read back: " + replay.error().detail);
        return replay.error();
    }
    return arena_view(*replay, entries, arena_ends_at(row), std::move(berserks));
}

rules::Result<storage::TournamentEntryRow>
TournamentService::join_arena(const storage::TournamentRow& row, storage::TournamentEntryRow entry,
                              TimePoint now) {
    if (row.state == "running" && now >= arena_ends_at(row))
        return refusal("entry_closed", "this arena's time is up: its last games finish");
    const auto entries = tournaments_.entries(row.id);
    if (const auto* found = arena_entry_of(entries, entry.user_id)) {
        if (!found->paused || found->withdrawn_from)
            return refusal("already_entered", "you have entered this tournament already");
        if (!tournaments_.set_paused(row.id, entry.user_id, false))
            return refusal("not_entered", "you have not entered this tournament");
        tournaments_.add_history(history_line(row.id, now, entry.user_id, "resumed", {}));
        auto back = *found;
        back.paused = false;
        return back;
    }
    return entry_added(tournaments_.add_entry(entry), entry);
}

rules::Result<storage::TournamentEntryRow> TournamentService::pause(TournamentId id, UserId user,
                                                                    TimePoint now) {
    const auto row = tournaments_.find_tournament(id);
    if (!row)
        return refusal("unknown_tournament", "there is no such tournament");
    if (row->format != arena_format)
        return refusal("not_arena", "only an arena's players pause (withdraw instead)");
    if (arena_finished(*row))
        return refusal("tournament_finished", "this tournament is over");
    const auto entries = tournaments_.entries(id);
    const auto* found = arena_entry_of(entries, user);
    if (found == nullptr || found->withdrawn_from)
        return refusal("not_entered", "you have not entered this tournament");
    if (found->paused)
        return refusal("already_paused", "you are paused already: join to come back");
    if (!tournaments_.set_paused(id, user, true))
        return refusal("not_entered", "you have not entered this tournament");
    tournaments_.add_history(history_line(id, now, user, "paused", {}));
    auto entry = *found;
    entry.paused = true;
    return entry;
}

rules::Result<storage::TournamentRow>
TournamentService::begin_arena(const storage::TournamentRow& row, std::optional<UserId> who,
                               TimePoint now) {
    // The arena runs for its duration from now (an organiser may start it before its time).
    if (!tournaments_.change_state(row.id, "created", "running", now,
                                   history_line(row.id, now, who, "started", {})))
        return refusal("already_started", "this tournament has started");
    advance(row.id, now);
    return *tournaments_.find_tournament(row.id);
}

void TournamentService::berserk(TournamentId id, UserId user, TimePoint now, BerserkDone done) {
    const auto fail = [&done](std::string code, std::string detail) {
        done(refusal(std::move(code), std::move(detail)));
    };
    const auto row = tournaments_.find_tournament(id);
    if (!row)
        return fail("unknown_tournament", "there is no such tournament");
    if (row->format != arena_format)
        return fail("not_arena", "berserk is for an arena's games");
    if (arena_finished(*row))
        return fail("tournament_finished", "this tournament is over");
    if (row->state != "running")
        return fail("not_running", "this arena has not started");
    const auto entries = tournaments_.entries(id);
    if (arena_entry_of(entries, user) == nullptr)
        return fail("not_entered", "you have not entered this tournament");
    const auto rounds = tournaments_.rounds(id);
    int round = 0;
    const auto* game = game_in_progress(rounds, user, round);
    if (game == nullptr)
        return fail("no_game", "you have no game in progress in this arena");
    if (game->table_code.empty())
        return fail("no_game", "your game's table is being made: try again in a moment");
    const int board = game->board;
    if (arena_berserks(tournaments_.history(id)).contains({round, board, user}))
        return fail("already_berserk", "you have gone berserk in this game already");
    if (!arena_clocks_)
        return fail("unavailable", "no games are played here");
    // Stored before the table is asked (arena_record.h), so that what the players see at the
    // table is never more than what is stored; cancelled by a void line if the table refuses.
    try {
        tournaments_.add_history(history_line(id, now, user, std::string(berserk_event),
                                              arena_berserk_detail(round, board)));
    } catch (const std::exception& e) {
        log::error(std::string("tournaments: berserk not stored: ") + e.what());
        return fail("unavailable", "the berserk could not be stored");
    }
    berserks_applied_.emplace(id, round, board, user);
    arena_clocks_->berserk(
        game->table_code, user, false,
        [this, id, user, round, board, now, done = std::move(done),
         post = post_](const std::optional<rules::Error>& refused) {
            post([this, id, user, round, board, now, done, refused] {
                if (!refused)
                    return done(std::make_pair(round, board));
                void_berserk(id, user, round, board, now);
                const auto& code = refused->code;
                if (code == "not_allowed")
                    return done(refusal("too_late", refused->detail));
                if (code == "game_over" || code == "table_closed" || code == "not_started")
                    return done(refusal("no_game", refused->detail));
                done(*refused);
            });
        });
}

// The table refused a stored berserk: a void line cancels it. Should that line not be stored,
// the berserk is forgotten as applied, so that the next tick asks the table again (and voids
// it again if the table still refuses).
void TournamentService::void_berserk(TournamentId id, UserId user, int round, int board,
                                     TimePoint now) {
    try {
        tournaments_.add_history(history_line(id, now, user, std::string(berserk_void_event),
                                              arena_berserk_detail(round, board)));
    } catch (const std::exception& e) {
        log::error(std::string("tournaments: a refused berserk's void line not stored: ") +
                   e.what());
        berserks_applied_.erase({id, round, board, user});
    }
}

// After a restart the tables come back from storage without their berserks (a game row does
// not keep them): each stored berserk of a game in progress is applied again, once per process;
// one the table refuses (a crash came between its line and the table's refusal) is voided.
// A berserk stored while its game ended before the table answered, with the server killed in
// between, stays: its player had not moved, so it gives no bonus (seven moves are needed).
void TournamentService::reapply_berserks(const storage::TournamentRow& row,
                                         const std::vector<storage::TournamentRoundRow>& rounds,
                                         const ArenaBerserks& berserks, TimePoint now) {
    if (!arena_clocks_ || berserks.empty())
        return;
    for (const auto& r : rounds)
        for (const auto& p : r.pairings) {
            if (p.table_code.empty() || outcome_of(p) != lt::Outcome::Pending ||
                !p.game_result.empty())
                continue;
            for (const auto user : {p.white_user_id, p.black_user_id}) {
                if (!berserks.contains({r.round, p.board, user}) ||
                    !berserks_applied_.emplace(row.id, r.round, p.board, user).second)
                    continue;
                arena_clocks_->berserk(
                    p.table_code, user, true,
                    [this, id = row.id, user, round = r.round, board = p.board, now,
                     code = p.table_code, post = post_](const std::optional<rules::Error>& refused) {
                        if (!refused)
                            return;
                        log::warn("tournaments: berserk at table " + code +
                                  " not applied again: " + refused->detail);
                        // No table (the server is stopping, or the game has just ended):
                        // asked again at the next tick while the game is in progress.
                        const bool gone = refused->code == lobby::errc::table_closed;
                        post([this, id, user, round, board, now, gone] {
                            if (gone)
                                berserks_applied_.erase({id, round, board, user});
                            else
                                void_berserk(id, user, round, board, now);
                        });
                    });
            }
        }
}

void TournamentService::advance_arena(const storage::TournamentRow& row, TimePoint now) {
    const TournamentId id = row.id;
    tournaments_.link_games(id, arena_takeback_termination);
    auto entries = tournaments_.entries(id);
    auto rounds = tournaments_.rounds(id);
    // A no-show loses by forfeit and is paused in the same transaction (decide_unplayed).
    if (decide_unplayed(row, entries, rounds, now)) {
        rounds = tournaments_.rounds(id);
        entries = tournaments_.entries(id);
    }
    const auto berserks = arena_berserks(tournaments_.history(id));
    reapply_berserks(row, rounds, berserks, now);
    auto replay = arena_of(row, entries, rounds, berserks, arena_moves_of());
    if (!replay) {
        log::error("tournaments: arena " + std::to_string(id) +
                   " does not read back: " + replay.error().detail);
        return;
    }
    for (const auto& r : rounds)
        start_games(row, r, now); // the games whose table was not asked for yet (a restart)
    if (replay->arena.final(now)) {
        (void)tournaments_.change_state(id, "running", "finished", now,
                                        history_line(id, now, std::nullopt, "finished", {}));
        return;
    }
    const auto games = replay->arena.pair_waiting(now);
    if (games.empty())
        return;
    storage::TournamentRoundRow wave{.round = static_cast<int>(rounds.size()) + 1,
                                     .paired_at = now,
                                     .set_by_hand = false,
                                     .pairings = {},
                                     .absences = {}};
    for (const auto& g : games)
        wave.pairings.push_back(
            storage::TournamentPairingRow{.board = static_cast<int>(wave.pairings.size()) + 1,
                                          .white_user_id = arena_user_of(g.white),
                                          .black_user_id = arena_user_of(g.black),
                                          .table_code = {},
                                          .game_id = {},
                                          .outcome = {},
                                          .game_result = {},
                                          .game_termination = {}});
    if (!tournaments_.add_round(id, wave,
                                {history_line(id, now, std::nullopt, "paired",
                                               "wave " + std::to_string(wave.round) + ": " +
                                                   std::to_string(games.size()) + " games")}))
        return;
    const auto reread = tournaments_.rounds(id);
    if (!reread.empty())
        start_games(row, reread.back(), now);
}

} // namespace server::tournaments
