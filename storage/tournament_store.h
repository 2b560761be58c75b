#pragma once
// Tournaments (issue 38): definitions, entries, rounds with their pairings and the games
// played for them, and the organiser's history. SQLite implements it in
// storage/sqlite/sqlite_tournament_store.*, PostgreSQL in storage/postgres/pg_tournament_store.*.
//
// The design: standings are not stored. They are computed (lobby/tournament/) from the stored
// pairings joined with the stored results of their games, the `games` table's `result`, which
// GameWriter::finish_game writes. So a game's end and the tournament's standings change in
// ONE transaction (the game writer's): there is no second write to lose between them, and a
// server killed at any moment finds the standings as the results it committed. A result with
// no game (a no-show's forfeit) is the pairing's own stored `outcome`.
//
// "No pairing twice": a round is stored once (add_round refuses a round that is there), and a
// pairing's game id is set once (set_pairing_game refuses a pairing that has one), so a
// restarted server that pairs or starts again is refused instead of doubling.
//
// Threading: one store object belongs to one thread at a time (storage/stores.h). Every method
// may throw storage::StorageError when the database fails; refusals are return values.

#include "storage/tournament_records.h"

#include <optional>
#include <string_view>
#include <vector>

namespace storage {

class TournamentStore {
public:
    virtual ~TournamentStore() = default;

    // Stores a new tournament (its `id` and `state` are ignored: it is "created") and its
    // "created" history line, in one transaction. Nothing, with nothing written, when the
    // tournament of its `schedule` starting at its `starts_at` is stored already (made by
    // another node of a cluster at the same tick).
    [[nodiscard]] virtual std::optional<TournamentId>
    create_tournament(const TournamentRow& tournament) = 0;
    virtual std::optional<TournamentRow> find_tournament(TournamentId id) = 0;
    // Tournaments in `state` (empty: every state), by start time then id.
    virtual std::vector<TournamentRow> list_tournaments(std::string_view state) = 0;
    // The progress of the tournaments in `state` (empty: every state), by id, in one query. A
    // round is finished once each of its pairings has an outcome of its own (a forfeit) or a
    // game with a result.
    virtual std::vector<TournamentProgress> list_progress(std::string_view state) = 0;
    // Moves the tournament from `from` to `to` at `at` (started_at set on "running", ended_at
    // on "finished" and "cancelled") with `history`, in one transaction. False, with nothing
    // written, when it is not in `from`.
    [[nodiscard]] virtual bool change_state(TournamentId id, std::string_view from,
                                            std::string_view to, TimePoint at,
                                            const TournamentHistoryRow& history) = 0;

    // A new entry (its entry_number is given here), refused as EntryAdded says; the count of
    // entries and the insert are one transaction, so two joins at once cannot both take the
    // last place.
    [[nodiscard]] virtual EntryAdded add_entry(const TournamentEntryRow& entry) = 0;
    virtual std::vector<TournamentEntryRow> entries(TournamentId id) = 0; // by entry_number
    // False for a player not entered.
    virtual bool set_withdrawn(TournamentId id, UserId user, std::optional<int> from_round) = 0;
    virtual bool set_paused(TournamentId id, UserId user, bool paused) = 0;

    // Stores a round with its pairings and absences and `history`, in one transaction. False,
    // with nothing written, when that round is stored already. The pairings' game ids and
    // outcomes are written as given (usually none yet).
    [[nodiscard]] virtual bool add_round(TournamentId id, const TournamentRoundRow& round,
                                         const std::vector<TournamentHistoryRow>& history) = 0;
    // Every round, oldest first, each pairing with its game's result read from the game's row.
    virtual std::vector<TournamentRoundRow> rounds(TournamentId id) = 0;
    // Links the game started for a pairing. False when there is no such pairing or it has a
    // game already.
    [[nodiscard]] virtual bool set_pairing_game(TournamentId id, int round, int board,
                                                GameId game) = 0;
    // The code of the table made for a pairing. False when there is no such pairing or it has
    // a table already.
    [[nodiscard]] virtual bool set_pairing_table(TournamentId id, int round, int board,
                                                 std::string_view code) = 0;
    // Replaces the table code `from` of a pairing without a game by `to` (the code reserved
    // for it was taken by another table). False when the pairing has another code or a game.
    [[nodiscard]] virtual bool replace_pairing_table(TournamentId id, int round, int board,
                                                     std::string_view from,
                                                     std::string_view to) = 0;
    // Links each pairing with a table to the newest game row of that table with its White at
    // seat 0 and its Black at seat 1, started since the round was paired: a pairing without a
    // game, or whose game ended with `superseded` as its termination (a row a takeback closed:
    // the game goes on in a new row at the same table). How many pairings were linked anew.
    virtual int link_games(TournamentId id, std::string_view superseded) = 0;
    // The pairing's own outcome (a forfeit; empty: the game decides) with `history`, and with
    // `pause` (an arena's no-show) its player paused, in one transaction. False, with nothing
    // written, when there is no such pairing.
    [[nodiscard]] virtual bool set_pairing_outcome(TournamentId id, int round, int board,
                                                   std::string_view outcome,
                                                   const TournamentHistoryRow& history,
                                                   const std::optional<TournamentPauseRow>& pause) = 0;

    // A half-point bye `user` asked for, with `history`, in one transaction. False, with
    // nothing written, when that round is stored already or the player asked for it already.
    [[nodiscard]] virtual bool add_half_bye(TournamentId id, UserId user, int round,
                                            const TournamentHistoryRow& history) = 0;
    virtual std::vector<TournamentHalfByeRow> half_byes(TournamentId id) = 0; // by user, round
    // A pair the organiser forbade (either order), with `history`, in one transaction. False,
    // with nothing written, when it is forbidden already (add) or was not (remove).
    [[nodiscard]] virtual bool add_forbidden_pair(TournamentId id, UserId a, UserId b,
                                                  const TournamentHistoryRow& history) = 0;
    [[nodiscard]] virtual bool remove_forbidden_pair(TournamentId id, UserId a, UserId b,
                                                     const TournamentHistoryRow& history) = 0;
    virtual std::vector<TournamentForbiddenPairRow> forbidden_pairs(TournamentId id) = 0;

    virtual void add_history(const TournamentHistoryRow& history) = 0;
    virtual std::vector<TournamentHistoryRow> history(TournamentId id) = 0; // oldest first
};

} // namespace storage
