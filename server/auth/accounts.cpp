#include "server/auth/accounts.h"

#include "server/auth/session_token.h"
#include "server/auth/username.h"

#include <stdexcept>

namespace server::auth {
namespace {

rules::Error bad_credentials() {
    return {"bad_credentials", "wrong name or password"};
}

// "<why>; try again in N s", N rounded up.
std::string rate_limited_detail(std::string_view why, lobby::Millis wait) {
    const auto seconds = std::chrono::ceil<std::chrono::seconds>(wait).count();
    return std::string(why) + "; try again in " + std::to_string(seconds) + " s";
}

} // namespace

Accounts::Accounts(storage::UserStore& users, LoginThrottle& throttle, LoginThrottle& registrations,
                   LoginThrottle& logins, AccountsOptions options)
    : users_(users), throttle_(throttle), registrations_(registrations), logins_(logins),
      options_(options),
      dummy_hash_(hash_password("not a password of anyone", options.password)) {
}

rules::Result<LoginSuccess> Accounts::register_user(std::string_view name,
                                                    std::string_view password,
                                                    std::string_view address,
                                                    lobby::TimePoint now) {
    if (const auto wait = registrations_.retry_after(address, name, now))
        return rules::Error{"rate_limited",
                            rate_limited_detail("too many registrations from this address", *wait)};
    registrations_.record_failure(address, name, now); // every attempt counts
    if (auto problem = username_problem(name))
        return rules::Error{"bad_username", *problem};
    if (auto problem = password_problem(password))
        return rules::Error{"bad_password", *problem};
    const auto name_taken = rules::Error{"name_taken", "that name is taken"};
    if (users_.find_user_by_name(name)) // before the hash: a taken name costs no hashing
        return name_taken;
    const SessionToken token = new_session_token();
    const lobby::TimePoint expires = now + options_.session_lifetime;
    const auto id = users_.create_user_with_session(
        name, hash_password(password, options_.password), now, {token.hash, 0, now, expires, now});
    if (!id) // taken meanwhile by another connection to the database (the INSERT decides)
        return name_taken;
    auto user = users_.find_user(*id);
    if (!user) // committed a moment ago on this connection: only a broken database does this
        throw std::runtime_error("the new account " + std::to_string(*id) + " cannot be read back");
    return LoginSuccess{std::move(*user), token.token, expires};
}

rules::Result<LoginSuccess> Accounts::login(std::string_view name, std::string_view password,
                                            std::string_view address, lobby::TimePoint now) {
    if (const auto wait = throttle_.retry_after(address, name, now))
        return rules::Error{"rate_limited", rate_limited_detail("too many failed logins", *wait)};
    if (const auto wait = logins_.retry_after(address, name, now))
        return rules::Error{"rate_limited", rate_limited_detail("too many logins", *wait)};
    // Bad shapes cost a hash too, so that timing says nothing about which check failed.
    std::optional<storage::UserRow> user;
    if (!username_problem(name) && password.size() <= max_password_length)
        user = users_.find_user_by_name(name);
    bool match = false;
    if (user)
        match = verify_password(user->password_hash, password);
    else
        (void)verify_password(dummy_hash_, password); // the same work as for a real user
    if (!match) {
        throttle_.record_failure(address, name, now);
        return bad_credentials();
    }
    throttle_.record_success(name);
    logins_.record_failure(address, name, now); // every correct password counts
    if (user->disabled)
        return rules::Error{"account_disabled", "this account is disabled"};
    if (needs_rehash(user->password_hash, options_.password))
        users_.rehash_password(user->id, hash_password(password, options_.password));
    const SessionToken token = new_session_token();
    const lobby::TimePoint expires = now + options_.session_lifetime;
    users_.create_session({token.hash, user->id, now, expires, now});
    users_.keep_newest_sessions(user->id, options_.max_sessions_per_user);
    return LoginSuccess{*user, token.token, expires};
}

std::optional<storage::UserRow> Accounts::authenticate(std::string_view token,
                                                       lobby::TimePoint now) {
    if (!looks_like_session_token(token))
        return std::nullopt;
    const auto session = users_.find_session(hash_session_token(token), now);
    if (!session)
        return std::nullopt;
    return users_.find_user(session->user_id);
}

void Accounts::logout(std::string_view token) {
    if (looks_like_session_token(token))
        users_.delete_session(hash_session_token(token));
}

rules::Result<storage::UserId> Accounts::reset_password(std::string_view name,
                                                        std::string_view password) {
    if (auto problem = password_problem(password))
        return rules::Error{"bad_password", *problem};
    const auto user = users_.find_user_by_name(name);
    if (!user)
        return rules::Error{"unknown_user", "no user named " + std::string(name)};
    users_.set_password_hash(user->id, hash_password(password, options_.password));
    return user->id;
}

} // namespace server::auth
