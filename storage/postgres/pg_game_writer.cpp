#include "storage/postgres/pg_game_writer.h"

#include "storage/postgres/game_end.h"
#include "storage/postgres/live_table_rows.h"

#include <algorithm>
#include <cstddef>
#include <exception>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace storage::postgres {
namespace {

// A move: inserted when its game is in progress, its mover one of the seats and its ply after
// the last stored; otherwise nothing, and the answer says why. ON CONFLICT: a row another
// transaction is writing at that ply is waited for, then left (found again below). Columns:
// inserted (0/1), the game's seats (NULL: not in progress), its last ply stored, whether the
// same move is stored at its ply already (as of the statement's start).
constexpr const char* insert_move_sql =
    "WITH g AS (SELECT (SELECT count(*) FROM game_seats WHERE game_id = $1::bigint) AS seats, "
    "coalesce((SELECT max(ply) FROM moves WHERE game_id = $1::bigint), 0) AS last "
    "FROM games WHERE id = $1::bigint AND ended_at IS NULL), "
    "ins AS (INSERT INTO moves (game_id, ply, move, seat, remaining_ms, at_ms) "
    "SELECT $1::bigint, $2::bigint, $3::text, $4::bigint, $5::bigint, $6::bigint FROM g "
    "WHERE $4::bigint >= 0 AND $4::bigint < g.seats AND $2::bigint > g.last "
    "ON CONFLICT (game_id, ply) DO NOTHING RETURNING 1) "
    "SELECT (SELECT count(*) FROM ins), (SELECT seats FROM g), (SELECT last FROM g), "
    "(SELECT count(*) FROM moves WHERE game_id = $1::bigint AND ply = $2::bigint AND "
    "move = $3::text AND seat = $4::bigint AND remaining_ms = $5::bigint AND at_ms = $6::bigint)";

// A run of moves in one statement (write_moves): the arrays $1 to $6 hold, move by move, the
// game, ply, move, seat, remaining ms and time; each is inserted under the conditions of
// insert_move_sql (a game's seats are numbered from 0), read as of the statement's start.
// Returns the (game, ply) of each inserted.
constexpr const char* insert_moves_sql =
    "INSERT INTO moves (game_id, ply, move, seat, remaining_ms, at_ms) "
    "SELECT m.game_id, m.ply, m.move, m.seat, m.remaining_ms, m.at_ms "
    "FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], $5::bigint[], "
    "$6::bigint[]) AS m(game_id, ply, move, seat, remaining_ms, at_ms) "
    "JOIN games g ON g.id = m.game_id AND g.ended_at IS NULL "
    "WHERE EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = m.game_id AND s.seat = m.seat) "
    "AND m.ply > coalesce((SELECT max(x.ply) FROM moves x WHERE x.game_id = m.game_id), 0) "
    "ON CONFLICT (game_id, ply) DO NOTHING RETURNING game_id, ply";

// Appends `text` to an array literal as one quoted element.
void append_array_text(std::string& literal, std::string_view text) {
    literal.push_back('"');
    for (const char c : text) {
        if (c == '"' || c == '\\')
            literal.push_back('\\');
        literal.push_back(c);
    }
    literal.push_back('"');
}

// A leave: of a game of more than two in progress, by one of its seats not gone yet, once the
// moves stored are exactly `ply` (a leave is written in order with the moves).
constexpr const char* insert_leave_sql =
    "INSERT INTO game_leaves (game_id, ordinal, seat, ply, at_ms, reason, remaining_ms) "
    "SELECT $1::bigint, (SELECT count(*) FROM game_leaves WHERE game_id = $1::bigint), "
    "$2::bigint, $3::bigint, $4::bigint, $5::text, $6::bigint "
    "WHERE EXISTS (SELECT 1 FROM games WHERE id = $1::bigint AND ended_at IS NULL) "
    "AND $2::bigint >= 0 AND $2::bigint < (SELECT count(*) FROM game_seats WHERE game_id = "
    "$1::bigint) AND (SELECT count(*) FROM game_seats WHERE game_id = $1::bigint) > 2 "
    "AND $3::bigint = coalesce((SELECT max(ply) FROM moves WHERE game_id = $1::bigint), 0) "
    "ON CONFLICT DO NOTHING";

// A move's statement failed inside the transaction, which PostgreSQL then refuses to go on
// with: the batch is rolled back and written again without it (its status holds the error).
struct WriteAgainWithout {};

// The SQLSTATE tabula_fence raises (migrations.cpp, migration 5).
constexpr const char* fenced_sqlstate = "T0001";

// The transaction as a whole failed for a reason worth one more try (a deadlock between nodes).
constexpr int max_attempts = 5;

Params move_params(GameId game, const MoveRow& m) {
    Params params;
    params.add(game).add(m.ply).add(m.move).add(m.seat).add(m.remaining.count()).add(m.at);
    return params;
}

} // namespace

