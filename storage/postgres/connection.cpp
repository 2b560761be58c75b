#include "storage/postgres/connection.h"

#include <charconv>
#include <libpq-fe.h>
#include <sys/socket.h>
#include <system_error>

namespace storage::postgres {
namespace {

// libpq's message without its trailing newline.
std::string trimmed(const char* message) {
    std::string text = message != nullptr ? message : "";
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text;
}

template <class T> T parse_number(const char* text, std::string_view what) {
    T value{};
    const std::string_view view(text);
    const auto [end, ec] = std::from_chars(view.data(), view.data() + view.size(), value);
    if (ec != std::errc() || end != view.data() + view.size())
        throw StorageError("PostgreSQL returned \"" + std::string(view) + "\" for " +
                           std::string(what));
    return value;
}

} // namespace

Params& Params::add(std::int64_t value) {
    values_.emplace_back(std::to_string(value));
    return *this;
}

Params& Params::add(double value) {
    // The shortest text that reads back as the same double: PostgreSQL's float8 input is
    // exact, so a rating survives the round trip bit for bit.
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (ec != std::errc())
        throw StorageError("cannot write a number for PostgreSQL");
    values_.emplace_back(std::string(buffer, end));
    return *this;
}

Params& Params::add(std::string_view value) {
    if (value.find('\0') != std::string_view::npos)
        throw StorageError("text with a NUL byte cannot be stored in PostgreSQL");
    values_.emplace_back(std::string(value));
    return *this;
}

Params& Params::add(std::optional<std::int64_t> value) {
    return value ? add(*value) : add_null();
}

Params& Params::add_null() {
    values_.emplace_back(std::nullopt);
    return *this;
}

std::vector<const char*> Params::pointers() const {
    std::vector<const char*> out;
    out.reserve(values_.size());
    for (const auto& v : values_)
        out.push_back(v ? v->c_str() : nullptr);
    return out;
}

Result::~Result() {
    PQclear(result_);
}

Result& Result::operator=(Result&& other) noexcept {
    if (this != &other) {
        PQclear(result_);
        result_ = std::exchange(other.result_, nullptr);
    }
    return *this;
}

int Result::rows() const {
    return PQntuples(result_);
}

int Result::affected() const {
    const char* count = PQcmdTuples(result_);
    return count == nullptr || *count == '\0' ? 0 : parse_number<int>(count, "a row count");
}

const char* Result::value(int row, int column) const {
    if (row < 0 || row >= PQntuples(result_) || column < 0 || column >= PQnfields(result_))
        throw StorageError("no row " + std::to_string(row) + " column " + std::to_string(column) +
                           " in a PostgreSQL result");
    return PQgetvalue(result_, row, column);
}

bool Result::is_null(int row, int column) const {
    value(row, column); // checks the position
    return PQgetisnull(result_, row, column) == 1;
}

std::string Result::text(int row, int column) const {
    return value(row, column);
}

std::int64_t Result::integer(int row, int column) const {
    return parse_number<std::int64_t>(value(row, column), "an integer");
}

double Result::real(int row, int column) const {
    return parse_number<double>(value(row, column), "a number");
}

std::optional<std::int64_t> Result::optional_integer(int row, int column) const {
    if (is_null(row, column))
        return std::nullopt;
    return integer(row, column);
}

Connection::Connection(const std::string& conninfo, const ConnectOptions& options) {
    // Keywords are applied in order and the URI (expanded from dbname) comes last, so its own
    // connect_timeout or application_name wins over these defaults.
    const std::string timeout = std::to_string(options.connect_timeout_seconds);
    const char* keywords[] = {"connect_timeout", "fallback_application_name", "dbname", nullptr};
    const char* values[] = {timeout.c_str(), "tabula", conninfo.c_str(), nullptr};
    conn_ = PQconnectdbParams(keywords, values, 1);
    if (conn_ == nullptr)
        throw PgError("cannot connect to PostgreSQL: out of memory", "");
    if (PQstatus(conn_) != CONNECTION_OK) {
        const std::string message =
            "cannot connect to PostgreSQL: " + trimmed(PQerrorMessage(conn_));
        PQfinish(conn_);
        conn_ = nullptr;
        throw PgError(message, "");
    }
    // Quiet: the migrations' IF NOT EXISTS notices are not the operator's business.
    exec("SET client_min_messages = warning");
    if (options.durability == Durability::Normal)
        exec("SET synchronous_commit = off");
    else // never weaker than on; an operator's remote_apply or remote_write stays
        exec("SELECT set_config('synchronous_commit', 'on', false) "
             "WHERE current_setting('synchronous_commit') = 'off'");
    if (options.idle_in_transaction_timeout_ms > 0)
        exec(std::string("SET idle_in_transaction_session_timeout = ")
                 .append(std::to_string(options.idle_in_transaction_timeout_ms)));
    if (options.lock_timeout_ms > 0)
        exec(std::string("SET lock_timeout = ").append(std::to_string(options.lock_timeout_ms)));
}

Connection::~Connection() {
    if (conn_ != nullptr)
        PQfinish(conn_);
}

Connection::Connection(Connection&& other) noexcept
    : conn_(std::exchange(other.conn_, nullptr)), sent_(std::move(other.sent_)),
      prepared_(std::move(other.prepared_)) {
}

Connection& Connection::operator=(Connection&& other) noexcept {
    if (this != &other) {
        if (conn_ != nullptr)
            PQfinish(conn_);
        conn_ = std::exchange(other.conn_, nullptr);
        sent_ = std::move(other.sent_);
        prepared_ = std::move(other.prepared_);
    }
    return *this;
}

void Connection::fail(std::string_view what, pg_result* result) const {
    std::string message(what);
    std::string sqlstate;
    if (result != nullptr) {
        const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
        sqlstate = state != nullptr ? state : "";
        message += ": " + trimmed(PQresultErrorMessage(result));
        PQclear(result);
    } else {
        message += ": " + trimmed(PQerrorMessage(conn_));
    }
    throw PgError(message, sqlstate);
}

void Connection::exec(std::string_view sql) {
    const std::string text(sql);
    pg_result* result = PQexec(conn_, text.c_str());
    const auto status = result != nullptr ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        if (result == nullptr)
            fail("cannot run \"" + text + "\"", nullptr);
        fail("cannot run \"" + text + "\"", result);
    }
    PQclear(result);
}

