#pragma once
// The game service in-process for tests: an App on 127.0.0.1:0 over a database opened by
// location (a SQLite file in a temporary directory, or a PostgreSQL schema of the test's own:
// tests/support/test_databases.h), a clock the test moves by hand, and WebSocket clients that
// speak the game protocol with bounded waits.

#include "lobby/time.h"
#include "server/accounts/accounts_service.h"
#include "server/app/app.h"
#include "server/play/play_service.h"
#include "storage/backend.h"
#include "tests/server/test_support.h"
#include "tests/server/ws_test_client.h"
#include "tests/support/test_databases.h"

#include <atomic>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace play_test {

using json = nlohmann::json;
using namespace std::chrono_literals;

// A clock read by the server's threads and moved by the test.
class TestClock final : public lobby::TimeSource {
public:
    TestClock() : ms_(1'700'000'000'000) {}
    lobby::TimePoint now() const override { return lobby::TimePoint{lobby::Millis{ms_.load()}}; }
    void advance(lobby::Millis by) { ms_ += by.count(); }

private:
    std::atomic<std::int64_t> ms_;
};

// Who the authenticator says a connection is: a cookie "user=<name>" for the accounts the
// test created, anything else a guest.
struct Accounts {
    std::map<std::string, std::int64_t> ids;
};

// Holds the moves being stored until the test lets them through: a write whose completion the
// test controls.
class MoveGate {
public:
    void hold() {
        const std::scoped_lock lock(mutex_);
        holding_ = true;
    }
    // Lets every held move (and the later ones) through.
    void release();
    std::size_t held() const {
        const std::scoped_lock lock(mutex_);
        return held_.size();
    }
    // The next `count` moves are refused, as a failing disk would (nothing reaches the database).
    void refuse(int count) {
        const std::scoped_lock lock(mutex_);
        refusals_ = count;
    }
    // Takes one of the refusals asked for: true when this write is to be refused.
    bool take_refusal() {
        const std::scoped_lock lock(mutex_);
        if (refusals_ == 0)
            return false;
        --refusals_;
        return true;
    }
    // Runs `write` now, or when released if holding.
    void pass(std::function<void()> write);

private:
    mutable std::mutex mutex_;
    bool holding_ = false;
    int refusals_ = 0;
    std::vector<std::function<void()>> held_;
};

// A GameWriter over the real one whose moves wait at `gate` until the test lets them through,
// or are refused when the gate says so. (Refused rows and ends: FlakyWriter in
// play_storage_failure_test.cpp.)
class GatedWriter final : public storage::GameWriter {
public:
    GatedWriter(std::unique_ptr<storage::GameWriter> inner, std::shared_ptr<MoveGate> gate)
        : inner_(std::move(inner)), gate_(std::move(gate)) {}
    void create_game(storage::GameRow game, storage::CreateGameCallback done) override {
        inner_->create_game(std::move(game), std::move(done));
    }
    void append_move(storage::GameId game, storage::MoveRow move,
                     storage::WriteCallback done) override;
    // A seat's leave (games of more than two) waits and is refused like a move.
    void append_leave(storage::GameId game, storage::LeaveRow leave,
                      storage::WriteCallback done) override;
    void finish_game(storage::FinishGame finish, storage::FinishGameCallback done) override {
        inner_->finish_game(std::move(finish), std::move(done));
    }
    void flush() override { inner_->flush(); }
    storage::WriterStats stats() const override { return inner_->stats(); }

private:
    std::unique_ptr<storage::GameWriter> inner_;
    std::shared_ptr<MoveGate> gate_;
};

// What a test may change about the server.
struct PlayServerOptions {
    // Real accounts (AccountsService: HTTP endpoints, session cookies, ladders wired to the
    // play service) instead of the "user=<name>" cookie of `Accounts`.
    bool accounts_service = false;
    // Set: moves are stored only when the gate lets them through (a GatedWriter).
    std::shared_ptr<MoveGate> move_gate;
    server::play::SweepPolicy sweep{};
    // The computer opponent's threads, limits and report hook.
    server::play::ComputerOptions computer{};
    // The lobby's public list; its pushes every 50 ms, so that a test waiting for one (or
    // checking that none comes within a quiet time) waits little.
    server::play::LobbyFeedOptions lobby_feed{.push_interval = std::chrono::milliseconds(50)};
};

// One server run over a database (what storage::open takes: a file path or a PostgreSQL URI); a
// second run over the same database is a restart.
class PlayServer {
public:
    PlayServer(const std::string& db, TestClock& clock,
               std::shared_ptr<Accounts> accounts = nullptr,
               std::shared_ptr<const lobby::BlockList> blocks = nullptr,
               PlayServerOptions options = {});
    ~PlayServer();
    std::uint16_t port() const { return app_->port(); }
    server::play::PlayService& play() { return *play_; }
    storage::Backend& backend() { return *backend_; }
    std::size_t restored() const { return restored_; }
    // Checks every deadline now (after the test moved the clock) and waits until done.
    void recheck_timers();

    // With PlayServerOptions::accounts_service: HTTP to the accounts endpoints.
    test::HttpReply get(const std::string& target, const std::string& cookie = {});
    test::HttpReply post(const std::string& target, const json& body,
                         const std::string& cookie = {});
    // Registers `name` and returns the session cookie pair ("tabula_session=...").
    std::string register_user(const std::string& name);

private:
    test::SampleWeb web_;
    std::unique_ptr<storage::Backend> backend_;
    std::unique_ptr<server::App> app_;
    std::shared_ptr<server::play::PlayService> play_;
    std::unique_ptr<server::accounts::AccountsService> accounts_service_;
    std::size_t restored_ = 0;
};

