// Games against the computer over the protocol (issue 13): create_table with
// "opponent":"computer" seats it at once; its moves come from the engine's worker pool and are
// played, stored and broadcast like a player's; resign and takeback cancel its search; its
// clock budget keeps its flag up.
#include "tests/server/play/play_fixture.h"

#include <condition_variable>
#include <mutex>
#include <thread>

#include <doctest/doctest.h>

using namespace play_test;
using Kind = server::play::ComputerReport::Kind;

namespace {

// What the computer's seats report, kept for the test to wait on (they report from table
// strands).
class Reports {
public:
    server::play::ComputerOptions options() {
        server::play::ComputerOptions options;
        options.report = [this](const server::play::ComputerReport& report) {
            const std::scoped_lock lock(mutex_);
            seen_.push_back(report);
            changed_.notify_all();
        };
        return options;
    }
    // Waits for a report of `kind` at `ply` (any ply when negative).
    bool wait(Kind kind, int ply, std::chrono::milliseconds timeout = 10s) {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, timeout, [&] { return count_locked(kind, ply) > 0; });
    }
    std::size_t count(Kind kind, int ply = -1) {
        const std::scoped_lock lock(mutex_);
        return count_locked(kind, ply);
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<server::play::ComputerReport> seen_;

    std::size_t count_locked(Kind kind, int ply) const {
        return static_cast<std::size_t>(
            std::count_if(seen_.begin(), seen_.end(), [&](const auto& r) {
                return r.kind == kind && (ply < 0 || r.ply == static_cast<std::size_t>(ply));
            }));
    }
};

// Moves the test clock with the real one, so that a real search spends table time.
class RealTime {
public:
    explicit RealTime(TestClock& clock)
        : thread_([this, &clock](std::stop_token stop) {
              auto last = std::chrono::steady_clock::now();
              while (!stop.stop_requested()) {
                  std::this_thread::sleep_for(2ms);
                  const auto now = std::chrono::steady_clock::now();
                  clock.advance(std::chrono::duration_cast<lobby::Millis>(now - last));
                  last += std::chrono::duration_cast<lobby::Millis>(now - last);
              }
          }) {}

private:
    std::jthread thread_;
};

json computer_setup(const std::string& variant, const std::string& level, const std::string& color,
                    const json& time) {
    return json{{"t", "create_table"}, {"variant", variant}, {"opponent", "computer"},
                {"level", level},      {"color", color},     {"private", true},
                {"time", time}};
}

// A move of the human's: spread over the legal moves so that games differ by ply.
std::string pick(const json& legal_moves, int ply) {
    REQUIRE(!legal_moves.empty());
    const auto n = legal_moves.size();
    return legal_moves[static_cast<std::size_t>(ply * 7 + 3) % n]["move"].get<std::string>();
}

bool ended_at(const json& m, const std::string& table) {
    return is_table_event(m, "game_ended") && m.value("table", "") == table;
}

// Plays the human's side against the computer until the game ends (or `max_plies`): the
// human moves from the legal moves it was sent; returns the `ended` event.
json play_out(Client& human, const std::string& table, const json& created, int max_plies) {
    const bool white = created["you"] == 0;
    json legal = created["state"]["legal_moves"];
    int ply = 0;
    while (ply < max_plies) {
        const bool human_to_move = (ply % 2 == 0) == white;
        if (human_to_move) {
            const auto reply = human.request(
                {{"t", "move"}, {"table", table}, {"ply", ply}, {"move", pick(legal, ply)}});
            REQUIRE_MESSAGE(is_table_event(reply, "move_played"), reply.dump());
        }
        const auto next = human.wait_for([&](const json& m) {
            return ended_at(m, table) ||
                   (is_table_event(m, "move_played") && m.value("table", "") == table &&
                    m["event"].value("ply", -1) == ply);
        });
        if (ended_at(next, table))
            return next;
        legal = next["event"]["legal_moves"];
        ++ply;
        if (legal.empty())
            return human.wait_for([&](const json& m) { return ended_at(m, table); });
    }
    FAIL("the game did not end within " << max_plies << " plies");
    return {};
}

} // namespace