void Connection::send_command(std::string_view sql) {
    sent_ = sql;
    // Blocking mode: the command is written to the socket before this returns.
    if (PQsendQuery(conn_, sent_.c_str()) != 1)
        fail("cannot send \"" + sent_ + "\"", nullptr);
}

void Connection::finish_command() {
    // The command's answer, then the null that ends it. The first error wins.
    pg_result* failed = nullptr;
    bool answered = false;
    while (pg_result* result = PQgetResult(conn_)) {
        answered = true;
        const auto status = PQresultStatus(result);
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && failed == nullptr) {
            failed = result;
            continue;
        }
        PQclear(result);
    }
    if (failed != nullptr)
        fail("cannot run \"" + sent_ + "\"", failed);
    if (!answered)
        fail("no answer to \"" + sent_ + "\"", nullptr);
}

const std::string& Connection::prepared_name(std::string_view sql) {
    const std::string text(sql);
    auto found = prepared_.find(text);
    if (found == prepared_.end()) {
        std::string name = std::to_string(prepared_.size() + 1);
        name.insert(name.begin(), 's'); // "s1", "s2" ...
        pg_result* prepared = PQprepare(conn_, name.c_str(), text.c_str(), 0, nullptr);
        if (prepared == nullptr || PQresultStatus(prepared) != PGRES_COMMAND_OK)
            fail("cannot prepare \"" + text + "\"", prepared);
        PQclear(prepared);
        found = prepared_.emplace(text, name).first;
    }
    return found->second;
}

Result Connection::run(std::string_view sql, const Params& params) {
    const std::string& name = prepared_name(sql);
    const auto values = params.pointers();
    pg_result* result =
        PQexecPrepared(conn_, name.c_str(), params.size(), values.data(), nullptr, nullptr, 0);
    const auto status = result != nullptr ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        fail("cannot run \"" + std::string(sql) + "\"", result);
    return Result(result);
}

