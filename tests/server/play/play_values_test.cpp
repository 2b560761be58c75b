// The service's pure pieces: setups read from requests, events and values as JSON text.
#include "rules/variant.h"
#include "server/play/play_json.h"
#include "server/protocol/setup_request.h"

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
        return json::parse(*server::play::table_event_message(
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
    CHECK(event.at("type") == "move");
    CHECK(event.at("ply") == 1);
    CHECK(event.at("by") == "black");
    CHECK(event.at("to_move") == "white");
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
    CHECK(event.at("clocks") == json{{"running", true},
                                     {"at", 1700000000123},
                                     {"turn_started", 1700000000100},
                                     {"white_ms", 61000},
                                     {"black_ms", 59000},
                                     {"to_move", "white"}});
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

TEST_CASE("a table of more than two seats names its seats by index, a table of two by colour") {
    const lobby::TimePoint at{1700000000000ms};
    const lobby::ClockView three{
        .remaining = {10s, 20s, 30s}, .to_move = 2, .running = true, .at = at, .turn_started = at};
    const json clocks = server::play::clock_json(three);
    CHECK(clocks.at("seats_ms") == json::array({10000, 20000, 30000}));
    CHECK(clocks.at("seat_to_move") == 2);
    CHECK_FALSE(clocks.contains("white_ms"));
    const lobby::Player carol{.id = "carol", .display_name = "carol"};
    const auto seated = [&](int seats) {
        return json::parse(
                   *server::play::table_event_message(
                       "K7QFZP",
                       lobby::TableEvent{.version = 3,
                                         .at = at,
                                         .body = lobby::PlayerSeated{.seat = 1, .player = carol},
                                         .seats = seats}))
            .at("event");
    };
    CHECK(seated(2).at("color") == "black");
    CHECK_FALSE(seated(2).contains("seat"));
    CHECK(seated(4).at("seat") == 1);
    CHECK_FALSE(seated(4).contains("color"));
    const json move = json::parse(*server::play::table_event_message(
                                      "K7QFZP", lobby::TableEvent{.version = 4,
                                                                  .at = at,
                                                                  .body =
                                                                      lobby::MovePlayed{
                                                                          .ply = 3,
                                                                          .by = 0,
                                                                          .next = 2,
                                                                          .clocks = three,
                                                                      },
                                                                  .seats = 3}))
                          .at("event");
    CHECK(move.at("seat") == 0);
    CHECK(move.at("seat_to_move") == 2);
    CHECK_FALSE(move.contains("by"));
    const lobby::GameResult ranked{
        .kind = lobby::GameResult::Kind::Ranked, .reason = "finished", .places = {2, 1, 3}};
    const json result = server::play::result_json(ranked, 3);
    CHECK(result.at("kind") == "ranked");
    CHECK(result.at("places") == json::array({2, 1, 3}));
    CHECK(result.at("did_not_start_seat").is_null());
    lobby::TableSummary summary{.code = "K7QFZP"};
    summary.seats = lobby::PerSeat<std::optional<lobby::Player>>{carol, std::nullopt, carol};
    const json listed = server::play::summary_json(summary);
    REQUIRE(listed.at("seats").is_array());
    CHECK(listed.at("seats").size() == 3);
    CHECK(listed.at("seats").at(1).is_null());
}
