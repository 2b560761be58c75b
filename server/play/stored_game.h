#pragma once
// Between a table and its rows in storage: the game row written when a game starts, the move
// rows, the end with its rating update, and the table record rebuilt from the rows after a
// restart (docs/architecture.md §3, "One move, from frame to durable broadcast"; issue 6).

#include "lobby/table.h"
#include "server/play/table_host.h"
#include "storage/game_writer.h"
#include "storage/records.h"

#include <optional>
#include <string>
#include <string_view>

namespace server::play {

// The row for the game now starting at `table` (every seat taken; seats beyond two in
// seats_beyond_two). Each seat is stored with its
// player's identity (lobby/player.h): the player id, the account (none: a guest or the
// computer) and a guest's token hash. The row also keeps whether the table is public and the
// ladder challenge the table plays, so that a restart restores all.
storage::GameRow game_row(const lobby::Table& table, lobby::TimePoint started_at,
                          const std::optional<LadderLink>& ladder = std::nullopt);
// The row for the move just played (`table.recorded_moves().back()`), ply counted from 1, with
// the clock of every seat after it.
storage::MoveRow move_row(const lobby::MovePlayed& move, lobby::TimePoint at);
// The row of move `ply` (from 1) with the clock of every seat (`clocks`) after it.
storage::MoveRow move_row(int ply, std::string move, const lobby::PerSeat<lobby::Millis>& clocks,
                          lobby::TimePoint at);
// The row for a seat that left a game of more than two players (lobby::PlayerRetired).
storage::LeaveRow leave_row(const lobby::PlayerRetired& retired, lobby::TimePoint at);
// The end of a game (with the places of a game of more than two) and, for a rated game between
// accounts (the accounts of the players `game_ended` names, one per seat), the Glicko-2 update of
// every rating computed inside the storing transaction: update_after_game for two players,
// update_after_placings (pairwise by place) for more.
storage::FinishGame finish_row(storage::GameId id, const lobby::Table& table,
                               const lobby::GameEnded& ended, lobby::TimePoint at);

// The table record of an unfinished stored game: setup (public or private as it was),
// players of every seat with their identities (accounts, guests' token hashes), moves with
// their times, the leaves of a game of more than two, and the clock (every seat's time) as it
// stood after the last acknowledged move or leave. `version` is where the restored
// table's event count continues.
rules::Result<lobby::TableRecord> table_record(const storage::GameWithMoves& stored,
                                               std::uint64_t version);

// The ladder challenge of a stored game, with the challenger's player id (of the seat whose
// account challenged). nullopt: not a ladder game, or the challenger sits at
// neither seat (the row cannot be linked back).
std::optional<LadderLink> stored_ladder_link(const storage::GameRow& row);

} // namespace server::play
