// The service's pure pieces: setups read from requests, time controls stored as text.
#include "server/play/stored_game.h"
#include "server/protocol/setup_request.h"

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

TEST_CASE("time controls survive the round trip through their stored text") {
    const lobby::TimeControl controls[] = {
        lobby::fischer(5min, 3s), lobby::bronstein(15min, 10s), lobby::correspondence(3),
        lobby::TimeControl{.base = 15min, .per_move = 60s}, lobby::TimeControl{.base = 1500ms}};
    for (const auto& control : controls) {
        const auto text = server::play::time_control_text(control);
        CAPTURE(text);
        CHECK(server::play::parse_time_control_text(text) == control);
    }
    CHECK_FALSE(server::play::parse_time_control_text("5+3"));
    CHECK_FALSE(server::play::parse_time_control_text(""));
}
