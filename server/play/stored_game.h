#pragma once
// Between a table and its rows in storage: the game row written when a game starts, the move
// rows, the end with its rating update, and the table record rebuilt from the rows after a
// restart (DESIGN.md "Data flow of one move"; issue 6).

#include "lobby/table.h"
#include "storage/game_writer.h"
#include "storage/records.h"

#include <optional>
#include <string>
#include <string_view>

namespace server::play {

// "base_ms=300000 increment_ms=3000 delay_ms=0 per_move_ms=0 days=0": every field of the time
// control, so a restarted server gets the same clock back.
std::string time_control_text(const lobby::TimeControl& control);
std::optional<lobby::TimeControl> parse_time_control_text(std::string_view text);

// The row for the game now starting at `table` (both seats taken). A registered player's
// PlayerId is the user name; `white_user` / `black_user` are the account ids (none: guest).
storage::GameRow game_row(const lobby::Table& table, lobby::TimePoint started_at,
                          std::optional<storage::UserId> white_user,
                          std::optional<storage::UserId> black_user);
// The row for the move just played (`table.recorded_moves().back()`), ply counted from 1.
storage::MoveRow move_row(const lobby::MovePlayed& move, lobby::TimePoint at);
// The end of a game with, for a rated game between two accounts, the Glicko-2 update of both
// ratings computed inside the storing transaction.
storage::FinishGame finish_row(storage::GameId id, const lobby::Table& table,
                               const lobby::GameEnded& ended, lobby::TimePoint at,
                               std::optional<storage::UserId> white_user,
                               std::optional<storage::UserId> black_user);

// The table record of an unfinished stored game: setup, players, moves with their times and
// the clock as it stood after the last acknowledged move. Restored tables are private (the
// row does not say whether the table was listed). `version` is where the restored table's
// event count continues.
rules::Result<lobby::TableRecord> table_record(const storage::GameWithMoves& stored,
                                               std::uint64_t version);

} // namespace server::play
