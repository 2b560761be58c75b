// When storage fails, nothing acknowledged is lost, nothing unstored is shown and nobody is
// left stuck (issues 5, 6 and 11): a move storage refuses stays pending in the table's outbox
// and is written again (the table serving nothing else meanwhile), then goes out once; when
// it never can be stored it is withdrawn and the game aborted ("storage_failed"). A game's
// row that cannot be created is tried again, and the game is aborted when it never can be; a
// game's end is written again until it is on disk (docs/architecture.md §3, "One move, from
// frame to durable broadcast": acknowledged = on disk).
#include "server/http/http_types.h"
#include "storage/open.h"
#include "tests/server/play/play_fixture.h"
#include "tests/support/own_cluster.h"

#include <algorithm>
#include <optional>
#include <thread>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

bool is_event(const json& m, const std::string& code) {
    return m.value("t", "") == "table_event" && m.value("table", "") == code;
}

bool is_event(const json& m, const std::string& code, const std::string& type) {
    return is_event(m, code) && m.at("event").value("type", "") == type;
}

// Writes to refuse: the next `rows` game rows, `moves` moves and `ends` game ends (nothing of
// a refused write reaches the database). `*_tried` count the calls.
struct Faults {
    std::atomic<int> rows{0};
    std::atomic<int> moves{0};
    std::atomic<int> ends{0};
    std::atomic<int> rows_tried{0};
    std::atomic<int> moves_tried{0};
    std::atomic<int> ends_tried{0};
    // Every write from now on is answered `fenced` (a cluster node that lost its ownership).
    std::atomic<bool> fenced{false};
};

const storage::WriteStatus fenced_status{.error = "fenced (injected)", .fenced = true};

bool take_one(std::atomic<int>& left) {
    int now = left.load();
    while (now > 0)
        if (left.compare_exchange_weak(now, now - 1))
            return true;
    return false;
}

class FlakyWriter final : public storage::GameWriter {
public:
    FlakyWriter(std::unique_ptr<storage::GameWriter> inner, std::shared_ptr<Faults> faults)
        : inner_(std::move(inner)), faults_(std::move(faults)) {}
    void create_game(storage::GameRow game, storage::CreateGameCallback done) override {
        const bool refuse = take_one(faults_->rows);
        ++faults_->rows_tried;
        if (refuse)
            return done(storage::WriteStatus{"disk I/O error (injected)"}, 0);
        inner_->create_game(std::move(game), std::move(done));
    }
    void append_move(storage::GameId game, storage::MoveRow move,
                     storage::WriteCallback done) override {
        if (faults_->fenced)
            return done(fenced_status);
        const bool refuse = take_one(faults_->moves);
        ++faults_->moves_tried;
        if (refuse)
            return done(storage::WriteStatus{"disk I/O error (injected)"});
        inner_->append_move(game, std::move(move), std::move(done));
    }
    void append_leave(storage::GameId game, storage::LeaveRow leave,
                      storage::WriteCallback done) override {
        inner_->append_leave(game, leave, std::move(done));
    }
    void finish_game(storage::FinishGame finish, storage::FinishGameCallback done) override {
        const bool refuse = take_one(faults_->ends);
        ++faults_->ends_tried;
        if (refuse)
            return done(storage::WriteStatus{"disk I/O error (injected)"}, {});
        inner_->finish_game(std::move(finish), std::move(done));
    }
    void flush() override { inner_->flush(); }
    storage::WriterStats stats() const override { return inner_->stats(); }

private:
    std::unique_ptr<storage::GameWriter> inner_;
    std::shared_ptr<Faults> faults_;
};

