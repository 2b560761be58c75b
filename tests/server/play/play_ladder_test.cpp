// Ladder games (issue 6) over the real protocol: a challenge accepted over HTTP becomes a rated
// table both accounts sit at; its result goes back to the ladder (server/play/ladder_games.h).
#include "tests/server/play/play_fixture.h"

#include <algorithm>
#include <thread>
#include <tuple>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

PlayServerOptions ladder_options() {
    PlayServerOptions options;
    options.accounts_service = true;
    return options;
}

json body_of(const test::HttpReply& reply) {
    return json::parse(reply.body, nullptr, false);
}

std::vector<std::string> standings(PlayServer& s, std::int64_t ladder) {
    std::vector<std::string> names;
    const auto body = body_of(s.get("/api/ladders/" + std::to_string(ladder)));
    for (const auto& rung : body.at("ladder").at("standings"))
        names.push_back(rung.at("name").get<std::string>());
    return names;
}

// The ladder's live challenges (open or accepted); a decided one is no longer listed.
json live_challenges(PlayServer& s, std::int64_t ladder) {
    return body_of(s.get("/api/ladders/" + std::to_string(ladder))).at("ladder").at("challenges");
}

// Waits (bounded) until the ladder has no live challenge: the result was reported.
bool settled(PlayServer& s, std::int64_t ladder) {
    for (int i = 0; i < 100; ++i) {
        if (live_challenges(s, ladder).empty())
            return true;
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

std::int64_t challenge(PlayServer& s, std::int64_t ladder, const std::string& opponent,
                       const std::string& cookie) {
    const auto reply = s.post("/api/ladders/" + std::to_string(ladder) + "/challenge",
                              {{"opponent", opponent}}, cookie);
    REQUIRE_MESSAGE(reply.status == 201, reply.body);
    return body_of(reply).at("challenge").at("id").get<std::int64_t>();
}

void accept(PlayServer& s, std::int64_t ladder, std::int64_t id, const std::string& cookie) {
    const auto reply = s.post("/api/ladders/" + std::to_string(ladder) + "/challenges/" +
                                  std::to_string(id) + "/accept",
                              json::object(), cookie);
    REQUIRE_MESSAGE(reply.status == 200, reply.body);
}

// Plays a quick mate at `code` so that `winner` wins: scholar's mate when the winner is White,
// fool's mate when Black.
void mate(Client& winner, Client& loser, const std::string& code, bool winner_white) {
    if (winner_white) {
        const std::vector<std::string> moves = {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"};
        for (std::size_t i = 0; i < moves.size(); ++i)
            move(i % 2 == 0 ? winner : loser, code, static_cast<int>(i), moves[i]);
    } else {
        const std::vector<std::string> moves = {"f3", "e5", "g4", "Qh4#"};
        for (std::size_t i = 0; i < moves.size(); ++i)
            move(i % 2 == 0 ? loser : winner, code, static_cast<int>(i), moves[i]);
    }
    const auto end = winner.wait_event(code, "game_ended");
    CHECK(end["event"]["result"]["reason"] == "checkmate");
}

// Registers `players` (the first is the organiser, who creates the chess ladder `ladder`
// describes; the others join it in order), keeps their cookies by name, and gives the
// ladder's id.
std::int64_t open_ladder(PlayServer& s, std::map<std::string, std::string>& cookie,
                         const std::vector<std::string>& players, const json& ladder) {
    for (const auto& name : players)
        cookie[name] = s.register_user(name);
    const auto created = s.post("/api/ladders", ladder, cookie[players.front()]);
    REQUIRE_MESSAGE(created.status == 201, created.body);
    const auto id = body_of(created).at("ladder").at("id").get<std::int64_t>();
    for (std::size_t i = 1; i < players.size(); ++i)
        REQUIRE(s.post("/api/ladders/" + std::to_string(id) + "/join", json::object(),
                       cookie[players[i]])
                    .status == 200);
    return id;
}

json club_blitz() {
    return {{"name", "Club blitz"},
            {"variant", "chess"},
            {"base_seconds", 300},
            {"increment_seconds", 3}};
}

} // namespace

TEST_CASE_TEMPLATE(
    "an accepted ladder challenge is played at a rated table, only the challenger's win "
    "moves the rungs",
    Db, STORAGE_BACKENDS) {
    Db database;
    TestClock clock;
    PlayServer s(database.location(), clock, nullptr, nullptr, ladder_options());
    std::map<std::string, std::string> cookie;
    const auto ladder = open_ladder(s, cookie, {"Org", "Ann", "Ben", "Cal"}, club_blitz());
    REQUIRE(standings(s, ladder) == std::vector<std::string>{"Ann", "Ben", "Cal"});

    // Cal (rung 3) challenges Ben (rung 2); Cal is connected, Ben is not when Ben accepts.
    Client cal(s.port(), cookie["Cal"]);
    REQUIRE(cal.player()["name"] == "Cal");
    const auto first = challenge(s, ladder, "Ben", cookie["Cal"]);
    accept(s, ladder, first, cookie["Ben"]);
    const auto notice = cal.wait_push("ladder_game");
    // The notice comes first, then the state; the table's events only after them (§7.13).
    CHECK(cal.kept().empty());
    CHECK(notice.value("challenge", 0) == first);
    CHECK(notice.value("challenger", "") == "Cal");
    CHECK(notice.value("challenged", "") == "Ben");
    const std::string code = notice.at("table").get<std::string>();
    const auto state = cal.wait_for([&](const json& m) {
        return m.value("t", "") == "table" && m.at("state").value("code", "") == code;
    });
    CHECK(cal.kept().empty()); // nothing between the notice and the state
    CHECK(state.at("state").at("status") == "playing");
    const auto started = cal.wait_event(code, "game_started");
    CHECK(started.value("version", 0) <= state.at("state").value("version", 0));
    CHECK(state.at("state").at("setup").at("rated") == true);
    CHECK(state.at("state").at("setup").at("private") == true);
    const bool cal_white = state.at("you") == 0;

    // Ben connects later and finds the table in the welcome's list, and sits at it.
    Client ben(s.port(), cookie["Ben"]);
    // The welcome was read by the Client; ask again through a second connection's welcome.
    test::WsTestClient raw(test::WsOptions(s.port()).cookie_header(cookie["Ben"]));
    REQUIRE(raw.read_json().value("t", "") == "hello");
    const auto welcome = raw.read_json();
    REQUIRE(welcome.value("t", "") == "welcome");
    CHECK(welcome.at("tables") == json::array({code}));
    const auto seat = join(ben, code);
    CHECK(seat.at("you") == (cal_white ? 1 : 0));

    // A ladder game cannot be aborted nor claimed against an absent player before both moved.
    const auto aborted = cal.request({{"t", "abort"}, {"table", code}});
    CHECK(aborted.value("code", "") == "not_allowed");

    // The challenger wins: Cal takes Ben's rung.
    mate(cal, ben, code, cal_white);
    REQUIRE(settled(s, ladder));
    CHECK(standings(s, ladder) == std::vector<std::string>{"Ann", "Cal", "Ben"});
    const auto rematch = cal.request({{"t", "offer_rematch"}, {"table", code}});
    CHECK(rematch.value("code", "") == "not_allowed");

    // The game was stored as rated between the two accounts and attached to the challenge.
    const auto cal_id = s.backend().user_store()->find_user_by_name("Cal")->id;
    const auto games = s.backend().game_store()->history(cal_id, storage::HistoryQuery{});
    REQUIRE(games.size() == 1);
    CHECK(games[0].rated);
    CHECK(games[0].seats[0].user_id.has_value());
    CHECK(games[0].seats[1].user_id.has_value());
    const auto rows = s.backend().ladder_store()->challenges_of(ladder, cal_id);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].game_id == games[0].id);
    CHECK(rows[0].status == "challenger_won");

    // Ben (now rung 3) challenges Cal and loses: nobody moves.
    const auto second = challenge(s, ladder, "Cal", cookie["Ben"]);
    accept(s, ladder, second, cookie["Cal"]);
    const auto again = ben.wait_push("ladder_game");
    const std::string code2 = again.at("table").get<std::string>();
    CHECK(code2 != code);
    const auto state2 = ben.wait_for([&](const json& m) {
        return m.value("t", "") == "table" && m.at("state").value("code", "") == code2;
    });
    const bool ben_white = state2.at("you") == 0;
    cal.wait_for([&](const json& m) {
        return m.value("t", "") == "table" && m.at("state").value("code", "") == code2;
    });
    mate(cal, ben, code2, !ben_white);
    REQUIRE(settled(s, ladder));
    CHECK(standings(s, ladder) == std::vector<std::string>{"Ann", "Cal", "Ben"});
}

