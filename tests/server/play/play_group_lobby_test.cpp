// The lobby's entries for tables of more than two seats over the protocol (issue 14;
// docs/protocol.md 7.3, 7.8 and 7.9): a seek fills a table of three, a group challenge seats
// four, and a public table of four shows its open seats in the lobby list.
#include "tests/server/play/play_fixture.h"

#include <algorithm>
#include <set>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

const json five_minutes = fischer_ms(300000, 3000);

json seek_of(const std::string& variant, bool rated = false) {
    return {{"t", "seek"}, {"variant", variant}, {"time", five_minutes}, {"rated", rated}};
}

json challenge_of(const std::string& variant, const json& to) {
    return {{"t", "challenge"}, {"variant", variant}, {"time", five_minutes}, {"to", to}};
}

json group_answer(const std::string& type, std::int64_t challenge) {
    return {{"t", type}, {"challenge", challenge}, {"group", true}};
}

bool is_group_push(const json& message) {
    const auto type = message.value("t", "");
    return type == "group_challenge" || type == "group_matched";
}

std::vector<std::string> player_ids(const json& players) {
    std::vector<std::string> ids;
    for (const auto& player : players)
        ids.push_back(player.at("id"));
    return ids;
}

// Each of `clients` is told of the same table, then gets its state with `you` its seat in
// `players`; returns the clients by seat.
std::vector<Client*> by_seat(const std::vector<Client*>& clients, const std::string& code,
                             const std::vector<std::string>& players) {
    std::vector<Client*> seated(players.size(), nullptr);
    for (Client* client : clients) {
        const auto state = client->wait_push("table");
        CHECK(state.at("state").at("code") == code);
        CHECK(state.at("state").at("status") == "playing");
        const auto seat = std::find(players.begin(), players.end(), client->id()) - players.begin();
        REQUIRE(seat < static_cast<std::ptrdiff_t>(players.size()));
        CHECK(state.at("you") == seat);
        seated[static_cast<std::size_t>(seat)] = client;
    }
    return seated;
}

} // namespace

TEST_CASE("three seekers of chinese-checkers-3 are seated at one started table by seat") {
    FreshServer s;
    Client a(s.server.port());
    Client b(s.server.port());
    Client c(s.server.port());
    Client guest(s.server.port());
    // Rated seats are for accounts.
    const auto rated = guest.request(seek_of("chinese-checkers-3", true));
    CHECK(rated.value("code", "") == "not_allowed");

    CHECK(a.request(seek_of("chinese-checkers-3")).at("matched") == false);
    CHECK(b.request(seek_of("chinese-checkers-3")).at("matched") == false);
    CHECK(a.none_within(is_group_push));
    CHECK(c.request(seek_of("chinese-checkers-3")).at("matched") == true);

    const auto matched = a.wait_push("group_matched");
    const std::string code = matched.at("code");
    const auto players = player_ids(matched.at("players"));
    CHECK(std::set<std::string>(players.begin(), players.end()) ==
          std::set<std::string>{a.id(), b.id(), c.id()});
    CHECK(matched.at("setup").at("variant") == "chinese-checkers-3");
    CHECK(matched.at("setup").at("rated") == false);
    for (Client* other : {&b, &c}) {
        const auto theirs = other->wait_push("group_matched");
        CHECK(theirs.at("code") == code);
        CHECK(player_ids(theirs.at("players")) == players);
    }
    const auto seated = by_seat({&a, &b, &c}, code, players);
    const auto started = a.wait_event(code, "game_started").at("event");
    CHECK(player_ids(started.at("players")) == players);
    CHECK(started.at("clocks").at("to_move") == 0);

    // Seat 0 moves first; everyone sees it, and seat 1 is next.
    const std::string first = started.at("legal_moves").at(0).at("move");
    move(*seated[0], code, 0, first);
    const auto played = seated[2]->wait_move(code, 0).at("event");
    CHECK(played.at("by") == 0);
    CHECK(played.at("to_move") == 1);

    // A fourth seeker waits alone, and takes the seek back.
    CHECK(guest.request(seek_of("chinese-checkers-3")).at("matched") == false);
    CHECK(guest.none_within(is_group_push));
    CHECK(guest.request({{"t", "cancel_seek"}}).at("cancelled") == true);
    CHECK(guest.request({{"t", "cancel_seek"}}).at("cancelled") == false);
}

