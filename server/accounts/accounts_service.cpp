#include "server/accounts/accounts_service.h"

#include "server/accounts/service_worker.h"
#include "server/auth/identity.h"
#include "server/auth/session_token.h"
#include "server/log.h"
#include "storage/errors.h"

#include <charconv>
#include <future>
#include <map>
#include <string_view>

#include <boost/asio/post.hpp>

namespace server::accounts {

namespace status = http::beast_http;

std::optional<storage::UserId> account_of(const http::RequestInfo& info) {
    if (!info.identity || info.identity->guest)
        return std::nullopt;
    const auto& text = info.identity->user_id;
    storage::UserId id = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (error != std::errc{} || end != text.data() + text.size() || id <= 0)
        return std::nullopt;
    return id;
}

http::Response not_logged_in(const http::Request& request) {
    return api_error(request, status::status::unauthorized, "not_logged_in",
                     "log in to do this");
}

http::Response rule_error(const http::Request& request, const rules::Error& error) {
    using S = status::status;
    static const std::map<std::string_view, S> statuses = {
        {"bad_username", S::bad_request},      {"bad_password", S::bad_request},
        {"name_taken", S::conflict},           {"bad_credentials", S::unauthorized},
        {"account_disabled", S::forbidden},    {"rate_limited", S::too_many_requests},
        {"unknown_ladder", S::not_found},      {"unknown_challenge", S::not_found},
        {"not_organiser", S::forbidden},       {"not_challenged", S::forbidden},
        {"not_challenger", S::forbidden},      {"self_challenge", S::bad_request},
        {"ladder_name_taken", S::conflict},
    };
    const auto it = statuses.find(error.code);
    return api_error(request, it == statuses.end() ? S::conflict : it->second, error.code,
                     error.detail);
}

AccountsService::AccountsService(const storage::Backend& backend, AccountsServiceOptions options)
    : options_(std::move(options)), worker_(std::make_unique<Worker>(backend, options_)),
      auth_users_(backend.user_store()) {
    blocks_->load(*worker_->users);
}

AccountsService::~AccountsService() {
    pool_.join();
}

storage::TimePoint AccountsService::now() const {
    if (options_.clock)
        return options_.clock();
    return std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

http::AsyncHandler AccountsService::on_worker(Work work) {
    return [this, work = std::move(work)](const http::Request& request,
                                          const http::RequestInfo& info, http::Respond respond) {
        auto shared_request = std::make_shared<http::Request>(request);
        boost::asio::post(pool_, [this, work, shared_request, info,
                                  respond = std::move(respond)]() {
            try {
                respond(work(*worker_, *shared_request, info));
            } catch (const std::exception& e) {
                log::error(std::string("accounts: ") + e.what());
                respond(api_error(*shared_request, status::status::internal_server_error,
                                  "server_error", "the server could not do this; try later"));
            }
        });
    };
}

http::Authenticator AccountsService::authenticator() {
    return [this](const http::Request& request) -> std::shared_ptr<const auth::Identity> {
        const auto token = session_cookie(request);
        if (!token || !auth::looks_like_session_token(*token))
            return nullptr;
        const auto hash = auth::hash_session_token(*token);
        try {
            const std::lock_guard lock(auth_mutex_);
            const auto session = auth_users_->find_session(hash, now());
            if (!session)
                return nullptr;
            const auto user = auth_users_->find_user(session->user_id);
            if (!user || user->disabled)
                return nullptr;
            return std::make_shared<const auth::Identity>(
                auth::Identity{std::to_string(user->id), user->name, false});
        } catch (const storage::StorageError& e) {
            // Not a guest: the request is refused (net/http_session.h, identity_of).
            log::error(std::string("accounts: session lookup: ") + e.what());
            throw;
        }
    };
}

void AccountsService::register_routes(http::Routes& routes) {
    add_account_routes(routes);
    add_profile_routes(routes);
    add_ladder_routes(routes);
    add_block_routes(routes);
}

void AccountsService::set_ladder_game_starter(std::shared_ptr<LadderGameStarter> starter) {
    boost::asio::post(pool_, [this, starter = std::move(starter)]() mutable {
        worker_->ladder.set_game_starter(std::move(starter));
    });
}

void AccountsService::attach_ladder_game(storage::LadderId ladder, storage::ChallengeId challenge,
                                         storage::GameId game, LadderResultCallback done) {
    boost::asio::post(pool_, [this, ladder, challenge, game, done = std::move(done)]() {
        try {
            const auto result = worker_->ladder.attach_game(ladder, challenge, game);
            if (done)
                done(result);
        } catch (const std::exception& e) {
            log::error(std::string("accounts: attach ladder game: ") + e.what());
            if (done)
                done(rules::Error{"server_error", e.what()});
        }
    });
}

void AccountsService::report_ladder_result(storage::LadderId ladder,
                                           storage::ChallengeId challenge,
                                           lobby::ladder::ChallengeResult result,
                                           LadderResultCallback done) {
    boost::asio::post(pool_, [this, ladder, challenge, result, done = std::move(done)]() {
        try {
            const auto settled = worker_->ladder.report_result(ladder, challenge, result, now());
            if (done)
                done(settled);
        } catch (const std::exception& e) {
            log::error(std::string("accounts: ladder result: ") + e.what());
            if (done)
                done(rules::Error{"server_error", e.what()});
        }
    });
}

} // namespace server::accounts
