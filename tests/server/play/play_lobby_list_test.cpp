// The lobby's public list at the size of a site over the protocol (server/play/lobby_feed.h,
// docs/protocol.md §7.3): the first page capped with a total and a cursor, filters, the changes
// batched per push interval and sent only where a filter matches them, lobby_subscribe
// rate-limited, open tables bounded per address, and a gone host's table unlisted in seconds.
#include "tests/server/play/play_fixture.h"

#include <set>
#include <string>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

json public_setup(const std::string& variant) {
    return {{"variant", variant}, {"time", fischer_ms(300'000, 3'000)}, {"private", false}};
}

json create_public(const std::string& variant) {
    auto request = public_setup(variant);
    request["t"] = "create_table";
    return request;
}

bool is_lobby_changes(const json& m) {
    return m.value("t", "") == "lobby_changes";
}

// Reads lobby_changes pushes at `watcher` until every code of `codes` has been listed.
void wait_listed(Client& watcher, const std::set<std::string>& codes) {
    std::set<std::string> seen;
    while (seen != codes) {
        const auto push = watcher.wait_for(is_lobby_changes);
        for (const auto& table : push.at("tables"))
            if (codes.contains(table.at("code").get<std::string>()))
                seen.insert(table.at("code").get<std::string>());
    }
}

// Asks open pages at `client` until the list holds `total` tables (the tables report to the
// lobby from their own strands, a moment after they answer); returns the last answer.
json open_list_when(Client& client, std::size_t total) {
    json page;
    for (int attempt = 0; attempt < 50; ++attempt) {
        page = client.request({{"t", "lobby_page"}});
        if (page.value("total", std::size_t{0}) == total)
            break;
        std::this_thread::sleep_for(20ms);
    }
    return page;
}

PlayServerOptions feed_options(const server::play::LobbyFeedOptions& feed) {
    PlayServerOptions options;
    options.lobby_feed = feed;
    return options;
}

} // namespace

TEST_CASE("the lobby's first page is capped, with the total and a cursor for the next") {
    server::play::LobbyFeedOptions feed{.push_interval = 50ms};
    feed.list.page_size = 3;
    FreshServer s(nullptr, nullptr, feed_options(feed));
    Client watcher(s.server.port());
    Client alice(s.server.port());
    Client bob(s.server.port());
    REQUIRE(watcher.request({{"t", "lobby_subscribe"}}).at("total") == 0);
    std::set<std::string> codes;
    for (int i = 0; i < 3; ++i)
        codes.insert(create_table(alice, public_setup("chess")));
    for (int i = 0; i < 2; ++i)
        codes.insert(create_table(bob, public_setup("chess")));
    wait_listed(watcher, codes);

    const auto first = watcher.request({{"t", "lobby_subscribe"}});
    REQUIRE(first.value("t", "") == "lobby");
    CHECK(first.at("tables").size() == 3);
    CHECK(first.at("total") == 5);
    CHECK(first.at("playing") == 0);
    REQUIRE(first.at("cursor").is_string());
    const auto next = watcher.request({{"t", "lobby_page"}, {"cursor", first.at("cursor")}});
    REQUIRE(next.value("t", "") == "lobby_page");
    CHECK(next.at("list") == "open");
    CHECK(next.at("tables").size() == 2);
    CHECK(next.at("cursor").is_null());
    std::set<std::string> paged;
    for (const auto* page : {&first, &next})
        for (const auto& table : page->at("tables"))
            paged.insert(table.at("code").get<std::string>());
    CHECK(paged == codes);
    // A smaller page on request; never more than the server's page size.
    CHECK(watcher.request({{"t", "lobby_page"}, {"limit", 1}}).at("tables").size() == 1);
    CHECK(watcher.request({{"t", "lobby_page"}, {"limit", 1000}}).at("tables").size() == 3);
    // A cursor that is not one, a list that is not one: bad_message, nothing answered else.
    CHECK(watcher.request({{"t", "lobby_page"}, {"cursor", "x1"}}).value("code", "") ==
          "bad_message");
    CHECK(watcher.request({{"t", "lobby_page"}, {"list", "finished"}}).value("code", "") ==
          "bad_message");
}

