// A server started on a PostgreSQL database made by `tabula db copy` from a SQLite one serves
// what was copied (issue 36): the accounts log in with their passwords, their game history,
// records and ratings are there, a ladder shows the same standings, challenge and history,
// and new games take ids after the copied ones. The real binary, three times: serve on SQLite,
// db copy, serve on PostgreSQL.
#include "tests/server/durability/serve_child.h"
#include "tests/server/test_support.h"
#include "tests/support/test_databases.h"

#include <cstdint>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace durability_test;
using namespace std::chrono_literals;

namespace {

const std::string copied_password = "correct horse";

// The "tabula_session=..." pair of a reply that set the session cookie.
std::string session_of(const test::HttpReply& reply) {
    const auto header = reply.header("set-cookie");
    return header.substr(0, header.find(';'));
}

test::HttpReply post_json(std::uint16_t port, const std::string& target, const json& body) {
    return test::http_request(port, "POST", target, "Content-Type: application/json\r\n",
                              body.dump());
}

test::HttpReply post_json(std::uint16_t port, const std::string& target, const json& body,
                          const std::string& cookie) {
    return test::http_request(port, "POST", target,
                              "Content-Type: application/json\r\nCookie: " + cookie + "\r\n",
                              body.dump());
}

// `white` and `black` (session cookies) play the fool's mate at a private rated table: Black
// mates.
void fools_mate(std::uint16_t port, const std::string& white, const std::string& black) {
    Guest w = Guest::connect(port, white);
    Guest b = Guest::connect(port, black);
    const auto created = w.request({{"t", "create_table"},
                                    {"variant", "chess"},
                                    {"color", "white"},
                                    {"private", true},
                                    {"rated", true}});
    REQUIRE_MESSAGE(created.value("t", "") == "table_created", created.dump());
    const auto code = created["code"].get<std::string>();
    REQUIRE(b.request({{"t", "join"}, {"code", code}}).value("t", "") == "table");
    const std::vector<std::string> moves{"f3", "e5", "g4", "Qh4#"};
    for (std::size_t ply = 0; ply < moves.size(); ++ply) {
        Guest& mover = ply % 2 == 0 ? w : b;
        const auto answer =
            mover.request({{"t", "move"}, {"table", code}, {"ply", ply}, {"move", moves[ply]}});
        REQUIRE_MESSAGE(answer.value("t", "") == "table_event", answer.dump());
    }
}

json history(std::uint16_t port, const std::string& name) {
    const auto reply = test::http_request(port, "GET", "/api/users/" + name + "/games");
    REQUIRE(reply.status == 200);
    return json::parse(reply.body);
}

json get_json(std::uint16_t port, const std::string& target) {
    const auto reply = test::http_request(port, "GET", target);
    REQUIRE_MESSAGE(reply.status == 200, target, ": ", reply.body);
    return json::parse(reply.body);
}

// A profile's ratings without their deviations, which grow with the time of the request.
json ratings_of(std::uint16_t port, const std::string& name) {
    json ratings = get_json(port, "/api/users/" + name)["ratings"];
    for (auto& rating : ratings)
        rating.erase("deviation");
    return ratings;
}

} // namespace

