#include "server/accounts/accounts_service.h"

#include "server/accounts/service_worker.h"
#include "server/auth/principal.h"
#include "server/auth/session_token.h"
#include "server/log.h"
#include "storage/errors.h"

#include <exception>
#include <future>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include <boost/asio/post.hpp>

namespace server::accounts {

namespace status = http::beast_http;

std::optional<storage::UserId> account_of(const http::RequestInfo& info) {
    return info.principal ? info.principal->account : std::nullopt;
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
      password_worker_(std::make_unique<Worker>(backend, options_)),
      auth_users_(backend.user_store()) {
    blocks_->load(*worker_->users);
}

AccountsService::~AccountsService() {
    boost::asio::post(pool_, [this] {
        stopping_ = true;
        if (upkeep_timer_)
            upkeep_timer_->cancel();
    });
    password_pool_.join();
    pool_.join();
}

Upkeep AccountsService::upkeep(SettleMoment moment) {
    const auto at = now();
    Upkeep done;
    done.expired_sessions = worker_->users->delete_expired_sessions(at);
    done.ladders = settle_ladders(*worker_->ladders, at, moment);
    return done;
}

Upkeep AccountsService::upkeep_at_start() {
    std::promise<Upkeep> done;
    auto future = done.get_future();
    boost::asio::post(pool_, [this, &done] {
        try {
            done.set_value(upkeep(SettleMoment::Restart));
        } catch (...) {
            done.set_exception(std::current_exception());
        }
    });
    return future.get();
}

void AccountsService::keep_up(std::chrono::milliseconds every) {
    boost::asio::post(pool_, [this, every] {
        if (stopping_ || upkeep_timer_)
            return;
        upkeep_timer_ = std::make_unique<boost::asio::steady_timer>(pool_);
        schedule_upkeep(every);
    });
}

// On pool_.
void AccountsService::schedule_upkeep(std::chrono::milliseconds every) {
    upkeep_timer_->expires_after(every);
    upkeep_timer_->async_wait([this, every](const boost::system::error_code& error) {
        if (error || stopping_)
            return; // cancelled: the service is going
        try {
            const auto done = upkeep(SettleMoment::Running);
            if (done.ladders.decided + done.ladders.cancelled > 0)
                log::info("accounts: ladder challenges settled: " +
                          std::to_string(done.ladders.decided) + " decided by their game, " +
                          std::to_string(done.ladders.cancelled) + " cancelled unstarted");
        } catch (const std::exception& e) {
            log::error(std::string("accounts: upkeep (tried again in the next round): ") +
                       e.what());
        }
        schedule_upkeep(every);
    });
}

storage::TimePoint AccountsService::now() const {
    if (options_.clock)
        return options_.clock();
    return std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

http::AsyncHandler AccountsService::on_worker(Work work) {
    return run_on(pool_, *worker_, std::move(work));
}

http::AsyncHandler AccountsService::on_password_worker(Work work) {
    return run_on(password_pool_, *password_worker_, std::move(work));
}

http::AsyncHandler AccountsService::run_on(boost::asio::thread_pool& pool, Worker& worker,
                                           Work work) {
    return [&pool, &worker, work = std::move(work)](const http::Request& request,
                                                    const http::RequestInfo& info,
                                                    http::Respond respond) {
        auto shared_request = std::make_shared<http::Request>(request);
        boost::asio::post(pool, [&worker, work, shared_request, info,
                                 respond = std::move(respond)]() {
            try {
                respond(work(worker, *shared_request, info));
            } catch (const std::exception& e) {
                log::error(std::string("accounts: ") + e.what());
                respond(api_error(*shared_request, status::status::internal_server_error,
                                  "server_error", "the server could not do this; try later"));
            }
        });
    };
}

http::Authenticator AccountsService::authenticator() {
    return [this](const http::Request& request) -> std::shared_ptr<const auth::Principal> {
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
            return std::make_shared<const auth::Principal>(
                auth::Principal{.account = user->id, .display_name = user->name});
        } catch (const storage::StorageError& e) {
            // Not a guest: the request is refused (net/http_session.h, principal_of).
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