TEST_CASE_FIXTURE(FreshServer, "a subscriber's filter chooses its page and the pushes it gets") {
    Client chess_fan(server.port());
    Client anyone(server.port());
    Client host(server.port());
    const json russian_only = {{"variants", {"russian"}}};
    const auto subscribed =
        chess_fan.request({{"t", "lobby_subscribe"}, {"filter", {{"variants", {"chess"}}}}});
    REQUIRE(subscribed.value("t", "") == "lobby");
    REQUIRE(anyone.request({{"t", "lobby_subscribe"}}).value("t", "") == "lobby");

    const auto russian = create_table(host, public_setup("russian"));
    // Everyone's list has it; the chess filter's push does not come.
    wait_listed(anyone, {russian});
    CHECK(chess_fan.none_within(is_lobby_changes, 200ms));
    const auto chess = create_table(host, public_setup("chess"));
    const auto push = chess_fan.wait_for(is_lobby_changes);
    REQUIRE(push.at("tables").size() == 1);
    CHECK(push.at("tables").at(0).at("code") == chess);

    const auto page = chess_fan.request({{"t", "lobby_page"}, {"filter", russian_only}});
    REQUIRE(page.at("tables").size() == 1);
    CHECK(page.at("tables").at(0).at("code") == russian);
    CHECK(page.at("total") == 1);
    const auto rated = chess_fan.request({{"t", "lobby_page"}, {"filter", {{"rated", true}}}});
    CHECK(rated.at("total") == 0);
    const auto blitz = anyone.request(
        {{"t", "lobby_page"}, {"filter", {{"speeds", {"blitz"}}, {"rating_max", 1500}}}});
    CHECK(blitz.at("total") == 2);
    const auto bad = anyone.request(
        {{"t", "lobby_subscribe"}, {"filter", {{"rating_min", 1600}, {"rating_max", 1500}}}});
    CHECK(bad.value("code", "") == "bad_message");
    CHECK(anyone.request({{"t", "lobby_subscribe"}, {"filter", {{"variants", {"go"}}}}})
              .value("code", "") == "bad_message");
}

TEST_CASE("changes within one push interval reach a subscriber as one message") {
    // A push interval far longer than the test: only the check the test asks pushes.
    FreshServer s(nullptr, nullptr, feed_options({.push_interval = std::chrono::minutes(10)}));
    Client watcher(s.server.port());
    Client host(s.server.port());
    REQUIRE(watcher.request({{"t", "lobby_subscribe"}}).value("t", "") == "lobby");
    std::set<std::string> codes;
    for (int i = 0; i < 3; ++i)
        codes.insert(create_table(host, public_setup("chess")));
    REQUIRE(open_list_when(watcher, 3).at("total") == 3);
    CHECK(watcher.none_within(is_lobby_changes, 100ms));

    s.server.recheck_timers();
    const auto push = watcher.wait_for(is_lobby_changes);
    std::set<std::string> pushed;
    for (const auto& table : push.at("tables"))
        pushed.insert(table.at("code").get<std::string>());
    CHECK(pushed == codes);
    CHECK(push.at("gone").empty());
    CHECK_FALSE(push.contains("playing")); // no game in play changed
    s.server.recheck_timers();
    CHECK(watcher.none_within(is_lobby_changes, 100ms));
}