PgGameWriter::PgGameWriter(std::string conninfo, ConnectOptions connect, PgWriterOptions options,
                           LadderDecider decide)
    : conninfo_(std::move(conninfo)), connect_(connect), options_(options),
      decide_(std::move(decide)), batch_(*this, options.max_batch) {
    lanes_[0].db = std::make_unique<Connection>(conninfo_, connect_);
    if (options_.overlap_batches)
        lanes_[1].db = std::make_unique<Connection>(conninfo_, connect_);
    batch_.start();
}

PgGameWriter::~PgGameWriter() {
    batch_.stop(); // while the connection it writes with exists
}

void PgGameWriter::create_game(GameRow game, CreateGameCallback done) {
    batch_.enqueue(QueuedWrite{CreateGameWrite{std::move(game), std::move(done)}, {}});
}

void PgGameWriter::append_move(GameId game, MoveRow move, WriteCallback done) {
    batch_.enqueue(QueuedWrite{MoveWrite{game, std::move(move), std::move(done)}, {}});
}

void PgGameWriter::append_leave(GameId game, LeaveRow leave, WriteCallback done) {
    batch_.enqueue(QueuedWrite{LeaveWrite{game, std::move(leave), std::move(done)}, {}});
}

void PgGameWriter::finish_game(FinishGame finish, FinishGameCallback done) {
    batch_.enqueue(QueuedWrite{FinishWrite{std::move(finish), std::move(done), {}}, {}});
}

void PgGameWriter::flush() {
    batch_.flush();
}

WriterStats PgGameWriter::stats() const {
    return batch_.stats();
}

Connection& PgGameWriter::connected() {
    auto& db = lane_connection();
    if (db != nullptr && db->healthy())
        return *db;
    db.reset();
    if (backoff_.count() > 0) {
        const auto now = std::chrono::steady_clock::now();
        if (now < next_connect_)
            std::this_thread::sleep_for(next_connect_ - now);
    }
    try {
        db = std::make_unique<Connection>(conninfo_, connect_);
    } catch (const PgError&) {
        backoff_ = backoff_.count() == 0 ? options_.reconnect_first
                                         : std::min(backoff_ * 2, options_.reconnect_max);
        next_connect_ = std::chrono::steady_clock::now() + backoff_;
        throw;
    }
    backoff_ = std::chrono::milliseconds(0);
    reconnects_.fetch_add(1);
    return *db;
}

void PgGameWriter::lose_connection() {
    lane_connection().reset();
}

void PgGameWriter::begin(Connection& db) {
    if (!options_.fence) {
        db.exec("BEGIN");
        return;
    }
    std::vector<Connection::Statement> statements;
    statements.push_back({"BEGIN", {}});
    statements.push_back({"SELECT tabula_fence($1, $2)",
                          Params().add(options_.fence->node_id).add(options_.fence->epoch)});
    db.run_pipelined(statements);
}

void PgGameWriter::check_not_fenced() const {
    if (fenced_.load())
        throw FencedError("node " + options_.fence->node_id + " is fenced at epoch " +
                          std::to_string(options_.fence->epoch) +
                          ": another node owns its games now");
}

void PgGameWriter::write_batch(std::span<QueuedWrite> batch) {
    check_not_fenced();
    lane_ = 0;
    Attempts attempts;
    write_attempts(batch, attempts, false);
}

bool PgGameWriter::start_batch(std::span<QueuedWrite> batch) {
    check_not_fenced();
    // The connection of the batch finished last while nothing is in flight (its backend's
    // caches are warm), else the other one.
    lane_ = flying_count_ == 0 ? warm_lane_ : 1 - flying_[0];
    lanes_[lane_].attempts = Attempts{};
    write_attempts(batch, lanes_[lane_].attempts, true);
    flying_[flying_count_++] = lane_;
    return true;
}

