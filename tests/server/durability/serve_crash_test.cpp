// `tabula serve --db postgresql://...` as a real process under crashes (issue 36): killed with
// SIGKILL three times during live play of a hundred games and started again, and PostgreSQL
// itself stopped as a crash stops it (pg_ctl stop -m immediate) and started again during play.
// An acknowledged move is never lost (docs/architecture.md §3: acknowledged means committed),
// and the games go on. Bounded: every answer is awaited for at most 20 s.
#include "tests/server/durability/serve_child.h"
#include "tests/server/test_support.h"
#include "tests/support/own_cluster.h"
#include "tests/support/test_databases.h"

#include <cstdint>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

using namespace durability_test;
using namespace std::chrono_literals;

namespace {

// More connections from 127.0.0.1 than the default allows: two a game, and their returns.
const std::map<std::string, std::string> many_players{{"MAX_CONNECTIONS_PER_IP", "1000"}};

} // namespace

TEST_CASE("serve on PostgreSQL: killed -9 three times during a hundred live games, it loses no "
          "acknowledged move and the games go on") {
    storage_test::OnPostgres database;
    const test::SampleWeb sample;
    const auto db = database.location();
    int run = 0;
    const auto next_log = [&] {
        return sample.dir.path() / ("serve-" + std::to_string(run++) + ".log");
    };

    auto serve = std::make_unique<ServeChild>(db, sample.web, next_log(), many_players);
    std::uint16_t port = serve->wait_listening(20s);
    REQUIRE_MESSAGE(port != 0, serve->output());
    auto games = start_games(port, 100);
    std::uint64_t round = 0;
    play_rounds(games, round, 4);

    for (int crash = 0; crash < 3; ++crash) {
        // Mid-round: a third of the moves answered, the rest in flight when it dies.
        play_round(games, round++, games.size() / 3);
        serve->kill_hard();
        const auto acknowledged = moves_acknowledged(games);

        serve = std::make_unique<ServeChild>(db, sample.web, next_log(), many_players);
        port = serve->wait_listening(20s);
        REQUIRE_MESSAGE(port != 0, serve->output());
        int lost = 0;
        for (auto& game : games)
            lost += reconcile(game, game.come_back(port));
        CHECK_MESSAGE(lost == 0, "after crash ", crash + 1, ": ", lost,
                      " acknowledged moves lost or moves nobody sent");
        CHECK(moves_acknowledged(games) >= acknowledged);
        play_rounds(games, round, 3); // and they play on
    }
    MESSAGE(moves_acknowledged(games), " moves acknowledged in ", games.size(), " games");
    CHECK(serve->stop(10s) == 0);

    // Every acknowledged move is in the database, in order.
    auto by_code = stored_moves_by_code(db);
    for (const auto& game : games)
        if (!game.over())
            CHECK(by_code[game.code] == game.acknowledged());
}

TEST_CASE("serve on PostgreSQL: a crash of PostgreSQL during play delays the moves sent meanwhile, "
          "which are stored once it is back, and no acknowledged move is lost") {
    test_db::OwnCluster cluster;
    const test::SampleWeb sample;
    ServeChild serve(cluster.uri(), sample.web, sample.dir.path() / "serve.log", many_players);
    const auto port = serve.wait_listening(20s);
    REQUIRE_MESSAGE(port != 0, serve.output());
    std::vector<LiveGame> games;
    for (int i = 0; i < 30; ++i)
        games.push_back(LiveGame::start(port));
    std::uint64_t round = 0;
    play_rounds(games, round, 3);

    // PostgreSQL stops as a crash stops it; the moves sent now wait: the table writes each
    // again 1, 2 and 4 s after its failure (docs/architecture.md §3), and PostgreSQL is back
    // well within that window.
    REQUIRE(cluster.halt());
    play_round(games, round++, 0);
    std::this_thread::sleep_for(300ms);
    REQUIRE(cluster.resume());
    for (auto& game : games)
        if (game.pending)
            game.take_answer(20s); // the move, not storage_failed
    play_rounds(games, round, 3);
    CHECK(serve.output().find("listening on") != std::string::npos);

    // What the server acknowledged is what the database holds.
    auto by_code = stored_moves_by_code(cluster.uri());
    std::size_t checked = 0;
    for (const auto& game : games)
        if (!game.over()) {
            CHECK(by_code[game.code] == game.acknowledged());
            ++checked;
        }
    CHECK(checked > 0);
    CHECK(serve.stop(10s) == 0);
}
