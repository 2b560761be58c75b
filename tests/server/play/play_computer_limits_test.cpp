// Games against the computer are bounded (issue 34, "Computer games: bounded and fair"): at most
// max_games_per_player unfinished ones for one player, max_games_per_address for the players of
// one address, max_games on the server; one more create_table gets too_many_computer_games and
// makes no table. A finished game no longer counts.
#include "tests/server/play/play_fixture.h"

#include <thread>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

json easy_game() {
    // The human is White, so the computer has nothing to think about.
    return json{{"t", "create_table"},
                {"variant", "chess"},
                {"opponent", "computer"},
                {"level", "easy"},
                {"color", "white"},
                {"private", true},
                {"time", fischer_ms(300000, 0)}};
}

server::play::ComputerOptions limits(std::size_t per_player, std::size_t per_address,
                                     std::size_t all) {
    server::play::ComputerOptions options;
    options.max_games_per_player = per_player;
    options.max_games_per_address = per_address;
    options.max_games = all;
    return options;
}

} // namespace

TEST_CASE("games against the computer: one player's and one address's limits") {
    test::TempDir dir;
    TestClock clock;
    PlayServerOptions options;
    options.computer = limits(2, 3, 100);
    PlayServer server(dir.path() / "play.db", clock, nullptr, nullptr, options);
    Client alice(server.port());
    const auto first = alice.request(easy_game());
    REQUIRE_MESSAGE(first["t"] == "table_created", first.dump());
    REQUIRE(alice.request(easy_game())["t"] == "table_created");
    const auto third = alice.request(easy_game());
    CHECK(third["t"] == "error");
    CHECK(third["code"] == "too_many_computer_games");
    CHECK(third["message"].get<std::string>().find("one player") != std::string::npos);
    // Another guest from the same address takes the address's third game; a third guest
    // there is refused.
    Client bob(server.port());
    REQUIRE(bob.request(easy_game())["t"] == "table_created");
    Client carol(server.port());
    const auto refused = carol.request(easy_game());
    CHECK(refused["code"] == "too_many_computer_games");
    CHECK(refused["message"].get<std::string>().find("address") != std::string::npos);
    // Alice resigns one of hers: it is finished, so she (and the address) may start another.
    const auto code = first["code"].get<std::string>();
    REQUIRE(alice.request({{"t", "resign"}, {"table", code}})["t"] != "error");
    (void)alice.wait_event(code, "game_ended");
    json again;
    // The table tells the lobby of its end on its own strand: a bounded wait for that.
    for (int attempt = 0; attempt < 200; ++attempt) {
        again = alice.request(easy_game());
        if (again["t"] == "table_created")
            break;
        std::this_thread::sleep_for(10ms);
    }
    CHECK_MESSAGE(again["t"] == "table_created", again.dump());
}

TEST_CASE("games against the computer: the server's limit") {
    test::TempDir dir;
    TestClock clock;
    PlayServerOptions options;
    options.computer = limits(5, 5, 2);
    PlayServer server(dir.path() / "play.db", clock, nullptr, nullptr, options);
    Client alice(server.port());
    Client bob(server.port());
    REQUIRE(alice.request(easy_game())["t"] == "table_created");
    REQUIRE(bob.request(easy_game())["t"] == "table_created");
    const auto refused = alice.request(easy_game());
    CHECK(refused["code"] == "too_many_computer_games");
    CHECK(refused["message"].get<std::string>().find("server") != std::string::npos);
}
