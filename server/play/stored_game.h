#pragma once
// Between a table and its rows in storage: the game row written when a game starts, the move
// rows, the end with its rating update, and the table record rebuilt from the rows after a
// restart (docs/architecture.md §3, "One move, from frame to durable broadcast"; issue 6).

#include "lobby/table.h"
#include "server/play/live_table.h"
#include "storage/cluster_store.h"
#include "storage/game_writer.h"
#include "storage/records.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace server::play {

// The row for the game now starting at `table` (every seat taken, each a SeatRow by index).
// Each seat is stored with its player's identity (lobby/player.h): the player id, the account
// (none: a guest or the computer) and a guest's token hash. The row also keeps whether the table is
// public and the ladder challenge the table plays, so that a restart restores all.
storage::GameRow game_row(const lobby::Table& table, lobby::TimePoint started_at,
                          const std::optional<LadderLink>& ladder = std::nullopt);
// The row for the move just played (`table.recorded_moves().back()`), ply counted from 1, with
// its mover and the mover's clock after it (a move changes no other seat's clock).
storage::MoveRow move_row(const lobby::MovePlayed& move, lobby::TimePoint at);
// The row of move `ply` (from 1) by `seat`, whose clock it left at `remaining`.
storage::MoveRow move_row(int ply, std::string move, int seat, lobby::Millis remaining,
                          lobby::TimePoint at);
// The rows of every move recorded at `table` (the game as it stands after a takeback), each
// with its mover (from the game replayed) and the mover's clock as it stands at `at`: the
// times of the moves kept are not stored per move, and each seat's clock is where its last
// move left it. An error only if the recorded game does not replay (it was played).
rules::Result<std::vector<storage::MoveRow>> move_rows(const lobby::Table& table,
                                                       lobby::TimePoint at);
// The row for a seat that left a game of more than two players (lobby::PlayerRetired), with
// its clock, which stands still from then on.
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
//
// `pauses` (a cluster's failovers, storage/cluster_store.h) are not charged to anyone: the
// clock of the side to move, which runs from the last stored move, runs that much later for
// each pause at the current ply (from `resumed_at`, minus what ran before the pause from the
// later of the last move and `charged_until`). A pause at an earlier ply is in the moves'
// stored clocks already. A restart that reads the same pauses gives the same clocks.
rules::Result<lobby::TableSnapshot> table_record(const storage::GameWithMoves& stored,
                                               std::uint64_t version,
                                               std::span<const storage::GamePause> pauses = {});

// The ladder challenge of a stored game, with the challenger's player id (of the seat whose
// account challenged). nullopt: not a ladder game, or the challenger sits at
// neither seat (the row cannot be linked back).
std::optional<LadderLink> stored_ladder_link(const storage::GameRow& row);

} // namespace server::play
