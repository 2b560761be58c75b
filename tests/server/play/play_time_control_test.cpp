// Time controls out of the ranges of docs/protocol.md §7.1 (lobby/time_control.cpp), sent over
// the protocol: every request that carries a setup answers bad_setup with the bound it broke,
// and nothing is made (issue 12: `base_ms: 1` was accepted and lost on the first move).
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

using namespace play_test;

TEST_CASE_FIXTURE(TwoGuests, "a time control out of range is bad_setup for every setup request") {
    const auto lobby = black.request({{"t", "lobby_subscribe"}});
    REQUIRE(lobby["t"] == "lobby");
    const std::vector<std::pair<json, std::string>> times = {
        {{{"base_ms", 1}}, "1 s = 1000"}, // seconds written as milliseconds
        {{{"base_ms", 999}, {"increment_ms", 2000}}, "1 s = 1000"},
        {{{"per_move_ms", 500}}, "under 1 second"},
        {{{"base_ms", 300000}, {"increment_ms", 180001}}, "at most 3 minutes"},
        {{{"base_ms", 300000}, {"delay_ms", 600000}}, "at most 3 minutes"},
        {{{"per_move_ms", 86400001}}, "correspondence"},
    };
    for (const auto& [time, reason] : times) {
        const std::vector<json> requests = {
            {{"t", "create_table"}, {"variant", "chess"}, {"time", time}, {"private", false}},
            {{"t", "seek"}, {"variant", "chess"}, {"time", time}},
            {{"t", "challenge"}, {"to", black.id()}, {"variant", "chess"}, {"time", time}},
        };
        for (const auto& request : requests) {
            const auto reply = white.request(request);
            CHECK_MESSAGE(reply.value("t", "") == "error", request.dump());
            CHECK_MESSAGE(reply.value("code", "") == "bad_setup", request.dump());
            CHECK_MESSAGE(reply.value("message", "").find(reason) != std::string::npos,
                          reply.dump());
        }
    }
    // Nothing was made: no table listed, no challenge pushed, no seek to match.
    CHECK(black.none_within([](const json& m) {
        const auto type = m.value("t", "");
        return type == "lobby_changes" || type == "challenge" || type == "matched";
    }));
    const auto seek =
        black.request({{"t", "seek"}, {"variant", "chess"}, {"time", {{"base_ms", 1}}}});
    CHECK(seek.value("code", "") == "bad_setup");
    // The bounds themselves are playable: 1 s, 3 min of increment.
    const auto edge = white.request({{"t", "create_table"},
                                     {"variant", "chess"},
                                     {"time", {{"base_ms", 1000}, {"increment_ms", 180000}}}});
    CHECK_MESSAGE(edge.value("t", "") == "table_created", edge.dump());
}
