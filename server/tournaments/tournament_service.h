#pragma once
// Swiss, round-robin and arena tournaments (issue 38; arenas: "arenas" below) on top of
// storage: every action reads the tournament's rows, rebuilds its record (tournament_record.h),
// applies the pure rules of lobby/tournament/ and stores what changed. Standings are never stored:
// they are computed from the pairings and their games' results (storage/tournament_store.h), so a
// game's end is the standings' change, in the game writer's one transaction.
//
// The life of a tournament:
// - create: by an account (the organiser) or the operator (no organiser: `tabula tournament
//   create`, or a schedule of the config, tournament_scheduler.h). Public, or private with a
//   join code that joining must give.
// - join: an account (a guest has none: refused, "guest_in_rated" for a rated tournament,
//   "account_required" for a casual one), while it is "created", or a running Swiss's late
//   entry while at most half its rounds are paired ("entry_closed" after). Refusals:
//   "unknown_tournament", "tournament_finished", "tournament_full", "already_entered",
//   "bad_join_code", "not_on_ladder" (one open only to a ladder's players).
// - withdraw: before the start the entry goes; once running, the player is paired no more (a
//   Swiss from the next round; a round robin's games not started yet are forfeited).
// - start: the organiser (or the operator), or the clock at starts_at ("not_enough_players"
//   below min_players: the clock cancels it). Round 1 of a Swiss is paired; every round of a
//   round robin is stored at once (Berger tables).
// - advance (every tick, and after each action): links the games the play service made to
//   their pairings, stores the forfeit of a game nobody started (a first-move timeout: the
//   side that did not move loses; any other aborted game is a double forfeit; a withdrawn
//   player's game not yet started is lost by the withdrawn side), starts the games of the
//   first round not complete through the TournamentGameStarter, pairs the next Swiss round
//   once every game of the last one has a result, and finishes the tournament after the last.
// - tables: a pairing's table code is drawn and stored before its table is asked for, and the
//   play service takes a table it has with that code as the pairing's: a crash between the
//   two never makes two tables for one pairing. A player who cannot be seated (the play
//   service says why, or the account is gone) loses by forfeit, stored as the pairing's
//   outcome with a "forfeit" history line: no game, so nothing is rated.
// - restart: nothing is held in memory but which games were asked for in this process; a new
//   service continues from the stored rows (a round in progress included) and asks once more
//   for every pairing without a result, with its stored code.
//
// Not thread-safe: it uses the stores it was given; TournamentRunner runs it on its worker.
// `post` runs a function later on that same thread (the starter's answers come from others).

#include "lobby/random.h"
#include "lobby/tournament/swiss.h"
#include "lobby/tournament/tiebreaks.h"
#include "rules/result.h"
#include "server/tournaments/arena_clocks.h"
#include "server/tournaments/arena_record.h"
#include "server/tournaments/tournament_games.h"
#include "server/tournaments/tournament_record.h"
#include "storage/stores.h"
#include "storage/tournament_store.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace server::tournaments {

// What a creator asks for. `time_control` is the stored text (lobby/time_control_text.h).
struct NewTournament {
    std::string name;
    std::string format = "swiss"; // "swiss", "round_robin", "double_round_robin", "arena"
    std::string variant;
    std::string time_control;
    bool rated = false;
    storage::TimePoint starts_at{};
    int rounds = 0;             // a Swiss's, 1..99
    storage::Millis duration{}; // an arena's (arena_record.h: arena_shortest to arena_longest)
    int min_players = 2;
    int max_players = 64;
    bool is_public = true;
    std::string join_code{}; // a private one's, 4 to 32 letters or digits
    std::string tiebreaks{}; // "BH-C1,BH,SB" (empty: that default)
    // What a Swiss's pairing-allocated bye scores: "win" (the default, FIDE C.04.1 article 4), "draw"
    // or "zero" (a round robin's bye, a round with no game, always scores nothing).
    std::string bye{};
    std::optional<storage::UserId> organiser{};
    // The operator's schedule it is made for (tournament_scheduler.h); none: made by hand.
    std::optional<std::string> schedule{};
    // Open only to this ladder's players (none: to every account).
    std::optional<storage::LadderId> ladder{};
};

// A tournament as shown: its row, entries, rounds and, once paired, standings.
struct TournamentView {
    storage::TournamentRow tournament;
    std::vector<storage::TournamentEntryRow> entries;
    std::vector<storage::TournamentRoundRow> rounds;
    std::optional<std::string> organiser_name;             // none: the operator's
    lobby::tournament::SwissRecord record;                 // players in pairing order
    std::vector<lobby::tournament::StandingRow> standings; // best first; player = record index
    std::optional<ArenaView> arena; // an arena's standings (its record and standings are empty)
};

class TournamentService {
public:
    using Post = std::function<void(std::function<void()>)>;

    TournamentService(storage::TournamentStore& tournaments, storage::UserStore& users,
                      storage::RatingStore& ratings, storage::GameStore& games,
                      storage::LadderStore& ladders, Post post);

