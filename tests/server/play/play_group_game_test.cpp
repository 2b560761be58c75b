// Games of more than two players over the protocol, stored like any other (issue 14): a
// 4-player and a 6-player Chinese checkers game from the start to the finishing order, with a
// resignation, a flag fall and a restart in the middle (a new server over the same file); the
// stored rows (every seat, every clock, the leaves, the places), the downloadable record, the
// history JSON; and a rated game among accounts that changes every rating by its places.
#include "lobby/rating/placings.h"
#include "rules/game.h"
#include "rules/record/record_reader.h"
#include "tests/server/play/play_fixture.h"

#include <memory>
#include <optional>
#include <vector>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

// Six accounts ("user=<name>" cookies) in a database, a clock, and the HTTP endpoints.
struct SixOnDisk {
    explicit SixOnDisk(std::unique_ptr<test_db::TestDatabase> given) : database(std::move(given)) {}
    std::unique_ptr<test_db::TestDatabase> database;
    std::string db = database->location();
    std::vector<std::string> names{"ann", "bo", "cy", "di", "ed", "flo"};
    std::shared_ptr<Accounts> accounts = create_accounts(db, names);
    TestClock clock;

    PlayServerOptions with_http() const {
        PlayServerOptions options;
        options.accounts_service = true; // its routes; the "user=" cookies still say who is who
        return options;
    }
    std::unique_ptr<PlayServer> start() {
        return std::make_unique<PlayServer>(db, clock, accounts, nullptr, with_http());
    }
};

// The first `count` accounts at a table of `setup` (seat_by_name).
std::string seat_players(PlayServer& server, SixOnDisk& disk, std::size_t count, json setup,
                         Seats& seats) {
    const std::vector<std::string> names(disk.names.begin(),
                                         disk.names.begin() + static_cast<std::ptrdiff_t>(count));
    return seat_by_name(server.port(), names, std::move(setup), seats);
}

// After a restart: every player connects again and takes its seat back; returns the state.
json reconnect(PlayServer& server, const std::string& code, Seats& seats) {
    json state;
    for (auto& client : seats) {
        const std::string cookie = "user=" + client->player().value("name", "");
        client = std::make_unique<Client>(server.port(), cookie);
        state = join(*client, code);
    }
    return state.at("state");
}

// A casual private table of `variant` from `position`, a minute each without increment.
json group_setup(const std::string& variant, const std::string& position) {
    json setup = private_setup(variant, fischer_ms(60000, 0));
    setup["position"] = position;
    return setup;
}

// The clock of `seat` as the stored moves leave it: that of its last move (none: nullopt).
std::optional<lobby::Millis> stored_clock(const std::vector<storage::MoveRow>& moves, int seat) {
    for (auto row = moves.rbegin(); row != moves.rend(); ++row)
        if (row->seat == seat)
            return row->remaining;
    return std::nullopt;
}

// The stored places, seat by seat (0: none).
std::vector<int> places_of(const storage::GameRow& game) {
    std::vector<int> places;
    for (const auto& seat : game.seats)
        places.push_back(seat.place.value_or(0));
    return places;
}

json history_of(PlayServer& server, const std::string& name) {
    const auto reply = server.get("/api/users/" + name + "/games");
    REQUIRE(reply.status == 200);
    return json::parse(reply.body);
}

} // namespace