// The game service over a FlakyWriter, with the "user=<name>" cookie for `accounts`.
class FlakyServer {
public:
    FlakyServer(const std::string& db, TestClock& clock, std::shared_ptr<Faults> faults,
                std::shared_ptr<Accounts> accounts) {
        backend_ = storage::open(db);
        auto config = test::test_config(web_.web);
        config.messages_per_second = 200;
        config.burst = 200;
        app_ = std::make_unique<server::App>(config);
        app_->set_authenticator([accounts](const server::http::Request& request)
                                    -> std::shared_ptr<const server::auth::Principal> {
            const std::string cookie(request[server::http::beast_http::field::cookie]);
            if (!cookie.starts_with("user="))
                return nullptr;
            const auto found = accounts->ids.find(cookie.substr(5));
            if (found == accounts->ids.end())
                return nullptr;
            return std::make_shared<const server::auth::Principal>(
                server::auth::Principal{.account = found->second, .display_name = found->first});
        });
        play_ = std::make_shared<server::play::PlayService>(
            app_->io_context(), clock,
            std::make_unique<FlakyWriter>(backend_->game_writer(), std::move(faults)));
        play_->restore(backend_->game_store()->load_unfinished_games());
        app_->add_message_handler(play_);
        app_->start();
    }
    ~FlakyServer() {
        app_->stop(std::chrono::milliseconds(500));
        play_->stop();
        play_.reset();
        app_.reset();
    }
    FlakyServer(const FlakyServer&) = delete;
    FlakyServer& operator=(const FlakyServer&) = delete;
    std::uint16_t port() const { return app_->port(); }
    server::play::PlayService& play() { return *play_; }
    storage::Backend& backend() { return *backend_; }

private:
    test::SampleWeb web_;
    std::unique_ptr<storage::Backend> backend_;
    std::unique_ptr<server::App> app_;
    std::shared_ptr<server::play::PlayService> play_;
};

// True once `done` holds, polled for at most `limit` (bounded, like every wait here).
bool eventually(const std::function<bool()>& done, std::chrono::milliseconds limit = 5s) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (!done()) {
        if (std::chrono::steady_clock::now() > deadline)
            return false;
        std::this_thread::sleep_for(5ms);
    }
    return true;
}

// Moves the clock a second at a time, letting the tables check their deadlines (and retry
// their writes) after each step, until `done` holds; at most `steps` seconds.
bool advance_until(TestClock& clock, server::play::PlayService& play,
                   const std::function<bool()>& done, int steps = 30) {
    for (int i = 0; i < steps; ++i) {
        if (done())
            return true;
        clock.advance(1s);
        play.recheck_timers();
        if (eventually(done, 200ms))
            return true;
    }
    return done();
}

json rated_blitz() {
    return {{"variant", "chess"},
            {"time", {{"base_ms", 300000}, {"increment_ms", 3000}}},
            {"color", "white"},
            {"rated", true},
            {"private", true}};
}

// The reply to the request sent with send_raw and this (string) id.
std::function<bool(const json&)> reply_to(const std::string& id) {
    return [id](const json& m) { return m.contains("id") && m.at("id") == id; };
}

// Where the rated games under storage faults start: alice and bob on disk, and the faults the
// server's writer will play out.
struct AccountsAndFaults : AliceAndBobOnDisk {
    using AliceAndBobOnDisk::AliceAndBobOnDisk;
    std::shared_ptr<Faults> faults = std::make_shared<Faults>();
};

// A chess table between alice (White) and bob (Black), 5 minutes without increment, with a
// spectator; both have moved once (the clocks run from Black's move, White to move).
struct MovesUnderFaults : AccountsAndFaults {
    FlakyServer server{db, clock, faults, accounts};
    Client white{server.port(), "user=alice"};
    Client black{server.port(), "user=bob"};
    Client watcher{server.port()};
    std::string code;
    json last_seen; // the move event of ply 1, as everyone got it

    explicit MovesUnderFaults(std::unique_ptr<test_db::TestDatabase> given)
        : AccountsAndFaults(std::move(given)) {
        json setup = rated_blitz();
        setup["time"] = {{"base_ms", 300000}, {"increment_ms", 0}};
        code = create_table(white, setup);
        join(black, code);
        REQUIRE(watcher.request({{"t", "watch"}, {"code", code}}).value("t", "") == "table");
        move(white, code, 0, "f3");
        move(black, code, 1, "e5");
        for (Client* client : {&white, &black, &watcher}) {
            last_seen = client->wait_move(code, 1);
            client->forget();
        }
        REQUIRE(faults->moves_tried.load() == 2);
    }
    static bool is_move(const json& m, int ply) {
        return is_table_event(m, "move_played") && m.at("event").value("ply", -1) == ply;
    }
};

} // namespace