TEST_CASE("a group challenge to three players seats four once all accept, a decline ends it") {
    FreshServer s;
    Client a(s.server.port());
    Client b(s.server.port());
    Client c(s.server.port());
    Client d(s.server.port());
    const std::vector<Client*> everyone{&a, &b, &c, &d};
    const json invitees = json::array({b.id(), c.id(), d.id()});

    const auto sent = a.request(challenge_of("halma-4", invitees));
    REQUIRE_MESSAGE(sent.value("t", "") == "challenge_sent", sent.dump());
    CHECK(sent.at("group") == true);
    const std::int64_t id = sent.at("challenge");
    for (Client* client : everyone) {
        const auto issued = client->wait_push("group_challenge");
        CHECK(issued.at("change") == "issued");
        CHECK(issued.at("by") == a.id());
        CHECK(issued.at("challenge").at("id") == id);
        CHECK(issued.at("challenge").at("from").at("id") == a.id());
        CHECK(issued.at("challenge").at("to") == invitees);
        CHECK(issued.at("challenge").at("to_names") == invitees); // a guest's id is its name
        CHECK(issued.at("challenge").at("accepted") == json::array());
        CHECK(issued.at("challenge").at("setup").at("variant") == "halma-4");
    }

    // Without "group" the id names a challenge of two, which does not exist.
    CHECK(b.request({{"t", "accept_challenge"}, {"challenge", id}}).value("code", "") ==
          "no_such_challenge");
    CHECK(b.request(group_answer("accept_challenge", id)).value("t", "") == "ok");
    for (Client* client : everyone) {
        const auto accepted = client->wait_push("group_challenge");
        CHECK(accepted.at("change") == "accepted");
        CHECK(accepted.at("by") == b.id());
        CHECK(accepted.at("challenge").at("accepted") == json::array({b.id()}));
    }
    CHECK(b.request(group_answer("accept_challenge", id)).value("code", "") == "not_allowed");
    CHECK(a.request(group_answer("accept_challenge", id)).value("code", "") ==
          "not_your_challenge");
    CHECK(c.request(group_answer("accept_challenge", id)).value("t", "") == "ok");
    CHECK(d.request(group_answer("accept_challenge", id)).value("t", "") == "ok");

    std::string code;
    std::vector<std::string> players;
    for (Client* client : everyone) {
        CHECK(client->wait_push("group_challenge").at("change") == "accepted"); // c's
        const auto matched = client->wait_push("group_challenge");
        CHECK(matched.at("change") == "matched");
        CHECK(matched.at("by") == d.id());
        if (code.empty()) {
            code = matched.at("code");
            players = player_ids(matched.at("players"));
        }
        CHECK(matched.at("code") == code);
        CHECK(player_ids(matched.at("players")) == players);
    }
    CHECK(std::set<std::string>(players.begin(), players.end()) ==
          std::set<std::string>{a.id(), b.id(), c.id(), d.id()});
    const auto seated = by_seat(everyone, code, players);
    const auto started = seated[3]->wait_event(code, "game_started").at("event");
    CHECK(player_ids(started.at("players")) == players);
    const std::string first = started.at("legal_moves").at(0).at("move");
    move(*seated[0], code, 0, first);
    CHECK(seated[1]->wait_move(code, 0).at("event").at("to_move") == 1);

    // The next one: c declines after b accepted, and it is off for everyone.
    const std::int64_t next = a.request(challenge_of("halma-4", invitees)).at("challenge");
    CHECK(next != id);
    CHECK(b.request(group_answer("accept_challenge", next)).value("t", "") == "ok");
    json decline = group_answer("decline_challenge", next);
    decline["reason"] = "later";
    CHECK(c.request(decline).value("t", "") == "ok");
    for (Client* client : everyone) {
        const auto declined = client->wait_for([](const json& m) {
            return m.value("t", "") == "group_challenge" && m.value("change", "") == "declined";
        });
        CHECK(declined.at("by") == c.id());
        CHECK(declined.at("reason") == "later");
        CHECK(declined.at("challenge").at("id") == next);
    }
    CHECK(d.request(group_answer("accept_challenge", next)).value("code", "") ==
          "no_such_challenge");

    // The challenger withdraws a third one.
    const std::int64_t third = a.request(challenge_of("halma-4", invitees)).at("challenge");
    CHECK(b.request(group_answer("cancel_challenge", third)).value("code", "") ==
          "not_your_challenge");
    CHECK(a.request(group_answer("cancel_challenge", third)).value("t", "") == "ok");
    const auto cancelled = d.wait_for([](const json& m) {
        return m.value("t", "") == "group_challenge" && m.value("change", "") == "cancelled";
    });
    CHECK(cancelled.at("by") == a.id());
    CHECK(cancelled.at("challenge").at("id") == third);
}

