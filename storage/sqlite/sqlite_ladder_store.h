#pragma once
// LadderStore on SQLite. Owns its connection; one thread at a time.
//
// Several connections (threads, processes) may change one ladder at once. apply_change (and
// save_standings, which is one) takes the database's write lock first (BEGIN IMMEDIATE), then
// checks each challenge's `from` status and the standings the change was computed from, and
// writes (ladder_rows.h): a change read before another one committed is refused (false),
// never half written.

#include "storage/sqlite/connection.h"
#include "storage/stores.h"

namespace storage::sqlite {

class SqliteLadderStore final : public LadderStore {
public:
    explicit SqliteLadderStore(Connection connection) : db_(std::move(connection)) {}

    std::optional<LadderId> create_ladder(const LadderRow& ladder) override;
    std::optional<LadderRow> find_ladder(LadderId id) override;
    std::vector<LadderRow> list_ladders() override;
    bool delete_ladder(LadderId id) override;

    std::vector<LadderRungRow> standings(LadderId ladder) override;
    void save_standings(LadderId ladder, const std::vector<UserId>& top_first,
                        const std::vector<LadderHistoryRow>& history) override;

    bool apply_change(const LadderChange& change) override;

    ChallengeId add_challenge(const LadderChallengeRow& challenge) override;
    bool update_challenge(const LadderChallengeRow& challenge) override;
    std::optional<LadderChallengeRow> find_challenge(ChallengeId id) override;
    std::vector<LadderChallengeRow> open_challenges(LadderId ladder) override;
    std::vector<AcceptedChallenge> accepted_challenges() override;
    std::vector<LadderChallengeRow> challenges_of(LadderId ladder, UserId user) override;
    std::vector<LadderHistoryRow> history(LadderId ladder, UserId user) override;

private:
    Connection db_;
};

} // namespace storage::sqlite
