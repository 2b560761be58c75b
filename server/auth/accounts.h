#pragma once
// Registration, login, logout and session lookup: the account rules on top of a
// storage::UserStore. One Accounts per thread or strand (it holds a store and a throttle).
//
// Answers are rules::Result with stable codes for the protocol:
//   bad_username, bad_password, name_taken        (register)
//   bad_credentials  (login: wrong password and unknown user alike, at the same cost)
//   account_disabled (login with the right password to a disabled account)
//   rate_limited     (login: too many failures, or too many logins, from this address or
//                     for this name; register: too many registrations from this address)

#include "lobby/time.h"
#include "rules/result.h"
#include "server/auth/login_throttle.h"
#include "server/auth/password_hash.h"
#include "storage/stores.h"

#include <string>
#include <string_view>

namespace server::auth {

struct AccountsOptions {
    PasswordParams password = owasp_minimum;
    lobby::Millis session_lifetime = std::chrono::days(30);
    // Sessions one account keeps: a login beyond them ends the oldest (each login adds one,
    // and only a logout or expiry removed them).
    int max_sessions_per_user = 20;
};

struct LoginSuccess {
    storage::UserRow user;
    std::string token; // set as the session cookie; only its hash is stored
    lobby::TimePoint expires_at;
};

// Registrations an address may make: each costs a password hash on the accounts' one worker
// thread, so a flood from one address would stall every login queued behind it. Every attempt
// counts, made or refused; generous enough for a club registering its members from one room.
inline constexpr LoginThrottleOptions registration_limits{
    .per_address = {.max_failures = 20, .window = std::chrono::minutes(15)},
    .per_account = {.max_failures = 20, .window = std::chrono::minutes(15)},
    .max_keys = 100'000};

// Successful logins an address (and an account name) may make: a correct password costs a
// hash as a wrong one does, and 100 correct logins from one address kept every other request
// of the accounts waiting for seconds (issue 34). Every success counts; generous enough for a
// club logging its members in from one room.
inline constexpr LoginThrottleOptions login_limits{
    .per_address = {.max_failures = 30, .window = std::chrono::minutes(15)},
    .per_account = {.max_failures = 30, .window = std::chrono::minutes(15)},
    .max_keys = 100'000};

class Accounts {
public:
    // `registrations` counts registration attempts (registration_limits), `throttle` failed
    // logins, `logins` successful ones (login_limits).
    Accounts(storage::UserStore& users, LoginThrottle& throttle, LoginThrottle& registrations,
             LoginThrottle& logins, AccountsOptions options = {});

    // A new account, logged in at once: the user and its first session are written together
    // (both or neither).
    rules::Result<LoginSuccess> register_user(std::string_view name, std::string_view password,
                                              std::string_view address, lobby::TimePoint now);
    rules::Result<LoginSuccess> login(std::string_view name, std::string_view password,
                                      std::string_view address, lobby::TimePoint now);
    // The user behind a session cookie; nullopt for unknown, expired or disabled.
    std::optional<storage::UserRow> authenticate(std::string_view token, lobby::TimePoint now);
    void logout(std::string_view token);
    // Operator: a new password (ends every session of the user).
    rules::Result<storage::UserId> reset_password(std::string_view name, std::string_view password);

private:
    storage::UserStore& users_;
    LoginThrottle& throttle_;
    LoginThrottle& registrations_;
    LoginThrottle& logins_;
    AccountsOptions options_;
    std::string dummy_hash_; // verified when the user does not exist: equal cost
};

} // namespace server::auth