TEST_CASE_FIXTURE_ON_BACKENDS(
    AccountsAndFaults,
    "a game whose row cannot be created at first is stored on a retry, with the moves "
    "that waited for it") {
    faults->rows = 1;
    FlakyServer server(db, clock, faults, accounts);
    Client white(server.port(), "user=alice");
    Client black(server.port(), "user=bob");
    const auto code = create_table(white, rated_blitz());
    join(black, code);
    REQUIRE(eventually([&] { return faults->rows_tried == 1; }));

    // The first move waits for the row: not acknowledged, not shown.
    white.send_raw(
        json{{"t", "move"}, {"id", "e4"}, {"table", code}, {"ply", 0}, {"move", "e4"}}.dump());
    CHECK(white.none_within(reply_to("e4")));
    CHECK(black.none_within([&](const json& m) { return is_event(m, code, "move_played"); }));

    // A second later the row is created again, and the move goes through.
    clock.advance(1s);
    server.play().recheck_timers();
    const auto answer = white.wait_for(reply_to("e4")); // the move event, as White's answer
    CHECK(is_event(answer, code, "move_played"));
    CHECK(answer["event"]["ply"] == 0);
    CHECK(black.wait_event(code, "move_played")["event"]["ply"] == 0);
    CHECK(faults->rows_tried.load() == 2);
    move(black, code, 1, "e5");
    const auto stored = server.backend().game_store()->find_game(1);
    REQUIRE(stored);
    CHECK(stored->game.table_code == code);
    REQUIRE(stored->moves.size() == 2);
    CHECK(stored->moves[0].move == "e2e4");
    CHECK(stored->moves[1].move == "e7e5");
}

TEST_CASE_FIXTURE_ON_BACKENDS(
    AccountsAndFaults, "a game that ends while its row waits for a retry names the row once it is "
                       "stored") {
    faults->rows = 1;
    FlakyServer server(db, clock, faults, accounts);
    Client white(server.port(), "user=alice");
    Client black(server.port(), "user=bob");
    const auto code = create_table(white, rated_blitz());
    join(black, code);
    REQUIRE(eventually([&] { return faults->rows_tried == 1; }));

    // The end waits for the row, as the moves do: it goes out (and the resignation is
    // answered after it) when its end is stored.
    white.send_raw(json{{"t", "resign"}, {"id", "r"}, {"table", code}}.dump());
    CHECK(black.none_within([&](const json& m) { return is_event(m, code, "game_ended"); }));
    clock.advance(1s);
    server.play().recheck_timers();
    CHECK(white.wait_for(reply_to("r")).value("t", "") == "ok");
    const auto ended = black.wait_event(code, "game_ended");
    CHECK(ended["event"]["result"]["reason"] == "resign");
    REQUIRE(ended["event"].contains("game_id"));
    const auto stored =
        server.backend().game_store()->find_game(ended["event"]["game_id"].get<std::int64_t>());
    REQUIRE(stored);
    CHECK(stored->game.table_code == code);
    CHECK(faults->rows_tried.load() == 2);
}

TEST_CASE_FIXTURE_ON_BACKENDS(
    AccountsAndFaults,
    "a game whose row can never be created ends aborted (storage_failed) for players and "
    "spectators, without a rating change") {
    faults->rows = 1000;
    FlakyServer server(db, clock, faults, accounts);
    Client white(server.port(), "user=alice");
    Client black(server.port(), "user=bob");
    Client watcher(server.port());
    const auto code = create_table(white, rated_blitz());
    join(black, code);
    REQUIRE(watcher.request({{"t", "watch"}, {"code", code}}).value("t", "") == "table");

    // Four attempts (then 1 s, 2 s, 4 s later), then the game is over.
    CHECK(advance_until(clock, server.play(), [&] { return faults->rows_tried >= 4; }));
    for (Client* client : {&white, &black, &watcher}) {
        const auto ended = client->wait_event(code, "game_ended");
        CHECK(ended["event"]["result"]["kind"] == "aborted");
        CHECK(ended["event"]["result"]["reason"] == "storage_failed");
    }
    CHECK(faults->rows_tried.load() == 4);
    const auto move_after =
        white.request({{"t", "move"}, {"table", code}, {"ply", 0}, {"move", "e4"}});
    CHECK(move_after.value("code", "") == "game_over");
    const auto state = black.request({{"t", "watch"}, {"code", code}}); // the full state
    REQUIRE(state.value("t", "") == "table");
    CHECK(state["state"]["status"] == "finished");
    CHECK(state["state"]["result"]["reason"] == "storage_failed");

    // Nothing was stored and no rating moved; no more attempts are made.
    CHECK_FALSE(server.backend().game_store()->find_game(1));
    auto ratings = server.backend().rating_store();
    CHECK(ratings->ratings_of(accounts->ids["alice"]).empty());
    CHECK(ratings->ratings_of(accounts->ids["bob"]).empty());
    white.forget();
    clock.advance(1min);
    server.play().recheck_timers();
    CHECK(white.none_within([&](const json& m) { return is_event(m, code); }));
    CHECK(faults->rows_tried.load() == 4);
}