void PgGameWriter::finish_batch(std::span<QueuedWrite> batch) {
    lane_ = flying_[0]; // batches in flight finish in the order they started
    flying_[0] = flying_[1];
    --flying_count_;
    warm_lane_ = lane_;
    Attempts& attempts = lanes_[lane_].attempts;
    try {
        lane_connection()->finish_command();
        return;
    } catch (const PgError& e) {
        if (!after_failure(batch, attempts, e, true, true))
            throw; // the PgError itself, not a copy sliced to its base
    }
    ++attempts.number;
    write_attempts(batch, attempts, false);
}

bool PgGameWriter::write_attempts(std::span<QueuedWrite> batch, Attempts& attempts,
                                  bool send_commit_only) {
    for (;; ++attempts.number) {
        moves_one_by_one_ = attempts.moves_one_by_one;
        bool committing = false;
        bool began = false;
        try {
            allocate_game_ids(batch);
            Connection& db = connected();
            begin(db);
            began = true;
            try {
                for (std::size_t i = 0; i < batch.size();) {
                    if (std::holds_alternative<MoveWrite>(batch[i].what)) {
                        i = write_moves(batch, i); // the run of moves from i
                        continue;
                    }
                    if (batch[i].writes() && batch[i].status.ok())
                        write_one(batch[i], attempts.retrying);
                    ++i;
                }
            } catch (const WriteAgainWithout&) {
                db.exec("ROLLBACK");
                attempts.moves_one_by_one = moves_one_by_one_;
                for (auto& request : batch) // the others start again; the failed one stays so
                    if (auto* move = std::get_if<MoveWrite>(&request.what);
                        !move || request.status.ok())
                        request.status.error.clear();
                --attempts.number; // not a failure of the transaction
                continue;
            }
            committing = true;
            commit(send_commit_only);
            return send_commit_only;
        } catch (const PgError& e) {
            if (!after_failure(batch, attempts, e, began, committing))
                throw;
        }
    }
}

bool PgGameWriter::after_failure(std::span<QueuedWrite> batch, Attempts& attempts,
                                 const PgError& e, bool began, bool committing) {
    if (!e.connection_lost()) {
        if (lane_connection() != nullptr && lane_connection()->in_transaction()) {
            try {
                lane_connection()->exec("ROLLBACK");
            } catch (const StorageError&) {
                lose_connection();
            }
        }
        if (e.sqlstate() == fenced_sqlstate) {
            fenced_.store(true);
            throw FencedError(e.what());
        }
        if (e.retryable() && attempts.number < max_attempts) {
            for (auto& request : batch)
                request.status.error.clear();
            return true;
        }
        return false;
    }
    lose_connection();
    if (!began && attempts.number == 1 && !attempts.retrying) {
        // Found dead before anything of the batch was sent (PostgreSQL restarted between
        // batches): one new connection straight away.
        return true;
    }
    if (!committing && !attempts.retrying)
        return false; // nothing of it was committed: its callbacks say so
    // The COMMIT (or a retry of it) lost its connection: committed or not, nobody knows. Write
    // it again, idempotently, until the window closes.
    const auto now = std::chrono::steady_clock::now();
    if (!attempts.retrying) {
        attempts.retrying = true;
        attempts.give_up = now + options_.commit_retry_window;
    }
    if (now >= attempts.give_up)
        throw StorageError(std::string("the connection to PostgreSQL was lost while "
                                       "committing; whether the writes were stored is "
                                       "unknown: ") +
                           e.what());
    for (auto& request : batch)
        request.status.error.clear();
    return true;
}

void PgGameWriter::commit(bool send_only) {
    if (++commits_ == options_.cut_commit && options_.commit_fault != CommitFault::None) {
        const bool sent = options_.commit_fault == CommitFault::AfterCommitSent;
        lane_connection()->cut_after_sending(sent ? "COMMIT" : "");
        if (sent && send_only)
            return; // finish_batch finds the connection lost, as it would the network's cut
        throw PgError("the connection was cut at COMMIT (a test's fault)", "");
    }
    if (send_only)
        lane_connection()->send_command("COMMIT");
    else
        lane_connection()->exec("COMMIT");
}

