#pragma once
// TournamentStore (storage/tournament_store.h) on PostgreSQL. Each call leases a connection
// from the backend's pool (pool.h); one thread at a time.
//
// Several nodes may change one tournament at once: add_entry locks the tournament's row
// (SELECT ... FOR UPDATE) before it counts the entries, so two joins cannot both take the last
// place; a round's primary key and set_pairing_game's "no game yet" condition refuse a second
// pairing or start.
//
// rounds() reads each pairing's game result from the game tables, which the PostgreSQL game
// store's migration brings: until they exist, a pairing with a game id throws StorageError
// saying so (pairings without a game read as they are).

#include "storage/postgres/pool.h"
#include "storage/tournament_store.h"

#include <memory>

namespace storage::postgres {

class PgTournamentStore final : public TournamentStore {
public:
    explicit PgTournamentStore(std::shared_ptr<ConnectionPool> pool) : pool_(std::move(pool)) {}

    std::optional<TournamentId> create_tournament(const TournamentRow& tournament) override;
    std::optional<TournamentRow> find_tournament(TournamentId id) override;
    std::vector<TournamentRow> list_tournaments(std::string_view state) override;
    std::vector<TournamentProgress> list_progress(std::string_view state) override;
    bool change_state(TournamentId id, std::string_view from, std::string_view to, TimePoint at,
                      const TournamentHistoryRow& history) override;

    EntryAdded add_entry(const TournamentEntryRow& entry) override;
    std::vector<TournamentEntryRow> entries(TournamentId id) override;
    bool set_withdrawn(TournamentId id, UserId user, std::optional<int> from_round) override;
    bool set_paused(TournamentId id, UserId user, bool paused) override;

    bool add_round(TournamentId id, const TournamentRoundRow& round,
                   const std::vector<TournamentHistoryRow>& history) override;
    std::vector<TournamentRoundRow> rounds(TournamentId id) override;
    bool set_pairing_game(TournamentId id, int round, int board, GameId game) override;
    bool set_pairing_table(TournamentId id, int round, int board, std::string_view code) override;
    bool replace_pairing_table(TournamentId id, int round, int board, std::string_view from,
                               std::string_view to) override;
    int link_games(TournamentId id, std::string_view superseded) override;
    bool set_pairing_outcome(TournamentId id, int round, int board, std::string_view outcome,
                             const TournamentHistoryRow& history,
                             const std::optional<TournamentPauseRow>& pause) override;

    bool add_half_bye(TournamentId id, UserId user, int round,
                      const TournamentHistoryRow& history) override;
    std::vector<TournamentHalfByeRow> half_byes(TournamentId id) override;
    bool add_forbidden_pair(TournamentId id, UserId a, UserId b,
                            const TournamentHistoryRow& history) override;
    bool remove_forbidden_pair(TournamentId id, UserId a, UserId b,
                               const TournamentHistoryRow& history) override;
    std::vector<TournamentForbiddenPairRow> forbidden_pairs(TournamentId id) override;

    void add_history(const TournamentHistoryRow& history) override;
    std::vector<TournamentHistoryRow> history(TournamentId id) override;

private:
    std::shared_ptr<ConnectionPool> pool_;
};

} // namespace storage::postgres
