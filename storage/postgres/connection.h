#pragma once
// One libpq connection (PGconn) with the statements it has prepared, and the results and
// transactions over it. Values are always sent as parameters ($1, $2 ...), never pasted into
// SQL; every statement is prepared on its first use on a connection and kept (PQprepare, then
// PQexecPrepared), so a repeated query is parsed and planned once per connection.
//
// Failures throw PgError (a StorageError) with PostgreSQL's message and SQLSTATE. A Connection
// and its Results belong to one thread at a time (the pool hands them over, pool.h).

#include "storage/durability.h"
#include "storage/errors.h"
#include "storage/records.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

struct pg_conn;
struct pg_result;

namespace storage::postgres {

// A failure PostgreSQL or libpq reported. sqlstate() is the five-character code of
// PostgreSQL's appendix A ("40001" serialization_failure, "23505" unique_violation, ...), or
// empty when the connection itself failed (no server answer).
class PgError : public StorageError {
public:
    PgError(const std::string& message, std::string sqlstate)
        : StorageError(message), sqlstate_(std::move(sqlstate)) {}
    const std::string& sqlstate() const { return sqlstate_; }
    // A serialization failure or a deadlock: the transaction may succeed if run again.
    bool retryable() const { return sqlstate_ == "40001" || sqlstate_ == "40P01"; }
    // The connection is gone: no answer from the server (libpq's own failure, no SQLSTATE), or
    // the server said so as it went (class 08 connection_exception, 57P01-57P03 shutdown).
    bool connection_lost() const {
        return sqlstate_.empty() || sqlstate_.starts_with("08") || sqlstate_.starts_with("57P");
    }

private:
    std::string sqlstate_;
};

// A statement of run_pipelined() failed: `index` is its place in the pipeline (those after it
// did not run).
class PipelineError : public PgError {
public:
    PipelineError(const std::string& message, std::string sqlstate, std::size_t index)
        : PgError(message, std::move(sqlstate)), index_(index) {}
    std::size_t index() const { return index_; }

private:
    std::size_t index_;
};

// The values of a statement's parameters, in order ($1 first), sent as text.
class Params {
public:
    Params& add(std::int64_t value);
    Params& add(double value);
    Params& add(std::string_view value);
    Params& add(const char* value) { return add(std::string_view(value)); }
    Params& add(TimePoint value) {
        return add(static_cast<std::int64_t>(value.time_since_epoch().count()));
    }
    Params& add(std::optional<std::int64_t> value);
    Params& add_null();
    // Integer types other than int64 (int ids, counts) go through add(int64).
    template <class T>
    requires(std::is_integral_v<T> && !std::is_same_v<T, std::int64_t> &&
             !std::is_same_v<T, bool>) Params& add(T value) {
        return add(static_cast<std::int64_t>(value));
    }

    int size() const { return static_cast<int>(values_.size()); }
    std::vector<const char*> pointers() const;

private:
    std::vector<std::optional<std::string>> values_;
};

// A statement's result: rows of text values (libpq's text format).
class Result {
public:
    explicit Result(pg_result* result) : result_(result) {}
    ~Result();
    Result(Result&& other) noexcept : result_(std::exchange(other.result_, nullptr)) {}
    Result& operator=(Result&& other) noexcept;
    Result(const Result&) = delete;
    Result& operator=(const Result&) = delete;