TEST_CASE_TEMPLATE("a whole chess game against the Easy computer, stored in the player's history",
                   Db, STORAGE_BACKENDS) {
    Db database;
    const auto db = database.location();
    const auto accounts = create_accounts(db, {"alice"});
    TestClock clock;
    Reports reports;
    PlayServerOptions options;
    options.computer = reports.options();
    PlayServer server(db, clock, accounts, nullptr, options);
    Client alice(server.port(), "user=alice");
    const auto created =
        alice.request(computer_setup("chess", "easy", "white", fischer_ms(300000, 0)));
    REQUIRE_MESSAGE(created["t"] == "table_created", created.dump());
    CHECK(created["computer"] == json{{"player", "Pip (Easy)"}, {"level", "easy"}});
    CHECK(created["you"] == 0);
    CHECK(created["state"]["status"] == "playing");
    CHECK(created["state"]["seats"][1]["id"] == "Pip (Easy)");
    const auto code = created["code"].get<std::string>();

    // A spectator sees the computer's moves like anyone's.
    Client watcher(server.port());
    REQUIRE(watcher.request({{"t", "watch"}, {"code", code}})["t"] == "table");

    const auto ended = play_out(alice, code, created, 600);
    const auto result = ended["event"]["result"];
    INFO(ended.dump());
    CHECK(result.value("reason", "") != "flag");
    CHECK(result.value("reason", "") != "resign");
    CHECK(watcher.wait_for([&](const json& m) { return ended_at(m, code); })["event"]["result"] ==
          result);
    CHECK(reports.count(Kind::Failed) == 0);
    CHECK(reports.count(Kind::Played) > 0);

    const auto games = server.backend().game_store()->history(accounts->ids["alice"], {});
    REQUIRE(games.size() == 1);
    CHECK(games[0].seats[0].name == "alice");
    CHECK(games[0].seats[1].name == "Pip (Easy)");
    CHECK_FALSE(games[0].rated);
    // The record keeps "1-0" / "0-1" / "1/2-1/2", the wire a kind and the winner's seat.
    const std::string stored_result = result.at("kind") == "draw" ? "1/2-1/2"
                                      : result.at("winner") == 0  ? "1-0"
                                                                  : "0-1";
    REQUIRE(result.at("kind") != "aborted");
    CHECK(games[0].result == stored_result);
    const auto stored = server.backend().game_store()->find_game(games[0].id);
    REQUIRE(stored);
    CHECK(stored->moves.size() == ended["event"]["moves"].size());
}

TEST_CASE("a whole russian draughts game against the Easy computer playing White") {
    Reports reports;
    PlayServerOptions options;
    options.computer = reports.options();
    FreshServer s(nullptr, nullptr, options);
    Client human(s.server.port());
    const auto created =
        human.request(computer_setup("russian", "easy", "black", fischer_ms(300000, 2000)));
    REQUIRE_MESSAGE(created["t"] == "table_created", created.dump());
    CHECK(created["state"]["seats"][0]["id"] == "Pip (Easy)");
    const auto code = created["code"].get<std::string>();
    const auto ended = play_out(human, code, created, 600);
    INFO(ended.dump());
    CHECK(ended["event"]["result"].value("reason", "") != "flag");
    CHECK(reports.count(Kind::Failed) == 0);
}