TEST_CASE_TEMPLATE("a ladder player who does not make the first move within the window loses the "
                   "challenge",
                   Db, STORAGE_BACKENDS) {
    Db database;
    TestClock clock;
    PlayServer s(database.location(), clock, nullptr, nullptr, ladder_options());
    std::map<std::string, std::string> cookie;
    const auto ladder = open_ladder(
        s, cookie, {"Org", "Ann", "Ben"},
        {{"name", "Rapid"}, {"variant", "chess"}, {"base_seconds", 600}, {"increment_seconds", 0}});

    // Ben challenges Ann; only Ben comes to the table. If Ben is White he moves first.
    Client ben(s.port(), cookie["Ben"]);
    const auto id = challenge(s, ladder, "Ann", cookie["Ben"]);
    accept(s, ladder, id, cookie["Ann"]);
    const std::string code = ben.wait_push("ladder_game").at("table").get<std::string>();
    const auto state = ben.wait_for([&](const json& m) {
        return m.value("t", "") == "table" && m.at("state").value("code", "") == code;
    });
    if (state.at("you") == 0)
        move(ben, code, 0, "e4");
    // Ann's seat is marked absent, yet an abandonment claim waits for both first moves.
    const auto claim = ben.request({{"t", "claim_win"}, {"table", code}});
    CHECK(claim.value("code", "") == "not_allowed");

    // 30 s (the real-time window) is not enough to lose a ladder game; 24 hours is.
    clock.advance(1min);
    s.recheck_timers();
    CHECK(live_challenges(s, ladder).size() == 1);
    clock.advance(24h);
    s.recheck_timers();
    const auto end = ben.wait_event(code, "game_ended");
    CHECK(end["event"]["result"]["reason"] == "first-move-timeout");
    REQUIRE(settled(s, ladder));
    CHECK(standings(s, ladder) == std::vector<std::string>{"Ben", "Ann"});
}