    int rows() const;
    // Rows an INSERT, UPDATE or DELETE touched.
    int affected() const;
    bool is_null(int row, int column) const;
    std::string text(int row, int column) const;
    std::int64_t integer(int row, int column) const;
    double real(int row, int column) const;
    std::optional<std::int64_t> optional_integer(int row, int column) const;
    TimePoint time(int row, int column) const { return TimePoint(Millis(integer(row, column))); }

private:
    pg_result* result_ = nullptr;
    const char* value(int row, int column) const;
};

struct ConnectOptions {
    Durability durability = Durability::Full;
    // Seconds libpq waits for a connection before it gives up; the URI's own connect_timeout
    // wins.
    int connect_timeout_seconds = 10;
    // Milliseconds after which PostgreSQL ends a session whose transaction waits for its client
    // (idle_in_transaction_session_timeout); 0 keeps the server's setting. A node stopped in the
    // middle of a write batch (SIGSTOP, a frozen VM) would otherwise hold the batch's locks, and
    // with them the takeover that fences it, for as long as it stays stopped.
    int idle_in_transaction_timeout_ms = 0;
    // Milliseconds a statement waits for a lock before it fails with SQLSTATE 55P03
    // (lock_timeout); 0 keeps the server's setting (wait for ever).
    int lock_timeout_ms = 0;
};

class Connection {
public:
    // Connects with a libpq URI (or key=value string) and sets synchronous_commit for the
    // durability (durability.h): Full makes sure it is not off, Normal turns it off.
    Connection(const std::string& conninfo, const ConnectOptions& options);
    ~Connection();
    Connection(Connection&& other) noexcept;
    Connection& operator=(Connection&& other) noexcept;
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Runs SQL without parameters, several statements allowed (migrations, BEGIN, SET).
    void exec(std::string_view sql);
    // Runs one statement with parameters, prepared on first use on this connection.
    Result run(std::string_view sql, const Params& params = {});
    // Runs one prepared statement once per entry of `params`, all sent before any answer is
    // read (libpq's pipeline mode: one round trip for all), inside the caller's transaction.
    // The results come in order. A statement that fails makes PostgreSQL skip the rest: this
    // throws a PipelineError naming the first that failed.
    std::vector<Result> run_pipelined(std::string_view sql, const std::vector<Params>& params);
    // The same for different statements, in order (BEGIN with the fence: pg_game_writer.h).
    struct Statement {
        std::string_view sql;
        Params params;
    };
    std::vector<Result> run_pipelined(const std::vector<Statement>& statements);

    // Sends SQL without parameters (as exec) and returns without waiting for its answer; the
    // next call on the connection must be finish_command(), which waits for it and throws as
    // exec would. For a COMMIT whose wait the caller overlaps with other work (the game
    // writer's overlapped batches, postgres/pg_game_writer.h).
    void send_command(std::string_view sql);
    void finish_command();

    // False once the connection is lost: the pool then drops it instead of reusing it.
    bool healthy() const;
    // For tests of a connection lost at a given moment (postgres/pg_game_writer.h): sends `sql`
    // (if any) without waiting for its answer, then shuts the socket down both ways, as a
    // network failure right after the server received it would. The next call fails.
    void cut_after_sending(std::string_view sql);
    // True inside a transaction block (BEGIN without COMMIT or ROLLBACK yet, or a failed one).
    bool in_transaction() const;

private:
    pg_conn* conn_ = nullptr;
    std::string sent_; // what send_command sent, until finish_command
    std::unordered_map<std::string, std::string> prepared_; // SQL text -> statement name
    const std::string& prepared_name(std::string_view sql);
    // The core of both run_pipelined: statement i is the prepared `names[i]` with `params[i]`;
    // `sqls[i]` names it in a message.
    std::vector<Result> pipeline(const std::vector<const std::string*>& names,
                                 const std::vector<const Params*>& params,
                                 const std::vector<std::string_view>& sqls);
    [[noreturn]] void fail(std::string_view what, pg_result* result) const;
};

// BEGIN ... COMMIT; rolls back when destroyed uncommitted (an exception escaped). The level is
// READ COMMITTED (PostgreSQL's default): the stores' read-modify-writes lock the rows they
// change first (SELECT ... FOR UPDATE), storage/README.md "PostgreSQL".
class Transaction {
public:
    explicit Transaction(Connection& connection);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Connection& connection_;
    bool done_ = false;
};

} // namespace storage::postgres
