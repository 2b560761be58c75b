#include "storage/sqlite/sqlite_game_writer.h"

#include "storage/sqlite/ladder_rows.h"
#include "storage/sqlite/sqlite_rating_store.h"

#include <algorithm>
#include <cstddef>
#include <exception>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace storage::sqlite {
namespace {

// The columns of a move row, the same in move_journal and moves (migration 8).
constexpr std::string_view move_columns = "game_id, ply, move, seat, remaining_ms, at_ms";

// The INSERT of a move into `table` (move_journal or moves): one row, written as it is. The
// writer has checked that the game is in progress and the mover one of its seats
// (game_in_progress()), so the statement needs no lookup of its own.
std::string insert_move_sql(std::string_view table) {
    return "INSERT INTO " + std::string(table) + " (" + std::string(move_columns) +
           ") VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
}

// Every row of the journal into `moves`, in the journal's order, not sorted by game and ply:
// the same leaves of `moves` are written either way (once each, at the commit), and the sort
// cost more instructions than the inserts it was to save.
std::string merge_journal_sql() {
    const std::string columns(move_columns);
    return "INSERT INTO moves (" + columns + ") SELECT " + columns + " FROM move_journal";
}

} // namespace

SqliteGameWriter::SqliteGameWriter(Connection connection, WriterOptions options,
                                   LadderDecider decide)
    : db_(std::move(connection)),
      insert_game_(db_.prepare(
          "INSERT INTO games (variant, start_position, time_control, rated, table_code, "
          "started_at, is_public, ladder_id, ladder_challenge_id) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")),
      into_journal_(db_.prepare(insert_move_sql("move_journal"))),
      into_moves_(db_.prepare(insert_move_sql("moves"))),
      read_game_in_progress_(
          db_.prepare("SELECT (SELECT count(*) FROM game_seats WHERE game_id = ?1), "
                      "max(coalesce((SELECT max(ply) FROM moves WHERE game_id = ?1), 0), "
                      "coalesce((SELECT max(ply) FROM move_journal WHERE game_id = ?1), 0)) "
                      "FROM games WHERE id = ?1 AND ended_at IS NULL")),
      // A move already stored at a ply, in either table: a repeated move is a success.
      read_stored_move_(
          db_.prepare("SELECT move, seat, remaining_ms, at_ms FROM moves WHERE game_id = ?1 AND "
                      "ply = ?2 UNION ALL SELECT move, seat, remaining_ms, at_ms FROM "
                      "move_journal WHERE game_id = ?1 AND ply = ?2")),
      merge_journal_(db_.prepare(merge_journal_sql())),
      clear_journal_(db_.prepare("DELETE FROM move_journal")),
      insert_seat_(db_.prepare("INSERT INTO game_seats (game_id, seat, user_id, name, "
                               "guest_token_hash) VALUES (?1, ?2, ?3, ?4, ?5)")),
      // A leave: of a game of more than two in progress, by one of its seats, once the
      // moves stored are exactly `ply` (a leave is written in order with the moves; ?7 is the
      // last ply stored, from game_in_progress(), or -1 for a game not in progress).
      insert_leave_(db_.prepare(
          "INSERT INTO game_leaves (game_id, ordinal, seat, ply, at_ms, reason, remaining_ms) "
          "SELECT ?1, (SELECT count(*) FROM game_leaves WHERE game_id = ?1), ?2, ?3, ?4, ?5, ?6 "
          "WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1 AND ended_at IS NULL) "
          "AND ?2 < (SELECT count(*) FROM game_seats WHERE game_id = ?1) "
          "AND (SELECT count(*) FROM game_seats WHERE game_id = ?1) > 2 AND ?3 = ?7")),
      end_game_(db_.prepare("UPDATE games SET ended_at = ?2, result = ?3, termination = ?4 "
                            "WHERE id = ?1 AND ended_at IS NULL")),
      savepoint_(db_.prepare("SAVEPOINT request")), release_(db_.prepare("RELEASE request")),
      options_(options), decide_(std::move(decide)), batch_(*this, options.max_batch) {
    // What the last run left in the journal (it stopped, or was killed) goes first, so that the
    // first move of each game restored reads its last ply from the index of `moves` alone.
    count_journal();
    if (journal_rows_ > 0)
        merge_journal();
    batch_.start();
}

SqliteGameWriter::~SqliteGameWriter() {
    batch_.stop(); // while the statements it writes with exist
}

void SqliteGameWriter::create_game(GameRow game, CreateGameCallback done) {
    batch_.enqueue(QueuedWrite{CreateGameWrite{std::move(game), std::move(done)}, {}});
}

void SqliteGameWriter::append_move(GameId game, MoveRow move, WriteCallback done) {
    batch_.enqueue(QueuedWrite{MoveWrite{game, std::move(move), std::move(done)}, {}});
}