TEST_CASE_FIXTURE_ON_BACKENDS(SixOnDisk,
                              "a game of four with a resignation, a restart and a flag fall is "
                              "stored seat by seat and ends in its finishing order") {
    // Seat 0 (goal: the top point) and seat 2 (goal: the bottom point) are two steps from home;
    // seats 1 and 3 stand at the start.
    const std::string position = "1:a1,b1,b2,c1,c2,c3,d1,d2,d3,f8:j1,k1,k2,l1,l2,l3,m1,m2,m3,m4:"
                                 "n1,n2,n3,o1,o2,o3,p1,p2,q1,l8:"
                                 "e10,e11,e12,e13,f10,f11,f12,g10,g11,h10:0:-";
    Seats seats;
    std::string code;
    std::int64_t id = 0;
    json clocks_before;
    {
        auto first = start();
        code = seat_players(*first, *this, 4, group_setup("chinese-checkers-4", position), seats);
        move(*seats[0], code, 0, "f8-e8");
        move(*seats[1], code, 1, "j1-i1");
        move(*seats[2], code, 2, "l8-m8");
        move(*seats[3], code, 3, "h10-i9");
        move(*seats[0], code, 4, "e8-d4"); // seat 0 is home: first
        clock.advance(5s);
        REQUIRE(seats[1]->request({{"t", "resign"}, {"table", code}}).value("t", "") == "ok");
        const auto retired = seats[3]->wait_event(code, "player_retired").at("event");
        CHECK(retired.at("seat") == 1);
        CHECK(retired.at("reason") == "resign");
        CHECK(retired.at("ply") == 5);
        CHECK(retired.at("to_move") == 2);

        const auto state = join(*seats[2], code).at("state");
        clocks_before = state.at("clocks").at("remaining_ms");
        REQUIRE(state.at("game_id").is_number_integer());
        id = state.at("game_id").get<std::int64_t>();
        // On disk before the restart: every seat, every move with four clocks, the leave.
        const auto stored = first->backend().game_store()->find_game(id);
        REQUIRE(stored);
        CHECK(stored->game.seat_count() == 4);
        CHECK(stored->game.seats[0].name == "ann");
        CHECK(stored->game.seats[1].name == "bo");
        CHECK(stored->game.seats[2].name == "cy");
        CHECK(stored->game.seats[3].name == "di");
        CHECK(stored->game.seats[3].user_id == accounts->ids["di"]);
        REQUIRE(stored->moves.size() == 5);
        for (std::size_t i = 0; i < stored->moves.size(); ++i) // each with its mover
            CHECK(stored->moves[i].seat == static_cast<int>(i % 4));
        CHECK(stored->moves[4].move == "e8-d4");
        REQUIRE(stored->leaves.size() == 1);
        CHECK(stored->leaves[0].seat == 1);
        CHECK(stored->leaves[0].ply == 5);
        CHECK(stored->leaves[0].reason == "resign");
        CHECK(stored->leaves[0].at == clock.now());
    } // the server stops: a restart

    auto second = start();
    REQUIRE(second->restored() == 1);
    const auto state = reconnect(*second, code, seats);
    CHECK(state.at("moves").size() == 5);
    CHECK(state.at("to_move") == 2);
    CHECK(state.at("seats").at(1).at("retired") == true);
    CHECK(state.at("seats").at(2).at("retired") == false);
    CHECK(state.at("clocks").at("remaining_ms") == clocks_before);
    // Seat 2 steps beside its goal (m8-n4 would take it home, and the game with it).
    move(*seats[2], code, 5, "m8-m9");

    // Seat 3's minute runs out (its time started when seat 2 moved): it leaves, and with one
    // player left the game ends: seat 0 home first, seat 2 still playing, then the leavers, the
    // last to leave first.
    clock.advance(61s);
    second->recheck_timers();
    const auto flagged = seats[0]->wait_event(code, "player_retired").at("event");
    CHECK(flagged.at("seat") == 3);
    CHECK(flagged.at("reason") == "flag");
    const auto ended = seats[0]->wait_event(code, "game_ended").at("event");
    CHECK(ended.at("result").at("kind") == "ranked");
    CHECK(ended.at("result").at("reason") == "finished");
    CHECK(ended.at("result").at("places") == json::array({1, 4, 2, 3}));
    CHECK(ended.at("game_id") == id);

    const auto stored = second->backend().game_store()->find_game(id);
    REQUIRE(stored);
    CHECK(stored->game.result == "ranked");
    CHECK(stored->game.termination == "finished");
    CHECK(places_of(stored->game) == std::vector<int>{1, 4, 2, 3});
    REQUIRE(stored->moves.size() == 6);
    CHECK(stored->moves[5].move == "m8-m9");
    CHECK(stored->moves[5].seat == 2);
    REQUIRE(stored->leaves.size() == 2);
    CHECK(stored->leaves[1].seat == 3);
    CHECK(stored->leaves[1].ply == 6);
    CHECK(stored->leaves[1].reason == "flag");
    CHECK(second->backend().game_store()->load_unfinished_games().empty());

    const auto record = second->get("/api/games/" + std::to_string(id) + ".pdn");
    REQUIRE(record.status == 200);
    CHECK(contains(record.body, "[Variant \"chinese-checkers-4\"]"));
    CHECK(contains(record.body, "[Seat3 \"cy\"]"));
    CHECK(contains(record.body, "[Left \"2@5,4@6\"]"));
    CHECK(contains(record.body, "[Places \"1,4,2,3\"]"));
    // The record replays, its leaves where the Left tag puts them, to the stored places.
    const auto read = rules::read_records(record.body);
    REQUIRE(read.size() == 1);
    REQUIRE(read[0].ok());
    auto replay = rules::make_game(rules::VariantId::ChineseCheckers4, position);
    REQUIRE(replay.ok());
    for (std::size_t ply = 0; ply < read[0]->moves.size(); ++ply) {
        if (ply == 5)
            REQUIRE((*replay)->retire(1).ok());
        REQUIRE((*replay)->play(read[0]->moves[ply]).ok());
    }
    REQUIRE((*replay)->retire(3).ok());
    CHECK((*replay)->outcome().places == std::vector<int>{1, 4, 2, 3});

    // Each player's history shows every player by seat and the player's own place.
    const auto history = history_of(*second, "cy").at("games");
    REQUIRE(history.size() == 1);
    CHECK(history[0].at("result") == "ranked");
    CHECK(history[0].at("place") == 2);
    REQUIRE(history[0].at("players").size() == 4);
    CHECK(history[0].at("players")[3] == json{{"seat", 3}, {"name", "di"}, {"place", 3}});
    CHECK(history_of(*second, "bo").at("games")[0].at("place") == 4);
    // The profile of a player at a seat beyond two counts the game.
    const auto profile = second->get("/api/users/di");
    REQUIRE(profile.status == 200);
    CHECK(json::parse(profile.body).at("games") == 1);
}

