#include "server/auth/accounts.h"
#include "server/auth/session_token.h"
#include "storage/sqlite/sqlite_backend.h"

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace server::auth;
using namespace std::chrono_literals;

namespace {

const lobby::TimePoint fifty_years_on{std::chrono::hours(24 * 365 * 50)};

// A temporary database and an Accounts with cheap hashing, so tests stay fast.
struct Fixture {
    std::filesystem::path dir;
    std::unique_ptr<storage::sqlite::SqliteBackend> backend;
    std::unique_ptr<storage::UserStore> users;
    LoginThrottle throttle{{.per_address = {.max_failures = 20, .window = 15min},
                            .per_account = {.max_failures = 3, .window = 15min},
                            .max_keys = 100}};
    LoginThrottle registrations{registration_limits};
    LoginThrottle logins{login_limits};
    std::unique_ptr<Accounts> accounts;

    Fixture() {
        std::string pattern = (std::filesystem::temp_directory_path() / "tabula-auth-XXXXXX");
        REQUIRE(mkdtemp(pattern.data()) != nullptr);
        dir = pattern;
        backend = std::make_unique<storage::sqlite::SqliteBackend>((dir / "t.db").string());
        users = backend->user_store();
        accounts = std::make_unique<Accounts>(
            *users, throttle, registrations, logins,
            AccountsOptions{.password = {.memory_kib = 1024, .passes = 1, .lanes = 1},
                            .session_lifetime = 24h,
                            .max_sessions_per_user = 3});
    }
    ~Fixture() {
        accounts.reset();
        users.reset();
        backend.reset();
        std::error_code ignored;
        std::filesystem::remove_all(dir, ignored);
    }
};

std::string code(const auto& result) {
    return result.ok() ? "ok" : result.error().code;
}

} // namespace

TEST_CASE("accounts: register, log in, authenticate by cookie, log out") {
    Fixture f;
    REQUIRE(f.accounts->register_user("Ann", "password1", "a", fifty_years_on).ok());
    CHECK(code(f.accounts->register_user("aNN", "password2", "a", fifty_years_on)) == "name_taken");
    CHECK(code(f.accounts->register_user("guest7", "password2", "a", fifty_years_on)) ==
          "bad_username");
    CHECK(code(f.accounts->register_user("bob", "short", "a", fifty_years_on)) == "bad_password");

    const auto login = f.accounts->login("ann", "password1", "1.2.3.4", fifty_years_on);
    REQUIRE(login.ok());
    CHECK(login->user.name == "Ann");
    CHECK(login->expires_at == fifty_years_on + 24h);
    const auto who = f.accounts->authenticate(login->token, fifty_years_on + 1h);
    REQUIRE(who);
    CHECK(who->name == "Ann");
    CHECK_FALSE(f.accounts->authenticate(login->token, fifty_years_on + 24h)); // expired
    CHECK_FALSE(f.accounts->authenticate("not a token", fifty_years_on));
    // The database holds only the hash of the token.
    CHECK(f.users->find_session(hash_session_token(login->token), fifty_years_on));
    CHECK_FALSE(f.users->find_session(login->token, fifty_years_on));

    f.accounts->logout(login->token);
    CHECK_FALSE(f.accounts->authenticate(login->token, fifty_years_on + 1h));
}

TEST_CASE("accounts: a wrong password and an unknown user get the same answer") {
    Fixture f;
    REQUIRE(f.accounts->register_user("ann", "password1", "a", fifty_years_on).ok());
    const auto wrong = f.accounts->login("ann", "password2", "1.2.3.4", fifty_years_on);
    const auto unknown = f.accounts->login("nobody", "password1", "1.2.3.4", fifty_years_on);
    REQUIRE_FALSE(wrong.ok());
    REQUIRE_FALSE(unknown.ok());
    CHECK(wrong.error().code == "bad_credentials");
    CHECK(unknown.error().code == wrong.error().code);
    CHECK(unknown.error().detail == wrong.error().detail);
}

TEST_CASE("accounts: failed logins are rate-limited, then the right password works again") {
    Fixture f;
    REQUIRE(f.accounts->register_user("ann", "password1", "a", fifty_years_on).ok());
    for (int i = 0; i < 3; ++i)
        CHECK(code(f.accounts->login("ann", "nope-nope", "a", fifty_years_on)) ==
              "bad_credentials");
    // Locked for this name even with the right password and from another address.
    CHECK(code(f.accounts->login("ann", "password1", "b", fifty_years_on + 1min)) ==
          "rate_limited");
    CHECK(code(f.accounts->login("ann", "password1", "b", fifty_years_on + 15min)) == "ok");
}

TEST_CASE("accounts: a disabled account cannot log in and its sessions end") {
    Fixture f;
    const auto id = f.accounts->register_user("ann", "password1", "a", fifty_years_on);
    REQUIRE(id.ok());
    const auto login = f.accounts->login("ann", "password1", "a", fifty_years_on);
    REQUIRE(login.ok());
    REQUIRE(f.users->set_disabled(id->user.id, true));
    CHECK_FALSE(f.accounts->authenticate(login->token, fifty_years_on));
    CHECK(code(f.accounts->login("ann", "password1", "a", fifty_years_on)) == "account_disabled");
    CHECK(code(f.accounts->login("ann", "wrong-pass", "a", fifty_years_on)) == "bad_credentials");
}

