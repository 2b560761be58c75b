#pragma once
// Reading and writing ladder rows, shared by the ladder store and the game writer (which
// decides a ladder game's challenge in the transaction that stores the game's end).

#include "storage/records.h"
#include "storage/sqlite/connection.h"

#include <optional>
#include <string>
#include <vector>

namespace storage::sqlite {

// The columns every ladder and challenge query selects, in the order the readers below take.
inline constexpr const char* ladder_columns = "id, name, variant, time_control, max_rungs_up, "
                                              "response_time_ms, organiser_user_id, created_at";
inline constexpr const char* challenge_columns = "id, ladder_id, challenger_user_id, "
                                                 "challenged_user_id, created_at, deadline_at, "
                                                 "game_id, status";

// The row a statement selecting those columns stands on.
LadderRow ladder_from_row(const Statement& s);
LadderChallengeRow challenge_from_row(const Statement& s);

std::optional<LadderRow> read_ladder_row(Connection& db, LadderId id);
std::optional<LadderChallengeRow> read_challenge_row(Connection& db, ChallengeId id);
std::vector<UserId> read_top_first(Connection& db, LadderId ladder);

// Why `change` (records.h, LadderChange) can no longer be written: a challenge not in its
// `from` status (or of another ladder), or stored standings other than its `computed_from`.
// nullopt: it can. Read inside the caller's write transaction (SQLite's write lock), so that
// nothing changes between this check and the write.
std::optional<std::string> ladder_change_refusal(Connection& db, const LadderChange& change);

// Writes `change` on `db`, inside the caller's write transaction or savepoint. Throws
// StorageError when ladder_change_refusal names a reason (nothing written) or a row is refused
// (part of it written: the caller rolls back).
void write_ladder_change(Connection& db, const LadderChange& change);

// write_ladder_change, answering a refusal with false (nothing written) instead of throwing.
bool try_write_ladder_change(Connection& db, const LadderChange& change);

// What decides the challenge of `game` (just ended, in this transaction): nullopt when the
// game names no challenge or its challenge is no longer "accepted".
std::optional<LadderGameEnd> read_ladder_game_end(Connection& db, GameId game);

// Every accepted challenge with the newest game stored for it.
std::vector<AcceptedChallenge> read_accepted_challenges(Connection& db);

} // namespace storage::sqlite