TEST_CASE("the Hard computer's clock budget keeps its flag up at 20 s + 0") {
    Reports reports;
    PlayServerOptions options;
    options.computer = reports.options();
    FreshServer s(nullptr, nullptr, options);
    RealTime real_time(s.clock);
    Client human(s.server.port());
    // The computer is White: its first move is bounded by the first-move window, the next
    // ones by its 20 s. Without the budget Hard's three million nodes take seconds a move.
    const auto created =
        human.request(computer_setup("chess", "hard", "black", fischer_ms(20000, 0)));
    REQUIRE_MESSAGE(created["t"] == "table_created", created.dump());
    const auto code = created["code"].get<std::string>();
    json last;
    std::optional<std::int64_t> white_before; // White's time when its turn began
    for (int ply = 0; ply < 8; ply += 2) {
        last = human.wait_for(
            [&](const json& m) {
                return ended_at(m, code) ||
                       (is_table_event(m, "move_played") && m.value("table", "") == code &&
                        m["event"].value("ply", -1) == ply);
            },
            30s);
        REQUIRE_MESSAGE(!ended_at(last, code), last.dump());
        const auto white_after = last["event"]["clocks"]["remaining_ms"][0].get<std::int64_t>();
        CHECK(white_after > 0);
        // The clock runs from the second move on: each search stays within the budget's hard
        // stop, a quarter of the time left when it starts, after 50 ms. Before it starts the
        // request waits for a worker thread, which runs under SCHED_IDLE and so, on a busy
        // machine, waits for a free core; that wait is on the clock too (the budget is taken
        // from what is left after it), so a move is bounded here by half the time left.
        if (white_before)
            CHECK(*white_before - white_after <= *white_before / 2);
        const auto reply = human.request({{"t", "move"},
                                          {"table", code},
                                          {"ply", ply + 1},
                                          {"move", pick(last["event"]["legal_moves"], ply)}});
        if (!is_table_event(reply, "move_played"))
            break; // the human's move ended the game (mate or draw): the clock held anyway
        if (ply > 0)
            white_before = human.wait_move(code, ply + 1)["event"]["clocks"]["remaining_ms"][0];
    }
    const auto state = human.request({{"t", "join"}, {"code", code}});
    const auto& result = state["state"]["result"];
    INFO(result.dump());
    CHECK((result.is_null() || result.value("reason", "") != "flag"));
    CHECK(reports.count(Kind::Played) >= 4);
}

TEST_CASE("resigning while the computer thinks cancels its search and nothing is played after") {
    Reports reports;
    PlayServerOptions options;
    options.computer = reports.options();
    FreshServer s(nullptr, nullptr, options);
    Client human(s.server.port());
    // Hard's first move is bounded by the 30 s first-move window: a second at least.
    const auto created =
        human.request(computer_setup("chess", "hard", "white", fischer_ms(600000, 0)));
    REQUIRE_MESSAGE(created["t"] == "table_created", created.dump());
    const auto code = created["code"].get<std::string>();
    move(human, code, 0, "e4");
    REQUIRE(reports.wait(Kind::Started, 1));
    REQUIRE(human.request({{"t", "resign"}, {"table", code}})["t"] == "ok");
    CHECK(human.wait_event(code, "game_ended")["event"]["result"]["reason"] == "resign");
    CHECK(reports.wait(Kind::Cancelled, 1));
    // The cancelled search reports back at once with its best move so far, which is dropped.
    CHECK(reports.wait(Kind::Dropped, -1, 5s));
    CHECK(reports.count(Kind::Played) == 0);
    CHECK(human.none_within(
        [&](const json& m) {
            return is_table_event(m, "move_played") && m["event"].value("ply", -1) == 1;
        },
        300ms));
    const auto state = human.request({{"t", "join"}, {"code", code}});
    CHECK(state["state"]["moves"] == json::array({"e2e4"}));
}

TEST_CASE("the computer grants a takeback, also while it thinks") {
    Reports reports;
    PlayServerOptions options;
    options.computer = reports.options();
    FreshServer s(nullptr, nullptr, options);
    Client human(s.server.port());

    SUBCASE("after its reply: both moves go") {
        const auto created =
            human.request(computer_setup("chess", "easy", "white", fischer_ms(300000, 0)));
        const auto code = created["code"].get<std::string>();
        move(human, code, 0, "e4");
        human.wait_move(code, 1);
        REQUIRE(human.request({{"t", "request_takeback"}, {"table", code}})["t"] == "ok");
        CHECK(human.wait_event(code, "takeback_done")["event"]["plies_undone"] == 2);
        move(human, code, 0, "d4");
        CHECK(human.wait_move(code, 1)["event"]["by"] == 1);
    }
    SUBCASE("while it thinks: its search is cancelled and the human's move goes") {
        const auto created =
            human.request(computer_setup("chess", "hard", "white", fischer_ms(600000, 0)));
        const auto code = created["code"].get<std::string>();
        move(human, code, 0, "e4");
        REQUIRE(reports.wait(Kind::Started, 1));
        REQUIRE(human.request({{"t", "request_takeback"}, {"table", code}})["t"] == "ok");
        CHECK(human.wait_event(code, "takeback_done")["event"]["plies_undone"] == 1);
        CHECK(reports.wait(Kind::Cancelled, 1));
        CHECK(reports.count(Kind::Played) == 0);
        const auto state = human.request({{"t", "join"}, {"code", code}});
        CHECK(state["state"]["moves"] == json::array());
        CHECK(human.request({{"t", "resign"}, {"table", code}})["t"] == "ok");
    }
}