TEST_CASE_FIXTURE_ON_BACKENDS(SixOnDisk,
                              "a game of six keeps six clocks and its leaves through a restart, "
                              "and the time of the seat after a leaver runs from the leave") {
    // Seats 0 and 3 are one step from home; everyone else stands at the start.
    const std::string position = "1:a1,b1,b2,c1,c2,c3,d1,d2,d3,e8:j1,k1,k2,l1,l2,l3,m1,m2,m3,m4:"
                                 "e1,e2,e3,e4,f1,f2,f3,g1,g2,h1:"
                                 "n1,n2,n3,o1,o2,o3,p1,p2,q1,m8:"
                                 "e10,e11,e12,e13,f10,f11,f12,g10,g11,h10:"
                                 "j10,k10,k11,l10,l11,l12,m10,m11,m12,m13:0:-";
    Seats seats;
    std::string code;
    std::int64_t id = 0;
    json clocks_before;
    {
        auto first = start();
        code = seat_players(*first, *this, 6, group_setup("chinese-checkers-6", position), seats);
        move(*seats[0], code, 0, "e8-d4"); // home at once: first
        move(*seats[1], code, 1, "j1-i1");
        move(*seats[2], code, 2, "h1-h2");
        move(*seats[3], code, 3, "m8-n4"); // second
        move(*seats[4], code, 4, "h10-i9");
        move(*seats[5], code, 5, "j10-j9");
        // Every seat has moved: the clocks run. Seat 1 thinks 3 s, seat 2 20 s and resigns.
        clock.advance(3s);
        move(*seats[1], code, 6, "k1-j1");
        clock.advance(20s);
        REQUIRE(seats[2]->request({{"t", "resign"}, {"table", code}}).value("t", "") == "ok");
        CHECK(seats[0]->wait_event(code, "player_retired").at("event").at("to_move") == 4);
        const auto state = join(*seats[0], code).at("state");
        clocks_before = state.at("clocks").at("remaining_ms");
        id = state.at("game_id").get<std::int64_t>();
        const auto stored = first->backend().game_store()->find_game(id);
        REQUIRE(stored);
        REQUIRE(stored->game.seats.size() == 6);
        CHECK(stored->game.seats[5].name == "flo");
        REQUIRE(stored->moves.size() == 7);
        CHECK(stored->moves[6].seat == 1);
        CHECK(stored_clock(stored->moves, 1) == 57s);
        for (int seat : {0, 2, 3, 4, 5})
            CHECK(stored_clock(stored->moves, seat) == 60s);
        // Seat 2 thought 20 s before it left: its leave keeps the clock it left with.
        REQUIRE(stored->leaves.size() == 1);
        CHECK(stored->leaves[0].remaining == 40s);
    }

    auto second = start();
    REQUIRE(second->restored() == 1);
    const auto state = reconnect(*second, code, seats);
    CHECK(state.at("to_move") == 4);
    CHECK(state.at("seats").at(2).at("retired") == true);
    // Every seat's time came back as it stood (no time has passed).
    CHECK(state.at("clocks").at("remaining_ms") == clocks_before);
    CHECK(state.at("clocks").at("remaining_ms").at(1) == 57000);

    // Seat 4's time started when seat 2 left, not at the last move 20 s before: 41 s later it
    // still plays, 61 s later it has lost on time.
    clock.advance(41s);
    second->recheck_timers();
    CHECK(join(*seats[0], code).at("state").at("seats").at(4).at("retired") == false);
    clock.advance(20s);
    second->recheck_timers();
    const auto flagged = seats[0]->wait_event(code, "player_retired").at("event");
    CHECK(flagged.at("seat") == 4);
    CHECK(flagged.at("reason") == "flag");
    CHECK(flagged.at("to_move") == 5);

    // Seat 5 resigns: seat 1 is the one left playing.
    REQUIRE(seats[5]->request({{"t", "resign"}, {"table", code}}).value("t", "") == "ok");
    const auto ended = seats[1]->wait_event(code, "game_ended").at("event");
    CHECK(ended.at("result").at("kind") == "ranked");
    CHECK(ended.at("result").at("reason") == "finished");
    CHECK(ended.at("result").at("places") == json::array({1, 3, 6, 2, 5, 4}));

    const auto stored = second->backend().game_store()->find_game(id);
    REQUIRE(stored);
    CHECK(places_of(stored->game) == std::vector<int>{1, 3, 6, 2, 5, 4});
    REQUIRE(stored->leaves.size() == 3);
    CHECK(stored->leaves[0].seat == 2);
    CHECK(stored->leaves[0].ply == 7);
    CHECK(stored->leaves[1].seat == 4);
    CHECK(stored->leaves[1].reason == "flag");
    CHECK(stored->leaves[2].seat == 5);
    CHECK(stored->leaves[2].reason == "resign");
    const auto record = second->get("/api/games/" + std::to_string(id) + ".pdn");
    REQUIRE(record.status == 200);
    CHECK(contains(record.body, "[Left \"3@7,5@7,6@7\"]"));
    CHECK(contains(record.body, "[Places \"1,3,6,2,5,4\"]"));
    CHECK(contains(record.body, "[Seat6 \"flo\"]"));
}

