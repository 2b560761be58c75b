// The computer in the halma family over the protocol (issue 14): against one person in Chinese
// checkers for two, and at tables of more players where a computer takes every other seat
// (each a player of its own) or only some of them, the rest joined by code. Each computer moves
// for its own seat only, in turn; a person who resigns leaves the computers playing on, and a
// computer that finishes is not asked again.
#include "tests/server/play/play_fixture.h"

#include <set>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

json computer_table(const std::string& variant, const std::string& level) {
    return json{{"t", "create_table"}, {"variant", variant}, {"opponent", "computer"},
                {"level", level},      {"private", true},    {"time", fischer_ms(600000, 0)}};
}

json created_table(Client& human, const json& request) {
    const auto created = human.request(request);
    REQUIRE_MESSAGE(created.value("t", "") == "table_created", created.dump());
    return created;
}

// The move event of `ply`, or the end of the game if it comes first.
json next_move_or_end(Client& client, const std::string& code, int ply) {
    return client.wait_for([&](const json& m) {
        if (!is_table_event(m, "move_played") && !is_table_event(m, "game_ended"))
            return false;
        if (m.value("table", "") != code)
            return false;
        return is_table_event(m, "game_ended") || m.at("event").value("ply", -1) == ply;
    });
}

std::string first_legal(const json& legal_moves) {
    REQUIRE_FALSE(legal_moves.empty());
    return legal_moves.at(0).at("move").get<std::string>();
}

} // namespace

TEST_CASE("Chinese checkers for two against the computer: it answers a move") {
    FreshServer s;
    Client human(s.server.port());
    auto request = computer_table("chinese-checkers-2", "medium");
    request["color"] = "white";
    const auto created = created_table(human, request);
    CHECK(created.at("computer") == json{{"player", "Marlow (Medium)"}, {"level", "medium"}});
    CHECK(created.at("computers").size() == 1);
    CHECK(created.at("state").at("status") == "playing");
    CHECK(created.at("you") == 0);
    const std::string code = created.at("code");
    move(human, code, 0, first_legal(created.at("state").at("legal_moves")));
    const auto answer = human.wait_move(code, 1).at("event");
    CHECK(answer.at("by") == 1);
    CHECK(answer.at("to_move") == 0);
    CHECK_FALSE(answer.at("legal_moves").empty());
}

TEST_CASE("Chinese checkers for three: a person and two computers, who answer in turn") {
    FreshServer s;
    Client human(s.server.port());
    const auto created = created_table(human, computer_table("chinese-checkers-3", "easy"));
    CHECK(created.at("computers") ==
          json::array({json{{"player", "Pip (Easy)"}, {"level", "easy"}},
                       json{{"player", "Pip (Easy) 2"}, {"level", "easy"}}}));
    const auto table = created.at("state");
    CHECK(table.at("status") == "playing");
    const int you = created.at("you").get<int>();
    const std::string code = created.at("code");
    std::set<std::string> seated;
    for (const auto& seat : table.at("seats"))
        seated.insert(seat.at("id").get<std::string>());
    CHECK(seated == std::set<std::string>{human.id(), "Pip (Easy)", "Pip (Easy) 2"});

    // Three rounds: the person moves on its turn, each computer on its own.
    json legal = table.at("legal_moves");
    int to_move = table.at("to_move").get<int>();
    std::vector<int> movers;
    for (int ply = 0; ply < 9; ++ply) {
        if (to_move == you)
            move(human, code, ply, first_legal(legal));
        const auto event = next_move_or_end(human, code, ply);
        REQUIRE_MESSAGE(is_table_event(event, "move_played"), event.dump());
        movers.push_back(event.at("event").at("by").get<int>());
        to_move = event.at("event").at("to_move").get<int>();
        legal = event.at("event").at("legal_moves");
    }
    // Turn order round the board: seats 0, 1, 2, 0, ... whoever sits where.
    for (int ply = 0; ply < 9; ++ply)
        CHECK(movers[static_cast<std::size_t>(ply)] == ply % 3);
}

TEST_CASE("Chinese checkers for three: the person resigns and the two computers play on") {
    FreshServer s;
    Client human(s.server.port());
    auto request = computer_table("chinese-checkers-3", "easy");
    const auto created = created_table(human, request);
    const int you = created.at("you").get<int>();
    const std::string code = created.at("code");
    json legal = created.at("state").at("legal_moves");
    int to_move = created.at("state").at("to_move").get<int>();
    int ply = 0;
    // A full round first (a leave before one's first move would abort the game).
    for (; ply < 3; ++ply) {
        if (to_move == you)
            move(human, code, ply, first_legal(legal));
        const auto event = next_move_or_end(human, code, ply).at("event");
        to_move = event.at("to_move").get<int>();
        legal = event.at("legal_moves");
    }
    REQUIRE(human.request({{"t", "resign"}, {"table", code}}).value("t", "") == "ok");
    // The computers go on alone, in turn, never for the seat that left (bounded: 30 moves).
    std::set<int> movers;
    for (; ply < 33; ++ply) {
        const auto event = next_move_or_end(human, code, ply);
        if (is_table_event(event, "game_ended"))
            break;
        const int seat = event.at("event").at("by").get<int>();
        CHECK(seat != you);
        movers.insert(seat);
    }
    CHECK(movers.size() == 2);
}

