#pragma once
// The storage interfaces the server programs against (STYLE.md §5). SQLite implements them in
// storage/sqlite/; another backend (PostgreSQL) can sit beside it.
//
// Threading: one store object belongs to one thread at a time (it owns its own database
// connection). Make one per thread through storage::Backend. Every method may throw
// storage::StorageError when the database itself fails; expected refusals are return values.

#include "storage/records.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace storage {

// Accounts, login sessions and blocks.
class UserStore {
public:
    virtual ~UserStore() = default;

    // Creates an account. nullopt: the name is taken (names are unique ignoring case).
    // The caller has already checked the name rules and hashed the password.
    [[nodiscard]] virtual std::optional<UserId>
    create_user(std::string_view name, std::string_view password_hash, TimePoint now) = 0;
    virtual std::optional<UserRow> find_user(UserId id) = 0;
    virtual std::optional<UserRow> find_user_by_name(std::string_view name) = 0; // any case
    virtual std::vector<UserRow> list_users() = 0;                               // by name
    // Both return false for an unknown user. Each also ends every session of the user.
    virtual bool set_password_hash(UserId id, std::string_view password_hash) = 0;
    virtual bool set_disabled(UserId id, bool disabled) = 0;
    // Replaces the stored hash without ending sessions (raising Argon2 parameters at login).
    virtual bool rehash_password(UserId id, std::string_view password_hash) = 0;

    virtual void create_session(const SessionRow& session) = 0;
    // A new user and its first session (registered and logged in at once) in one transaction:
    // both or neither. `session.user_id` is set to the new id. nullopt when the name is taken
    // (nothing written).
    [[nodiscard]] virtual std::optional<UserId>
    create_user_with_session(std::string_view name, std::string_view password_hash, TimePoint now,
                             SessionRow session) = 0;
    // The session if it exists, has not expired at `now` and its user is not disabled.
    virtual std::optional<SessionRow> find_session(std::string_view token_hash, TimePoint now) = 0;
    virtual void touch_session(std::string_view token_hash, TimePoint now) = 0;
    virtual bool delete_session(std::string_view token_hash) = 0;
    virtual int delete_expired_sessions(TimePoint now) = 0; // how many went
    // Bounds the sessions of one user: deletes all but the `keep` newest (by creation; of two
    // created at the same millisecond, the one stored last is newer). How many went.
    virtual int keep_newest_sessions(UserId user, int keep) = 0;

    // Blocks: add is idempotent (false if already blocked), remove false if there was none.
    virtual bool add_block(UserId user, UserId blocked, TimePoint now) = 0;
    virtual bool remove_block(UserId user, UserId blocked) = 0;
    virtual std::vector<BlockRow> list_blocks(UserId user) = 0;
    // True when either user has blocked the other.
    virtual bool is_blocked_either_way(UserId a, UserId b) = 0;
};

// Which ratings a leaderboard lists, best first. A rating's RD grows while its player does not
// play (Glicko-2 step 6, lobby/rating/inactivity.h): at `now` its RD^2 is the stored RD^2 plus
// idle days x `growth_per_day` x volatility^2, the idle days counted from the rating's
// updated_at. Only ratings whose RD grown so is below `max_deviation`, of enabled users, are
// listed; `growth_per_day` 0 compares the stored RD as it is. The rows carry the stored
// rating: the caller grows the RD it shows.
struct LeaderboardQuery {
    std::string_view variant;
    std::string_view speed;
    double max_deviation = 0;
    TimePoint now{};
    double growth_per_day = 0;
    int limit = 0;
};

// Ratings per user, variant and speed. Ratings after a game are written by
// GameWriter::finish_game, in the same transaction as the result; put_rating is for tools.
class RatingStore {
public:
    virtual ~RatingStore() = default;
    virtual std::optional<RatingRow> find_rating(const RatingKey& key) = 0;
    virtual std::vector<RatingRow> ratings_of(UserId user) = 0; // by variant, speed
    virtual void put_rating(const RatingRow& rating) = 0;       // insert or replace
    virtual std::vector<LeaderboardRow> leaderboard(const LeaderboardQuery& query) = 0;
};

// Reading games. Writing goes through GameWriter (game_writer.h).
class GameStore {
public:
    virtual ~GameStore() = default;
    virtual std::optional<GameWithMoves> find_game(GameId id) = 0;
    // The user's games (any seat), newest first.
    virtual std::vector<GameRow> history(UserId user, const HistoryQuery& query) = 0;
    virtual int count_games(UserId user) = 0;
    // Every game without an end, with its moves: what a restarted server resumes.
    virtual std::vector<GameWithMoves> load_unfinished_games() = 0;
};

// Ladders: definitions, standings, challenges and history.
class LadderStore {
public:
    virtual ~LadderStore() = default;
    // nullopt: a ladder with this name exists already.
    [[nodiscard]] virtual std::optional<LadderId> create_ladder(const LadderRow& ladder) = 0;
    virtual std::optional<LadderRow> find_ladder(LadderId id) = 0;
    virtual std::vector<LadderRow> list_ladders() = 0;
    virtual bool delete_ladder(LadderId id) = 0;

    virtual std::vector<LadderRungRow> standings(LadderId ladder) = 0; // top (rung 1) first
    // Replaces the standings (players top first) and appends history, in one transaction,
    // whatever the standings were (a tool's; the service goes through apply_change).
    virtual void save_standings(LadderId ladder, const std::vector<UserId>& top_first,
                                const std::vector<LadderHistoryRow>& history) = 0;

    // Writes a LadderChange (records.h) in one transaction: standings, history and challenge
    // updates together. False, with nothing written, when a challenge is no longer in its
    // `from` status (another thread settled it first) or the stored standings are no longer
    // the ones the change was computed from (`computed_from`: another writer changed them).
    //
    // Concurrency control: a lock on the ladder plus an optimistic check, retried by the
    // caller. The check and the write run under the ladder's lock (PostgreSQL: the ladder's
    // row, SELECT ... FOR UPDATE; SQLite: the database's write lock, BEGIN IMMEDIATE), so no
    // other change of the ladder, from any node or thread, comes between them; a change read
    // from what is no longer stored is refused whole, and the caller reads the ladder again,
    // computes the change again and retries (server/accounts/ladder_service.h). No version
    // column: the check compares the standings themselves (a ladder's few hundred rungs at
    // most), which is exactly what the change was computed from.
    [[nodiscard]] virtual bool apply_change(const LadderChange& change) = 0;

    [[nodiscard]] virtual ChallengeId add_challenge(const LadderChallengeRow& challenge) = 0;
    virtual bool update_challenge(const LadderChallengeRow& challenge) = 0; // by id
    virtual std::optional<LadderChallengeRow> find_challenge(ChallengeId id) = 0;
    virtual std::vector<LadderChallengeRow> open_challenges(LadderId ladder) = 0;
    // Every accepted challenge of every ladder, each with the newest game stored for it: what a
    // settle step decides from (server/accounts/ladder_settle.h).
    virtual std::vector<AcceptedChallenge> accepted_challenges() = 0;
    virtual std::vector<LadderChallengeRow> challenges_of(LadderId ladder, UserId user) = 0;
    virtual std::vector<LadderHistoryRow> history(LadderId ladder, UserId user) = 0;
};

} // namespace storage
