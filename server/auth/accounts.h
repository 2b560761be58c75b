#pragma once
// Registration, login, logout and session lookup: the account rules on top of a
// storage::UserStore. One Accounts per thread or strand (it holds a store and a throttle).
//
// Answers are rules::Result with stable codes for the protocol:
//   bad_username, bad_password, name_taken        (register)
//   bad_credentials  (login: wrong password and unknown user alike, at the same cost)
//   account_disabled (login with the right password to a disabled account)
//   rate_limited     (login: too many failures from this address or for this name)

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
};

struct LoginSuccess {
    storage::UserRow user;
    std::string token; // set as the session cookie; only its hash is stored
    lobby::TimePoint expires_at;
};

class Accounts {
public:
    Accounts(storage::UserStore& users, LoginThrottle& throttle, AccountsOptions options = {});

    rules::Result<storage::UserId> register_user(std::string_view name, std::string_view password,
                                                 lobby::TimePoint now);
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
    AccountsOptions options_;
    std::string dummy_hash_; // verified when the user does not exist: equal cost
};

} // namespace server::auth
