// Sessions (issue 34): expired sessions are deleted at start and on the upkeep timer, and a
// session check never waits behind a login's password hashing.
#include "storage/sqlite/connection.h"
#include "tests/server/accounts/accounts_test_support.h"

#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <doctest/doctest.h>

using test::AccountsServer;
using test::json_of;

namespace {

std::int64_t stored_sessions(const AccountsServer& s) {
    storage::sqlite::Connection raw(s.location(), storage::sqlite::OpenOptions{});
    auto count = raw.prepare("SELECT count(*) FROM sessions");
    return count.step() ? count.column_int(0) : -1;
}

// Holds the first thread that reads the clock once `hold` is set, until `release`.
struct ClockGate {
    std::mutex mutex;
    std::condition_variable changed;
    bool hold = false;
    bool holding = false;
    bool released = false;

    void on_clock() {
        std::unique_lock lock(mutex);
        if (!hold || holding)
            return;
        holding = true;
        changed.notify_all();
        changed.wait(lock, [this] { return released; });
    }
    bool wait_holding() {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, std::chrono::seconds(5), [this] { return holding; });
    }
    void release() {
        const std::lock_guard lock(mutex);
        released = true;
        changed.notify_all();
    }
};

} // namespace

TEST_CASE("sessions: expired ones are deleted at start and by the upkeep timer") {
    AccountsServer s;
    (void)s.register_user("Ann");
    (void)s.register_user("Bob");
    REQUIRE(stored_sessions(s) == 2);
    s.advance(std::chrono::days(31)); // past the 30 days a session lives
    const auto cookie = s.register_user("Cid");
    CHECK(s.accounts.upkeep_at_start().expired_sessions == 2);
    CHECK(stored_sessions(s) == 1);
    CHECK(json_of(s.get("/api/me", cookie))["user"]["name"] == "Cid");

    s.advance(std::chrono::days(31));
    s.accounts.keep_up(std::chrono::milliseconds(10));
    // A bound on the wait, not a speed: the first round comes after 10 ms.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (stored_sessions(s) != 0 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK(stored_sessions(s) == 0);
}

TEST_CASE("sessions: a session check does not wait behind a login's password hashing") {
    auto gate = std::make_shared<ClockGate>();
    AccountsServer s({.on_clock = [gate] { gate->on_clock(); }});
    const auto cookie = s.register_user("Ann");
    (void)s.register_user("Bob");
    {
        const std::lock_guard lock(gate->mutex);
        gate->hold = true;
    }
    // Bob's login (no cookie: the authenticator reads no clock for it) is held on its worker.
    auto login = std::async(std::launch::async, [&s] {
        return s.post("/api/login", {{"name", "Bob"}, {"password", "correct horse"}});
    });
    REQUIRE(gate->wait_holding());
    const auto me = s.get("/api/me", cookie); // answered while the login is still held
    gate->release();
    CHECK(me.status == 200);
    CHECK(json_of(me)["user"]["name"] == "Ann");
    CHECK(login.get().status == 200);
}