    void set_game_starter(std::shared_ptr<TournamentGameStarter> starter);

    // Errors: "bad_name", "bad_format", "bad_variant", "bad_time_control", "bad_rounds",
    // "bad_players", "bad_join_code", "bad_tiebreaks", "bad_bye", "unknown_ladder" (the ladder
    // it is open to does not exist), and "already_scheduled" (a schedule's tournament of that
    // start is stored: another node made it).
    rules::Result<storage::TournamentId> create(const NewTournament& request,
                                                storage::TimePoint now);
    std::vector<storage::TournamentRow> list(std::string_view state);
    // Players and rounds paired of the tournaments in `state` (empty: all), by id.
    std::map<storage::TournamentId, storage::TournamentProgress>
    list_progress(std::string_view state);
    // Errors: "unknown_tournament"; a stored record lobby/ refuses (logged: not expected).
    rules::Result<TournamentView> view(storage::TournamentId id);
    rules::Result<std::string> trf(storage::TournamentId id);

    rules::Result<storage::TournamentEntryRow> join(storage::TournamentId id,
                                                    std::optional<storage::UserId> user,
                                                    std::string_view join_code,
                                                    storage::TimePoint now);
    // Errors: "unknown_tournament", "not_entered", "tournament_finished", "withdrawn".
    rules::Result<storage::TournamentEntryRow>
    withdraw(storage::TournamentId id, storage::UserId user, storage::TimePoint now);
    // `who`: the organiser; nullopt: the operator. Errors: "unknown_tournament", "not_organiser",
    // "already_started", "not_enough_players".
    rules::Result<storage::TournamentRow>
    start(storage::TournamentId id, std::optional<storage::UserId> who, storage::TimePoint now);
    // The operator (who nullopt) or the organiser ends a tournament: "cancelled" before it
    // starts or while running (games in progress finish but count for nothing more).
    rules::Result<storage::TournamentRow>
    end(storage::TournamentId id, std::optional<storage::UserId> who, storage::TimePoint now);

    // --- arenas (arena_service.cpp; the rules: lobby/tournament/arena.h) ---------------------
    // An arena is created with "format" "arena" and a duration; it starts like the others and
    // runs until arena_ends_at. join enters it at any time until then, and brings a paused
    // player back; withdraw in a running arena is pause. Every advance (each tick) decides the
    // games nobody started (a no-show loses by forfeit and is paused; a game aborted before it
    // was played is lost by both), then pairs a wave of the waiting players (none from the end
    // on), and finishes the arena once it is over and its last game has ended.
    void set_arena_clocks(std::shared_ptr<ArenaClocks> clocks);
    // An arena player stops being paired (a playing one after the game in progress). Errors:
    // "unknown_tournament", "not_arena", "tournament_finished", "not_entered",
    // "already_paused".
    rules::Result<storage::TournamentEntryRow> pause(storage::TournamentId id, storage::UserId user,
                                                     storage::TimePoint now);
    // Berserk in the caller's game in progress, before their first move: it is stored, then
    // the live table applies it (ArenaClocks) or refuses it, which voids it (arena_record.h).
    // `done` runs on this service's thread (through
    // `post`) with the game's (round, board), or an error: "unknown_tournament", "not_arena",
    // "not_running", "tournament_finished", "not_entered", "no_game" (no game in progress, or
    // its table not made yet), "already_berserk", "too_late" (a move made), "unavailable".
    using BerserkDone = std::function<void(const rules::Result<std::pair<int, int>>&)>;
    void berserk(storage::TournamentId id, storage::UserId user, storage::TimePoint now,
                 BerserkDone done);
    // --- the organiser's tools for a Swiss (tournament_organiser.cpp) ---------------------
    // Players are named as entered (any case). Common errors: "unknown_tournament",
    // "not_swiss", "tournament_finished", "unknown_player" (no such entrant).
    //
    // A half-point bye `user` asks for: not paired in `round` and scoring a draw's points.
    // For a round of a created or running Swiss that is not paired yet, at most
    // SwissSettings::max_half_byes (2) per player. Errors: "not_entered", "withdrawn",
    // "round_paired", "bad_round", "bad_bye_request" (asked already, or past the limit).
    rules::Result<int> request_half_bye(storage::TournamentId id, storage::UserId user,
                                        int round, storage::TimePoint now);
    // The organiser (`who`; nullopt: the operator) forbids two players to meet, or lifts it.
    // The Dutch pairing never pairs a forbidden pair (a rule of the tournament, lobby/tournament/
    // swiss_pairing.h); a round already paired is not changed. Errors: "not_organiser",
    // "bad_forbidden_pair" (the same player twice, forbidden already, or not forbidden).
    rules::Result<bool> forbid_pair(storage::TournamentId id, std::optional<storage::UserId> who,
                                    const std::string& a, const std::string& b, bool forbid,
                                    storage::TimePoint now);
    // The organiser's pairing of round `round`, the next not paired, of a running Swiss: set
    // while the round before is played (the server pairs the next round by the Dutch system
    // as soon as the last result is in, so a hand pairing is given ahead). Every player to
    // pair in that round exactly once, in a game or as the one bye; a rematch, a forbidden
    // pair, a pair the colour rules forbid or a bye to a player who had one are refused
    // unless `override_criteria` (the organiser insists; the history says so). Stored as set
    // by hand, with a "paired_by_hand" history line listing the boards, and in the TRF as any
    // round. Errors: "not_organiser", "round_paired", "bad_round", "bad_pairing",
    // "not_enough_players".
    struct HandPairing {
        std::vector<std::pair<std::string, std::string>> games; // White, Black
        std::vector<std::string> byes;                           // at most one
        bool override_criteria = false;
    };
    rules::Result<int> pair_by_hand(storage::TournamentId id, std::optional<storage::UserId> who,
                                    int round, const HandPairing& pairing,
                                    storage::TimePoint now);

