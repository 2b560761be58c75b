#pragma once
// What a ladder game's end does to its challenge, decided from what is stored (issue 34): the
// game writer calls it in the transaction that stores the end (storage/game_writer.h,
// LadderDecider), and the settle step (ladder_settle.h) for an end stored without it.
//
// The challenge is decided by the game as played: a win for either side as the result says, a
// draw for the challenged player (who holds the rung), a first-move timeout against the side
// that did not move (the side to move after the stored moves). A game aborted because the
// server could not store it ("storage_failed") cancels the challenge. A row closed by a
// takeback ("takeback": the game goes on in a new row) decides nothing. Pure: no I/O, no
// clock (the time of the change is the game's end).

#include "lobby/ladder/ladder_types.h"
#include "storage/game_writer.h"
#include "storage/records.h"

#include <optional>

namespace server::accounts {

// The challenge's result, or nullopt when the end decides nothing (a takeback's row, or a
// challenger who sits at neither seat).
std::optional<lobby::ladder::ChallengeResult> ladder_result_of(const storage::LadderGameEnd& end);

// The change to store with the end: nullopt when it decides nothing.
std::optional<storage::LadderChange> decide_ladder_game(const storage::LadderGameEnd& end);

// decide_ladder_game as the writer takes it (Backend::game_writer).
storage::LadderDecider ladder_decider();

} // namespace server::accounts