// A new game's id, from the sequence and outside the transaction: a batch written again after
// a COMMIT with an unknown outcome inserts the same id, and finds its row if it was committed.
void PgGameWriter::allocate_game_ids(std::span<QueuedWrite> batch) {
    int needed = 0;
    for (const auto& request : batch)
        if (const auto* create = std::get_if<CreateGameWrite>(&request.what); create && !create->id)
            ++needed;
    if (needed == 0)
        return;
    const auto ids = connected().run("SELECT nextval(pg_get_serial_sequence('games', 'id')) "
                                     "FROM generate_series(1, $1)",
                                     Params().add(needed));
    int next = 0;
    for (auto& request : batch)
        if (auto* create = std::get_if<CreateGameWrite>(&request.what); create && !create->id)
            create->id = ids.integer(next++, 0);
}

void PgGameWriter::write_one(QueuedWrite& request, bool retrying) {
    Connection& db = *lane_connection();
    db.exec("SAVEPOINT request");
    try {
        std::visit(
            [this, retrying](auto& r) {
                using T = std::decay_t<decltype(r)>;
                if constexpr (std::is_same_v<T, CreateGameWrite>)
                    write(r);
                else if constexpr (std::is_same_v<T, LeaveWrite> || std::is_same_v<T, FinishWrite>)
                    write(r, retrying);
                else
                    (void)r; // moves go by write_moves, tasks are not writes
            },
            request.what);
        db.exec("RELEASE SAVEPOINT request");
    } catch (const PgError& e) {
        if (e.connection_lost() || e.retryable())
            throw;
        request.status.error = e.what();
        db.exec("ROLLBACK TO SAVEPOINT request");
        db.exec("RELEASE SAVEPOINT request");
    } catch (const std::exception& e) { // a refusal, or the rating updater threw
        request.status.error = e.what();
        db.exec("ROLLBACK TO SAVEPOINT request");
        db.exec("RELEASE SAVEPOINT request");
    }
}

void PgGameWriter::write(CreateGameWrite& request) {
    const GameRow& g = request.game;
    if (g.seat_count() < 2 || g.seat_count() > max_seats)
        throw StorageError("a game has 2 to " + std::to_string(max_seats) + " seats, not " +
                           std::to_string(g.seat_count()));
    Connection& db = *lane_connection();
    Params params;
    params.add(request.id)
        .add(g.variant)
        .add(g.start_position)
        .add(g.time_control)
        .add(g.rated ? 1 : 0)
        .add(g.table_code)
        .add(g.started_at)
        .add(g.is_public ? 1 : 0);
    if (g.ladder)
        params.add(g.ladder->ladder_id).add(g.ladder->challenge_id);
    else
        params.add_null().add_null();
    const auto inserted =
        db.run("INSERT INTO games (id, variant, start_position, time_control, rated, table_code, "
               "started_at, is_public, ladder_id, ladder_challenge_id) "
               "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING",
               params);
    if (inserted.affected() == 0)
        return; // the id is this request's: an attempt whose COMMIT was unknown stored it all
    if (options_.fence) // the table's row in the directory names the game (or it fails whole)
        start_table_game(db, *options_.fence, g.table_code, request.id, g.is_public);
    if (g.ladder) {
        // The foreign keys check each id; this checks that they name one challenge, and one
        // whose game may start, locked until the commit so no other node settles it meanwhile.
        const auto challenge =
            db.run("SELECT ladder_id, status FROM ladder_challenges WHERE id = $1 FOR UPDATE",
                   Params().add(g.ladder->challenge_id));
        if (challenge.rows() == 0 || challenge.integer(0, 0) != g.ladder->ladder_id)
            throw StorageError("ladder " + std::to_string(g.ladder->ladder_id) +
                               " has no challenge " + std::to_string(g.ladder->challenge_id));
        if (challenge.text(0, 1) != "accepted")
            throw StorageError("ladder challenge " + std::to_string(g.ladder->challenge_id) +
                               " is " + challenge.text(0, 1) +
                               ", not accepted: no game starts for it");
        // The game has started: from now on its end decides the challenge.
        db.run("UPDATE ladder_challenges SET game_id = $2 WHERE id = $1",
               Params().add(g.ladder->challenge_id).add(request.id));
    }
    int seat = 0;
    for (const SeatRow& player : g.seats) // a place is written when the game ends
        db.run("INSERT INTO game_seats (game_id, seat, user_id, name, guest_token_hash) "
               "VALUES ($1, $2, $3, $4, $5)",
               Params()
                   .add(request.id)
                   .add(seat++)
                   .add(player.user_id)
                   .add(player.name)
                   .add(player.guest_token_hash));
}

