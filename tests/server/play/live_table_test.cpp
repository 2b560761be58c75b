// LiveTable without sockets, threads or real time: an io_context the test runs by hand, a
// writer whose every request waits until the test answers it, a clock the test moves, and
// connections that keep what they are sent. Each check is exact: what has gone out is known
// after each step, with no window of waiting for "nothing to arrive".

#include "lobby/random.h"
#include "lobby/table.h"
#include "server/play/live_table.h"

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

namespace {

using json = nlohmann::json;
using namespace std::chrono_literals;
using server::play::LiveTable;

class HandClock final : public lobby::TimeSource {
public:
    lobby::TimePoint now() const override { return at; }
    lobby::TimePoint at{lobby::Millis{1'700'000'000'000}};
};

// A request the writer holds until the test answers it.
struct HeldWrite {
    std::string kind; // "create", "move", "leave", "finish"
    storage::GameId game = 0;
    storage::MoveRow move{};
    storage::FinishGame finish{};
    std::function<void(const storage::WriteStatus&, storage::GameId)> answer;
};

class HeldWriter final : public storage::GameWriter {
public:
    std::deque<HeldWrite> held;
    storage::GameId next_id = 41;

    // Each request is built field by field: GCC 12 warns (-Wmaybe-uninitialized) on an
    // aggregate temporary of this shape.
    void create_game(storage::GameRow, storage::CreateGameCallback done) override {
        HeldWrite write;
        write.kind = "create";
        write.answer = std::move(done);
        held.push_back(std::move(write));
    }
    void append_move(storage::GameId game, storage::MoveRow move,
                     storage::WriteCallback done) override {
        HeldWrite write;
        write.kind = "move";
        write.game = game;
        write.move = std::move(move);
        write.answer = [done = std::move(done)](const auto& status, auto) { done(status); };
        held.push_back(std::move(write));
    }
    void append_leave(storage::GameId game, storage::LeaveRow,
                      storage::WriteCallback done) override {
        HeldWrite write;
        write.kind = "leave";
        write.game = game;
        write.answer = [done = std::move(done)](const auto& status, auto) { done(status); };
        held.push_back(std::move(write));
    }
    void finish_game(storage::FinishGame finish, storage::FinishGameCallback done) override {
        HeldWrite write;
        write.kind = "finish";
        write.game = finish.end.game_id;
        write.finish = std::move(finish);
        write.answer = [done = std::move(done)](const auto& status, auto) { done(status, {}); };
        held.push_back(std::move(write));
    }
    void flush() override {}
    storage::WriterStats stats() const override { return {}; }

    // Answers the oldest held request: committed (a created game gets the next id) or refused.
    std::string commit_oldest() { return answer_oldest(storage::WriteStatus{}); }
    std::string refuse_oldest() { return answer_oldest(storage::WriteStatus{"disk full"}); }
    // As a fenced writer answers once another node took this node's tables over.
    std::string fence_oldest() {
        return answer_oldest(storage::WriteStatus{.error = "fenced", .fenced = true});
    }

private:
    std::string answer_oldest(const storage::WriteStatus& status) {
        REQUIRE_FALSE(held.empty());
        HeldWrite write = std::move(held.front());
        held.pop_front();
        write.answer(status, write.kind == "create" && status.ok() ? next_id++ : 0);
        return write.kind;
    }
};

class KeptConnection final : public server::net::Connection {
public:
    explicit KeptConnection(server::net::ConnectionId id) : id_(id) {}
    server::net::ConnectionId id() const override { return id_; }
    void send(std::shared_ptr<const std::string> message) override {
        received.push_back(json::parse(*message));
    }
    void close(server::net::CloseCode, std::string) override {}
    const std::string& remote_address() const override { return address_; }
    const std::string& origin() const override { return address_; }
    std::optional<std::chrono::microseconds> round_trip() const override { return {}; }
    std::shared_ptr<const server::auth::Principal> principal() const override { return {}; }
    void set_principal(std::shared_ptr<const server::auth::Principal>) override {}

    std::vector<json> received;
    // The types of what arrived, a table event by its event's type.
    std::vector<std::string> kinds() const {
        std::vector<std::string> out;
        for (const auto& m : received)
            out.push_back(m.value("t", "") == "table_event" ? m["event"].value("type", "")
                                                            : m.value("t", ""));
        return out;
    }

private:
    server::net::ConnectionId id_;
    std::string address_ = "127.0.0.1";
};

lobby::Player account(const std::string& name, std::int64_t id) {
    lobby::Identity identity;
    identity.account = id;
    return lobby::Player{.id = name, .display_name = name, .identity = identity, .rating = 1500};
}

// A chess game between alice (White) and bob (Black) on a live table, both watching.
struct LiveTableBench {
    boost::asio::io_context io;
    HandClock clock;
    HeldWriter writer;
    lobby::SeededRandom random{7};
    lobby::Player alice = account("alice", 1);
    lobby::Player bob = account("bob", 2);
    std::shared_ptr<KeptConnection> alice_conn = std::make_shared<KeptConnection>(1);
    std::shared_ptr<KeptConnection> bob_conn = std::make_shared<KeptConnection>(2);
    std::shared_ptr<LiveTable> live;