TEST_CASE_FIXTURE_ON_BACKENDS(SixOnDisk,
                              "a rated game of three among accounts changes every rating by its "
                              "places, pairwise") {
    auto server = start();
    Seats seats;
    json setup = private_setup("chinese-checkers-3", fischer_ms(60000, 0));
    setup["rated"] = true;
    const auto code = seat_players(*server, *this, 3, setup, seats);
    move(*seats[0], code, 0, "n2-m6");
    move(*seats[1], code, 1, "h1-i1");
    move(*seats[2], code, 2, "h10-i9");
    // Seat 0 resigns, seat 1 loses on time: seat 2 is first, seat 1 second, seat 0 third.
    REQUIRE(seats[0]->request({{"t", "resign"}, {"table", code}}).value("t", "") == "ok");
    clock.advance(61s);
    server->recheck_timers();
    const auto ended = seats[2]->wait_event(code, "game_ended").at("event");
    CHECK(ended.at("result").at("kind") == "ranked");
    CHECK(ended.at("result").at("reason") == "retired");
    CHECK(ended.at("result").at("places") == json::array({3, 2, 1}));

    // Every player's chinese-checkers-3 rating moved as update_after_placings says, from the
    // starting rating of all three.
    const std::vector<lobby::rating::Glicko> before(3, lobby::rating::lichess_default);
    const std::vector<int> places{3, 2, 1};
    const auto expected = lobby::rating::update_after_placings(before, places);
    REQUIRE(expected);
    auto ratings = server->backend().rating_store();
    for (std::size_t seat = 0; seat < 3; ++seat) {
        CAPTURE(seat);
        const auto user = accounts->ids[seats[seat]->player().value("name", "")];
        const auto rows = ratings->ratings_of(user);
        REQUIRE(rows.size() == 1);
        CHECK(rows[0].key.variant == "chinese-checkers-3");
        CHECK(rows[0].key.speed == "bullet");
        CHECK(rows[0].games == 1);
        CHECK(rows[0].rating == doctest::Approx(expected.value()[seat].rating));
        CHECK(rows[0].deviation == doctest::Approx(expected.value()[seat].deviation));
    }
    CHECK(expected.value()[2].rating > 1500);
    CHECK(expected.value()[0].rating < 1500);
}