// The moves from batch[first] up to the next request that is not one; returns the index after
// them. Each run of moves in which no game comes back to a ply at or before one it had (the
// usual run: one move per game, or a game's moves in order) is ONE statement (insert_moves_sql):
// for such a run, its conditions read at the statement's start decide as the moves one after
// the other would. The moves it did not insert go again one by one (insert_move_sql, one
// pipeline), which says why; a failure of the run's statement writes the batch again with every
// move one by one, which finds the move at fault.
std::size_t PgGameWriter::write_moves(std::span<QueuedWrite> batch, std::size_t first) {
    std::size_t end = first;
    std::vector<std::size_t> sent;
    for (; end < batch.size() && std::holds_alternative<MoveWrite>(batch[end].what); ++end) {
        auto& request = batch[end];
        if (!request.status.ok())
            continue; // failed in an attempt rolled back for another's sake: it stays failed
        const auto& move = std::get<MoveWrite>(request.what);
        if (move.move.ply < 1) {
            request.status.error =
                "ply " + std::to_string(move.move.ply) + " is not a ply: plies count from 1";
            continue;
        }
        sent.push_back(end);
    }
    if (moves_one_by_one_ || sent.size() == 1) { // one move: its own statement is the cheaper
        write_moves_one_by_one(batch, sent);
        return end;
    }
    std::vector<std::size_t> refused;
    for (std::size_t from = 0; from < sent.size();) {
        chunk_last_ply_.clear();
        std::size_t to = from;
        for (; to < sent.size(); ++to) {
            const auto& move = std::get<MoveWrite>(batch[sent[to]].what);
            const auto [last, fresh] = chunk_last_ply_.try_emplace(move.game, move.move.ply);
            if (!fresh && move.move.ply <= last->second)
                break;
            last->second = move.move.ply;
        }
        insert_run(batch, std::span(sent).subspan(from, to - from), refused);
        from = to;
    }
    if (!refused.empty())
        write_moves_one_by_one(batch, refused);
    return end;
}

// One run of moves (write_moves) in one statement; the moves it did not insert go to `refused`.
void PgGameWriter::insert_run(std::span<QueuedWrite> batch, std::span<const std::size_t> run,
                              std::vector<std::size_t>& refused) {
    std::string games = "{", plies = "{", moves = "{", seats = "{", remaining = "{", at = "{";
    for (const std::size_t i : run) {
        const auto& write = std::get<MoveWrite>(batch[i].what);
        const MoveRow& m = write.move;
        const char* comma = i == run.front() ? "" : ",";
        games.append(comma).append(std::to_string(write.game));
        plies.append(comma).append(std::to_string(m.ply));
        seats.append(comma).append(std::to_string(m.seat));
        remaining.append(comma).append(std::to_string(m.remaining.count()));
        at.append(comma).append(std::to_string(m.at.time_since_epoch().count()));
        moves.append(comma);
        append_array_text(moves, m.move);
    }
    for (std::string* array : {&games, &plies, &moves, &seats, &remaining, &at})
        array->push_back('}');
    Result inserted = [&] {
        try {
            return lane_connection()->run(insert_moves_sql,
                            Params().add(games).add(plies).add(moves).add(seats).add(remaining).add(
                                at));
        } catch (const PgError& e) {
            if (e.connection_lost() || e.retryable())
                throw;
            moves_one_by_one_ = true; // the batch again, each move on its own: which one fails
            throw WriteAgainWithout{};
        }
    }();
    std::vector<std::pair<GameId, std::int64_t>> stored;
    stored.reserve(static_cast<std::size_t>(inserted.rows()));
    for (int r = 0; r < inserted.rows(); ++r)
        stored.emplace_back(inserted.integer(r, 0), inserted.integer(r, 1));
    std::sort(stored.begin(), stored.end());
    for (const std::size_t i : run) {
        const auto& write = std::get<MoveWrite>(batch[i].what);
        if (!std::binary_search(stored.begin(), stored.end(),
                                std::pair<GameId, std::int64_t>(write.game, write.move.ply)))
            refused.push_back(i);
    }
}

