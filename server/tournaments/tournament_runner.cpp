#include "server/tournaments/tournament_runner.h"

#include "server/accounts/api_json.h"
#include "server/log.h"

#include <boost/asio/post.hpp>

namespace server::tournaments {

struct TournamentRunner::Stores {
    std::unique_ptr<storage::TournamentStore> tournaments;
    std::unique_ptr<storage::UserStore> users;
    std::unique_ptr<storage::RatingStore> ratings;
    std::unique_ptr<storage::GameStore> games;
    std::unique_ptr<storage::LadderStore> ladders;
};

TournamentRunner::TournamentRunner(const storage::Backend& backend, TournamentRunnerOptions options)
    : options_(std::move(options)), gate_(std::make_shared<Gate>()),
      stores_(std::make_unique<Stores>(Stores{backend.tournament_store(), backend.user_store(),
                                              backend.rating_store(), backend.game_store(),
                                              backend.ladder_store()})),
      scheduler_(options_.schedules) {
    gate_->pool = &pool_;
    service_ = std::make_unique<TournamentService>(
        *stores_->tournaments, *stores_->users, *stores_->ratings, *stores_->games,
        *stores_->ladders, [gate = gate_](std::function<void()> work) {
            const std::lock_guard lock(gate->mutex);
            if (gate->pool != nullptr)
                boost::asio::post(*gate->pool, std::move(work));
        });
}

TournamentRunner::~TournamentRunner() {
    boost::asio::post(pool_, [this] {
        stopping_ = true;
        if (timer_)
            timer_->cancel();
    });
    {
        const std::lock_guard lock(gate_->mutex);
        gate_->pool = nullptr;
    }
    pool_.join();
    timer_.reset();
}

storage::TimePoint TournamentRunner::now() const {
    if (options_.clock)
        return options_.clock();
    return std::chrono::time_point_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now());
}

void TournamentRunner::set_game_starter(std::shared_ptr<TournamentGameStarter> starter) {
    boost::asio::post(pool_, [this, starter = std::move(starter)]() mutable {
        service_->set_game_starter(std::move(starter));
    });
}

void TournamentRunner::set_arena_clocks(std::shared_ptr<ArenaClocks> clocks) {
    boost::asio::post(pool_, [this, clocks = std::move(clocks)]() mutable {
        service_->set_arena_clocks(std::move(clocks));
    });
}

void TournamentRunner::run(std::function<void(TournamentService&)> work) {
    boost::asio::post(pool_, [this, work = std::move(work)] {
        if (stopping_)
            return;
        try {
            work(*service_);
        } catch (const std::exception& e) {
            log::error(std::string("tournaments: ") + e.what());
        }
    });
}

void TournamentRunner::keep_up(std::chrono::milliseconds every) {
    boost::asio::post(pool_, [this, every] {
        if (stopping_ || timer_)
            return;
        timer_ = std::make_unique<boost::asio::steady_timer>(pool_);
        tick(); // what a restart left: tournaments due, rounds whose games ended meanwhile
        schedule(every);
    });
}

void TournamentRunner::tick_now() {
    boost::asio::post(pool_, [this] {
        if (!stopping_)
            tick();
    });
}

// On pool_. The scheduled tournaments first, so that one due now is started by the same tick.
void TournamentRunner::tick() {
    try {
        scheduler_.create_due(*service_, now());
    } catch (const std::exception& e) {
        log::error(std::string("tournaments: schedules (tried again at the next tick): ") +
                   e.what());
    }
    try {
        service_->tick(now());
    } catch (const std::exception& e) {
        log::error(std::string("tournaments: tick (tried again at the next): ") + e.what());
    }
}

// On pool_.
void TournamentRunner::schedule(std::chrono::milliseconds every) {
    timer_->expires_after(every);
    timer_->async_wait([this, every](const boost::system::error_code& error) {
        if (error || stopping_)
            return; // cancelled: the runner is going
        tick();
        schedule(every);
    });
}

http::AsyncHandler
TournamentRunner::on_worker(std::function<http::Response(TournamentService&, const http::Request&,
                                                         const http::RequestInfo&)>
                                work) {
    return [this, work = std::move(work)](const http::Request& request,
                                          const http::RequestInfo& info, http::Respond respond) {
        auto shared_request = std::make_shared<http::Request>(request);
        boost::asio::post(
            pool_, [this, work, shared_request, info, respond = std::move(respond)]() {
                try {
                    respond(work(*service_, *shared_request, info));
                } catch (const std::exception& e) {
                    log::error(std::string("tournaments: ") + e.what());
                    respond(accounts::api_error(*shared_request,
                                                http::beast_http::status::internal_server_error,
                                                "server_error",
                                                "the server could not do this; "
                                                "try later"));
                }
            });
    };
}

} // namespace server::tournaments
