#pragma once
// Runs the tournament service (tournament_service.h) on a worker thread of its own, with its
// own stores, so that no I/O thread waits for the database: the HTTP routes
// (tournament_routes.cpp) and the clock's tick are posted there, one at a time.
//
//   server::tournaments::TournamentRunner tournaments(backend);
//   tournaments.register_routes(app.routes());
//   tournaments.set_game_starter(std::make_shared<play::TournamentGames>(games));
//   tournaments.set_arena_clocks(std::make_shared<play::ArenaBerserk>(games));
//   tournaments.keep_up(std::chrono::seconds(1)); // a tick at once (what a restart left), then
//                                                 // every second
//
// Each tick first creates the operator's scheduled tournaments that are due
// (TournamentRunnerOptions::schedules, tournament_scheduler.h), then runs the service's tick.
//
// The destructor finishes the queued work, then joins the worker: make it after the App (its
// answers are posted to the App's sessions) so that it goes first. A table's code that the
// play service answers after that is dropped (the next start asks again).

#include "server/config/tournament_schedule.h"
#include "server/http/routes.h"
#include "server/tournaments/tournament_games.h"
#include "server/tournaments/tournament_scheduler.h"
#include "server/tournaments/tournament_service.h"
#include "storage/backend.h"

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>
// <utility> before the Asio headers: Boost 1.74's Asio needs std::exchange (STYLE.md §9).
#include <utility>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

namespace server::tournaments {

struct TournamentRunnerOptions {
    // The wall clock; tests may pass their own (called on the worker thread).
    std::function<storage::TimePoint()> clock;
    // The config's `tournament_schedules`: made at each tick when due.
    std::vector<TournamentSchedule> schedules;
};

class TournamentRunner {
public:
    explicit TournamentRunner(const storage::Backend& backend,
                              TournamentRunnerOptions options = {});
    ~TournamentRunner();
    TournamentRunner(const TournamentRunner&) = delete;
    TournamentRunner& operator=(const TournamentRunner&) = delete;

    // GET/POST /api/tournaments..., docs/http-api.md (tournament_routes.cpp).
    void register_routes(http::Routes& routes);
    void set_game_starter(std::shared_ptr<TournamentGameStarter> starter);
    void set_arena_clocks(std::shared_ptr<ArenaClocks> clocks);
    // A tick now, then one every `every` (start times, games' ends, next rounds).
    void keep_up(std::chrono::milliseconds every);
    // One tick on the worker now, besides the timer's (a test with a clock of its own).
    void tick_now();
    // Runs `work` on the worker, with the service; any thread.
    void run(std::function<void(TournamentService&)> work);
    storage::TimePoint now() const;

private:
    // What a late answer of the play service posts through: cleared before the worker goes.
    struct Gate {
        std::mutex mutex;
        boost::asio::thread_pool* pool = nullptr;
    };
    struct Stores;

    TournamentRunnerOptions options_;
    boost::asio::thread_pool pool_{1};
    std::shared_ptr<Gate> gate_;
    std::unique_ptr<Stores> stores_;
    std::unique_ptr<TournamentService> service_;
    TournamentScheduler scheduler_;                    // on pool_
    std::unique_ptr<boost::asio::steady_timer> timer_; // on pool_
    bool stopping_ = false;                            // on pool_

    void schedule(std::chrono::milliseconds every);
    void tick();
    http::AsyncHandler
    on_worker(std::function<http::Response(TournamentService&, const http::Request&,
                                           const http::RequestInfo&)>
                  work);
};

} // namespace server::tournaments