void SqliteGameWriter::append_leave(GameId game, LeaveRow leave, WriteCallback done) {
    batch_.enqueue(QueuedWrite{LeaveWrite{game, std::move(leave), std::move(done)}, {}});
}

void SqliteGameWriter::finish_game(FinishGame finish, FinishGameCallback done) {
    batch_.enqueue(QueuedWrite{FinishWrite{std::move(finish), std::move(done), {}}, {}});
}

void SqliteGameWriter::flush() {
    batch_.flush();
}

void SqliteGameWriter::release_memory(std::function<void()> done) {
    release_cache([done = std::move(done)](const CacheRelease&) {
        if (done)
            done();
    });
}

// Done on the writer thread after what was queued before it is committed, outside any
// transaction.
void SqliteGameWriter::release_cache(CacheReleaseCallback done) {
    batch_.task([this, done = std::move(done)] {
        CacheRelease released;
        released.bytes_before = db_.cache_bytes();
        try {
            db_.release_memory();
        } catch (const std::exception&) { // NOLINT(bugprone-empty-catch): the cache stays
        }
        released.bytes_after = db_.cache_bytes();
        if (done)
            done(released);
    });
}

WriterStats SqliteGameWriter::stats() const {
    return batch_.stats();
}

void SqliteGameWriter::after_batch() {
    if (merge_due())
        merge_journal(); // after the batch's callbacks: its moves wait for no merge
}

bool SqliteGameWriter::merge_due() const {
    if (failed_merge_at_ != 0) // after a failure, as many rows again before the next try
        return journal_rows_ >= failed_merge_at_ + options_.journal_rows;
    return journal_rows_ >= options_.journal_rows;
}

// WriterOptions::journal_games: a game already in the journal stays there until the merge.
bool SqliteGameWriter::journals(GameId game) const {
    return journal_games_.size() < options_.journal_games || journal_games_.contains(game);
}

// The journal into `moves`, in one transaction of its own: a row is in one table or the other
// at every commit. If it fails, the journal stays (reads take it).
void SqliteGameWriter::merge_journal() {
    try {
        Transaction transaction(db_);
        merge_journal_.reset();
        merge_journal_.run();
        clear_journal_.reset();
        clear_journal_.run();
        transaction.commit();
        journal_rows_ = 0;
        journal_games_.clear();
        failed_merge_at_ = 0;
        merges_.fetch_add(1);
    } catch (const std::exception&) {
        failed_merge_at_ = journal_rows_;
    }
}

void SqliteGameWriter::count_journal() {
    journal_rows_ = 0;
    journal_games_.clear();
    auto games = db_.prepare("SELECT game_id, count(*) FROM move_journal GROUP BY game_id");
    while (games.step()) {
        journal_games_.insert(games.column_int(0));
        journal_rows_ += static_cast<std::size_t>(games.column_int(1));
    }
}

