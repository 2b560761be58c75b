#pragma once
// TournamentStore (storage/tournament_store.h) on SQLite. Owns its connection; one thread at a
// time. rounds() reads the pairings and their games' results in one read transaction (one
// snapshot), joined with the `games` table.

#include "storage/sqlite/connection.h"
#include "storage/tournament_store.h"

namespace storage::sqlite {

class SqliteTournamentStore final : public TournamentStore {
public:
    explicit SqliteTournamentStore(Connection connection) : db_(std::move(connection)) {}

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
    Connection db_;
};

} // namespace storage::sqlite