TEST_CASE("a group challenge that names the wrong players or the wrong number changes nothing") {
    FreshServer s;
    Client a(s.server.port());
    Client b(s.server.port());
    Client c(s.server.port());
    Client d(s.server.port());
    const auto refused = [&](const json& request) {
        const auto reply = a.request(request);
        REQUIRE_MESSAGE(reply.value("t", "") == "error", reply.dump());
        return std::pair<std::string, std::string>{reply.value("code", ""),
                                                   reply.value("message", "")};
    };
    using Refusal = std::pair<std::string, std::string>;
    CHECK(refused(challenge_of("halma-4", {b.id(), "guest-ZZZZZZ", d.id()})) ==
          Refusal{"no_such_player", "no player is called guest-ZZZZZZ"});
    CHECK(refused(challenge_of("halma-4", {b.id(), c.id()})) ==
          Refusal{"bad_setup", "halma-4 seats 4: invite 3 players, not 2"});
    CHECK(refused(challenge_of("chinese-checkers-6", {b.id(), c.id(), d.id()})) ==
          Refusal{"bad_setup", "chinese-checkers-6 seats 6: invite 5 players, not 3"});
    CHECK(refused(challenge_of("chess", {b.id()})) ==
          Refusal{"bad_setup", "chess is a game for two: \"to\" is the one player you challenge"});
    CHECK(refused(challenge_of("chinese-checkers-4", b.id())) ==
          Refusal{"bad_setup",
                  "chinese-checkers-4 seats 4: \"to\" must be an array of the 3 players you "
                  "invite"});
    CHECK(refused(challenge_of("halma-4", {b.id(), a.id(), d.id()})) ==
          Refusal{"not_allowed", "you cannot challenge yourself"});
    CHECK(refused(challenge_of("halma-4", {b.id(), c.id(), b.id()})) ==
          Refusal{"not_allowed", b.id() + " is invited twice"});
    auto rated = challenge_of("halma-4", {b.id(), c.id(), d.id()});
    rated["rated"] = true;
    CHECK(refused(rated).first == "not_allowed");
    CHECK(refused(challenge_of("halma-4", json::array())).first == "bad_message");
    CHECK(refused(group_answer("accept_challenge", 1)) ==
          Refusal{"no_such_challenge", "this challenge is gone or has expired"});
    CHECK(refused(group_answer("counter_challenge", 1)).first == "bad_message");
    for (Client* client : {&a, &b, &c, &d})
        CHECK(client->none_within(is_group_push, std::chrono::milliseconds(100)));
}

TEST_CASE("a public table of four is listed with its open seats as they are taken") {
    FreshServer s;
    Client watcher(s.server.port());
    Client host(s.server.port());
    Client second(s.server.port());
    Client third(s.server.port());
    Client fourth(s.server.port());
    REQUIRE(watcher.request({{"t", "lobby_subscribe"}}).at("tables") == json::array());
    const auto open_seats = [](const json& table) {
        return std::count(table.at("seats").begin(), table.at("seats").end(), json(nullptr));
    };
    // The pushed line of the table once it shows `open` open seats.
    std::string code;
    const auto listed_with = [&](std::ptrdiff_t open) {
        const auto push = watcher.wait_for([&](const json& m) {
            if (m.value("t", "") != "lobby_changes")
                return false;
            for (const auto& table : m.at("tables"))
                if (table.at("code") == code && open_seats(table) == open)
                    return true;
            return false;
        });
        for (const auto& table : push.at("tables"))
            if (table.at("code") == code)
                return table;
        return json();
    };

    auto setup = private_setup("chinese-checkers-4", five_minutes);
    setup["private"] = false;
    code = create_table(host, setup);
    const auto created = listed_with(3);
    CHECK(created.at("code") == code);
    CHECK(created.at("seats").size() == 4);
    CHECK(created.at("seats").at(0).at("id") == host.id());
    CHECK(open_seats(created) == 3);

    join(second, code);
    const auto taken = listed_with(2);
    CHECK(taken.at("seats").at(1).at("id") == second.id());
    const auto listed = watcher.request({{"t", "lobby_subscribe"}}).at("tables");
    REQUIRE(listed.size() == 1);
    CHECK(listed.at(0).at("status") == "waiting");
    CHECK(open_seats(listed.at(0)) == 2);

    // The one who leaves frees the seat for someone else.
    REQUIRE(second.request({{"t", "leave"}, {"table", code}}).value("t", "") == "ok");
    CHECK(open_seats(listed_with(3)) == 3);
    join(second, code);
    join(third, code);
    join(fourth, code);
    // Started: off the open list, among the games in play (a count pushed, a page asked).
    watcher.wait_for([&](const json& m) {
        return m.value("t", "") == "lobby_changes" && m.at("gone").size() == 1 &&
               m.at("gone").at(0) == code && m.value("playing", 0) == 1;
    });
    const auto playing = watcher.request({{"t", "lobby_page"}, {"list", "playing"}});
    REQUIRE(playing.at("tables").size() == 1);
    const auto started = playing.at("tables").at(0);
    CHECK(open_seats(started) == 0);
    CHECK(started.at("status") == "playing");

    // A table against the computer starts at once: the computer takes every other seat.
    auto against_computer = private_setup("chinese-checkers-4", five_minutes);
    against_computer["t"] = "create_table";
    against_computer["opponent"] = "computer";
    against_computer["level"] = "easy";
    const auto computer = watcher.request(against_computer);
    REQUIRE(computer.value("t", "") == "table_created");
    CHECK(computer.at("state").at("status") == "playing");
    CHECK(computer.at("computers").size() == 3);
}