    std::vector<std::string> fenced; // the codes the live table reported fenced

    LiveTableBench() {
        server::play::LiveTableContext context;
        context.time = &clock;
        context.writer = &writer;
        context.fenced = [this](const std::string& code) { fenced.push_back(code); };
        live = std::make_shared<LiveTable>(io, std::move(context));
        lobby::TableSetup setup;
        setup.color = lobby::ColorChoice::White;
        auto table = lobby::Table::create("LIVE01", setup, alice, lobby::TableContext{}, random,
                                          clock.now());
        REQUIRE(table.ok());
        live->adopt(std::move(table).value());
        work([this](LiveTable& t) {
            t.add_audience(alice_conn, alice.id);
            REQUIRE(t.table().join(bob, clock.now()).ok());
            t.add_audience(bob_conn, bob.id);
        });
        REQUIRE(writer.held.size() == 1);
        REQUIRE(writer.commit_oldest() == "create");
        settle();
    }
    ~LiveTableBench() {
        live->post([](LiveTable& t) { t.shut_down(); });
        settle();
    }

    // Runs everything posted until nothing is left to run.
    void settle() {
        io.restart();
        io.poll();
    }
    template <class Work> void work(Work w) {
        live->post(std::move(w));
        settle();
    }
    void move(const std::shared_ptr<KeptConnection>& conn, const std::string& who, int ply,
              const std::string& text, int request_id) {
        work([=](LiveTable& t) { t.play_move(conn, request_id, who, ply, text, 0ms); });
    }
    void commit() {
        writer.commit_oldest();
        settle();
    }
    void refuse() {
        writer.refuse_oldest();
        settle();
    }
    void advance(lobby::Millis by) {
        clock.at += by;
        work([](LiveTable&) {}); // any work looks at the writes that are due
    }
};

std::size_t count_of(const std::vector<std::string>& kinds, const std::string& kind) {
    return static_cast<std::size_t>(std::count(kinds.begin(), kinds.end(), kind));
}

TEST_CASE("a move goes out to nobody until its write is committed, then to everyone") {
    LiveTableBench b;
    const auto before_alice = b.alice_conn->received.size();
    const auto before_bob = b.bob_conn->received.size();
    b.move(b.alice_conn, "alice", 0, "e4", 5);
    REQUIRE(b.writer.held.size() == 1);
    CHECK(b.writer.held.front().kind == "move");
    CHECK(b.writer.held.front().game == 41);
    CHECK(b.alice_conn->received.size() == before_alice);
    CHECK(b.bob_conn->received.size() == before_bob);

    b.commit();
    REQUIRE(b.bob_conn->received.size() == before_bob + 1);
    CHECK(b.bob_conn->received.back()["event"]["type"] == "move_played");
    CHECK_FALSE(b.bob_conn->received.back().contains("id"));
    // The mover's copy of the same event is its answer, with its request's id.
    REQUIRE(b.alice_conn->received.size() == before_alice + 1);
    CHECK(b.alice_conn->received.back()["id"] == 5);
    CHECK(b.alice_conn->received.back()["event"]["type"] == "move_played");
}

TEST_CASE("work that arrives while a move is being written waits for it and keeps its order") {
    LiveTableBench b;
    b.move(b.alice_conn, "alice", 0, "e4", 1);
    // Bob answers at once (his client saw nothing yet, but a premove may come this way): the
    // table takes no new work before the first move is on disk.
    b.move(b.bob_conn, "bob", 1, "e5", 2);
    CHECK(b.writer.held.size() == 1);
    b.commit();
    // Bob's move ran after the first was released, and is now being written itself.
    REQUIRE(b.writer.held.size() == 1);
    CHECK(b.writer.held.front().move.ply == 2); // stored plies count from 1
    b.commit();
    const auto kinds = b.bob_conn->kinds();
    CHECK(count_of(kinds, "move_played") == 2);
    CHECK(b.bob_conn->received.back()["id"] == 2);
}

TEST_CASE("a refused move is tried again after 1 s and 2 s, and goes out once stored") {
    LiveTableBench b;
    const auto before = b.bob_conn->received.size();
    b.move(b.alice_conn, "alice", 0, "e4", 1);
    b.refuse();
    CHECK(b.writer.held.empty());
    b.advance(999ms);
    CHECK(b.writer.held.empty()); // not before its pause
    b.advance(1ms);
    REQUIRE(b.writer.held.size() == 1);
    b.refuse();
    b.advance(1999ms);
    CHECK(b.writer.held.empty());
    b.advance(1ms);
    REQUIRE(b.writer.held.size() == 1);
    CHECK(b.bob_conn->received.size() == before); // nothing of it was sent meanwhile
    b.commit();
    CHECK(b.bob_conn->received.size() == before + 1);
    CHECK(b.bob_conn->received.back()["event"]["type"] == "move_played");
}

TEST_CASE("a move refused four times is withdrawn and the game aborted as storage_failed") {
    LiveTableBench b;
    b.move(b.alice_conn, "alice", 0, "e4", 9);
    b.refuse();
    for (const auto pause : {1000ms, 2000ms, 4000ms}) {
        b.advance(pause);
        REQUIRE(b.writer.held.size() == 1);
        b.refuse();
    }
    // The end of the aborted game is stored like any end.
    REQUIRE(b.writer.held.size() == 1);
    CHECK(b.writer.held.front().kind == "finish");
    CHECK(b.writer.held.front().finish.end.termination == "storage_failed");
    b.commit();
    const auto bob = b.bob_conn->kinds();
    CHECK(count_of(bob, "move_played") == 0); // never shown
    CHECK(bob.back() == "game_ended");
    CHECK(b.bob_conn->received.back()["event"]["result"]["reason"] == "storage_failed");
    // The mover hears of the end, then the refusal of its move.
    const auto& last = b.alice_conn->received.back();
    CHECK(last["t"] == "error");
    CHECK(last["id"] == 9);
    CHECK(last["code"] == "storage_failed");
    CHECK(b.alice_conn->kinds()[b.alice_conn->received.size() - 2] == "game_ended");
    CHECK(b.live->table().recorded_moves().empty());
}

TEST_CASE("a game's end names its stored game and is tried again until it is stored") {
    LiveTableBench b;
    b.move(b.alice_conn, "alice", 0, "e4", 1);
    b.commit();
    b.move(b.bob_conn, "bob", 1, "e5", 2);
    b.commit();
    b.work([&](LiveTable& t) { REQUIRE_FALSE(t.table().resign("bob", b.clock.now())); });
    REQUIRE(b.writer.held.size() == 1);
    CHECK(b.writer.held.front().kind == "finish");
    CHECK(b.writer.held.front().finish.end.game_id == 41);
    b.refuse();
    // The end went out after the first attempt, with the game's id.
    REQUIRE(b.alice_conn->kinds().back() == "game_ended");
    CHECK(b.alice_conn->received.back()["event"]["game_id"] == 41);
    CHECK(b.writer.held.empty());
    b.advance(1000ms);
    REQUIRE(b.writer.held.size() == 1);
    CHECK(b.writer.held.front().kind == "finish");
    b.commit();
    CHECK(b.writer.held.empty());
    CHECK(count_of(b.alice_conn->kinds(), "game_ended") == 1); // shown once
}

TEST_CASE("a fenced write drops the table: nothing sent, retried or ended") {
    LiveTableBench b;
    const auto alice_before = b.alice_conn->received.size();
    const auto bob_before = b.bob_conn->received.size();
    b.move(b.alice_conn, "alice", 0, "e4", 4);
    b.writer.fence_oldest();
    b.settle();
    CHECK(b.fenced == std::vector<std::string>{"LIVE01"});
    CHECK(b.live->closed());
    b.clock.at += 10'000ms;
    b.settle();
    CHECK(b.writer.held.empty()); // no retry, and no end written for an abort
    CHECK(b.alice_conn->received.size() == alice_before);
    CHECK(b.bob_conn->received.size() == bob_before);
    CHECK(b.live->table().status() == lobby::TableStatus::Playing); // the game goes on elsewhere
}

TEST_CASE("moves wait for a game row that storage refused, which is tried again") {
    boost::asio::io_context io;
    HandClock clock;
    HeldWriter writer;
    lobby::SeededRandom random{7};
    server::play::LiveTableContext context;
    context.time = &clock;
    context.writer = &writer;
    auto live = std::make_shared<LiveTable>(io, std::move(context));
    auto run = [&] {
        io.restart();
        io.poll();
    };
    lobby::TableSetup setup;
    setup.color = lobby::ColorChoice::White;
    live->adopt(
        lobby::Table::create("LIVE02", setup, account("alice", 1), {}, random, clock.now()).value());
    auto alice = std::make_shared<KeptConnection>(1);
    auto bob = std::make_shared<KeptConnection>(2);
    live->post([&](LiveTable& t) {
        t.add_audience(alice, "alice");
        REQUIRE(t.table().join(account("bob", 2), clock.now()).ok());
        t.add_audience(bob, "bob");
    });
    run();
    REQUIRE(writer.refuse_oldest() == "create");
    run();
    live->post([&](LiveTable& t) { t.play_move(alice, 3, "alice", 0, "e4", 0ms); });
    run();
    CHECK(writer.held.empty()); // the move waits for its game's row
    clock.at += 1000ms;
    live->post([](LiveTable&) {});
    run();
    REQUIRE(writer.held.size() == 1);
    REQUIRE(writer.commit_oldest() == "create");
    run();
    REQUIRE(writer.held.size() == 1);
    CHECK(writer.held.front().kind == "move");
    CHECK(writer.held.front().game == 41);
    writer.commit_oldest();
    run();
    CHECK(bob->kinds().back() == "move_played");
    live->post([](LiveTable& t) { t.shut_down(); });
    run();
}

} // namespace