TEST_CASE("a server on a PostgreSQL database made by tabula db copy from SQLite serves the "
          "copied accounts, games, ratings and ladder") {
    const test::SampleWeb sample;
    const auto sqlite_file = (sample.dir.path() / "club.db").string();
    storage_test::OnPostgres target;
    std::int64_t copied_game = 0;
    json copied_ladder;
    std::vector<json> copied_ratings;
    {
        ServeChild serve(sqlite_file, sample.web, sample.dir.path() / "sqlite.log");
        const auto port = serve.wait_listening(20s);
        REQUIRE_MESSAGE(port != 0, serve.output());
        std::vector<std::string> cookies;
        for (const char* name : {"ann", "bob"}) {
            const auto made =
                post_json(port, "/api/register", {{"name", name}, {"password", copied_password}});
            REQUIRE_MESSAGE(made.status == 201, made.body);
            cookies.push_back(session_of(made));
        }
        fools_mate(port, cookies[0], cookies[1]);
        const auto games = history(port, "ann")["games"];
        REQUIRE(games.size() == 1);
        copied_game = games[0]["id"].get<std::int64_t>();
        // A ladder: ann on rung 1, bob on rung 2 with an open challenge up.
        const auto ladder = post_json(port, "/api/ladders",
                                      {{"name", "Club blitz"},
                                       {"variant", "chess"},
                                       {"base_seconds", 300},
                                       {"increment_seconds", 3}},
                                      cookies[0]);
        REQUIRE_MESSAGE(ladder.status == 201, ladder.body);
        REQUIRE(post_json(port, "/api/ladders/1/join", json::object(), cookies[0]).status == 200);
        REQUIRE(post_json(port, "/api/ladders/1/join", json::object(), cookies[1]).status == 200);
        const auto challenge =
            post_json(port, "/api/ladders/1/challenge", {{"opponent", "ann"}}, cookies[1]);
        REQUIRE_MESSAGE(challenge.status == 201, challenge.body);
        copied_ladder = get_json(port, "/api/ladders/1?player=bob");
        copied_ratings = {ratings_of(port, "ann"), ratings_of(port, "bob")};
        REQUIRE(copied_ratings[0].size() == 1); // the rated game's
        REQUIRE(serve.stop(10s) == 0);
    }

    std::string said;
    const int copied = run_tabula({"db", "copy", "--from", sqlite_file, "--to", target.location()},
                                  sample.dir.path() / "copy.log", said);
    REQUIRE_MESSAGE(copied == 0, said);

    ServeChild serve(target.location(), sample.web, sample.dir.path() / "postgres.log");
    const auto port = serve.wait_listening(20s);
    REQUIRE_MESSAGE(port != 0, serve.output());
    // The copied password hashes still verify; a wrong password is still refused.
    const auto ann =
        post_json(port, "/api/login", {{"name", "ann"}, {"password", copied_password}});
    REQUIRE_MESSAGE(ann.status == 200, ann.body);
    CHECK(json::parse(ann.body)["user"]["name"] == "ann");
    CHECK(post_json(port, "/api/login", {{"name", "bob"}, {"password", "wrong horse"}}).status ==
          401);
    const auto bob =
        post_json(port, "/api/login", {{"name", "bob"}, {"password", copied_password}});
    REQUIRE(bob.status == 200);
    const auto me =
        test::http_request(port, "GET", "/api/me", "Cookie: " + session_of(ann) + "\r\n");
    CHECK(json::parse(me.body)["user"]["name"] == "ann");

    // The history and the record of the copied game.
    const auto games = history(port, "bob")["games"];
    REQUIRE(games.size() == 1);
    CHECK(games[0]["id"] == copied_game);
    CHECK(games[0]["white"] == "ann");
    CHECK(games[0]["result"] == "0-1");
    CHECK(games[0]["termination"] == "checkmate");
    const auto record =
        test::http_request(port, "GET", "/api/games/" + std::to_string(copied_game) + ".pgn");
    REQUIRE(record.status == 200);
    CHECK(record.body.find("Qh4#") != std::string::npos);

    // The ratings the rated game made, and the ladder as it stood.
    CHECK(ratings_of(port, "ann") == copied_ratings[0]);
    CHECK(ratings_of(port, "bob") == copied_ratings[1]);
    CHECK(copied_ratings[1][0]["rating"].get<double>() > 1500.0); // bob won
    CHECK(get_json(port, "/api/ladders/1?player=bob") == copied_ladder);
    CHECK(copied_ladder["ladder"]["standings"].size() == 2);
    CHECK(copied_ladder["ladder"]["challenges"].size() == 1);

    // A new game is stored after the copied one.
    fools_mate(port, session_of(bob), session_of(ann));
    const auto after = history(port, "ann")["games"];
    REQUIRE(after.size() == 2);
    CHECK(after[0]["id"].get<std::int64_t>() > copied_game); // newest first
    CHECK(after[0]["white"] == "bob");
    CHECK(serve.stop(10s) == 0);
}
