// The organiser's Swiss routes (docs/http-api.md, "The organiser's tools for a Swiss") against
// an in-process server, the play service's part played by the test.
#include "tests/server/tournaments/tournament_http_support.h"

#include <algorithm>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace tournament_test;
using nlohmann::json;

namespace {

test::HttpReply send_delete(TournamentServer& s, const std::string& target, const json& body,
                            const std::string& cookie) {
    return test::http_request(s.server->port(), "DELETE", target,
                              "Content-Type: application/json\r\nCookie: " + cookie + "\r\n",
                              body.dump());
}

// The tournament's forbidden pairs, each pair's names and the pairs in alphabetical order
// (the JSON lists them in the record's pairing order).
std::vector<std::vector<std::string>> forbidden_pairs(const json& tournament) {
    std::vector<std::vector<std::string>> pairs;
    for (const auto& pair : tournament.at("forbidden_pairs")) {
        auto names = pair.get<std::vector<std::string>>();
        std::sort(names.begin(), names.end());
        pairs.push_back(std::move(names));
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

} // namespace

TEST_CASE("the organiser's Swiss routes: a half-point bye asked for, a pair forbidden and "
          "allowed, a round paired by hand, with clear refusals") {
    TournamentServer s;
    const auto ann = s.register_user("ann");
    const auto bob = s.register_user("bob");
    const auto cid = s.register_user("cid");
    const auto dan = s.register_user("dan");
    const auto eve = s.register_user("eve");
    auto reply = s.post("/api/tournaments",
                        {{"name", "Club Swiss"},
                         {"variant", "chess"},
                         {"base_seconds", 180},
                         {"rounds", 3},
                         {"max_players", 8}},
                        ann);
    REQUIRE_MESSAGE(reply.status == 201, reply.body);
    const auto base =
        "/api/tournaments/" + json_of(reply)["tournament"]["id"].dump();
    for (const auto& cookie : {ann, bob, cid, dan, eve})
        REQUIRE(s.post(base + "/join", json::object(), cookie).status == 200);

    // A half-point bye: the caller's own, for a round not paired.
    CHECK(error_code(s.post(base + "/byes", {{"round", 2}})) == "not_logged_in");
    CHECK(error_code(s.post(base + "/byes", {{"round", "two"}}, eve)) == "bad_request");
    reply = s.post(base + "/byes", {{"round", 4}}, eve);
    CHECK(reply.status == 400);
    CHECK(error_code(reply) == "bad_round");
    REQUIRE(s.post(base + "/byes", {{"round", 1}}, eve).status == 200);
    reply = s.post(base + "/byes", {{"round", 1}}, eve);
    CHECK(reply.status == 400);
    CHECK(error_code(reply) == "bad_bye_request");

    // Forbidden pairs: the organiser's, listed in the tournament.
    CHECK(json_of(s.get(base))["tournament"]["forbidden_pairs"] == json::array());
    reply = s.post(base + "/forbidden", {{"players", json::array({"ann", "cid"})}}, bob);
    CHECK(reply.status == 403);
    CHECK(error_code(reply) == "not_organiser");
    reply = s.post(base + "/forbidden", {{"players", json::array({"ann", "zed"})}}, ann);
    CHECK(reply.status == 404);
    CHECK(error_code(reply) == "unknown_player");
    CHECK(error_code(s.post(base + "/forbidden", {{"players", json::array({"ann"})}}, ann)) ==
          "bad_request");
    REQUIRE(s.post(base + "/forbidden", {{"players", json::array({"ann", "cid"})}}, ann).status ==
            200);
    reply = s.post(base + "/forbidden", {{"players", json::array({"bob", "dan"})}}, ann);
    REQUIRE(reply.status == 200);
    CHECK(forbidden_pairs(json_of(reply)["tournament"]) ==
          std::vector<std::vector<std::string>>{{"ann", "cid"}, {"bob", "dan"}});
    REQUIRE(send_delete(s, base + "/forbidden", {{"players", json::array({"dan", "bob"})}}, ann)
                .status == 200);
    CHECK(forbidden_pairs(json_of(s.get(base))["tournament"]) ==
          std::vector<std::vector<std::string>>{{"ann", "cid"}});
    reply = send_delete(s, base + "/forbidden", {{"players", json::array({"dan", "bob"})}}, ann);
    CHECK(reply.status == 400);
    CHECK(error_code(reply) == "bad_forbidden_pair");
    CHECK(send_delete(s, base + "/join", json::object(), ann).status == 404);

    // Round 1 by hand is refused (the Dutch system pairs it at the start).
    const json round2_body = {{"pairings", json::array()}};
    reply = s.post(base + "/rounds/1/pairings", round2_body, ann);
    CHECK(reply.status == 400);
    CHECK(error_code(reply) == "bad_round");
    REQUIRE(s.post(base + "/start", json::object(), ann).status == 200);
    auto shown = json_of(s.get(base))["tournament"];
    const auto& round1 = shown["rounds"][0];
    CHECK(round1["pairings"].size() == 2); // eve's half-point bye: four to pair
    REQUIRE(round1["absences"].size() == 1);
    CHECK(round1["absences"][0] == json{{"name", "eve"}, {"kind", "half_bye"}});
    for (const auto& p : round1["pairings"]) {
        const bool forbidden = (p["white"] == "ann" && p["black"] == "cid") ||
                               (p["white"] == "cid" && p["black"] == "ann");
        CHECK_FALSE(forbidden);
    }
    reply = s.post(base + "/byes", {{"round", 1}}, bob);
    CHECK(reply.status == 409);
    CHECK(error_code(reply) == "round_paired");

    // Round 2 by hand, while round 1 is played: everyone once, no rematch unless overridden.
    std::vector<std::pair<std::string, std::string>> met;
    for (const auto& p : round1["pairings"])
        met.emplace_back(p["white"].get<std::string>(), p["black"].get<std::string>());
    const auto body = [](const std::vector<std::pair<std::string, std::string>>& games,
                         const char* bye, bool force) {
        json pairings = json::array();
        for (const auto& [w, b] : games)
            pairings.push_back({{"white", w}, {"black", b}});
        json out = {{"pairings", pairings}, {"byes", json::array({bye})}};
        if (force)
            out["override"] = true;
        return out;
    };
    reply = s.post(base + "/rounds/2/pairings", body(met, "eve", false), bob);
    CHECK(reply.status == 403);
    reply = s.post(base + "/rounds/3/pairings", body(met, "eve", false), ann);
    CHECK(error_code(reply) == "bad_round");
    reply = s.post(base + "/rounds/2/pairings", body(met, "eve", false), ann);
    CHECK(reply.status == 400);
    CHECK(error_code(reply) == "bad_pairing"); // rematches
    CHECK(error_code(s.post(base + "/rounds/2/pairings", {{"pairings", 3}}, ann)) ==
          "bad_request");
    reply = s.post(base + "/rounds/2/pairings", body(met, "eve", true), ann);
    REQUIRE_MESSAGE(reply.status == 200, reply.body);
    shown = json_of(reply)["tournament"];
    REQUIRE(shown["rounds"].size() == 2);
    CHECK(shown["rounds"][1]["set_by_hand"] == true);
    CHECK(shown["rounds"][1]["absences"][0] == json{{"name", "eve"}, {"kind", "bye"}});
    reply = s.post(base + "/rounds/2/pairings", body(met, "eve", true), ann);
    CHECK(reply.status == 409);
    CHECK(error_code(reply) == "round_paired");
    // The TRF export has both rounds.
    const auto trf = s.get(base + ".trf");
    CHECK(trf.status == 200);
}