    // Every tournament due: created ones whose start time has come start (or are cancelled
    // with too few players), running ones advance. Failures are logged, per tournament.
    void tick(storage::TimePoint now);
    // One running tournament (see above). Errors from storage are thrown.
    void advance(storage::TournamentId id, storage::TimePoint now);

private:
    storage::TournamentStore& tournaments_;
    storage::UserStore& users_;
    storage::RatingStore& ratings_;
    storage::GameStore& games_;
    storage::LadderStore& ladders_;
    Post post_;
    std::shared_ptr<TournamentGameStarter> starter_;
    // (tournament, round, board) whose table was asked for in this process.
    std::set<std::tuple<storage::TournamentId, int, int>> asked_;
    lobby::SystemRandom random_; // the tables' codes: unguessable (lobby/join_codes.h)

    rules::Result<lobby::tournament::Swiss>
    load(const storage::TournamentRow& row, const std::vector<storage::TournamentEntryRow>& entries,
         const std::vector<storage::TournamentRoundRow>& rounds);
    rules::Result<storage::TournamentRow> begin(const storage::TournamentRow& row,
                                                std::optional<storage::UserId> who,
                                                storage::TimePoint now);
    // Stores outcomes of games that ended without a result and of withdrawn players' games.
    // True when something was stored.
    bool decide_unplayed(const storage::TournamentRow& row,
                         const std::vector<storage::TournamentEntryRow>& entries,
                         const std::vector<storage::TournamentRoundRow>& rounds,
                         storage::TimePoint now);
    void start_games(const storage::TournamentRow& row, const storage::TournamentRoundRow& round,
                     storage::TimePoint now);
    void on_table_answer(const std::tuple<storage::TournamentId, int, int>& key,
                         const std::string& code, const TableAnswer& answer,
                         storage::TimePoint now);
    void forfeit_unseated(storage::TournamentId id, int round, int board, int seat,
                          const std::string& reason, storage::TimePoint now);
    std::string new_table_code();
    bool on_ladder(storage::LadderId ladder, storage::UserId user);
    // arena_service.cpp
    std::shared_ptr<ArenaClocks> arena_clocks_;
    // (tournament, round, board, user) whose berserk the live table was asked for in this
    // process (a berserk being asked is not asked again as a restored one).
    std::set<std::tuple<storage::TournamentId, int, int, storage::UserId>> berserks_applied_;
    // The moves of each side of finished games (they never change).
    std::map<storage::GameId, ArenaMoves> arena_moves_;
    MovesOf arena_moves_of();
    static std::optional<rules::Error> check_new_arena(const NewTournament& request);
    rules::Result<ArenaView> view_arena(const storage::TournamentRow& row,
                                        const std::vector<storage::TournamentEntryRow>& entries,
                                        const std::vector<storage::TournamentRoundRow>& rounds);
    rules::Result<storage::TournamentEntryRow> join_arena(const storage::TournamentRow& row,
                                                          storage::TournamentEntryRow entry,
                                                          storage::TimePoint now);
    rules::Result<storage::TournamentRow> begin_arena(const storage::TournamentRow& row,
                                                      std::optional<storage::UserId> who,
                                                      storage::TimePoint now);
    void advance_arena(const storage::TournamentRow& row, storage::TimePoint now);
    void reapply_berserks(const storage::TournamentRow& row,
                          const std::vector<storage::TournamentRoundRow>& rounds,
                          const ArenaBerserks& berserks, storage::TimePoint now);
    void void_berserk(storage::TournamentId id, storage::UserId user, int round, int board,
                      storage::TimePoint now);
    int rating_of(storage::UserId user, const storage::TournamentRow& row);
    OrganiserRows organiser_rows(storage::TournamentId id);
    // The Swiss an organiser's tool acts on: running or created, a Swiss, the organiser's.
    rules::Result<storage::TournamentRow> organiser_swiss(storage::TournamentId id,
                                                          std::optional<storage::UserId> who,
                                                          bool organiser_only);
};

} // namespace server::tournaments
