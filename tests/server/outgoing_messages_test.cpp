// The protocol's pure pieces: setups read from requests, and the values, table events and
// table states the server sends, as JSON text (server/protocol/*_json.h).
#include "rules/variant.h"
#include "server/protocol/setup_request.h"
#include "server/protocol/table_events_json.h"
#include "server/protocol/table_state_json.h"
#include "server/protocol/values_json.h"

#include <algorithm>

#include <doctest/doctest.h>

using nlohmann::json;
using namespace std::chrono_literals;

TEST_CASE("a setup from a request: defaults, every field, and refusals") {
    auto plain = server::protocol::read_setup(json::object());
    REQUIRE(plain.ok());
    CHECK(plain.value().variant == rules::VariantId::Chess);
    CHECK(plain.value().is_public);

    auto full = server::protocol::read_setup(
        json{{"variant", "international"},
             {"time", {{"base_ms", 60000}, {"increment_ms", 2000}, {"per_move_ms", 30000}}},
             {"rated", false},
             {"color", "black"},
             {"private", true},
             {"draw_rules", "claim"}});
    REQUIRE(full.ok());
    CHECK(full.value().variant == rules::VariantId::International);
    CHECK(full.value().time_control.base == 60s);
    CHECK(full.value().time_control.increment == 2s);
    CHECK(full.value().time_control.per_move == 30s);
    CHECK(full.value().color == lobby::ColorChoice::Black);
    CHECK_FALSE(full.value().is_public);
    CHECK(full.value().draw_rules == rules::DrawRules::Claim);

    CHECK(server::protocol::read_setup(json{{"variant", 3}}).error().code == "bad_message");
    CHECK(server::protocol::read_setup(json{{"variant", "go"}}).error().code == "bad_setup");
    CHECK(server::protocol::read_setup(json{{"time", "5+3"}}).error().code == "bad_message");
    CHECK(server::protocol::read_setup(json{{"time", {{"base_ms", -5}}}}).error().code ==
          "bad_setup");
    CHECK(server::protocol::read_setup(json{{"time", {{"base_ms", 0}}}}).error().code ==
          "bad_setup");
    CHECK(server::protocol::read_setup(json{{"color", "green"}}).error().code == "bad_message");
    CHECK(server::protocol::read_setup(json{{"private", "yes"}}).error().code == "bad_message");
}