TEST_CASE_FIXTURE(FreshServer, "lobby_subscribe and lobby_page are rate-limited per connection") {
    Client greedy(server.port());
    Client other(server.port());
    // The burst (10 by default), then nothing until the clock moves on.
    for (int i = 0; i < 10; ++i)
        REQUIRE(greedy.request({{"t", "lobby_subscribe"}}).value("t", "") == "lobby");
    const auto refused = greedy.request({{"t", "lobby_subscribe"}});
    CHECK(refused.value("code", "") == "rate_limited");
    CHECK(greedy.request({{"t", "lobby_page"}}).value("code", "") == "rate_limited");
    // Unsubscribing is never refused, and another connection has its own allowance.
    CHECK(greedy.request({{"t", "lobby_unsubscribe"}}).value("t", "") == "ok");
    CHECK(other.request({{"t", "lobby_subscribe"}}).value("t", "") == "lobby");
    clock.advance(1s);
    CHECK(greedy.request({{"t", "lobby_subscribe"}}).value("t", "") == "lobby");
    CHECK(greedy.request({{"t", "lobby_subscribe"}}).value("code", "") == "rate_limited");
}

TEST_CASE("open public tables are bounded per address, whatever the number of guests") {
    server::play::LobbyFeedOptions feed{.push_interval = 50ms};
    feed.list.max_open_per_address = 2;
    FreshServer s(nullptr, nullptr, feed_options(feed));
    Client first(s.server.port());
    Client second(s.server.port());
    Client third(s.server.port()); // a new guest, from the same 127.0.0.1
    const auto open = create_table(first, public_setup("chess"));
    create_table(second, public_setup("chess"));
    json refused = third.request(create_public("chess"));
    CHECK(refused.value("code", "") == "rate_limited");
    // A private table is not bounded here.
    auto private_one = public_setup("chess");
    private_one["private"] = true;
    create_table(third, private_one);
    // A table that starts frees its place.
    join(third, open);
    bool admitted = false;
    for (int attempt = 0; attempt < 50 && !admitted; ++attempt) {
        const auto reply = third.request(create_public("chess"));
        admitted = reply.value("t", "") == "table_created";
        if (!admitted) {
            CHECK(reply.value("code", "") == "rate_limited");
            std::this_thread::sleep_for(20ms);
        }
    }
    CHECK(admitted);
}

TEST_CASE("a gone host's table leaves the list within seconds and comes back with the host") {
    FreshServer s;
    auto host = std::make_unique<Client>(s.server.port());
    Client watcher(s.server.port());
    const auto token = host->token();
    const auto code = create_table(*host, public_setup("chess"));
    REQUIRE(watcher.request({{"t", "lobby_subscribe"}}).value("t", "") == "lobby");
    REQUIRE(open_list_when(watcher, 1).at("total") == 1);
    REQUIRE(watcher.request({{"t", "watch"}, {"code", code}}).value("t", "") == "table");
    watcher.forget();

    host.reset();
    // The table tells its audience once the lobby has seen the connection close.
    watcher.wait_event(code, "connection_changed");
    s.pass_time(4s);
    CHECK(watcher.request({{"t", "lobby_page"}}).at("total") == 1);
    // (Pushes before it may update the table: the watcher counted among its spectators.)
    CHECK(watcher.none_within(
        [&](const json& m) { return is_lobby_changes(m) && m.at("gone").size() > 0; }, 100ms));
    s.pass_time(1s); // the default grace: 5 s
    watcher.wait_for([&](const json& m) {
        return is_lobby_changes(m) && m.at("gone") == json::array({code});
    });
    CHECK(watcher.request({{"t", "lobby_page"}}).at("total") == 0);

    // The host comes back (a guest by its token): the table is listed again.
    watcher.forget();
    Client again(s.server.port());
    REQUIRE(again.request({{"t", "identify"}, {"token", token}}).value("t", "") == "welcome");
    const auto back = watcher.wait_for([&](const json& m) {
        return is_lobby_changes(m) && m.at("tables").size() == 1 &&
               m.at("tables").at(0).at("code") == code;
    });
    CHECK(back.at("gone").empty());
    CHECK(watcher.request({{"t", "lobby_page"}}).at("total") == 1);
}
