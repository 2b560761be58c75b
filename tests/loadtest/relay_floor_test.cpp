// The floor of a move (loadtest/relay_server.h): a relay server pairs two connections by
// their target and sends every frame to both, after its durable commit when it has a store.
#include "loadtest/echo_run.h"
#include "loadtest/relay_server.h"
#include "loadtest/relay_store.h"
#include "tests/server/test_support.h"

#include <map>
#include <thread>

#include <boost/asio/ip/address.hpp>
#include <doctest/doctest.h>
#include <sqlite3.h>

namespace lt = loadtest;
using namespace std::chrono_literals;

namespace {

// A short echo run of `pairs` pairs (relay pairs if `as_relay`) against the relay, which serves
// on a thread of its own until the run is over.
lt::EchoRunResult run_against(lt::RelayServer& relay, boost::asio::io_context& io, int pairs,
                              bool as_relay) {
    std::thread serving([&io] { io.run(); });
    lt::EchoRunOptions options;
    options.server = {boost::asio::ip::make_address("127.0.0.1"), relay.port()};
    options.pairs = pairs;
    options.relay = as_relay;
    options.duration = 300ms;
    const auto result = lt::run_echo(options);
    io.stop();
    serving.join();
    return result;
}

// game_id -> (rows, highest ply) of a relay store's file.
std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>>
rows_by_game(const std::filesystem::path& file) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* query = nullptr;
    REQUIRE(sqlite3_prepare_v2(
                db, "SELECT game_id, COUNT(*), MAX(ply) FROM move_journal GROUP BY game_id", -1,
                &query, nullptr) == SQLITE_OK);
    std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>> rows;
    while (sqlite3_step(query) == SQLITE_ROW)
        rows[sqlite3_column_int64(query, 0)] = {sqlite3_column_int64(query, 1),
                                                sqlite3_column_int64(query, 2)};
    sqlite3_finalize(query);
    sqlite3_close(db);
    return rows;
}

} // namespace

TEST_CASE("the relay hands each frame to the other side of its pair") {
    boost::asio::io_context io{1};
    lt::RelayServer relay(io, 0);
    const auto result = run_against(relay, io, 2, true);
    CHECK(result.pairs_connected == 2);
    CHECK(result.errors.empty());
    CHECK(result.round_trips > 10);
    CHECK(result.latency.size() == result.round_trips);
    CHECK(relay.stored_frames() == 0);
    CHECK(relay.most_frames_in_flight() == 1);
}

TEST_CASE("the relay refuses a connection whose target names no pair") {
    boost::asio::io_context io{1};
    lt::RelayServer relay(io, 0);
    const auto result = run_against(relay, io, 1, false); // the echo's target, "/"
    CHECK(result.pairs_connected == 0);
    CHECK(result.round_trips == 0);
    CHECK(result.errors.count("connection_lost") == 1);
}

TEST_CASE("the durable relay sends a frame on only once it is committed, a row a frame") {
    test::TempDir dir;
    const auto file = dir.path() / "floor.db";
    std::uint64_t stored = 0;
    std::uint64_t commits = 0;
    lt::EchoRunResult result;
    {
        boost::asio::io_context io{1};
        lt::RelayServer relay(io, 0, file);
        result = run_against(relay, io, 3, true);
        stored = relay.stored_frames();
        commits = relay.commits();
        // A closed loop, as a game: the next frame of a pair leaves only once the other side
        // has the last one, never while it waits for its commit.
        CHECK(relay.most_frames_in_flight() == 1);
    }
    CHECK(result.pairs_connected == 3);
    CHECK(result.errors.empty());
    REQUIRE(result.round_trips > 10);
    // Every round trip counted was a frame the other side got after its commit.
    CHECK(stored >= result.round_trips);
    CHECK(commits >= 1);
    CHECK(commits <= stored);
    const auto rows = rows_by_game(file);
    CHECK(rows.size() == 3);
    std::int64_t on_disk = 0;
    for (const auto& [game, counted] : rows) {
        CHECK(counted.first == counted.second); // plies 1..n, none missing
        on_disk += counted.first;
    }
    CHECK(on_disk >= static_cast<std::int64_t>(stored));
}

TEST_CASE("a relay store is made only in a new file") {
    test::TempDir dir;
    const auto file = dir.path() / "floor.db";
    { lt::RelayStore first(file); }
    CHECK_THROWS_WITH_AS(lt::RelayStore{file}, doctest::Contains("exists already"),
                         std::runtime_error);
    CHECK_THROWS_AS(lt::RelayStore{dir.path() / "missing" / "floor.db"}, std::runtime_error);
}
