// Takebacks at a table of three over the protocol (issue 14: "a takeback only in casual games
// with all players agreeing"): asked, accepted one by one while everyone sees who has agreed,
// the moves gone for all and from the stored game after a restart; a decline; a rated game.
#include "tests/server/play/play_fixture.h"

#include <memory>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

// Three accounts ("user=<name>" cookies) in a database file and a clock.
struct ThreeOnDisk {
    test::TempDir dir;
    std::filesystem::path db = dir.path() / "play.db";
    std::vector<std::string> names{"ann", "bo", "cy"};
    std::shared_ptr<Accounts> accounts = create_accounts(db, names);
    TestClock clock;

    std::unique_ptr<PlayServer> start() {
        return std::make_unique<PlayServer>(db, clock, accounts, nullptr, PlayServerOptions{});
    }
};

// Seven plies, each seat playing its first legal move in turn: seat 1 is then to move, having
// last moved at ply 4. Returns the moves played.
std::vector<std::string> seven_plies(Seats& seats, const std::string& code) {
    std::vector<std::string> played;
    std::string next = "n2-m6"; // seat 0's first move
    for (int ply = 0; ply < 7; ++ply) {
        auto& mover = *seats[static_cast<std::size_t>(ply % 3)];
        const auto reply =
            mover.request({{"t", "move"}, {"table", code}, {"ply", ply}, {"move", next}});
        REQUIRE_MESSAGE(is_table_event(reply, "move_played"), reply.dump().substr(0, 300));
        played.push_back(reply.at("event").at("move").at("move").get<std::string>());
        const auto& legal = reply.at("event").at("legal_moves");
        REQUIRE_FALSE(legal.empty());
        next = legal.at(0).at("move").get<std::string>();
    }
    return played;
}

json casual_setup() {
    return private_setup("chinese-checkers-3", fischer_ms(60000, 0));
}

json ask(Client& client, const std::string& code, const std::string& what) {
    return client.request({{"t", what}, {"table", code}});
}

} // namespace

TEST_CASE_FIXTURE(ThreeOnDisk, "a takeback at a table of three: one accepts and the others see "
                               "it, the last accepts, and the stored game loses the moves") {
    Seats seats;
    std::string code;
    std::vector<std::string> played;
    {
        auto server = start();
        code = seat_by_name(server->port(), names, casual_setup(), seats);
        played = seven_plies(seats, code);

        REQUIRE(ask(*seats[1], code, "request_takeback").value("t", "") == "ok");
        const auto asked = seats[2]->wait_event(code, "takeback_requested").at("event");
        CHECK(asked.at("by") == 1);
        CHECK_FALSE(asked.contains("seat"));
        CHECK(asked.at("plies") == 3);
        CHECK(asked.at("waiting") == json::array({0, 2}));

        REQUIRE(ask(*seats[2], code, "accept_takeback").value("t", "") == "ok");
        for (auto* watcher : {seats[0].get(), seats[1].get()}) {
            const auto accepted = watcher->wait_event(code, "takeback_accepted").at("event");
            CHECK(accepted.at("by") == 2);
            CHECK(accepted.at("accepted") == json::array({2}));
            CHECK(accepted.at("waiting") == json::array({0}));
        }
        // A client that joins now sees the request and who has agreed.
        const auto pending = join(*seats[0], code).at("state");
        CHECK(pending.at("takeback_request") == 1);
        CHECK(pending.at("takeback_accepted") == json::array({2}));
        CHECK(pending.at("takeback_waiting") == json::array({0}));
        CHECK(pending.at("moves").size() == 7);

        REQUIRE(ask(*seats[0], code, "accept_takeback").value("t", "") == "ok");
        for (auto& seat : seats) {
            const auto done = seat->wait_event(code, "takeback_done").at("event");
            CHECK(done.at("plies_undone") == 3);
            CHECK(done.at("ply") == 4);
            CHECK(done.at("moves") ==
                  json(std::vector<std::string>(played.begin(), played.begin() + 4)));
            CHECK(done.at("clocks").at("to_move") == 1);
        }
        const auto after = join(*seats[2], code).at("state");
        CHECK(after.at("takeback_request").is_null());
        CHECK(after.at("takeback_waiting").empty());
        CHECK(after.at("to_move") == 1);
        // Seat 1 plays something else at ply 4.
        const auto other = after.at("legal_moves").back().at("move").get<std::string>();
        move(*seats[1], code, 4, other);
        played.resize(4);
        played.push_back(other);
    } // the server stops: a restart

    auto second = start();
    REQUIRE(second->restored() == 1);
    for (auto& client : seats) {
        const std::string cookie = "user=" + client->player().value("name", "");
        client = std::make_unique<Client>(second->port(), cookie);
    }
    const auto state = join(*seats[0], code).at("state");
    CHECK(state.at("moves") == json(played));
    CHECK(state.at("to_move") == 2);
    const auto id = state.at("game_id").get<std::int64_t>();
    const auto stored = second->backend().game_store()->find_game(id);
    REQUIRE(stored);
    REQUIRE(stored->moves.size() == 5);
    for (std::size_t i = 0; i < stored->moves.size(); ++i) {
        CHECK(stored->moves[i].move == played[i]);
        CHECK(stored->moves[i].seat == static_cast<int>(i % 3)); // its mover, replayed
    }
}

