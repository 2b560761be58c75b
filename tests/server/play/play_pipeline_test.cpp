// The move path: a move goes out (and the opponent's time starts) when it is stored; a
// resync while a move is being stored gives each missed event once, in order; a table's
// requests keep working straight to its strand.
#include "server/play/live_table.h"
#include "tests/server/play/play_fixture.h"

#include <thread>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

// A FreshServer whose move writes the test lets through, with two guests at a started chess
// table (White and Black have each moved once: White's clock runs).
PlayServerOptions gated(std::shared_ptr<MoveGate> gate) {
    PlayServerOptions options;
    options.move_gate = std::move(gate);
    return options;
}

struct GatedTable {
    std::shared_ptr<MoveGate> gate = std::make_shared<MoveGate>();
    FreshServer fresh{nullptr, nullptr, gated(gate)};
    Client white{fresh.server.port()};
    Client black{fresh.server.port()};
    std::string code;

    GatedTable() {
        code = start_table(white, black, private_setup("chess", fischer_ms(60000, 0)));
        play_moves(white, black, code, {"e4", "e5"});
    }

    // Waits until `n` moves are held at the gate.
    void wait_held(std::size_t n) const {
        for (int i = 0; i < 500 && gate->held() < n; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        REQUIRE(gate->held() == n);
    }
};

// The move event of ply 2 (the one being stored in these tests).
bool is_third_move(const json& m) {
    return is_table_event(m, "move_played") && m.at("event").value("ply", -1) == 2;
}

} // namespace

TEST_CASE_FIXTURE(GatedTable, "the opponent's clock starts when the move is stored and sent") {
    gate->hold();
    white.send_raw(R"({"t":"move","id":"m","table":")" + code + R"(","ply":2,"move":"Nf3"})");
    wait_held(1);
    fresh.clock.advance(5s); // the write takes 5 s: charged to nobody
    CHECK(black.none_within(is_third_move, 100ms));
    gate->release();
    black.wait_move(code, 2);
    fresh.clock.advance(1s);
    move(black, code, 3, "Nc6");
    const auto event = white.wait_move(code, 3);
    CHECK(event["event"]["clocks"]["remaining_ms"][1] == 59000);
}

TEST_CASE_FIXTURE(GatedTable,
                  "a resync while a move is being stored gives each event once, in order") {
    const auto last = black.wait_move(code, 1);
    const std::int64_t v = last["version"];
    gate->hold();
    white.send_raw(R"({"t":"move","id":"m","table":")" + code + R"(","ply":2,"move":"Nf3"})");
    wait_held(1);
    black.forget();
    black.send_raw(R"({"t":"resync","id":"r","table":")" + code + R"(","since":)" +
                   std::to_string(v - 1) + "}");
    const auto done = black.wait_for([](const json& m) { return m.value("t", "") == "resynced"; });
    CHECK(done["version"] == v);
    CHECK(done["missed"] == 1);
    gate->release();
    black.wait_move(code, 2);
    // Everything black got since the resync, in order: v (missed), then v + 1 (the new move).
    std::vector<std::int64_t> versions;
    for (const auto& m : black.kept())
        if (m.value("t", "") == "table_event")
            versions.push_back(m["version"]);
    CHECK(versions == std::vector<std::int64_t>{v});
    CHECK(black.none_within(is_third_move, 200ms)); // and only once
}

TEST_CASE_FIXTURE(TwoGuests, "table requests keep working after the table is known, by link too") {
    const auto code = start_table(white, black, private_setup("chess", fischer_ms(60000, 0)));
    play_moves(white, black, code, {"e4", "e5", "Nf3"});
    // A link names the table as well; the next request by code goes straight to it.
    const auto by_link = black.request({{"t", "offer_draw"}, {"table", "/t/" + code}});
    CHECK(by_link["t"] == "ok");
    const auto declined = white.request({{"t", "decline_draw"}, {"table", code}});
    CHECK(declined["t"] == "ok");
    const auto resigned = white.request({{"t", "resign"}, {"table", code}});
    CHECK(resigned["t"] == "ok");
    const auto after = white.request({{"t", "resign"}, {"table", code}});
    CHECK(after["t"] == "error");
    CHECK(after["code"] == "game_over");
}

TEST_CASE("a table's timer stays armed while it fires no later than needed, and goes when "
          "nothing is due") {
    using server::play::armed_timer_serves;
    const lobby::TimePoint at{lobby::Millis{1'000'000}};
    const auto later = at + lobby::Millis{1};
    CHECK(armed_timer_serves(std::nullopt, std::nullopt, false)); // nothing armed, nothing due
    CHECK_FALSE(armed_timer_serves(std::nullopt, at, false));     // due: arm it
    CHECK(armed_timer_serves(at, at, false));
    CHECK(armed_timer_serves(at, later, false));       // fires early, then is armed again
    CHECK_FALSE(armed_timer_serves(later, at, false)); // would fire late
    CHECK(armed_timer_serves(at, std::nullopt, true)); // a move is stored: it waits with the table
    CHECK_FALSE(armed_timer_serves(at, std::nullopt, false)); // nothing due: let the host go
}