TEST_CASE("Chinese checkers for three: each computer finishes and the game ends by the rules") {
    FreshServer s;
    Client human(s.server.port());
    auto request = computer_table("chinese-checkers-3", "hard");
    request["color"] = "white"; // the person takes seat 1, which moves first
    // Seats 2 and 3 (the computers) each have nine pieces in their goal and the tenth one step
    // from it (i9-j10, i1-j1); the person is still at home.
    request["position"] = "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:"
                          "i9,k10,k11,l10,l11,l12,m10,m11,m12,m13:"
                          "i1,k1,k2,l1,l2,l3,m1,m2,m3,m4:0:-";
    const auto created = created_table(human, request);
    REQUIRE(created.at("you") == 0);
    const std::string code = created.at("code");
    move(human, code, 0, first_legal(created.at("state").at("legal_moves")));
    CHECK(human.wait_move(code, 1).at("event").at("move").at("move") == "i9-j10");
    CHECK(human.wait_move(code, 2).at("event").at("move").at("move") == "i1-j1");
    const auto ended = human.wait_event(code, "game_ended").at("event");
    INFO(ended.dump());
    CHECK(ended.at("result").at("reason") == "finished");
    CHECK(ended.at("result").at("places") == json::array({3, 1, 2}));
}

TEST_CASE("Chinese checkers for three: one computer, and a person who joins by code") {
    FreshServer s;
    Client host(s.server.port());
    Client guest(s.server.port());
    auto request = computer_table("chinese-checkers-3", "easy");
    request["computers"] = 1;
    const auto created = created_table(host, request);
    CHECK(created.at("computers").size() == 1);
    CHECK(created.at("state").at("status") == "waiting");
    const std::string code = created.at("code");
    join(guest, code);
    const auto started = host.wait_event(code, "game_started").at("event");
    CHECK(started.at("players").size() == 3);

    // More computers than free seats, or "computers" without the computer: refused, no table.
    auto too_many = computer_table("chinese-checkers-3", "easy");
    too_many["computers"] = 3;
    const auto refused = host.request(too_many);
    CHECK(refused.value("code", "") == "bad_setup");
    CHECK(refused.value("message", "") ==
          "chinese-checkers-3 seats 3 players: \"computers\" may be 1 to 2");
    auto two = computer_table("chinese-checkers-2", "easy");
    two["computers"] = 2;
    CHECK(host.request(two).value("code", "") == "bad_setup");
    auto bare = json{{"t", "create_table"}, {"variant", "halma-4"}, {"computers", 2}};
    CHECK(host.request(bare).value("code", "") == "bad_message");
    auto zero = computer_table("halma-4", "easy");
    zero["computers"] = 0;
    CHECK(host.request(zero).value("code", "") == "bad_message");
}

TEST_CASE("Halma for four: three computers fill the table and the game starts at once") {
    FreshServer s;
    Client human(s.server.port());
    const auto created = created_table(human, computer_table("halma-4", "medium"));
    CHECK(created.at("computers").size() == 3);
    CHECK(created.at("computers").at(2).at("player") == "Marlow (Medium) 3");
    CHECK(created.at("state").at("status") == "playing");
}

TEST_CASE("Chinese checkers for three: after a restart both computers are back and move in turn") {
    test::TempDir dir;
    const auto db = dir.path() / "play.db";
    const auto accounts = create_accounts(db, {"alice"});
    TestClock clock;
    std::string code;
    {
        PlayServer first(db, clock, accounts);
        Client alice(first.port(), "user=alice");
        auto request = computer_table("chinese-checkers-3", "medium");
        request["color"] = "white";
        const auto created = created_table(alice, request);
        REQUIRE(created.at("you") == 0);
        code = created.at("code").get<std::string>();
        move(alice, code, 0, first_legal(created.at("state").at("legal_moves")));
        alice.wait_move(code, 1);
        alice.wait_move(code, 2);
    }
    PlayServer second(db, clock, accounts);
    CHECK(second.restored() == 1);
    Client alice(second.port(), "user=alice");
    const auto state = alice.request({{"t", "join"}, {"code", code}});
    REQUIRE(state.value("t", "") == "table");
    CHECK(state.at("state").at("moves").size() == 3);
    move(alice, code, 3, first_legal(state.at("state").at("legal_moves")));
    CHECK(alice.wait_move(code, 4).at("event").at("by") == 1);
    CHECK(alice.wait_move(code, 5).at("event").at("by") == 2);
    // Both are present: nobody can claim their seats as abandoned.
    const auto seats = alice.request({{"t", "join"}, {"code", code}}).at("state").at("seats");
    CHECK(seats.at(1).at("id") == "Marlow (Medium)");
    CHECK(seats.at(2).at("id") == "Marlow (Medium) 2");
    CHECK(seats.at(1).at("connected") == true);
    CHECK(seats.at(2).at("connected") == true);
}