TEST_CASE("a game against the computer is casual and takes only the seats there are") {
    FreshServer s;
    Client human(s.server.port());
    auto request = computer_setup("chess", "medium", "white", fischer_ms(300000, 0));
    request["rated"] = true;
    auto reply = human.request(request);
    CHECK(reply["t"] == "error");
    CHECK(reply["code"] == "not_allowed");

    // Chess seats two: one computer at most (play_computer_group_test.cpp has more seats).
    request = computer_setup("chess", "easy", "white", fischer_ms(300000, 0));
    request["computers"] = 2;
    reply = human.request(request);
    CHECK(reply["t"] == "error");
    CHECK(reply["code"] == "bad_setup");

    request = computer_setup("chess", "expert", "white", fischer_ms(300000, 0));
    reply = human.request(request);
    CHECK(reply["code"] == "bad_message");
    request = computer_setup("chess", "easy", "white", fischer_ms(300000, 0));
    request["opponent"] = "alice";
    CHECK(human.request(request)["code"] == "bad_message");
    request.erase("opponent");
    CHECK(human.request(request)["code"] == "bad_message"); // a level without the computer
    // Nothing was made.
    CHECK(human.request({{"t", "lobby_subscribe"}})["tables"] == json::array());
}

TEST_CASE_TEMPLATE(
    "a game against the computer comes back after a restart and the computer plays on", Db,
    STORAGE_BACKENDS) {
    Db database;
    const auto db = database.location();
    const auto accounts = create_accounts(db, {"alice"});
    TestClock clock;
    std::string code;
    {
        PlayServer first(db, clock, accounts);
        Client alice(first.port(), "user=alice");
        const auto created =
            alice.request(computer_setup("chess", "medium", "white", fischer_ms(300000, 0)));
        REQUIRE_MESSAGE(created["t"] == "table_created", created.dump());
        code = created["code"].get<std::string>();
        move(alice, code, 0, "d4");
        alice.wait_move(code, 1);
    }
    PlayServer second(db, clock, accounts);
    CHECK(second.restored() == 1);
    Client alice(second.port(), "user=alice");
    const auto state = alice.request({{"t", "join"}, {"code", code}});
    REQUIRE(state["t"] == "table");
    CHECK(state["state"]["seats"][1]["id"] == "Marlow (Medium)");
    CHECK(state["state"]["moves"].size() == 2);
    move(alice, code, 2, "c4");
    CHECK(alice.wait_move(code, 3)["event"]["by"] == 1);
    // The computer is present: nobody can claim its seat as abandoned.
    const auto seats = alice.request({{"t", "join"}, {"code", code}})["state"]["seats"];
    CHECK(seats[1]["connected"] == true);
}

TEST_CASE("the computer declines a draw offer and accepts a rematch") {
    FreshServer s;
    Client human(s.server.port());
    const auto created =
        human.request(computer_setup("chess", "easy", "white", fischer_ms(300000, 0)));
    REQUIRE_MESSAGE(created["t"] == "table_created", created.dump());
    const auto code = created["code"].get<std::string>();
    move(human, code, 0, "e4");
    human.wait_move(code, 1);
    REQUIRE(human.request({{"t", "offer_draw"}, {"table", code}})["t"] == "ok");
    CHECK(human.wait_event(code, "draw_declined")["event"]["by"] == 1);
    REQUIRE(human.request({{"t", "resign"}, {"table", code}})["t"] == "ok");
    human.wait_event(code, "game_ended");
    human.forget(); // the first game's moves
    REQUIRE(human.request({{"t", "offer_rematch"}, {"table", code}})["t"] == "ok");
    // The second game: colours swapped, so the computer is White and opens it.
    const auto started = human.wait_for([&](const json& m) {
        return is_table_event(m, "game_started") && m["event"].value("game_number", 0) == 2;
    });
    CHECK(started["event"]["players"][0]["id"] == "Pip (Easy)");
    CHECK(human.wait_move(code, 0)["event"]["by"] == 0);
}
