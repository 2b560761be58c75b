// What a connection leaves behind (issue 34, "Every connection counted"): a guest that entered
// no table and holds no seat or challenge is forgotten when its connection closes, so a client
// that connects and disconnects in a loop does not grow the server; a guest with a seat keeps
// its token for a day.
#include "tests/server/play/play_fixture.h"

#include <thread>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

// The answer to `identify` with `token` on a new connection, once the server has handled the
// close of the token's last connection (a bounded wait: the close reaches the lobby strand on
// its own). `forgotten`: what the answer should come to.
json identify_after_close(std::uint16_t port, const std::string& token, bool forgotten) {
    json answer;
    for (int attempt = 0; attempt < 100; ++attempt) {
        Client probe(port);
        answer = probe.request({{"t", "identify"}, {"token", token}});
        if ((answer.value("t", "") == "error") == forgotten)
            return answer;
        std::this_thread::sleep_for(20ms);
    }
    return answer;
}

} // namespace

TEST_CASE("a guest that did nothing is forgotten when it leaves, one with a seat is kept") {
    test::TempDir dir;
    TestClock clock;
    PlayServer server(dir.path() / "play.db", clock);
    std::string idle_token;
    std::string seated_token;
    {
        Client idle(server.port());
        idle_token = idle.token();
        Client seated(server.port());
        seated_token = seated.token();
        (void)create_table(seated, {{"variant", "chess"}, {"time", fischer_ms(300000, 0)}});
    }
    const auto forgotten = identify_after_close(server.port(), idle_token, true);
    CHECK(forgotten.value("code", "") == "not_allowed");
    // The seated guest takes its seat back (no bounded wait needed: it is never forgotten).
    Client back(server.port());
    const auto welcome = back.request({{"t", "identify"}, {"token", seated_token}});
    REQUIRE_MESSAGE(welcome.value("t", "") == "welcome", welcome.dump());
    CHECK(welcome["tables"].size() == 1);
}