TEST_CASE_FIXTURE_ON_BACKENDS(SixOnDisk,
                              "guests of a game of three take their seats back after a restart "
                              "with their tokens") {
    std::string code;
    std::vector<std::string> tokens(3);
    {
        auto first = start();
        Seats clients;
        for (int i = 0; i < 3; ++i)
            clients.push_back(std::make_unique<Client>(first->port()));
        code = create_table(*clients[0], private_setup("chinese-checkers-3"));
        join(*clients[1], code);
        join(*clients[2], code);
        Seats seats(3);
        for (auto& client : clients) {
            client->wait_event(code, "game_started");
            const auto seat = join(*client, code).at("you").get<std::size_t>();
            tokens[seat] = client->token();
            seats[seat] = std::move(client);
        }
        move(*seats[0], code, 0, "n2-m6");
        REQUIRE(seats[1]->request({{"t", "resign"}, {"table", code}}).value("t", "") == "ok");
        seats[0]->wait_event(code, "player_retired");
    }
    auto second = start();
    REQUIRE(second->restored() == 1);
    Seats seats;
    for (std::size_t seat = 0; seat < 3; ++seat) {
        seats.push_back(std::make_unique<Client>(second->port()));
        const auto welcome = seats[seat]->request({{"t", "identify"}, {"token", tokens[seat]}});
        REQUIRE(welcome.value("t", "") == "welcome");
        const auto state = join(*seats[seat], code);
        CHECK(state.at("you") == seat);
        CHECK(state.at("state").at("to_move") == 2);
    }
    // The guest at seat 2 (a seat beyond the first two) plays on; seat 1 stays out.
    move(*seats[2], code, 1, "h10-i9");
    const auto refused =
        seats[1]->request({{"t", "move"}, {"table", code}, {"ply", 2}, {"move", "h1-i1"}});
    CHECK(refused.value("code", "") == "not_your_turn");
    move(*seats[0], code, 2, "n3-m7");
}