TEST_CASE_FIXTURE_ON_BACKENDS(
    AccountsAndFaults,
    "a game's end that storage refuses is written again, with the ratings, and a restart "
    "does not bring the game back") {
    faults->ends = 2;
    std::string code;
    {
        FlakyServer server(db, clock, faults, accounts);
        Client white(server.port(), "user=alice");
        Client black(server.port(), "user=bob");
        code = create_table(white, rated_blitz());
        join(black, code);
        move(white, code, 0, "f3");
        move(black, code, 1, "e5");
        move(white, code, 2, "g4");
        move(black, code, 3, "Qh4#");

        // Everyone sees the end; it is not on disk yet, and neither are the ratings.
        CHECK(white.wait_event(code, "game_ended")["event"]["result"]["reason"] == "checkmate");
        REQUIRE(eventually([&] { return faults->ends_tried == 1; }));
        auto games = server.backend().game_store();
        auto ratings = server.backend().rating_store();
        REQUIRE(games->find_game(1));
        CHECK_FALSE(games->find_game(1)->game.ended_at);
        CHECK(ratings->ratings_of(accounts->ids["alice"]).empty());

        // Tried again after 1 s (refused again), then 2 s later: stored, ratings with it.
        CHECK(advance_until(clock, server.play(), [&] {
            const auto stored = games->find_game(1);
            return stored && stored->game.ended_at.has_value();
        }));
        CHECK(faults->ends_tried.load() == 3);
        const auto stored = games->find_game(1);
        REQUIRE(stored);
        CHECK(stored->game.result == "0-1");
        CHECK(stored->game.termination == "checkmate");
        CHECK(stored->moves.size() == 4);
        const auto alice = ratings->ratings_of(accounts->ids["alice"]);
        const auto bob = ratings->ratings_of(accounts->ids["bob"]);
        REQUIRE(alice.size() == 1);
        REQUIRE(bob.size() == 1);
        CHECK(alice[0].games == 1);
        CHECK(bob[0].rating > 1500);

        // Nothing is written again.
        white.forget();
        clock.advance(5min);
        server.play().recheck_timers();
        CHECK(white.none_within([&](const json& m) { return is_event(m, code); }));
        CHECK(faults->ends_tried.load() == 3);
    }
    PlayServer restarted(db, clock, accounts);
    CHECK(restarted.restored() == 0);
    Client white(restarted.port(), "user=alice");
    CHECK(white.request({{"t", "resync"}, {"table", code}, {"since", 0}}).value("code", "") ==
          "bad_join_code");
}

TEST_CASE_FIXTURE_ON_BACKENDS(AccountsAndFaults,
                              "a finished table whose end is not on disk yet is not swept") {
    faults->ends = 1000;
    FlakyServer server(db, clock, faults, accounts);
    std::string code;
    {
        Client white(server.port(), "user=alice");
        Client black(server.port(), "user=bob");
        code = create_table(white, rated_blitz());
        join(black, code);
        CHECK(white.request({{"t", "abort"}, {"table", code}}).value("t", "") == "ok");
        CHECK(black.wait_event(code, "game_ended")["event"]["result"]["reason"] == "abort");
    }
    // Far past the sweep (5 minutes unwatched, an hour after the end): still tried, still kept.
    CHECK(advance_until(clock, server.play(), [&] { return faults->ends_tried >= 3; }));
    // (Stepped on: the third failure may reach the table's strand only after the jump, so its
    // retry falls due a few seconds after it.)
    clock.advance(2h);
    REQUIRE(advance_until(clock, server.play(), [&] { return faults->ends_tried >= 4; }));
    faults->ends = 0;
    const auto tried = faults->ends_tried.load();
    CHECK(advance_until(
        clock, server.play(),
        [&] {
            const auto stored = server.backend().game_store()->find_game(1);
            return stored && stored->game.ended_at.has_value();
        },
        200));
    CHECK(faults->ends_tried.load() == tried + 1);
    CHECK(server.backend().game_store()->find_game(1)->game.result == "aborted");
}

