#pragma once
// LadderStore on PostgreSQL. Each call leases a connection from the backend's pool (pool.h);
// one thread at a time.
//
// Several nodes may change one ladder at once. apply_change (and save_standings, which is one)
// locks the ladder's row first (SELECT ... FOR UPDATE, ladder_rows.h), then checks each
// challenge's `from` status and the standings the change was computed from, and writes: a
// second change of the same ladder waits for the first to commit, then sees its challenges
// settled or its standings changed and is refused (false), never half written.

#include "storage/postgres/pool.h"
#include "storage/stores.h"

#include <memory>

namespace storage::postgres {

class PgLadderStore final : public LadderStore {
public:
    explicit PgLadderStore(std::shared_ptr<ConnectionPool> pool) : pool_(std::move(pool)) {}

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
    std::shared_ptr<ConnectionPool> pool_;
};

} // namespace storage::postgres
