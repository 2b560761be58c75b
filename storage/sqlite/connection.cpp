#include "storage/sqlite/connection.h"

#include "storage/sqlite/migrations.h"

#include <chrono>
#include <limits>
#include <thread>
#include <utility>

#include <sqlite3.h>

namespace storage::sqlite {
namespace {

[[noreturn]] void fail(sqlite3* db, int rc, std::string_view what) {
    std::string message(what);
    message += ": ";
    message += db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    throw SqliteError(message, rc);
}

// Reads the single text answer of a PRAGMA that returns one row.
std::string pragma_text(Connection& connection, std::string_view sql) {
    auto statement = connection.prepare(sql);
    if (!statement.step())
        return {};
    return statement.column_text(0);
}

constexpr std::string_view begin_write_sql = "BEGIN IMMEDIATE";
constexpr std::string_view begin_read_sql = "BEGIN";
constexpr std::string_view commit_sql = "COMMIT";
constexpr std::string_view rollback_sql = "ROLLBACK";

int text_length(std::string_view text) {
    if (text.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
        throw StorageError("text too long for SQLite");
    return static_cast<int>(text.size());
}

} // namespace

bool configure_library() {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
}

struct Connection::TransactionStatements {
    Statement begin_write;
    Statement begin_read;
    Statement commit;
    Statement rollback;
};

Connection::Connection(const std::string& path, const OpenOptions& options) : path_(path) {
    int flags = SQLITE_OPEN_NOMUTEX;
    flags |= options.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
    if (options.create && !options.read_only)
        flags |= SQLITE_OPEN_CREATE;
    const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string message = "cannot open database " + path + ": ";
        message += db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        sqlite3_close(db_);
        db_ = nullptr;
        throw SqliteError(message, rc);
    }
    try {
        configure(options);
    } catch (...) { // the destructor does not run for a throwing constructor
        sqlite3_close_v2(db_);
        db_ = nullptr;
        throw;
    }
}

void Connection::configure(const OpenOptions& options) {
    sqlite3_extended_result_codes(db_, 1);
    check(sqlite3_busy_timeout(db_, static_cast<int>(options.busy_timeout.count())),
          "busy_timeout");
    exec("PRAGMA foreign_keys=ON");
    if (!options.read_only) {
        const auto mode = switch_to_wal(options.busy_timeout);
        if (mode != "wal" && path_ != ":memory:")
            throw StorageError("cannot switch " + path_ + " to WAL mode (got '" + mode + "')");
    }
    exec(options.durability == Durability::Full ? "PRAGMA synchronous=FULL"
                                                : "PRAGMA synchronous=NORMAL");
    if (options.migrate && !options.read_only)
        migrate(*this);
}

// Switching a new file to WAL takes its exclusive lock from a shared one; of two connections
// doing so at once, SQLite's deadlock avoidance answers one SQLITE_BUSY at once, without its
// busy handler. That one tries again until `busy_timeout` has passed, as a busy handler would.
std::string Connection::switch_to_wal(std::chrono::milliseconds busy_timeout) {
    const auto give_up = std::chrono::steady_clock::now() + busy_timeout;
    for (;;) {
        try {
            return pragma_text(*this, "PRAGMA journal_mode=WAL");
        } catch (const SqliteError& e) {
            if ((e.code() & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() >= give_up)
                throw;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

Connection::~Connection() {
    transaction_statements_.reset(); // finalized before their connection closes
    if (db_ != nullptr)
        sqlite3_close_v2(db_);
}

Connection::Connection(Connection&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)),
      transaction_statements_(std::move(other.transaction_statements_)) {
}

Connection& Connection::operator=(Connection&& other) noexcept {
    if (this != &other) {
        transaction_statements_.reset();
        if (db_ != nullptr)
            sqlite3_close_v2(db_);
        db_ = std::exchange(other.db_, nullptr);
        path_ = std::move(other.path_);
        transaction_statements_ = std::move(other.transaction_statements_);
    }
    return *this;
}

void Connection::check(int rc, std::string_view what) const {
    if (rc != SQLITE_OK)
        fail(db_, rc, what);
}

void Connection::exec(std::string_view sql) {
    const std::string text(sql);
    char* message = nullptr;
    const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
        std::string error = "cannot run \"" + text.substr(0, 60) + "\": ";
        error += message != nullptr ? message : sqlite3_errstr(rc);
        sqlite3_free(message);
        throw SqliteError(error, rc);
    }
}

Statement Connection::prepare(std::string_view sql) {
    return Statement(db_, sql);
}

Connection::TransactionStatements& Connection::transaction_statements() {
    if (!transaction_statements_)
        transaction_statements_ = std::make_unique<TransactionStatements>(
            TransactionStatements{prepare(begin_write_sql), prepare(begin_read_sql),
                                  prepare(commit_sql), prepare(rollback_sql)});
    return *transaction_statements_;
}

void Connection::run_kept(Statement& statement, std::string_view sql) {
    statement.reset();
    try {
        statement.run();
    } catch (const SqliteError& e) { // the same words as exec()'s
        throw SqliteError("cannot run \"" + std::string(sql) + "\": " + sqlite3_errmsg(db_),
                          e.code());
    }
}

void Connection::begin(TransactionKind kind) {
    if (kind == TransactionKind::Read)
        run_kept(transaction_statements().begin_read, begin_read_sql);
    else
        run_kept(transaction_statements().begin_write, begin_write_sql);
}

void Connection::commit() {
    run_kept(transaction_statements().commit, commit_sql);
}

void Connection::rollback() {
    run_kept(transaction_statements().rollback, rollback_sql);
}

std::int64_t Connection::cache_bytes() const {
    int current = 0;
    int high = 0;
    if (sqlite3_db_status(db_, SQLITE_DBSTATUS_CACHE_USED, &current, &high, 0) != SQLITE_OK)
        return 0;
    return current;
}

void Connection::release_memory() {
    check(sqlite3_db_release_memory(db_), "release memory");
}

std::int64_t Connection::last_insert_id() const {
    return sqlite3_last_insert_rowid(db_);
}

int Connection::changes() const {
    return sqlite3_changes(db_);
}

bool Connection::in_transaction() const {
    return sqlite3_get_autocommit(db_) == 0;
}

int Connection::user_version() {
    auto statement = prepare("PRAGMA user_version");
    if (!statement.step())
        throw StorageError("PRAGMA user_version returned nothing");
    return static_cast<int>(statement.column_int(0));
}

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
    const int rc = sqlite3_prepare_v2(db_, sql.data(), text_length(sql), &stmt_, nullptr);
    if (rc != SQLITE_OK)
        fail(db_, rc, "cannot prepare \"" + std::string(sql.substr(0, 60)) + "\"");
}

Statement::~Statement() {
    if (stmt_ != nullptr)
        sqlite3_finalize(stmt_);
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)) {
}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        if (stmt_ != nullptr)
            sqlite3_finalize(stmt_);
        db_ = other.db_;
        stmt_ = std::exchange(other.stmt_, nullptr);
    }
    return *this;
}