namespace {

// Plays plies [from, to) of `moves` at `code`, White's moves by `white`.
void play_plies(Client& white, Client& black, const std::string& code,
                const std::vector<std::string>& moves, std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i)
        move(i % 2 == 0 ? white : black, code, static_cast<int>(i), moves[i]);
}

const std::vector<std::string> scholars_mate = {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"};
const std::vector<std::string> fools_mate = {"f3", "e5", "g4", "Qh4#"};

// Starts `challenger`'s ladder game against `challenged` (both connected) and returns its code
// and whether the challenger plays White.
std::pair<std::string, bool> start_ladder_game(PlayServer& s, std::int64_t ladder,
                                               Client& challenger, Client& challenged,
                                               std::map<std::string, std::string>& cookie) {
    // The ladder's HTTP API and the cookies go by the accounts' names, not the players' ids.
    const auto name = [](const Client& c) { return c.player().at("name").get<std::string>(); };
    const auto id = challenge(s, ladder, name(challenged), cookie[name(challenger)]);
    accept(s, ladder, id, cookie[name(challenged)]);
    const std::string code = challenger.wait_push("ladder_game").at("table").get<std::string>();
    const auto state = challenger.wait_for([&](const json& m) {
        return m.value("t", "") == "table" && m.at("state").value("code", "") == code;
    });
    challenged.wait_for([&](const json& m) {
        return m.value("t", "") == "table" && m.at("state").value("code", "") == code;
    });
    return {code, state.at("you") == 0};
}

} // namespace

