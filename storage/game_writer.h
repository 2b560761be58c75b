#pragma once
// The move path: one writer with group commit (STYLE.md §5; docs/architecture.md §3, "One move,
// from frame to durable broadcast").
//
// Contract (the thread, the queue and the batching are storage/batch_writer.h, the same for
// every backend; each backend writes a batch with its own statements):
// - Calls return at once and may come from any thread. The writer takes everything queued,
//   writes it in ONE transaction, commits, and only then runs the callbacks, in the order the
//   calls were made. "Acknowledged" (a callback with ok()) means committed: with
//   Durability::Full the commit is on disk and survives a power loss.
// - Each request runs inside its own savepoint: one that fails (unknown game, a ply already
//   stored) reports the error to its own callback and leaves the others of the batch intact.
//   If the COMMIT itself fails, every callback of the batch gets that error.
// - Writes are idempotent where a retry needs it: a move already stored at its ply exactly as
//   asked is a success that stores nothing (a different one is an error), so a write whose
//   outcome was unknown may be sent again.
// - Callbacks run on the writer thread: keep them short (post to a strand) and never call
//   flush() from one.

#include "storage/records.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace storage {

// Success, or the backend's message saying why a write did not happen.
struct WriteStatus {
    std::string error; // empty: committed
    // The writer is fenced (a fenced writer, postgres/pg_game_writer.h): this node no longer
    // owns its tables, another node took them over. Not a storage failure: never retry it, never
    // end the game for it; drop the table (what is stored is the new owner's to go on from).
    // `error` says so too, so ok() is false.
    bool fenced = false;

    bool ok() const { return error.empty(); }
    explicit operator bool() const { return ok(); }
};

using WriteCallback = std::function<void(const WriteStatus&)>;
using CreateGameCallback = std::function<void(const WriteStatus&, GameId)>;

// Computes the new ratings when a rated game ends. It runs on the writer thread inside the
// transaction that stores the result, so a read-modify-write cannot race with another game:
// `current[i]` is the stored rating for `FinishGame::rated_players[i]` (nullopt: none yet).
// Return the rows to store (insert or replace); return nothing to leave ratings alone.
using RatingUpdater =
    std::function<std::vector<RatingRow>(const std::vector<std::optional<RatingRow>>& current)>;

// Decides a ladder challenge from the end of its game: the change to write in the transaction
// that stores the end, or nullopt to leave the challenge as it is (an end that decides
// nothing, such as a game closed by a takeback). The rules live above storage (lobby/ladder/):
// the server hands the writer this function (Backend::game_writer). It runs on the writer
// thread, inside the transaction, and must not throw.
using LadderDecider = std::function<std::optional<LadderChange>(const LadderGameEnd&)>;

struct FinishGame {
    GameEnd end;
    std::vector<RatingKey> rated_players; // empty for a casual game
    RatingUpdater rate;                   // may be empty
};

// Reports the ratings that were written (empty when none).
using FinishGameCallback =
    std::function<void(const WriteStatus&, const std::vector<RatingRow>& written)>;

struct WriterStats {
    std::uint64_t requests = 0;     // requests written (successful or not)
    std::uint64_t transactions = 0; // committed transactions
    std::uint64_t failures = 0;     // requests whose callback got an error
    std::uint64_t fenced = 0;       // of those, requests refused because the writer is fenced
};

class GameWriter {
public:
    virtual ~GameWriter() = default; // drains the queue, then stops

    // Stores a new game with its seats (2 to max_seats); the callback gets its id.
    // `game.id` and the seats' places are ignored. A game with a ladder link needs its challenge
    // "accepted" (else an error); the challenge's game_id is set in the same transaction.
    virtual void create_game(GameRow game, CreateGameCallback done) = 0;
    // Stores one move, after the last one stored. A stored ply is never overwritten: the same
    // move (text, mover, clock and time) as stored at its ply succeeds and stores nothing; any
    // other move at or before the last ply stored is an error, and so is a mover that is not
    // one of the game's seats.
    virtual void append_move(GameId game, MoveRow move, WriteCallback done) = 0;
    // Stores that a seat left a game of more than two players (rules::Game::retire), queued
    // in order with the moves and durable like one. Errors: a two-player, unknown or finished
    // game, no such seat, a seat that has left already, or `leave.ply` other than the number
    // of moves stored (a leave happens between moves: call it when it happens).
    virtual void append_leave(GameId game, LeaveRow leave, WriteCallback done) = 0;
    // Stores the end of a game and, in the same transaction, the ratings from `finish.rate`.
    // A game of more than two players may store `finish.end.places`, one per seat (SeatRow::place).
    // A game whose row names a ladder challenge still "accepted" also decides it, in the same
    // transaction, with the writer's LadderDecider: the rungs, the history and the challenge's
    // status are written with the end or not at all (a change the store refuses fails the
    // request, and nothing of it is written). A writer without a decider leaves the challenge.
    virtual void finish_game(FinishGame finish, FinishGameCallback done) = 0;

    // Blocks until everything queued before the call is committed and called back.
    virtual void flush() = 0;
    // Once a burst of load has passed: gives back the memory the writer keeps for speed (a
    // backend's caches: SQLite's page cache, sqlite/sqlite_game_writer.h). Queued like a write
    // and done after what was queued before it; `done` (may be empty) runs on the writer thread.
    // A writer that keeps no such memory only calls back.
    virtual void release_memory(std::function<void()> done) {
        if (done)
            done();
    }
    virtual WriterStats stats() const = 0;
};

} // namespace storage