void Statement::check(int rc, std::string_view what) const {
    if (rc != SQLITE_OK)
        fail(db_, rc, what);
}

Statement& Statement::bind_int(int index, std::int64_t value) {
    check(sqlite3_bind_int64(stmt_, index, value), "bind");
    return *this;
}

Statement& Statement::bind_double(int index, double value) {
    check(sqlite3_bind_double(stmt_, index, value), "bind");
    return *this;
}

Statement& Statement::bind_text(int index, std::string_view value) {
    // SQLITE_TRANSIENT: SQLite copies the text, so the caller's buffer may go away.
    check(sqlite3_bind_text(stmt_, index, value.data(), text_length(value), SQLITE_TRANSIENT),
          "bind");
    return *this;
}

Statement& Statement::bind_null(int index) {
    check(sqlite3_bind_null(stmt_, index), "bind");
    return *this;
}

Statement& Statement::bind_optional_int(int index, std::optional<std::int64_t> value) {
    return value ? bind_int(index, *value) : bind_null(index);
}

Statement& Statement::bind_time(int index, std::chrono::sys_time<std::chrono::milliseconds> value) {
    return bind_int(index, value.time_since_epoch().count());
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    fail(db_, rc, "step");
}

void Statement::run() {
    if (step())
        throw StorageError("statement returned a row where none was expected");
}

void Statement::reset() {
    sqlite3_reset(stmt_); // its code repeats the last step's error, already reported
    check(sqlite3_clear_bindings(stmt_), "clear bindings");
}

std::int64_t Statement::column_int(int index) const {
    return sqlite3_column_int64(stmt_, index);
}

double Statement::column_double(int index) const {
    return sqlite3_column_double(stmt_, index);
}

std::string Statement::column_text(int index) const {
    const auto* text = sqlite3_column_text(stmt_, index);
    const int size = sqlite3_column_bytes(stmt_, index);
    if (text == nullptr)
        return {};
    return std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
}

bool Statement::column_is_null(int index) const {
    return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
}

std::optional<std::int64_t> Statement::column_optional_int(int index) const {
    if (column_is_null(index))
        return std::nullopt;
    return column_int(index);
}

std::chrono::sys_time<std::chrono::milliseconds> Statement::column_time(int index) const {
    return std::chrono::sys_time<std::chrono::milliseconds>(
        std::chrono::milliseconds(column_int(index)));
}

Transaction::Transaction(Connection& connection, TransactionKind kind) : connection_(connection) {
    connection_.begin(kind);
}

Transaction::~Transaction() {
    if (done_)
        return;
    try {
        connection_.rollback();
    } catch (const StorageError&) { // nothing more to do: the transaction is gone either way
    }
}

void Transaction::commit() {
    connection_.commit();
    done_ = true;
}

} // namespace storage::sqlite