TEST_CASE_FIXTURE_ON_BACKENDS(
    MovesUnderFaults, "a move whose write fails stays pending, is written again and then goes out "
                      "once, to everyone, with the storage time charged to nobody") {
    faults->moves = 1;
    clock.advance(2s);
    white.send_raw(
        json{{"t", "move"}, {"id", "g4"}, {"table", code}, {"ply", 2}, {"move", "g4"}}.dump());
    REQUIRE(eventually([&] { return faults->moves_tried == 3; }));

    // Pending: no answer, no event for anyone, and the table serves no other request meanwhile.
    black.send_raw(json{{"t", "offer_draw"}, {"id", "draw"}, {"table", code}}.dump());
    CHECK(white.none_within(reply_to("g4")));
    CHECK(black.none_within(reply_to("draw")));
    for (Client* client : {&white, &black, &watcher})
        CHECK(client->none_within([&](const json& m) { return is_event(m, code); }, 50ms));

    // The retry a second later stores it: the move to everyone, once, White's copy carrying
    // the move's id as its answer.
    clock.advance(1s);
    server.play().recheck_timers();
    const auto answer = white.wait_for(reply_to("g4"));
    CHECK(is_move(answer, 2));
    CHECK(faults->moves_tried.load() == 4);
    for (const json& played : {answer, black.wait_move(code, 2), watcher.wait_move(code, 2)}) {
        CHECK(played.at("version") == last_seen["version"].get<std::uint64_t>() + 1);
        // As of its arrival: White thought 2 s; Black's time has not run.
        CHECK(played.at("event").at("clocks").at("remaining_ms").at(0) == 298000);
        CHECK(played.at("event").at("clocks").at("remaining_ms").at(1) == 300000);
    }
    // The draw offer that waited is served after the move.
    CHECK(black.wait_for(reply_to("draw")).value("t", "") == "ok");
    CHECK(white.wait_event(code, "draw_offered")["version"] ==
          last_seen["version"].get<std::uint64_t>() + 2);

    // Black's time ran from when the move went out, not from its arrival a second earlier.
    clock.advance(1s);
    move(black, code, 3, "Qh4#");
    const auto mate = watcher.wait_move(code, 3);
    CHECK(mate["event"]["clocks"]["remaining_ms"][1] == 299000);
    CHECK(watcher.wait_event(code, "game_ended")["event"]["result"]["reason"] == "checkmate");
    for (Client* client : {&white, &black, &watcher}) // the move came once
        CHECK(client->none_within([](const json& m) { return is_move(m, 2); }, 50ms));
    const auto stored = server.backend().game_store()->find_game(1);
    REQUIRE(stored);
    REQUIRE(stored->moves.size() == 4);
    CHECK(stored->moves[2].move == "g2g4");
    CHECK(stored->game.result == "0-1");
}

