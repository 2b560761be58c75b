#pragma once
// Inside AccountsService: the worker's state and the helpers the route files share. Not for
// use outside server/accounts.

#include "server/accounts/accounts_service.h"
#include "server/accounts/api_json.h"

#include <optional>

namespace server::accounts {

struct AccountsService::Worker {
    std::unique_ptr<storage::UserStore> users;
    std::unique_ptr<storage::RatingStore> ratings;
    std::unique_ptr<storage::GameStore> games;
    std::unique_ptr<storage::LadderStore> ladders;
    auth::LoginThrottle throttle;
    auth::LoginThrottle registrations{auth::registration_limits};
    auth::LoginThrottle logins;
    auth::Accounts accounts;
    LadderService ladder;

    Worker(const storage::Backend& backend, const AccountsServiceOptions& options)
        : users(backend.user_store()), ratings(backend.rating_store()), games(backend.game_store()),
          ladders(backend.ladder_store()), throttle(options.throttle), logins(options.logins),
          accounts(*users, throttle, registrations, logins, options.accounts),
          ladder(*ladders, *users) {}
};

// The account id of a logged-in request; nullopt for a guest.
std::optional<storage::UserId> account_of(const http::RequestInfo& info);

// 401 "not_logged_in".
http::Response not_logged_in(const http::Request& request);

// A refusal from the rules (auth, ladder) with the HTTP status its code calls for.
http::Response rule_error(const http::Request& request, const rules::Error& error);

} // namespace server::accounts