TEST_CASE_FIXTURE(ThreeOnDisk, "a takeback at a table of three keeps the leaves in the stored "
                               "game") {
    Seats seats;
    std::string code;
    {
        auto server = start();
        code = seat_by_name(server->port(), names, casual_setup(), seats);
        seven_plies(seats, code);
        // Seat 2 resigns with seat 1 to move; seat 1 and seat 0 play on, then seat 1 takes
        // its move back (the leave came before it and stays).
        REQUIRE(ask(*seats[2], code, "resign").value("t", "") == "ok");
        seats[0]->wait_event(code, "player_retired");
        auto state = join(*seats[1], code).at("state");
        move(*seats[1], code, 7, state.at("legal_moves").at(0).at("move").get<std::string>());
        state = join(*seats[0], code).at("state");
        move(*seats[0], code, 8, state.at("legal_moves").at(0).at("move").get<std::string>());
        REQUIRE(ask(*seats[1], code, "request_takeback").value("t", "") == "ok");
        const auto asked = seats[0]->wait_event(code, "takeback_requested").at("event");
        CHECK(asked.at("waiting") == json::array({0}));
        REQUIRE(ask(*seats[0], code, "accept_takeback").value("t", "") == "ok");
        CHECK(seats[1]->wait_event(code, "takeback_done").at("event").at("ply") == 7);
    }
    auto second = start();
    REQUIRE(second->restored() == 1);
    auto ann = std::make_unique<Client>(second->port(), "user=ann");
    const auto state = join(*ann, code).at("state");
    CHECK(state.at("moves").size() == 7);
    CHECK(state.at("to_move") == 1);
    CHECK(state.at("seats").at(2).at("retired") == true);
    const auto stored =
        second->backend().game_store()->find_game(state.at("game_id").get<std::int64_t>());
    REQUIRE(stored);
    CHECK(stored->moves.size() == 7);
    REQUIRE(stored->leaves.size() == 1);
    CHECK(stored->leaves[0].seat == 2);
    CHECK(stored->leaves[0].ply == 7);
    CHECK(stored->leaves[0].reason == "resign");
}

TEST_CASE_FIXTURE(ThreeOnDisk, "a decline at a table of three calls the takeback off for all") {
    auto server = start();
    Seats seats;
    const auto code = seat_by_name(server->port(), names, casual_setup(), seats);
    seven_plies(seats, code);
    REQUIRE(ask(*seats[1], code, "request_takeback").value("t", "") == "ok");
    REQUIRE(ask(*seats[0], code, "accept_takeback").value("t", "") == "ok");
    REQUIRE(ask(*seats[2], code, "decline_takeback").value("t", "") == "ok");
    for (auto& seat : seats) {
        const auto declined = seat->wait_event(code, "takeback_declined").at("event");
        CHECK(declined.at("by") == 2);
    }
    const auto state = join(*seats[1], code).at("state");
    CHECK(state.at("takeback_request").is_null());
    CHECK(state.at("moves").size() == 7);
    const auto late = ask(*seats[0], code, "accept_takeback");
    CHECK(late.value("t", "") == "error");
    CHECK(late.value("code", "") == "nothing_to_accept");
}

TEST_CASE_FIXTURE(ThreeOnDisk, "a rated game of three refuses a takeback") {
    auto server = start();
    Seats seats;
    json setup = casual_setup();
    setup["rated"] = true;
    const auto code = seat_by_name(server->port(), names, setup, seats);
    seven_plies(seats, code);
    const auto refused = ask(*seats[1], code, "request_takeback");
    CHECK(refused.value("t", "") == "error");
    CHECK(refused.value("code", "") == "not_allowed");
    CHECK(refused.value("message", "") == "no takebacks in rated games");
    CHECK(join(*seats[0], code).at("state").at("takeback_request").is_null());
}