namespace {

// A server whose writes pass `gate`.
PlayServerOptions gated(std::shared_ptr<MoveGate> gate) {
    PlayServerOptions options;
    options.move_gate = std::move(gate);
    return options;
}

// Three guests at a started casual table of Chinese checkers for three whose writes pass a gate
// the test holds or makes refuse; each seat has moved once, so the clocks run.
struct GatedThree {
    std::shared_ptr<MoveGate> gate = std::make_shared<MoveGate>();
    FreshServer fresh;
    Seats seats;
    std::string code;

    explicit GatedThree(std::unique_ptr<test_db::TestDatabase> database)
        : fresh(nullptr, nullptr, gated(gate), std::move(database)) {
        Seats clients;
        for (int i = 0; i < 3; ++i)
            clients.push_back(std::make_unique<Client>(fresh.server.port()));
        code = create_table(*clients[0], private_setup("chinese-checkers-3", fischer_ms(60000, 0)));
        join(*clients[1], code);
        join(*clients[2], code);
        seats.resize(3);
        for (auto& client : clients) {
            client->wait_event(code, "game_started");
            const auto seat = join(*client, code).at("you").get<std::size_t>();
            seats[seat] = std::move(client);
        }
        move(*seats[0], code, 0, "n2-m6");
        move(*seats[1], code, 1, "h1-i1");
        move(*seats[2], code, 2, "h10-i9");
    }
};

bool is_retired(const json& m) {
    return is_table_event(m, "player_retired");
}

// The answer to the request of id "r".
bool is_answer(const json& m) {
    return m.contains("id") && m.at("id") == "r";
}

} // namespace

TEST_CASE_FIXTURE_ON_BACKENDS(GatedThree,
                              "a resignation in a game of three goes out only once it is stored, "
                              "and its answer after it") {
    gate->hold();
    seats[0]->send_raw(R"({"t":"resign","id":"r","table":")" + code + R"("})");
    CHECK(seats[2]->none_within(is_retired, 200ms));
    CHECK(seats[0]->none_within(is_answer, 100ms));
    gate->release();
    CHECK(seats[2]->wait_event(code, "player_retired").at("event").at("seat") == 0);
    const auto answer = seats[0]->wait_for(is_answer);
    CHECK(answer.value("t", "") == "ok");
    // Stored: the game goes on, and the seat is out.
    const auto id = join(*seats[1], code).at("state").at("game_id").get<std::int64_t>();
    const auto stored = fresh.server.backend().game_store()->find_game(id);
    REQUIRE(stored);
    REQUIRE(stored->leaves.size() == 1);
    CHECK(stored->leaves[0].seat == 0);
    CHECK(stored->leaves[0].ply == 3);
    move(*seats[1], code, 3, "i1-i2");
}

TEST_CASE_FIXTURE_ON_BACKENDS(GatedThree,
                              "a leave storage never takes ends the game of three as aborted "
                              "(storage_failed), the leave shown") {
    gate->refuse(4);
    seats[0]->send_raw(R"({"t":"resign","id":"r","table":")" + code + R"("})");
    for (int second = 0; second < 10; ++second)
        fresh.pass_time(1s);
    CHECK(seats[2]->wait_event(code, "player_retired").at("event").at("seat") == 0);
    const auto ended = seats[2]->wait_event(code, "game_ended").at("event");
    CHECK(ended.at("result").at("kind") == "aborted");
    CHECK(ended.at("result").at("reason") == "storage_failed");
    const auto id = ended.at("game_id").get<std::int64_t>();
    const auto stored = fresh.server.backend().game_store()->find_game(id);
    REQUIRE(stored);
    CHECK(stored->game.termination == "storage_failed");
    CHECK(stored->leaves.empty());
    CHECK(fresh.server.backend().game_store()->load_unfinished_games().empty());
}