TEST_CASE("the move event says the move, its cells, the position, the clocks and the legal moves") {
    auto game = rules::make_game(rules::VariantId::Chess);
    REQUIRE(game.ok());
    auto& g = *game.value();
    REQUIRE(g.play("e4").ok());
    auto played = g.play("d5"); // exd5 is legal now: a move with a capture
    REQUIRE(played.ok());
    lobby::MovePlayed move{
        .ply = 1,
        .by = lobby::seat_of_color(lobby::Color::Black),
        .next = lobby::seat_of_color(lobby::Color::White),
        .move = played.value(),
        .position = g.position(),
        .board = g.board(),
        .legal_moves = g.legal_move_views(),
        .clocks = lobby::ClockView{.remaining = {61s, 59s},
                                   .to_move = lobby::seat_of_color(lobby::Color::White),
                                   .running = true,
                                   .at = lobby::TimePoint{1700000000123ms},
                                   .turn_started = lobby::TimePoint{1700000000100ms}},
        .first_move_deadline = lobby::TimePoint{1700000030000ms}};
    const auto sent = [&](std::uint64_t version) {
        return json::parse(*server::protocol::table_event_message(
            "K7QFZP", lobby::TableEvent{.version = version,
                                        .at = lobby::TimePoint{1700000000999ms},
                                        .body = move}));
    };
    const auto message = sent(42);
    CHECK(message.at("t") == "table_event");
    CHECK(message.at("table") == "K7QFZP");
    CHECK(message.at("version") == 42);
    CHECK(message.at("at") == 1700000000999);
    const auto& event = message.at("event");
    CHECK(event.at("type") == "move_played");
    CHECK(event.at("ply") == 1);
    CHECK(event.at("by") == 1);
    CHECK(event.at("to_move") == 0);
    const auto cells = [](const rules::Cells& list) {
        return std::vector<int>(list.begin(), list.end());
    };
    REQUIRE(move.move.path.size() == 2);
    CHECK(event.at("move") == json{{"move", "d7d5"},
                                   {"display", "d5"},
                                   {"path", cells(move.move.path)},
                                   {"captures", json::array()}});
    CHECK(event.at("position") == g.position());
    CHECK(event.at("board") ==
          json{{"rows", 8}, {"cols", 8}, {"cells", g.board().cells}, {"check", -1}});
    CHECK(event.at("clocks") == json{{"remaining_ms", {61000, 59000}},
                                     {"to_move", 0},
                                     {"running", true},
                                     {"at", 1700000000123},
                                     {"turn_started", 1700000000100}});
    CHECK(event.at("first_move_deadline") == 1700000030000);
    // Protocol 3: the legal moves go without `display`, the move played keeps it.
    const auto& legal = event.at("legal_moves");
    REQUIRE(legal.size() == 31); // after 1. e4 d5, White has 31 moves
    REQUIRE(legal.size() == move.legal_moves.size());
    for (std::size_t i = 0; i < legal.size(); ++i) {
        const auto& view = move.legal_moves[i];
        CHECK(legal[i] == json{{"move", view.notation},
                               {"path", cells(view.path)},
                               {"captures", cells(view.captures)}});
    }
    const auto capture = std::find_if(legal.begin(), legal.end(),
                                      [](const json& m) { return m.at("move") == "e4d5"; });
    REQUIRE(capture != legal.end());
    CHECK(capture->at("captures") == json::array({move.move.path[1]})); // the pawn on d5
    // An older position as the history keeps it (no board, no legal moves), no deadline, and
    // text that needs escaping.
    move.board = {};
    move.legal_moves = {};
    move.first_move_deadline.reset();
    move.move.display = "a \"quoted\"\\ line\n\tand \xc3\x97 more";
    const auto older = sent(43).at("event");
    CHECK(older.at("board").is_null());
    CHECK(older.at("legal_moves") == json::array());
    CHECK(older.at("first_move_deadline").is_null());
    CHECK(older.at("move").at("display") == move.move.display);
    // Numbers on both sides of the writer's two-digit shortcut, and a cell past it (a halma
    // board has 256).
    move.move.path = {0, 9};
    move.move.captures = {99, 255};
    for (const int ply : {0, 9, 10, 99, 100, 12345}) {
        move.ply = ply;
        const auto numbered = sent(static_cast<std::uint64_t>(ply) + 1);
        CHECK(numbered.at("version") == ply + 1);
        CHECK(numbered.at("event").at("ply") == ply);
        CHECK(numbered.at("event").at("move").at("path") == json::array({0, 9}));
        CHECK(numbered.at("event").at("move").at("captures") == json::array({99, 255}));
    }
}

TEST_CASE("every seat is its index, at a table of two as at a table of more") {
    const lobby::TimePoint at{1700000000000ms};
    const lobby::ClockView two{
        .remaining = {61s, 59s}, .to_move = 1, .running = false, .at = at, .turn_started = at};
    const lobby::ClockView three{
        .remaining = {10s, 20s, 30s}, .to_move = 2, .running = true, .at = at, .turn_started = at};
    CHECK(server::protocol::clock_json(two) == json{{"remaining_ms", {61000, 59000}},
                                                    {"to_move", 1},
                                                    {"running", false},
                                                    {"at", 1700000000000},
                                                    {"turn_started", 1700000000000}});
    CHECK(server::protocol::clock_json(three).at("remaining_ms") ==
          json::array({10000, 20000, 30000}));
    CHECK(server::protocol::clock_json(three).at("to_move") == 2);
    const lobby::Player carol{.id = "carol", .display_name = "carol"};
    // An event says its seats by index and does not know how many the table has: the same body
    // is the same text at two seats as at more.
    const auto event = [&](lobby::TableEventBody body) {
        return json::parse(*server::protocol::table_event_message(
                               "K7QFZP",
                               lobby::TableEvent{.version = 3, .at = at, .body = std::move(body)}))
            .at("event");
    };
    const json seated = event(lobby::PlayerSeated{.seat = 1, .player = carol});
    CHECK(seated.at("type") == "player_seated");
    CHECK(seated.at("seat") == 1);
    CHECK(seated.at("player").at("id") == "carol");
    CHECK_FALSE(seated.contains("color"));
    const json move = event(lobby::MovePlayed{.ply = 3, .by = 0, .next = 1, .clocks = two});
    CHECK(move.at("by") == 0);
    CHECK(move.at("to_move") == 1);
    CHECK_FALSE(move.contains("seat"));
    CHECK_FALSE(move.contains("seat_to_move"));
    CHECK(event(lobby::ConnectionChanged{.seat = 1, .connected = false}).at("seat") == 1);
    CHECK(event(lobby::AbandonmentClaimable{.absent = 1}) ==
          json{{"type", "abandonment_claimable"}, {"seat", 1}});
    CHECK(event(lobby::RematchOffered{.by = 1}) == json{{"type", "rematch_offered"}, {"by", 1}});
    CHECK(event(lobby::TakebackRequested{.by = 1, .plies = 2, .waiting = {0}}) ==
          json{{"type", "takeback_requested"}, {"by", 1}, {"plies", 2}, {"waiting", {0}}});
    CHECK(event(lobby::TakebackDeclined{.by = 0}) ==
          json{{"type", "takeback_declined"}, {"by", 0}});
    const json started =
        event(lobby::GameStarted{.game_number = 2, .players = {carol, carol}, .clocks = two});
    CHECK(started.at("players").size() == 2);
    CHECK_FALSE(started.contains("white"));
    CHECK(event(lobby::TakebackAccepted{.by = 2, .accepted = {2}, .waiting = {0}}) ==
          json{{"type", "takeback_accepted"}, {"by", 2}, {"accepted", {2}}, {"waiting", {0}}});
    CHECK(event(lobby::PlayerRetired{
              .seat = 1, .reason = "resign", .ply = 4, .next = 2, .clocks = three}) ==
          json{{"type", "player_retired"},
               {"seat", 1},
               {"reason", "resign"},
               {"ply", 4},
               {"to_move", 2},
               {"legal_moves", json::array()},
               {"clocks", server::protocol::clock_json(three)}});
    lobby::TableSummary summary{.code = "K7QFZP"};
    summary.seats = lobby::PerSeat<std::optional<lobby::Player>>{carol, std::nullopt};
    const json listed = server::protocol::summary_json(summary);
    REQUIRE(listed.at("seats").is_array());
    CHECK(listed.at("seats").size() == 2);
    CHECK(listed.at("seats").at(0).at("id") == "carol");
    CHECK(listed.at("seats").at(1).is_null());
    summary.seats = lobby::PerSeat<std::optional<lobby::Player>>{carol, std::nullopt, carol};
    CHECK(server::protocol::summary_json(summary).at("seats").size() == 3);
}