// A player's WebSocket: reads hello and welcome, sends requests with ids and waits for the
// reply, keeping the pushes that arrive meanwhile for wait_for().
class Client {
public:
    explicit Client(std::uint16_t port, std::string cookie = {});
    const json& player() const { return welcome_["player"]; }
    std::string id() const { return player()["id"].get<std::string>(); }
    std::string token() const { return welcome_.value("token", ""); }

    // Sends `message` with a fresh id and returns the reply carrying that id. A table_event
    // that carries it (the answer to a move) stays kept for wait_event() and wait_move().
    json request(json message);
    // Sends raw text (no id added) and returns the next message with no id or any error.
    void send_raw(const std::string& text) { ws_.send_text(text); }
    // Reads until the server closes the connection: its close code, or nothing on timeout.
    std::optional<std::uint16_t> wait_for_close(std::chrono::milliseconds timeout) {
        return ws_.wait_for_close(timeout);
    }
    // The first message (kept or new) for which `match` is true; throws after the deadline.
    json wait_for(const std::function<bool(const json&)>& match,
                  std::chrono::milliseconds timeout = 5s);
    // The table_event of `type` at `table` (kept or new).
    json wait_event(const std::string& table, const std::string& type);
    // The table_event "move_played" of `ply` at `table` (kept or new).
    json wait_move(const std::string& table, int ply);
    // A push with "t" == type.
    json wait_push(const std::string& type);
    // True if no message matching `match` arrives within `quiet`.
    bool none_within(const std::function<bool(const json&)>& match,
                     std::chrono::milliseconds quiet = 300ms);
    // Drops the kept messages.
    void forget() { kept_.clear(); }
    const std::deque<json>& kept() const { return kept_; }

private:
    // wait_for(); with `keep_events` a matching table_event also stays kept.
    json find(const std::function<bool(const json&)>& match, std::chrono::milliseconds timeout,
              bool keep_events);

    test::WsTestClient ws_;
    json welcome_;
    std::deque<json> kept_;
    int next_id_ = 1;
};

// Table helpers: create, join, move (each REQUIREs success inside).
std::string create_table(Client& host, json setup);
json join(Client& player, const std::string& code);
void move(Client& player, const std::string& table, int ply, const std::string& text);

// The clients of a table of more than two, by seat.
using Seats = std::vector<std::unique_ptr<Client>>;
// Each of `names` connects as that account ("user=<name>"); the first creates a private table
// from `setup`, the others join it by code. Once it has started, `seats` holds the clients by
// the seat the server gave each. Returns the code.
std::string seat_by_name(std::uint16_t port, const std::vector<std::string>& names, json setup,
                         Seats& seats);

// A server of its own over a new database (a SQLite file in a temporary directory unless
// given another), with its own clock: a local, or a doctest fixture (TEST_CASE_FIXTURE). The
// server goes first, then the database.
struct FreshServer {
    explicit FreshServer(std::shared_ptr<Accounts> accounts = nullptr,
                         std::shared_ptr<const lobby::BlockList> blocks = nullptr,
                         PlayServerOptions options = {},
                         std::unique_ptr<test_db::TestDatabase> given = test_db::sqlite());
    // Moves the clock on by `by`, then has the server check every deadline (and waits).
    void pass_time(lobby::Millis by);
    test::TempDir dir; // for a test's own files
    std::unique_ptr<test_db::TestDatabase> database;
    TestClock clock;
    PlayServer server;
};

// A FreshServer with two guests connected, named for the colours start_table gives them.
struct TwoGuests : FreshServer {
    Client white{server.port()};
    Client black{server.port()};
};

// The accounts `names` created in the database `db` (before a PlayServer opens it), for the
// "user=<name>" cookie.
std::shared_ptr<Accounts> create_accounts(const std::string& db,
                                          const std::vector<std::string>& names);

// A database holding the accounts alice and bob ("user=<name>" cookies), and a clock, for the
// tests that run one server over it and then another (a restart). The database goes last. A
// SQLite file unless given another (TEST_CASE_FIXTURE_ON_BACKENDS runs a test on each).
struct AliceAndBobOnDisk {
    explicit AliceAndBobOnDisk(std::unique_ptr<test_db::TestDatabase> given = test_db::sqlite())
        : database(std::move(given)) {}
    std::unique_ptr<test_db::TestDatabase> database;
    std::string db = database->location();
    std::shared_ptr<Accounts> accounts = create_accounts(db, {"alice", "bob"});
    TestClock clock;
};

// True for a table_event of `type` (at any table).
bool is_table_event(const json& message, const std::string& type);

// A time control as the protocol writes it: base time and Fischer increment.
json fischer_ms(std::int64_t base_ms, std::int64_t increment_ms);

// What create_table takes for a private table of `variant` whose creator plays White;
// `time` null: no time control.
json private_setup(const std::string& variant, const json& time = nullptr);

// `white` creates a private table from `setup` (which gives its creator White), `black` joins
// it by code, and both have seen the game start; returns the code.
std::string start_table(Client& white, Client& black, const json& setup);

// Plays `moves` alternately from `first_ply` on, `white` at even plies and `black` at odd ones,
// each acknowledged before the next is sent (REQUIREs every ok).
void play_moves(Client& white, Client& black, const std::string& table,
                const std::vector<std::string>& moves, int first_ply = 0);

// A challenge that was sent, and the push its addressee got.
struct SentChallenge {
    std::int64_t id = 0;
    json issued;
};

// `from` challenges `to` with `setup` ("to" is added); REQUIREs challenge_sent and waits for
// the push at `to`.
SentChallenge challenge(Client& from, Client& to, json setup);

// True when `part` occurs in `text` (a detail or a record the test reads).
inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace play_test
