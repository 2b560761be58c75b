#pragma once
// An in-process server with the accounts endpoints (to register and log in) and the
// tournament routes over a temporary SQLite database, a clock the test moves by hand and a
// recording starter in place of the play service (tournament_test_support.h). 127.0.0.1 only;
// every HTTP exchange has a deadline (tests/server/test_support.h).

#include "server/accounts/accounts_service.h"
#include "server/tournaments/tournament_runner.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/server/test_support.h"
#include "tests/server/tournaments/tournament_test_support.h"

#include <atomic>
#include <future>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tournament_test {

class TournamentServer {
public:
    // `schedules`: the config's tournament_schedules, made on the runner's ticks (tick_now).
    explicit TournamentServer(std::vector<server::TournamentSchedule> schedules = {})
        : clock_ms_(1'767'225'600'000), // 2026-01-01T00:00:00Z
          backend((dir.path() / "tabula.db").string()),
          accounts(backend, accounts_options(clock_ms_)),
          runner(backend, runner_options(std::move(schedules))) {
        runner.set_game_starter(starter);
        server = std::make_unique<test::RunningServer>([](server::Config&) {},
                                                       [this](server::App& app) {
                                                           accounts.register_routes(app.routes());
                                                           runner.register_routes(app.routes());
                                                           app.set_authenticator(
                                                               accounts.authenticator());
                                                       });
    }
    // The server stops first; the services finish their queued work while the App exists.
    ~TournamentServer() { server->app->stop(); }
    TournamentServer(const TournamentServer&) = delete;
    TournamentServer& operator=(const TournamentServer&) = delete;

    storage::TimePoint now() const {
        return storage::TimePoint(std::chrono::milliseconds(clock_ms_.load()));
    }
    void advance(std::chrono::milliseconds by) { clock_ms_ += by.count(); }

    test::HttpReply get(const std::string& target, const std::string& cookie = {}) {
        return test::http_request(server->port(), "GET", target,
                                  cookie.empty() ? std::string{} : "Cookie: " + cookie + "\r\n");
    }
    test::HttpReply post(const std::string& target, const nlohmann::json& body,
                         const std::string& cookie = {}) {
        std::string headers = "Content-Type: application/json\r\n";
        if (!cookie.empty())
            headers += "Cookie: " + cookie + "\r\n";
        return test::http_request(server->port(), "POST", target, headers, body.dump());
    }
    // Registers `name` (logged in) and returns the "tabula_session=<token>" pair.
    std::string register_user(const std::string& name) {
        const auto reply = post("/api/register", {{"name", name}, {"password", "correct horse"}});
        REQUIRE_MESSAGE(reply.status == 201, reply.body);
        const auto header = reply.header("set-cookie");
        return header.substr(0, header.find(';'));
    }
    // Runs `work` on the tournaments' worker and waits for it (a tick, for instance).
    void on_worker(const std::function<void(server::tournaments::TournamentService&)>& work) {
        std::promise<void> done;
        runner.run([&](server::tournaments::TournamentService& service) {
            work(service);
            done.set_value();
        });
        done.get_future().get();
    }
    void tick() {
        on_worker([this](auto& service) { service.tick(now()); });
    }
    // The runner's own tick (the scheduled tournaments, then the service's), waited for.
    void runner_tick() {
        runner.tick_now();
        on_worker([](auto&) {});
    }

private:
    server::tournaments::TournamentRunnerOptions
    runner_options(std::vector<server::TournamentSchedule> schedules) {
        server::tournaments::TournamentRunnerOptions options;
        options.clock = [this] { return now(); };
        options.schedules = std::move(schedules);
        return options;
    }
    static server::accounts::AccountsServiceOptions
    accounts_options(std::atomic<std::int64_t>& clock_ms) {
        server::accounts::AccountsServiceOptions out;
        out.accounts.password = {.memory_kib = 256, .passes = 1, .lanes = 1}; // fast for tests
        out.clock = [&clock_ms] {
            return storage::TimePoint(std::chrono::milliseconds(clock_ms.load()));
        };
        return out;
    }

    std::atomic<std::int64_t> clock_ms_;

public:
    test::TempDir dir;
    storage::sqlite::SqliteBackend backend;
    std::shared_ptr<RecordingStarter> starter = std::make_shared<RecordingStarter>();
    // Declared before the services so that it is destroyed after them (see the destructor).
    std::unique_ptr<test::RunningServer> server;
    server::accounts::AccountsService accounts;
    server::tournaments::TournamentRunner runner;
};

inline nlohmann::json json_of(const test::HttpReply& reply) {
    return nlohmann::json::parse(reply.body, nullptr, false);
}

inline std::string error_code(const test::HttpReply& reply) {
    const auto body = json_of(reply);
    if (!body.is_object() || !body.contains("error"))
        return {};
    return body["error"].value("code", "");
}

} // namespace tournament_test
