#pragma once
// RAII wrappers around sqlite3* and sqlite3_stmt*. Values are always bound, never pasted into
// SQL; every return code is checked and a failure throws SqliteError (a StorageError) with
// SQLite's message and code.
// A Connection and its Statements belong to one thread.

#include "storage/durability.h"
#include "storage/errors.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace storage::sqlite {

// storage/durability.h: Full is synchronous=FULL (the WAL fsynced at every commit), Normal is
// synchronous=NORMAL (the WAL synced at checkpoints only).
using Durability = storage::Durability;

struct OpenOptions {
    Durability durability = Durability::Full;
    std::chrono::milliseconds busy_timeout{5000};
    bool create = true;  // create the file if it is missing
    bool migrate = true; // bring the schema to the latest version
    bool read_only = false;
};

// A failure SQLite reported, with its extended result code (SQLITE_BUSY, SQLITE_FULL, ...).
class SqliteError : public StorageError {
public:
    SqliteError(const std::string& message, int code) : StorageError(message), code_(code) {}
    int code() const { return code_; }

private:
    int code_;
};

class Statement;

// Write: BEGIN IMMEDIATE, the write lock taken at once (two writers that both read first
// cannot deadlock). Read: BEGIN, deferred: several SELECTs from one snapshot.
enum class TransactionKind : std::uint8_t { Write, Read };

// Process-wide SQLite settings, to be made once before any other SQLite call (the server's
// start). Today one: no memory statistics. With them on (the library's default) every
// allocation and free inside SQLite takes a global mutex to count bytes that nothing here
// reads (no soft heap limit, no sqlite3_memory_used): about 20 lock and unlock pairs, 2.7k
// of the server's 96k instructions a move (issue 11, bench/README.md). Returns false when
// SQLite was already in use: the defaults then stay, and nothing else changes.
bool configure_library();

class Connection {
public:
    // Opens `path`, sets WAL, synchronous, foreign_keys and busy_timeout, and migrates.
    Connection(const std::string& path, const OpenOptions& options);
    ~Connection();
    Connection(Connection&& other) noexcept;
    Connection& operator=(Connection&& other) noexcept;
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Runs SQL without parameters (schema, PRAGMA).
    void exec(std::string_view sql);
    // BEGIN (IMMEDIATE for a write), COMMIT and ROLLBACK (see Transaction), each prepared on
    // first use and kept: the game writer commits a batch every few moves, and sqlite3_exec
    // compiled the texts again for each (9k instructions for the BEGIN alone).
    void begin(TransactionKind kind);
    void commit();
    void rollback();
    Statement prepare(std::string_view sql);
    std::int64_t last_insert_id() const;
    int changes() const; // rows changed by the last statement
    // False in autocommit mode: no transaction is open (or SQLite rolled the last one back).
    bool in_transaction() const;
    int user_version();

    // Bytes of this connection's page cache, and a release of what it caches and does not
    // need now (sqlite3_db_release_memory: the pages no statement holds).
    std::int64_t cache_bytes() const;
    void release_memory();

    sqlite3* handle() const { return db_; }
    const std::string& path() const { return path_; }

    // Throws StorageError for a failing return code, with `what` and SQLite's message.
    void check(int rc, std::string_view what) const;

private:
    struct TransactionStatements;
    sqlite3* db_ = nullptr;
    std::string path_;
    std::unique_ptr<TransactionStatements> transaction_statements_;
    std::string switch_to_wal(std::chrono::milliseconds busy_timeout);
    void configure(const OpenOptions& options); // pragmas and migrations
    TransactionStatements& transaction_statements();
    void run_kept(Statement& statement, std::string_view sql); // one of those, errors named
};

// A prepared statement. Bind by 1-based index, step, read columns by 0-based index.
class Statement {
public:
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind_int(int index, std::int64_t value);
    Statement& bind_double(int index, double value);
    Statement& bind_text(int index, std::string_view value);
    Statement& bind_null(int index);
    Statement& bind_optional_int(int index, std::optional<std::int64_t> value);
    Statement& bind_time(int index, std::chrono::sys_time<std::chrono::milliseconds> value);

    // True when a row is ready, false when the statement is done.
    [[nodiscard]] bool step();
    // Steps a statement that returns no rows.
    void run();
    // Clears bindings and rewinds, to run the statement again.
    void reset();

    std::int64_t column_int(int index) const;
    double column_double(int index) const;
    std::string column_text(int index) const;
    bool column_is_null(int index) const;
    std::optional<std::int64_t> column_optional_int(int index) const;
    std::chrono::sys_time<std::chrono::milliseconds> column_time(int index) const;

private:
    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
    void check(int rc, std::string_view what) const;
};

// BEGIN ... COMMIT; rolls back when destroyed uncommitted (an exception escaped).
class Transaction {
public:
    explicit Transaction(Connection& connection, TransactionKind kind = TransactionKind::Write);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Connection& connection_;
    bool done_ = false;
};

} // namespace storage::sqlite