TEST_CASE(
    "a player who connects again finds its open challenges, of two and group, in the welcome") {
    FreshServer s;
    Client a(s.server.port());
    Client b(s.server.port());
    Client c(s.server.port());
    const auto two = challenge(a, b, {{"variant", "chess"}, {"time", five_minutes}});
    const auto group = a.request(challenge_of("chinese-checkers-3", json::array({b.id(), c.id()})));
    REQUIRE(group.value("t", "") == "challenge_sent");

    Client again(s.server.port());
    const auto welcome = again.request({{"t", "identify"}, {"token", b.token()}});
    REQUIRE(welcome.value("t", "") == "welcome");
    CHECK(welcome.at("player").at("id") == b.id());
    const auto& open = welcome.at("challenges");
    REQUIRE(open.size() == 2);
    CHECK(open.at(0).at("id") == two.id);
    CHECK(open.at(0).at("to") == b.id());
    CHECK_FALSE(open.at(0).contains("group"));
    CHECK(open.at(1).at("id") == group.at("challenge"));
    CHECK(open.at(1).at("group") == true);
    CHECK(open.at(1).at("to") == json::array({b.id(), c.id()}));
}

TEST_CASE("accounts are invited by their names and seek rated seats at a table of three") {
    test::TempDir dir;
    const auto db = dir.path() / "play.db";
    const auto accounts = create_accounts(db, {"ann", "bob", "cat", "dan"});
    TestClock clock;
    PlayServer server(db, clock, accounts);
    Client ann(server.port(), "user=ann");
    Client bob(server.port(), "user=bob");
    Client cat(server.port(), "user=cat");
    Client dan(server.port(), "user=dan");

    auto rated = challenge_of("chinese-checkers-4", json::array({"bob", "cat", "Dan"}));
    rated["rated"] = true;
    const auto other_case = ann.request(rated);
    CHECK(other_case.value("code", "") == "no_such_player");
    CHECK(other_case.value("message", "") ==
          "no player is called Dan (names are exact: did you mean dan?)");
    rated["to"] = json::array({"bob", "cat", "dan"});
    const std::int64_t id = ann.request(rated).at("challenge");
    const auto issued = dan.wait_push("group_challenge").at("challenge");
    CHECK(issued.at("to") == json::array({bob.id(), cat.id(), dan.id()}));
    CHECK(issued.at("to_names") == json::array({"bob", "cat", "dan"}));
    CHECK(issued.at("setup").at("rated") == true);
    CHECK(bob.request(group_answer("decline_challenge", id)).value("t", "") == "ok");
    CHECK(dan.wait_push("group_challenge").at("change") == "declined");

    for (Client* seeker : {&bob, &cat})
        CHECK(seeker->request(seek_of("chinese-checkers-3", true)).at("matched") == false);
    CHECK(dan.request(seek_of("chinese-checkers-3", true)).at("matched") == true);
    const auto matched = bob.wait_push("group_matched");
    CHECK(matched.at("setup").at("rated") == true);
    const auto players = player_ids(matched.at("players"));
    CHECK(std::set<std::string>(players.begin(), players.end()) ==
          std::set<std::string>{bob.id(), cat.id(), dan.id()});
    for (const auto& player : matched.at("players"))
        CHECK(player.at("registered") == true);
    const auto seated = by_seat({&bob, &cat, &dan}, matched.at("code"), players);
    CHECK(seated[0]
              ->wait_event(matched.at("code"), "game_started")
              .at("event")
              .at("players")
              .size() == 3);
}

TEST_CASE("an unanswered group challenge expires for everyone after five minutes") {
    FreshServer s;
    Client a(s.server.port());
    Client b(s.server.port());
    Client c(s.server.port());
    const std::int64_t id =
        a.request(challenge_of("chinese-checkers-3", json::array({b.id(), c.id()})))
            .at("challenge");
    CHECK(b.request(group_answer("accept_challenge", id)).value("t", "") == "ok");
    s.pass_time(std::chrono::minutes(5) + std::chrono::seconds(1));
    for (Client* client : {&a, &b, &c}) {
        const auto expired = client->wait_for([](const json& m) {
            return m.value("t", "") == "group_challenge" && m.value("change", "") == "expired";
        });
        CHECK(expired.at("challenge").at("id") == id);
        CHECK_FALSE(expired.contains("by"));
    }
    CHECK(c.request(group_answer("accept_challenge", id)).value("code", "") == "no_such_challenge");
}
