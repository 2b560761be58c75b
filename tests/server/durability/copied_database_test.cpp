// A server started on a PostgreSQL database made by `tabula db copy` from a SQLite one serves
// what was copied (issue 36): the accounts log in with their passwords, their game history
// and records are there, and new games take ids after the copied ones. The real binary, three
// times: serve on SQLite, db copy, serve on PostgreSQL.
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

// `white` and `black` (session cookies) play the fool's mate at a private table: Black mates.
void fools_mate(std::uint16_t port, const std::string& white, const std::string& black) {
    Guest w = Guest::connect(port, white);
    Guest b = Guest::connect(port, black);
    const auto created = w.request(
        {{"t", "create_table"}, {"variant", "chess"}, {"color", "white"}, {"private", true}});
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

} // namespace

TEST_CASE("a server on a PostgreSQL database made by tabula db copy from SQLite serves the "
          "copied accounts and games") {
    const test::SampleWeb sample;
    const auto sqlite_file = (sample.dir.path() / "club.db").string();
    storage_test::OnPostgres target;
    std::int64_t copied_game = 0;
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

    // A new game is stored after the copied one.
    fools_mate(port, session_of(bob), session_of(ann));
    const auto after = history(port, "ann")["games"];
    REQUIRE(after.size() == 2);
    CHECK(after[0]["id"].get<std::int64_t>() > copied_game); // newest first
    CHECK(after[0]["white"] == "bob");
    CHECK(serve.stop(10s) == 0);
}