TEST_CASE("a result names the winner's seat, the places or who did not start") {
    using server::protocol::result_json;
    const auto expect = [](const char* kind, json winner, json places, const char* reason,
                           json did_not_start) {
        return json{{"kind", kind},
                    {"winner", std::move(winner)},
                    {"places", std::move(places)},
                    {"reason", reason},
                    {"did_not_start", std::move(did_not_start)}};
    };
    CHECK(result_json(lobby::GameResult::win(0, "checkmate")) ==
          expect("win", 0, nullptr, "checkmate", nullptr));
    CHECK(result_json(lobby::GameResult::win(1, "resign")) ==
          expect("win", 1, nullptr, "resign", nullptr));
    CHECK(result_json(lobby::GameResult::draw("agreement")) ==
          expect("draw", nullptr, nullptr, "agreement", nullptr));
    CHECK(result_json(lobby::GameResult::aborted("first-move-timeout", 1)) ==
          expect("aborted", nullptr, nullptr, "first-move-timeout", 1));
    CHECK(result_json(lobby::GameResult::ranked({2, 1, 3}, "finished")) ==
          expect("ranked", nullptr, json::array({2, 1, 3}), "finished", nullptr));
}

TEST_CASE("a table state names seats by index and the offers by seat") {
    const lobby::Player alice{.id = "alice", .display_name = "alice"};
    lobby::TableState state{.code = "K7QFZP"};
    state.seats = lobby::PerSeat<std::optional<lobby::SeatView>>{lobby::SeatView{.player = alice},
                                                                 std::nullopt};
    state.clocks.to_move = 1;
    state.draw_offer = 0;
    state.takeback_request = 1;
    state.rematch_offers = lobby::PerSeat<bool>{false, true};
    server::protocol::JsonText out;
    server::protocol::write_state(out, state, 42);
    const json written = json::parse(out.view());
    CHECK(written.at("seats").size() == 2);
    CHECK(written.at("seats").at(0).at("id") == "alice");
    CHECK(written.at("seats").at(0).at("connected") == true);
    CHECK(written.at("seats").at(1).is_null());
    CHECK(written.at("to_move") == 1);
    CHECK_FALSE(written.contains("seat_to_move"));
    CHECK(written.at("draw_offer") == 0);
    CHECK(written.at("takeback_request") == 1);
    CHECK(written.at("takeback_accepted") == json::array());
    CHECK(written.at("takeback_waiting") == json::array());
    CHECK(written.at("rematch_offers") == json::array({false, true}));
    CHECK(written.at("clocks").at("to_move") == 1);
    CHECK(written.at("game_id") == 42);
}