std::vector<Result> Connection::run_pipelined(std::string_view sql,
                                              const std::vector<Params>& params) {
    if (params.empty())
        return {};
    const std::string& name = prepared_name(sql); // prepared before the pipeline
    std::vector<const std::string*> names(params.size(), &name);
    std::vector<const Params*> values;
    values.reserve(params.size());
    for (const auto& p : params)
        values.push_back(&p);
    return pipeline(names, values, std::vector<std::string_view>(params.size(), sql));
}

std::vector<Result> Connection::run_pipelined(const std::vector<Statement>& statements) {
    std::vector<const std::string*> names;
    std::vector<const Params*> values;
    std::vector<std::string_view> sqls;
    for (const auto& statement : statements) {
        names.push_back(&prepared_name(statement.sql)); // prepared before the pipeline
        values.push_back(&statement.params);
        sqls.push_back(statement.sql);
    }
    if (statements.empty())
        return {};
    return pipeline(names, values, sqls);
}

std::vector<Result> Connection::pipeline(const std::vector<const std::string*>& names,
                                         const std::vector<const Params*>& params,
                                         const std::vector<std::string_view>& sqls) {
    std::vector<Result> results;
    const auto lost = [this](const char* what) {
        const std::string message = std::string(what) + ": " + trimmed(PQerrorMessage(conn_));
        if (PQpipelineStatus(conn_) != PQ_PIPELINE_OFF && PQstatus(conn_) == CONNECTION_OK)
            (void)PQexitPipelineMode(conn_);
        throw PgError(message, "");
    };
    if (PQenterPipelineMode(conn_) != 1)
        lost("cannot enter pipeline mode");
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto values = params[i]->pointers();
        if (PQsendQueryPrepared(conn_, names[i]->c_str(), params[i]->size(), values.data(),
                                nullptr, nullptr, 0) != 1)
            lost("cannot send a pipelined statement");
    }
    if (PQpipelineSync(conn_) != 1)
        lost("cannot send the pipeline");
    std::optional<std::size_t> failed;
    std::string message;
    std::string sqlstate;
    results.reserve(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        pg_result* result = PQgetResult(conn_);
        if (result == nullptr)
            lost("the connection gave no answer to a pipelined statement");
        const auto status = PQresultStatus(result);
        if (status == PGRES_FATAL_ERROR && !failed) {
            failed = i;
            const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
            sqlstate = state != nullptr ? state : "";
            message = "cannot run \"" + std::string(sqls[i]) +
                      "\": " + trimmed(PQresultErrorMessage(result));
        }
        results.emplace_back(result);
        if (PQgetResult(conn_) != nullptr) // each statement's results end with a null
            lost("a pipelined statement answered more than once");
    }
    pg_result* sync = PQgetResult(conn_);
    const bool synced = sync != nullptr && PQresultStatus(sync) == PGRES_PIPELINE_SYNC;
    PQclear(sync);
    if (!synced)
        lost("the pipeline did not end with its sync");
    if (PQexitPipelineMode(conn_) != 1)
        lost("cannot leave pipeline mode");
    if (failed)
        throw PipelineError(message, sqlstate, *failed);
    return results;
}

bool Connection::healthy() const {
    return conn_ != nullptr && PQstatus(conn_) == CONNECTION_OK;
}

void Connection::cut_after_sending(std::string_view sql) {
    if (conn_ == nullptr)
        return;
    if (!sql.empty()) {
        const std::string text(sql);
        // Blocking mode: the query is written to the socket before this returns.
        if (PQsendQuery(conn_, text.c_str()) != 1)
            fail("cannot send \"" + text + "\"", nullptr);
    }
    ::shutdown(PQsocket(conn_), SHUT_RDWR);
}

bool Connection::in_transaction() const {
    if (conn_ == nullptr)
        return false;
    const auto status = PQtransactionStatus(conn_);
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
}

Transaction::Transaction(Connection& connection) : connection_(connection) {
    connection_.exec("BEGIN");
}

Transaction::~Transaction() {
    if (done_)
        return;
    try {
        connection_.exec("ROLLBACK");
    } catch (const StorageError&) {
        // The connection is gone: the server rolled back by itself, and the pool drops it.
    }
}

void Transaction::commit() {
    connection_.exec("COMMIT");
    done_ = true;
}

} // namespace storage::postgres