TEST_CASE("accounts: a weak stored hash is raised at the next login") {
    Fixture f;
    const auto id = f.accounts->register_user("ann", "password1", "a", fifty_years_on);
    REQUIRE(id.ok());
    REQUIRE(f.users->rehash_password(
        id->user.id, hash_password("password1", {.memory_kib = 512, .passes = 1, .lanes = 1})));
    REQUIRE(f.accounts->login("ann", "password1", "a", fifty_years_on).ok());
    const auto params = encoded_params(f.users->find_user(id->user.id)->password_hash);
    REQUIRE(params);
    CHECK(params->memory_kib == 1024);
}

TEST_CASE("accounts: a password reset ends sessions and the old password") {
    Fixture f;
    REQUIRE(f.accounts->register_user("ann", "password1", "a", fifty_years_on).ok());
    const auto login = f.accounts->login("ann", "password1", "a", fifty_years_on);
    REQUIRE(login.ok());
    REQUIRE(f.accounts->reset_password("ANN", "password9").ok());
    CHECK_FALSE(f.accounts->authenticate(login->token, fifty_years_on));
    CHECK(code(f.accounts->login("ann", "password1", "a", fifty_years_on)) == "bad_credentials");
    CHECK(code(f.accounts->login("ann", "password9", "a", fifty_years_on)) == "ok");
    CHECK(code(f.accounts->reset_password("zed", "password9")) == "unknown_user");
}

TEST_CASE("accounts: registering logs in at once") {
    Fixture f;
    const auto registered = f.accounts->register_user("Ann", "password1", "a", fifty_years_on);
    REQUIRE(registered.ok());
    CHECK(registered->user.name == "Ann");
    CHECK(registered->expires_at == fifty_years_on + 24h);
    const auto who = f.accounts->authenticate(registered->token, fifty_years_on + 1h);
    REQUIRE(who);
    CHECK(who->id == registered->user.id);
}

TEST_CASE("accounts: registrations are limited per address, refused ones included") {
    Fixture f;
    const int limit = registration_limits.per_address.max_failures;
    for (int i = 0; i < limit; ++i) {
        // Half of them refused (a bad password): every attempt counts.
        const auto password = i % 2 == 0 ? "password1" : "short";
        (void)f.accounts->register_user("user" + std::to_string(i), password, "1.2.3.4",
                                        fifty_years_on);
    }
    const auto refused = f.accounts->register_user("late", "password1", "1.2.3.4", fifty_years_on);
    CHECK(code(refused) == "rate_limited");
    CHECK_FALSE(f.users->find_user_by_name("late")); // nothing was written
    CHECK(code(f.accounts->register_user("other", "password1", "5.6.7.8", fifty_years_on)) == "ok");
    CHECK(code(f.accounts->register_user("late", "password1", "1.2.3.4",
                                         fifty_years_on +
                                             registration_limits.per_address.window)) == "ok");
}

TEST_CASE("accounts: successful logins are limited per address too") {
    Fixture f;
    REQUIRE(f.accounts->register_user("Ann", "password1", "a", fifty_years_on).ok());
    REQUIRE(f.accounts->register_user("Bob", "password1", "a", fifty_years_on).ok());
    const int limit = login_limits.per_address.max_failures;
    for (int i = 0; i < limit; ++i) // each a correct password, half for each account
        REQUIRE(
            f.accounts->login(i % 2 == 0 ? "ann" : "bob", "password1", "1.2.3.4", fifty_years_on)
                .ok());
    const auto refused = f.accounts->login("ann", "password1", "1.2.3.4", fifty_years_on + 1min);
    CHECK(code(refused) == "rate_limited");
    CHECK(refused.error().detail.find("too many logins") != std::string::npos);
    CHECK(code(f.accounts->login("ann", "password1", "5.6.7.8", fifty_years_on + 1min)) == "ok");
    CHECK(code(f.accounts->login("ann", "password1", "1.2.3.4",
                                 fifty_years_on + login_limits.per_address.window)) == "ok");
}

TEST_CASE("accounts: an account keeps its newest sessions only") {
    Fixture f; // at most 3 sessions an account
    const auto registered = f.accounts->register_user("Ann", "password1", "a", fifty_years_on);
    REQUIRE(registered.ok());
    std::vector<std::string> tokens{registered->token};
    for (int i = 1; i <= 3; ++i) {
        const auto login =
            f.accounts->login("ann", "password1", "a", fifty_years_on + std::chrono::minutes(i));
        REQUIRE(login.ok());
        tokens.push_back(login->token);
    }
    const auto later = fifty_years_on + 1h;
    CHECK_FALSE(f.accounts->authenticate(tokens[0], later)); // the oldest went
    for (std::size_t i = 1; i < tokens.size(); ++i)
        CHECK(f.accounts->authenticate(tokens[i], later));
}