SqliteGameWriter::GameInProgress* SqliteGameWriter::game_in_progress(GameId game) {
    if (auto it = in_progress_.find(game); it != in_progress_.end())
        return &it->second;
    if (in_progress_.size() >= 100'000)
        in_progress_.clear(); // games that never ended: it is only a memory of the tables
    read_game_in_progress_.reset();
    read_game_in_progress_.bind_int(1, game);
    if (!read_game_in_progress_.step())
        return nullptr; // no such game, or it has ended
    const GameInProgress read{.seats = static_cast<int>(read_game_in_progress_.column_int(0)),
                              .stored_plies =
                                  static_cast<int>(read_game_in_progress_.column_int(1))};
    read_game_in_progress_.reset();
    return &in_progress_.emplace(game, read).first->second;
}

void SqliteGameWriter::write_batch(std::span<QueuedWrite> batch) {
    try {
        Transaction transaction(db_);
        for (auto& request : batch)
            write_one(request);
        transaction.commit();
    } catch (const std::exception&) {
        // BEGIN or COMMIT failed: nothing of the batch is on disk (batch_writer.h reports it).
        forget_uncommitted();
        throw;
    }
}

// One request inside its own savepoint, so that its failure leaves the rest of the batch.
void SqliteGameWriter::write_one(QueuedWrite& request) {
    if (!request.writes())
        return;
    if (auto* move = std::get_if<MoveWrite>(&request.what))
        return write_alone(*move, request.status);
    savepoint_.reset();
    savepoint_.run();
    try {
        std::visit(
            [this](auto& r) {
                using T = std::decay_t<decltype(r)>;
                if constexpr (!std::is_same_v<T, WriterTask>)
                    write(r);
            },
            request.what);
        release_.reset();
        release_.run();
    } catch (const std::exception& e) {
        request.status.error = e.what();
        db_.exec("ROLLBACK TO request");
        db_.exec("RELEASE request");
        forget_uncommitted(); // what the request did to the memory of the tables is undone
    }
}

// A move is one INSERT of one row: SQLite undoes a failed statement by itself, so it needs no
// savepoint (opening and releasing one cost more than the INSERT). Should the failure have
// ended the transaction (SQLite rolls back the whole of it on a full disk or an I/O error),
// the rest of the batch must not run outside it: that failure is the batch's.
void SqliteGameWriter::write_alone(MoveWrite& move, WriteStatus& status) {
    try {
        write(move);
    } catch (const std::exception& e) {
        forget_uncommitted();
        if (!db_.in_transaction())
            throw;
        status.error = e.what();
    }
}

void SqliteGameWriter::forget_uncommitted() {
    in_progress_.clear();
    try {
        count_journal();
    } catch (const std::exception&) { // NOLINT(bugprone-empty-catch): the count stays a guess
    }
}

void SqliteGameWriter::write(CreateGameWrite& request) {
    const GameRow& g = request.game;
    if (g.seat_count() < 2 || g.seat_count() > max_seats)
        throw StorageError("a game has 2 to " + std::to_string(max_seats) + " seats, not " +
                           std::to_string(g.seat_count()));
    insert_game_.reset();
    insert_game_.bind_text(1, g.variant).bind_text(2, g.start_position);
    insert_game_.bind_text(3, g.time_control).bind_int(4, g.rated ? 1 : 0);
    insert_game_.bind_text(5, g.table_code).bind_time(6, g.started_at);
    insert_game_.bind_int(7, g.is_public ? 1 : 0);
    std::optional<std::int64_t> ladder;
    std::optional<std::int64_t> challenge;
    if (g.ladder) {
        // The foreign keys check each id; this checks that they name one challenge, and one
        // whose game may start (withdrawn or expired meanwhile, it has none).
        const auto stored = read_challenge_row(db_, g.ladder->challenge_id);
        if (!stored || stored->ladder_id != g.ladder->ladder_id)
            throw StorageError("ladder " + std::to_string(g.ladder->ladder_id) +
                               " has no challenge " + std::to_string(g.ladder->challenge_id));
        if (stored->status != "accepted")
            throw StorageError("ladder challenge " + std::to_string(g.ladder->challenge_id) +
                               " is " + stored->status + ", not accepted: no game starts for it");
        ladder = g.ladder->ladder_id;
        challenge = g.ladder->challenge_id;
    }
    insert_game_.bind_optional_int(8, ladder).bind_optional_int(9, challenge);
    insert_game_.run();
    request.id = db_.last_insert_id();
    if (challenge) {
        // The game has started: from now on its end decides the challenge (ladder_rows.h).
        auto started = db_.prepare("UPDATE ladder_challenges SET game_id = ?2 WHERE id = ?1");
        started.bind_int(1, *challenge).bind_int(2, request.id).run();
    }
    // (forgotten if the request fails after all)
    in_progress_[request.id] = GameInProgress{.seats = g.seat_count(), .stored_plies = 0};
    int seat = 0;
    for (const SeatRow& player : g.seats) { // a place is written when the game ends
        insert_seat_.reset();
        insert_seat_.bind_int(1, request.id).bind_int(2, seat++);
        insert_seat_.bind_optional_int(3, player.user_id).bind_text(4, player.name);
        insert_seat_.bind_text(5, player.guest_token_hash).run();
    }
}

// One INSERT a move, into the journal or `moves` (journals()), once the game is known to be in
// progress with the mover among its seats, and the ply to come after those stored. A failure
// throws to write_alone(), which forgets what memory of the tables this writer had.
void SqliteGameWriter::write(MoveWrite& request) {
    const MoveRow& m = request.move;
    GameInProgress* game = game_in_progress(request.game);
    if (!game)
        throw StorageError("game " + std::to_string(request.game) + " is not in progress");
    if (m.seat < 0 || m.seat >= game->seats)
        throw StorageError("game " + std::to_string(request.game) + " has " +
                           std::to_string(game->seats) + " seats, no seat " +
                           std::to_string(m.seat));
    if (m.ply <= game->stored_plies) {
        if (stored_already(request.game, m))
            return; // the same move again: stored, as a retry must find it
        throw StorageError("game " + std::to_string(request.game) + " has " +
                           std::to_string(game->stored_plies) + " moves stored; ply " +
                           std::to_string(m.ply) + " is not after them");
    }
    const bool journal = journals(request.game);
    Statement& s = journal ? into_journal_ : into_moves_;
    s.reset();
    s.bind_int(1, request.game).bind_int(2, m.ply).bind_text(3, m.move);
    s.bind_int(4, m.seat).bind_int(5, m.remaining.count()).bind_time(6, m.at);
    s.run();
    game->stored_plies = m.ply;
    if (journal) {
        ++journal_rows_;
        journal_games_.insert(request.game);
    }
}

bool SqliteGameWriter::stored_already(GameId game, const MoveRow& move) {
    read_stored_move_.reset();
    read_stored_move_.bind_int(1, game).bind_int(2, move.ply);
    const bool same = read_stored_move_.step() && read_stored_move_.column_text(0) == move.move &&
                      read_stored_move_.column_int(1) == move.seat &&
                      read_stored_move_.column_int(2) == move.remaining.count() &&
                      read_stored_move_.column_time(3) == move.at;
    read_stored_move_.reset();
    return same;
}

int SqliteGameWriter::stored_plies_or_none(GameId game) {
    const GameInProgress* known = game_in_progress(game);
    return known ? known->stored_plies : -1;
}

void SqliteGameWriter::write(LeaveWrite& request) {
    const LeaveRow& leave = request.leave;
    insert_leave_.reset();
    insert_leave_.bind_int(1, request.game)
        .bind_int(2, leave.seat)
        .bind_int(3, leave.ply)
        .bind_time(4, leave.at)
        .bind_text(5, leave.reason);
    std::optional<std::int64_t> remaining;
    if (leave.remaining)
        remaining = leave.remaining->count();
    insert_leave_.bind_optional_int(6, remaining)
        .bind_int(7, stored_plies_or_none(request.game))
        .run();
    if (db_.changes() == 0)
        throw StorageError("game " + std::to_string(request.game) +
                           " is not a game of more than two players in progress with seat " +
                           std::to_string(leave.seat) + " and " + std::to_string(leave.ply) +
                           " moves stored");
}

// The places of a game of more than two players: one per seat, each from 1 to the seats.
void SqliteGameWriter::write_places(const GameEnd& end) {
    auto count = db_.prepare("SELECT count(*) FROM game_seats WHERE game_id = ?1");
    count.bind_int(1, end.game_id);
    const int seats = count.step() ? static_cast<int>(count.column_int(0)) : 0;
    if (seats <= 2)
        throw StorageError("a two-player game stores no places (its result says who won)");
    if (static_cast<int>(end.places.size()) != seats)
        throw StorageError("game " + std::to_string(end.game_id) + " has " + std::to_string(seats) +
                           " seats, not " + std::to_string(end.places.size()) + " places");
    for (const int place : end.places)
        if (place < 1 || place > seats)
            throw StorageError("a place is from 1 to " + std::to_string(seats) + ", not " +
                               std::to_string(place));
    auto placed = db_.prepare("UPDATE game_seats SET place = ?3 WHERE game_id = ?1 AND seat = ?2");
    for (int seat = 0; seat < seats; ++seat) {
        placed.reset();
        placed.bind_int(1, end.game_id).bind_int(2, seat);
        placed.bind_int(3, end.places[static_cast<std::size_t>(seat)]).run();
    }
}

void SqliteGameWriter::write(FinishWrite& request) {
    const GameEnd& end = request.finish.end;
    if (end.result.empty())
        throw StorageError("a finished game needs a result");
    end_game_.reset();
    end_game_.bind_int(1, end.game_id).bind_time(2, end.ended_at).bind_text(3, end.result);
    end_game_.bind_text(4, end.termination).run();
    if (db_.changes() == 0)
        throw StorageError("game " + std::to_string(end.game_id) + " is not in progress");
    in_progress_.erase(end.game_id); // it takes no more moves
    // An ended game needs no way back for its guests: their token hashes go.
    auto clear = db_.prepare("UPDATE game_seats SET guest_token_hash = '' WHERE game_id = ?1");
    clear.bind_int(1, end.game_id).run();
    if (!end.places.empty())
        write_places(end);
    write_ladder_outcome(end.game_id);
    if (!request.finish.rate || request.finish.rated_players.empty())
        return;
    std::vector<std::optional<RatingRow>> current;
    for (const auto& key : request.finish.rated_players)
        current.push_back(find_rating_on(db_, key));
    request.written = request.finish.rate(current);
    for (const auto& row : request.written)
        put_rating_on(db_, row);
}

// The ladder challenge the ended game decides, in the request's savepoint: a refusal or a
// failure throws, and the end is not written either (the caller tries the end again).
void SqliteGameWriter::write_ladder_outcome(GameId game) {
    if (!decide_)
        return;
    const auto end = read_ladder_game_end(db_, game);
    if (!end)
        return; // not a ladder game, or its challenge is settled already
    const auto change = decide_(*end);
    if (change)
        write_ladder_change(db_, *change);
}

} // namespace storage::sqlite
