#pragma once
// An in-process server with the accounts endpoints over a temporary database (a SQLite file,
// or a PostgreSQL schema of its own: tests/support/test_databases.h), a clock the test moves by
// hand, cheap Argon2 parameters and small login limits. 127.0.0.1 only; every HTTP exchange has
// a deadline (tests/server/test_support.h).

#include "server/accounts/accounts_service.h"
#include "storage/backend.h"
#include "tests/server/test_support.h"
#include "tests/support/test_databases.h"

#include <atomic>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

namespace test {

struct AccountsServerOptions {
    int failures_per_account = 3;
    int failures_per_address = 6;
    // Called at every reading of the clock (the authenticator's, and the workers' for each
    // request that needs the time): a test may hold a worker there.
    std::function<void()> on_clock{};
};

class AccountsServer {
public:
    explicit AccountsServer(AccountsServerOptions options = {},
                            std::unique_ptr<test_db::TestDatabase> database = test_db::sqlite());
    // Stops the server first, then lets the accounts service finish its queued work while the
    // App (whose sessions those jobs still hold) exists, then destroys the App.
    ~AccountsServer();
    AccountsServer(const AccountsServer&) = delete;
    AccountsServer& operator=(const AccountsServer&) = delete;

    storage::TimePoint now() const;
    void advance(std::chrono::milliseconds by) { clock_ms_ += by.count(); }

    HttpReply get(const std::string& target, const std::string& cookie = {});
    HttpReply post(const std::string& target, const nlohmann::json& body,
                   const std::string& cookie = {}, const std::string& extra_headers = {});
    HttpReply post_raw(const std::string& target, const std::string& body,
                       const std::string& cookie = {}, const std::string& extra_headers = {});
    HttpReply del(const std::string& target, const std::string& cookie = {});

    // Registers `name` and returns the "tabula_session=<token>" pair to send back.
    std::string register_user(const std::string& name,
                              const std::string& password = "correct horse");
    // The account id storage gave `name` (which must exist).
    storage::UserId user_id(const std::string& name);
    // What storage::open took for the database (a file path, or a URI).
    std::string location() const { return database_->location(); }
    storage::BackendKind kind() const { return database_->kind(); }

private:
    std::atomic<std::int64_t> clock_ms_;
    std::unique_ptr<test_db::TestDatabase> database_;
    std::unique_ptr<storage::Backend> opened_;

public:
    TempDir dir;
    storage::Backend& backend;
    // Declared before `accounts` so that it is destroyed after it (see ~AccountsServer).
    std::unique_ptr<RunningServer> server;
    server::accounts::AccountsService accounts;
};

// The "name=value" part of a Set-Cookie header.
std::string cookie_pair(const HttpReply& reply);
// The body as JSON (discarded value when it is not JSON).
nlohmann::json json_of(const HttpReply& reply);
// The error code of a coded error body, empty when there is none.
std::string error_code(const HttpReply& reply);

} // namespace test