TEST_CASE_TEMPLATE(
    "a ladder game interrupted by a restart still decides its challenge: a challenger's "
    "win moves the rungs, a loss moves nothing",
    Db, STORAGE_BACKENDS) {
    Db database;
    const auto db = database.location();
    TestClock clock;
    std::map<std::string, std::string> cookie;
    std::int64_t ladder = 0;
    std::string code;
    bool cal_white = false;
    {
        PlayServer s(db, clock, nullptr, nullptr, ladder_options());
        ladder = open_ladder(s, cookie, {"Org", "Ann", "Ben", "Cal"}, club_blitz());
        Client cal(s.port(), cookie["Cal"]);
        Client ben(s.port(), cookie["Ben"]);
        std::tie(code, cal_white) = start_ladder_game(s, ladder, cal, ben, cookie);
        // Two moves each, then the server goes away mid-game.
        const auto& moves = cal_white ? scholars_mate : fools_mate;
        play_plies(cal_white ? cal : ben, cal_white ? ben : cal, code, moves, 0, 2);
    }
    clock.advance(3s);
    {
        PlayServer s(db, clock, nullptr, nullptr, ladder_options());
        REQUIRE(s.restored() == 1);
        CHECK(live_challenges(s, ladder).size() == 1);
        Client cal(s.port(), cookie["Cal"]);
        Client ben(s.port(), cookie["Ben"]);
        for (Client* player : {&cal, &ben})
            REQUIRE(
                player->request({{"t", "resync"}, {"table", code}, {"since", 0}}).value("t", "") ==
                "table");
        // Still a ladder game: no abort.
        CHECK(cal.request({{"t", "abort"}, {"table", code}}).value("code", "") == "not_allowed");
        // The challenger (Cal, rung 3) wins against Ben (rung 2): Cal takes Ben's rung.
        const auto& moves = cal_white ? scholars_mate : fools_mate;
        play_plies(cal_white ? cal : ben, cal_white ? ben : cal, code, moves, 2, moves.size());
        CHECK(cal.wait_event(code, "game_ended")["event"]["result"]["reason"] == "checkmate");
        REQUIRE(settled(s, ladder));
        CHECK(standings(s, ladder) == std::vector<std::string>{"Ann", "Cal", "Ben"});
        const auto cal_id = s.backend().user_store()->find_user_by_name("Cal")->id;
        const auto rows = s.backend().ladder_store()->challenges_of(ladder, cal_id);
        REQUIRE(rows.size() == 1);
        CHECK(rows[0].status == "challenger_won");

        // Ben (now rung 3) challenges Cal; the game is interrupted again.
        std::tie(code, cal_white) = start_ladder_game(s, ladder, ben, cal, cookie);
        cal_white = !cal_white; // start_ladder_game answered for the challenger, Ben
        // Cal wins: fool's mate when Cal is Black, scholar's mate when White.
        const auto& next = cal_white ? scholars_mate : fools_mate;
        play_plies(cal_white ? cal : ben, cal_white ? ben : cal, code, next, 0, 2);
    }
    clock.advance(3s);
    PlayServer s(db, clock, nullptr, nullptr, ladder_options());
    REQUIRE(s.restored() == 1);
    Client cal(s.port(), cookie["Cal"]);
    Client ben(s.port(), cookie["Ben"]);
    for (Client* player : {&cal, &ben})
        REQUIRE(player->request({{"t", "resync"}, {"table", code}, {"since", 0}}).value("t", "") ==
                "table");
    const auto& next = cal_white ? scholars_mate : fools_mate;
    play_plies(cal_white ? cal : ben, cal_white ? ben : cal, code, next, 2, next.size());
    CHECK(ben.wait_event(code, "game_ended")["event"]["result"]["reason"] == "checkmate");
    REQUIRE(settled(s, ladder));
    // The challenger lost: nobody moves.
    CHECK(standings(s, ladder) == std::vector<std::string>{"Ann", "Cal", "Ben"});
    const auto ben_id = s.backend().user_store()->find_user_by_name("Ben")->id;
    const auto rows = s.backend().ladder_store()->challenges_of(ladder, ben_id);
    REQUIRE(rows.size() == 2);
    CHECK(std::count_if(rows.begin(), rows.end(),
                        [](const auto& row) { return row.status == "challenger_lost"; }) == 1);
}

TEST_CASE_TEMPLATE(
    "a ladder game the server cannot store is aborted and cancels its challenge, which "
    "the challenger may make again",
    Db, STORAGE_BACKENDS) {
    Db database;
    TestClock clock;
    auto options = ladder_options();
    options.move_gate = std::make_shared<MoveGate>();
    const auto gate = options.move_gate;
    PlayServer s(database.location(), clock, nullptr, nullptr, options);
    std::map<std::string, std::string> cookie;
    const auto ladder = open_ladder(s, cookie, {"Org", "Ann", "Ben"}, club_blitz());

    // Ben (rung 2) challenges Ann (rung 1), who accepts.
    Client ben(s.port(), cookie["Ben"]);
    Client ann(s.port(), cookie["Ann"]);
    const auto [code, ben_white] = start_ladder_game(s, ladder, ben, ann, cookie);
    Client& white = ben_white ? ben : ann;
    Client& black = ben_white ? ann : ben;
    move(white, code, 0, "e4");

    // Black's move is refused by every attempt (1 s, 2 s, 4 s apart): withdrawn, game aborted.
    gate->refuse(4);
    black.send_raw(
        json{{"t", "move"}, {"id", "e5"}, {"table", code}, {"ply", 1}, {"move", "e5"}}.dump());
    for (int second = 0; second < 10; ++second) {
        clock.advance(1s);
        s.recheck_timers();
    }
    const auto refused =
        black.wait_for([](const json& m) { return m.contains("id") && m.at("id") == "e5"; });
    CHECK(refused.value("code", "") == "storage_failed");
    const auto ended = white.wait_event(code, "game_ended");
    CHECK(ended["event"]["result"]["reason"] == "storage_failed");

    // The challenge decided nothing: cancelled, nobody moved, and Ben may challenge again.
    REQUIRE(settled(s, ladder));
    CHECK(standings(s, ladder) == std::vector<std::string>{"Ann", "Ben"});
    const auto ben_id = s.backend().user_store()->find_user_by_name("Ben")->id;
    const auto rows = s.backend().ladder_store()->challenges_of(ladder, ben_id);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].status == "cancelled");
    challenge(s, ladder, "Ann", cookie["Ben"]);
}