// Each move of `which` in a statement of its own, all in one pipeline (one round trip).
void PgGameWriter::write_moves_one_by_one(std::span<QueuedWrite> batch,
                                          const std::vector<std::size_t>& which) {
    std::vector<Params> params;
    params.reserve(which.size());
    for (const std::size_t i : which) {
        const auto& move = std::get<MoveWrite>(batch[i].what);
        params.push_back(move_params(move.game, move.move));
    }
    std::vector<Result> results;
    try {
        results = lane_connection()->run_pipelined(insert_move_sql, params);
    } catch (const PipelineError& e) {
        if (e.connection_lost() || e.retryable())
            throw;
        batch[which[e.index()]].status.error = e.what();
        throw WriteAgainWithout{};
    }
    for (std::size_t k = 0; k < which.size(); ++k) {
        auto& request = batch[which[k]];
        try {
            check_move(std::get<MoveWrite>(request.what), results[k]);
        } catch (const PgError& e) {
            if (e.connection_lost() || e.retryable())
                throw;
            request.status.error = e.what();
            throw WriteAgainWithout{};
        } catch (const StorageError& e) {
            request.status.error = e.what();
        }
    }
}

// What the move's statement answered: stored, or why not (SQLite's words).
void PgGameWriter::check_move(const MoveWrite& request, const Result& r) {
    const MoveRow& m = request.move;
    const GameId game = request.game;
    if (r.integer(0, 0) == 1)
        return;
    if (r.is_null(0, 1))
        throw StorageError("game " + std::to_string(game) + " is not in progress");
    const auto seats = r.integer(0, 1);
    if (m.seat < 0 || m.seat >= seats)
        throw StorageError("game " + std::to_string(game) + " has " + std::to_string(seats) +
                           " seats, no seat " + std::to_string(m.seat));
    // Stored at its ply already: the same move is a success (a retry, or the table's outbox
    // sending again what an unknown outcome may have stored).
    if (r.integer(0, 3) == 1)
        return;
    // A row committed by another transaction while the INSERT waited for it (ON CONFLICT) is
    // not in the statement's snapshot, whose last ply is then before this one: a statement of
    // its own sees it. So does a retry after a cut COMMIT whose first attempt's backend was
    // still committing when the retry's INSERT began.
    const auto same = lane_connection()->run(
        "SELECT 1 FROM moves WHERE game_id = $1 AND ply = $2 AND move = $3 "
        "AND seat = $4 AND remaining_ms = $5 AND at_ms = $6",
        move_params(game, m));
    if (same.rows() == 1)
        return;
    if (m.ply > r.integer(0, 2))
        throw StorageError("game " + std::to_string(game) + " has another move stored at ply " +
                           std::to_string(m.ply));
    throw StorageError("game " + std::to_string(game) + " has " + std::to_string(r.integer(0, 2)) +
                       " moves stored; ply " + std::to_string(m.ply) + " is not after them");
}

void PgGameWriter::write(LeaveWrite& request, bool retrying) {
    const LeaveRow& leave = request.leave;
    Connection& db = *lane_connection();
    std::optional<std::int64_t> remaining;
    if (leave.remaining)
        remaining = leave.remaining->count();
    const auto inserted = db.run(insert_leave_sql, Params()
                                                       .add(request.game)
                                                       .add(leave.seat)
                                                       .add(leave.ply)
                                                       .add(leave.at)
                                                       .add(leave.reason)
                                                       .add(remaining));
    if (inserted.affected() == 1)
        return;
    if (retrying) {
        const auto same =
            db.run("SELECT 1 FROM game_leaves WHERE game_id = $1 AND seat = $2 AND ply = $3 AND "
                   "at_ms = $4 AND reason = $5 AND remaining_ms IS NOT DISTINCT FROM $6::bigint",
                   Params()
                       .add(request.game)
                       .add(leave.seat)
                       .add(leave.ply)
                       .add(leave.at)
                       .add(leave.reason)
                       .add(remaining));
        if (same.rows() == 1)
            return;
    }
    throw StorageError("game " + std::to_string(request.game) +
                       " is not a game of more than two players in progress with seat " +
                       std::to_string(leave.seat) + " and " + std::to_string(leave.ply) +
                       " moves stored");
}

void PgGameWriter::write(FinishWrite& request, bool retrying) {
    request.written = write_game_end(*lane_connection(), request.finish, decide_, retrying);
    if (options_.fence) // the table plays nothing now: its row leaves the directory
        end_table_game(*lane_connection(), *options_.fence, request.finish.end.game_id);
}

} // namespace storage::postgres