TEST_CASE_FIXTURE_ON_BACKENDS(MovesUnderFaults,
                              "a move storage never takes is withdrawn: the game ends aborted "
                              "(storage_failed) for everyone and the move was never shown") {
    faults->moves = 1000;
    clock.advance(2s);
    white.send_raw(
        json{{"t", "move"}, {"id", "g4"}, {"table", code}, {"ply", 2}, {"move", "g4"}}.dump());

    // Four attempts (then 1 s, 2 s, 4 s later), then the game is over.
    CHECK(advance_until(clock, server.play(), [&] { return faults->moves_tried >= 6; }));
    for (Client* client : {&white, &black, &watcher}) {
        const auto ended = client->wait_event(code, "game_ended");
        CHECK(ended["event"]["result"]["kind"] == "aborted");
        CHECK(ended["event"]["result"]["reason"] == "storage_failed");
        CHECK(ended["event"]["moves"] == json::array({"f2f3", "e7e5"}));
        CHECK(ended["version"] == last_seen["version"].get<std::uint64_t>() + 1);
        for (const auto& m : client->kept())
            CHECK_FALSE(is_move(m, 2));
    }
    // The mover's answer is the error, and only that: no event carries the move's id.
    const auto refused = white.wait_for(reply_to("g4"));
    CHECK(refused.value("t", "") == "error");
    CHECK(refused.value("code", "") == "storage_failed");
    CHECK(white.none_within(reply_to("g4")));
    CHECK(faults->moves_tried.load() == 6);

    // The table is as before the move, ended: a resync from before it shows no trace of it.
    const auto state = black.request({{"t", "watch"}, {"code", code}}); // the full state
    REQUIRE(state.value("t", "") == "table");
    CHECK(state["state"]["status"] == "finished");
    CHECK(state["state"]["moves"] == json::array({"f2f3", "e7e5"}));
    CHECK(state["state"]["result"]["reason"] == "storage_failed");
    watcher.forget();
    const std::uint64_t before = last_seen["version"].get<std::uint64_t>() - 1;
    const auto resynced = watcher.request(
        {{"t", "resync"}, {"table", code}, {"since", static_cast<std::int64_t>(before)}});
    CHECK(resynced.value("missed", 0) == 2); // the move of ply 1, then `ended`
    for (const auto& m : watcher.kept())
        CHECK_FALSE(is_move(m, 2));

    // The game's end is stored without the move, aborted: no rating changes, no more attempts.
    REQUIRE(eventually([&] {
        const auto stored = server.backend().game_store()->find_game(1);
        return stored && stored->game.ended_at.has_value();
    }));
    const auto stored = server.backend().game_store()->find_game(1);
    CHECK(stored->moves.size() == 2);
    CHECK(stored->game.result == "aborted");
    CHECK(stored->game.termination == "storage_failed");
    auto ratings = server.backend().rating_store();
    CHECK(ratings->ratings_of(accounts->ids["alice"]).empty());
    CHECK(ratings->ratings_of(accounts->ids["bob"]).empty());
    clock.advance(1min);
    server.play().recheck_timers();
    CHECK(white.request({{"t", "move"}, {"table", code}, {"ply", 2}, {"move", "g4"}})
              .value("code", "") == "game_over");
    CHECK(faults->moves_tried.load() == 6);
}

TEST_CASE_FIXTURE_ON_BACKENDS(
    AccountsAndFaults, "a move waiting for a game row that is never created is withdrawn with the "
                       "game") {
    faults->rows = 1000;
    FlakyServer server(db, clock, faults, accounts);
    Client white(server.port(), "user=alice");
    Client black(server.port(), "user=bob");
    const auto code = create_table(white, rated_blitz());
    join(black, code);
    white.send_raw(
        json{{"t", "move"}, {"id", "e4"}, {"table", code}, {"ply", 0}, {"move", "e4"}}.dump());
    CHECK(advance_until(clock, server.play(), [&] { return faults->rows_tried >= 4; }));
    CHECK(black.wait_event(code, "game_ended")["event"]["result"]["reason"] == "storage_failed");
    CHECK(white.wait_for(reply_to("e4")).value("code", "") == "storage_failed");
    CHECK(white.none_within(reply_to("e4")));
    CHECK(white.wait_event(code, "game_ended")["event"]["moves"] == json::array());
    for (Client* client : {&white, &black})
        for (const auto& m : client->kept())
            CHECK_FALSE(is_table_event(m, "move_played"));
    CHECK(faults->moves_tried.load() == 0);
    const auto state = black.request({{"t", "watch"}, {"code", code}}); // the full state
    REQUIRE(state.value("t", "") == "table");
    CHECK(state["state"]["moves"] == json::array());
    CHECK_FALSE(server.backend().game_store()->find_game(1));
}

