#pragma once
// The HTTP half of accounts (issue 6): JSON endpoints for registration, login, profiles,
// game downloads, leaderboards, ladders and blocks (docs/http-api.md), the cookie
// authenticator for routed requests and the WebSocket upgrade, and the hooks the play service
// uses (block list, ladder games).
//
//   accounts::AccountsService accounts(backend);         // before the App, so it outlives it
//   accounts.register_routes(app.routes());
//   app.set_authenticator(accounts.authenticator());
//   play.set_block_list(accounts.block_list());            // lobby::BlockList, thread-safe
//   accounts.set_ladder_game_starter(play_adapter);         // LadderGameStarter (optional)
//   accounts.report_ladder_result(ladder, challenge, result);   // when a ladder game ends
//
// Threads: handlers never block an I/O thread. Registration and login, which hash a password
// (tens of milliseconds each), run on a worker thread of their own; everything else that
// touches storage runs on the main worker thread, so that a session check (GET /api/me) or a
// ladder page never waits behind password hashing (issue 34). Each worker has its own store
// connections; the authenticator has its own connection behind a mutex (one indexed lookup
// per request that carries a cookie), and the HTTP session runs it on its session-check
// threads (net/http_session.h), not on an I/O thread.
//
// Upkeep (issue 34): upkeep_at_start() before the doors open, then keep_up() on a timer:
// expired sessions are deleted and what a crash or a failed write left of ladder games is
// settled (ladder_settle.h).

#include "lobby/ladder/ladder_types.h"
#include "rules/result.h"
#include "server/accounts/ladder_service.h"
#include "server/accounts/ladder_settle.h"
#include "server/accounts/stored_block_list.h"
#include "server/auth/accounts.h"
#include "server/auth/login_throttle.h"
#include "server/http/routes.h"
#include "storage/backend.h"

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
// <utility> before the Asio headers: Boost 1.74's Asio needs std::exchange (STYLE.md §9).
#include <utility>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

namespace server::accounts {

struct AccountsServiceOptions {
    auth::AccountsOptions accounts;
    auth::LoginThrottleOptions throttle;
    auth::LoginThrottleOptions logins = auth::login_limits; // successful logins
    // The wall clock; tests may pass their own (called on the worker threads).
    std::function<storage::TimePoint()> clock;
};

// What one round of upkeep did.
struct Upkeep {
    int expired_sessions = 0; // deleted
    LadderSettlement ladders;
};

using LadderResultCallback = std::function<void(const rules::Result<storage::LadderChallengeRow>&)>;

class AccountsService {
public:
    explicit AccountsService(const storage::Backend& backend, AccountsServiceOptions options = {});
    ~AccountsService(); // finishes queued work, then joins the worker
    AccountsService(const AccountsService&) = delete;
    AccountsService& operator=(const AccountsService&) = delete;

    void register_routes(http::Routes& routes);
    // Cookie -> principal {account = the user's id, display_name = its name}; nullptr without
    // a valid session (a guest).
    http::Authenticator authenticator();
    // HOOK: who blocks whom, for tables, challenges and pairing. Safe from any thread.
    std::shared_ptr<const lobby::BlockList> block_list() const { return blocks_; }

    // HOOKS for ladder games (see LadderGameStarter in ladder_service.h). Any thread; the work
    // runs on the worker and `done` (optional) is called there.
    void set_ladder_game_starter(std::shared_ptr<LadderGameStarter> starter);

    // At start, before the doors open; blocks until done. Deletes the expired sessions and
    // settles the ladder games a crash interrupted (SettleMoment::Restart: an accepted
    // challenge without a game is cancelled, no table being left to start it). Throws
    // storage::StorageError.
    Upkeep upkeep_at_start();
    // From now on, every `every` on the main worker: expired sessions deleted, ladder
    // challenges settled (SettleMoment::Running); a failure is logged and the next round tries
    // again. Stops when the service goes. Call once.
    void keep_up(std::chrono::milliseconds every);
    void attach_ladder_game(storage::LadderId ladder, storage::ChallengeId challenge,
                            storage::GameId game, LadderResultCallback done = {});
    void report_ladder_result(storage::LadderId ladder, storage::ChallengeId challenge,
                              lobby::ladder::ChallengeResult result,
                              LadderResultCallback done = {});

private:
    struct Worker; // the stores and rules that only the worker thread touches
    AccountsServiceOptions options_;
    std::unique_ptr<Worker> worker_;
    std::unique_ptr<Worker> password_worker_; // registration and login only
    std::shared_ptr<StoredBlockList> blocks_ = std::make_shared<StoredBlockList>();
    std::unique_ptr<storage::UserStore> auth_users_; // the authenticator's connection
    std::mutex auth_mutex_;
    boost::asio::thread_pool pool_{1};
    boost::asio::thread_pool password_pool_{1};
    // keep_up()'s timer, on pool_ (touched only there once made).
    std::unique_ptr<boost::asio::steady_timer> upkeep_timer_;
    bool stopping_ = false; // on pool_

    using Work = std::function<http::Response(Worker&, const http::Request&,
                                              const http::RequestInfo&)>;
    // An async route whose body runs on the main worker; storage failures answer 500.
    http::AsyncHandler on_worker(Work work);
    // The same on the password worker (registration, login).
    http::AsyncHandler on_password_worker(Work work);
    http::AsyncHandler run_on(boost::asio::thread_pool& pool, Worker& worker, Work work);
    storage::TimePoint now() const;
    Upkeep upkeep(SettleMoment moment);
    void schedule_upkeep(std::chrono::milliseconds every);

    // The endpoints, by file: account_routes.cpp, profile_routes.cpp, ladder_routes.cpp,
    // block_routes.cpp.
    void add_account_routes(http::Routes& routes);
    void add_profile_routes(http::Routes& routes);
    void add_ladder_routes(http::Routes& routes);
    void add_block_routes(http::Routes& routes);

    http::Response register_user(Worker& w, const http::Request& req,
                                 const http::RequestInfo& info);
    http::Response login(Worker& w, const http::Request& req, const http::RequestInfo& info);
    http::Response logout(Worker& w, const http::Request& req, const http::RequestInfo& info);
    http::Response me(Worker& w, const http::Request& req, const http::RequestInfo& info);
    http::Response user_get(Worker& w, const http::Request& req, const http::RequestInfo& info);
    http::Response game_get(Worker& w, const http::Request& req, const http::RequestInfo& info);
    http::Response leaderboard(Worker& w, const http::Request& req,
                               const http::RequestInfo& info);
    http::Response ladders_list(Worker& w, const http::Request& req,
                                const http::RequestInfo& info);
    http::Response ladder_create(Worker& w, const http::Request& req,
                                 const http::RequestInfo& info);
    http::Response ladder_get(Worker& w, const http::Request& req, const http::RequestInfo& info);
    http::Response ladder_post(Worker& w, const http::Request& req,
                               const http::RequestInfo& info);
    http::Response blocks_list(Worker& w, const http::Request& req,
                               const http::RequestInfo& info);
    http::Response block_add(Worker& w, const http::Request& req, const http::RequestInfo& info);
    http::Response block_remove(Worker& w, const http::Request& req,
                                const http::RequestInfo& info);
};

} // namespace server::accounts