namespace {

// True for the move event of `ply` at any table.
bool is_move_of(const json& m, int ply) {
    return is_table_event(m, "move_played") && m.at("event").value("ply", -1) == ply;
}

} // namespace

TEST_CASE("a move sent while PostgreSQL is down stays pending and goes out once, when a retry "
          "finds the database back, and nothing acknowledged is lost") {
    auto own = std::make_unique<test_db::OwnClusterDatabase>();
    const test_db::OwnCluster& cluster = own->cluster();
    AccountsAndFaults disk(std::move(own)); // no fault injected: the database itself goes
    FlakyServer server(disk.db, disk.clock, disk.faults, disk.accounts);
    Client white(server.port(), "user=alice");
    Client black(server.port(), "user=bob");
    const auto code = create_table(white, rated_blitz());
    join(black, code);
    move(white, code, 0, "f3");
    move(black, code, 1, "e5");

    // A crash of PostgreSQL (no checkpoint), then a move: its write fails, so it stays
    // pending: no answer, no event.
    REQUIRE(cluster.halt());
    white.send_raw(
        json{{"t", "move"}, {"id", "g4"}, {"table", code}, {"ply", 2}, {"move", "g4"}}.dump());
    REQUIRE(eventually([&] { return disk.faults->moves_tried == 3; }));
    CHECK(white.none_within(reply_to("g4"), 500ms));
    CHECK(black.none_within([](const json& m) { return is_move_of(m, 2); }, 50ms));

    // Back (crash recovery): a retry of the table's outbox stores the move, which then goes out.
    REQUIRE(cluster.resume());
    json answer;
    const auto answered = [&] {
        try {
            answer = white.wait_for(reply_to("g4"), 100ms);
            return true;
        } catch (const std::runtime_error&) {
            return false;
        }
    };
    REQUIRE(advance_until(disk.clock, server.play(), answered, 10));
    CHECK(is_move_of(answer, 2));
    CHECK(black.wait_move(code, 2).at("event").at("ply") == 2);
    move(black, code, 3, "Qh4#");
    CHECK(white.wait_event(code, "game_ended")["event"]["result"]["reason"] == "checkmate");
    CHECK(black.none_within([](const json& m) { return is_move_of(m, 2); }, 50ms)); // once

    // On disk: the moves acknowledged before the crash, the one retried, and the end with the
    // ratings (read on a connection of its own: the server's were cut).
    const auto check = storage::open(cluster.uri());
    REQUIRE(eventually([&] {
        const auto stored = check->game_store()->find_game(1);
        return stored && stored->game.ended_at.has_value();
    }));
    const auto stored = check->game_store()->find_game(1);
    REQUIRE(stored->moves.size() == 4);
    CHECK(stored->moves[2].move == "g2g4");
    CHECK(stored->game.result == "0-1");
    CHECK(check->rating_store()->ratings_of(disk.accounts->ids["bob"]).size() == 1);
}

TEST_CASE_FIXTURE_ON_BACKENDS(
    MovesUnderFaults,
    "a move whose write comes back fenced drops the node's tables without ending their games, "
    "stores nothing of it, and closes every connection with service restart") {
    faults->fenced = true;
    white.send_raw(
        json{{"t", "move"}, {"id", "g4"}, {"table", code}, {"ply", 2}, {"move", "g4"}}.dump());
    // No answer, no event: every connection is closed with 1012, the client's cue to reconnect
    // (to wherever the table is owned now).
    for (Client* client : {&white, &black, &watcher}) {
        const auto closed = client->wait_for_close(5s);
        REQUIRE(closed.has_value());
        CHECK(*closed == 1012);
    }
    CHECK(std::none_of(white.kept().begin(), white.kept().end(),
                       [&](const json& m) { return is_event(m, code, "move_played") &&
                                                   m["event"]["ply"] == 2; }));
    // The game is neither ended nor moved on: what is stored is the new owner's to go on from.
    const auto stored = server.backend().game_store()->find_game(1);
    REQUIRE(stored);
    CHECK(stored->moves.size() == 2);
    CHECK_FALSE(stored->game.ended_at);
    // The table is gone from this node.
    Client late(server.port());
    const auto refused = late.request({{"t", "watch"}, {"code", code}});
    CHECK(refused.value("code", "") == "bad_join_code");
}
