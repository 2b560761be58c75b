// A server killed with SIGKILL between tournament games' ends (tournament_crash_helper.cpp,
// a process of its own ending the games through the game writer): restarted on the same
// database, the tournament has lost no committed result, reads its standings from them, asks
// again for the tables of the games not ended (with their stored codes) and pairs the next
// round once, with no rematch.
#include "tests/server/tournaments/tournament_test_support.h"

#include <cstdio>
#include <map>
#include <set>
#include <signal.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <doctest/doctest.h>

using namespace tournament_test;

namespace {

// Runs the helper over `db` with stdout on a pipe; returns its pid and the read end.
std::pair<pid_t, int> spawn_tournament_helper(const std::string& db,
                                              const std::vector<storage::GameId>& games) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    std::vector<std::string> args{TABULA_TOURNAMENT_CRASH_HELPER, db};
    for (const auto g : games)
        args.push_back(std::to_string(g));
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::dup2(fds[1], STDOUT_FILENO);
        ::close(fds[0]);
        ::close(fds[1]);
        std::vector<char*> argv;
        for (auto& a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        std::_Exit(127);
    }
    ::close(fds[1]);
    return {pid, fds[0]};
}

} // namespace

TEST_CASE("killed with SIGKILL between two games' ends, a Swiss restarts with every committed "
          "result in its standings and pairs the next round once, with no rematch") {
    Club club;
    std::int64_t id = 0;
    std::vector<Table> tables;
    {
        Director director(club);
        id = director.service.create(swiss(2, 8, std::nullopt), club.now()).value();
        enter(club, director, id, {"ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal"});
        REQUIRE(director.service.start(id, std::nullopt, club.now()));
        tables = new_games(club, director);
        REQUIRE(tables.size() == 4);
    }
    club.writer.reset(); // the helper is the only writer while it runs
    std::vector<storage::GameId> games;
    for (const auto& t : tables)
        games.push_back(t.id);
    const auto [pid, out] = spawn_tournament_helper(club.dir.db(), games);
    std::FILE* acks = ::fdopen(out, "r");
    REQUIRE(acks != nullptr);
    std::set<storage::GameId> acked;
    char line[64];
    long long game = 0;
    while (acked.size() < 2 && std::fgets(line, sizeof line, acks) != nullptr) {
        REQUIRE(std::sscanf(line, "ack %lld", &game) == 1);
        acked.insert(game);
    }
    ::kill(pid, SIGKILL);
    std::fclose(acks); // an ack after the kill is not counted: its game may or may not be ended
    int status = 0;
    ::waitpid(pid, &status, 0);
    REQUIRE(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGKILL);
    REQUIRE(acked.size() == 2);

    // The restart: a new writer and a new service over what is on disk.
    club.writer = club.backend.game_writer();
    Director director(club);
    director.service.tick(club.now());
    auto shown = director.service.view(id).value();
    REQUIRE(shown.rounds.size() == 1);
    std::vector<storage::GameId> unfinished;
    int ended = 0;
    for (const auto& p : shown.rounds[0].pairings) {
        REQUIRE(p.game_id.has_value());
        if (acked.contains(*p.game_id))
            CHECK(p.game_result == "1-0"); // every committed end is there
        if (p.game_result.empty())
            unfinished.push_back(*p.game_id);
        else
            ++ended;
    }
    CHECK(ended >= 2);
    int total = 0;
    for (const auto& row : shown.standings)
        total += row.points;
    CHECK(total == 2 * ended); // the standings are the committed results, a win each
    // The games still on are asked for again with their stored codes, none twice.
    const auto again = director.starter->take();
    CHECK(again.size() == unfinished.size());
    std::set<std::string> codes;
    for (const auto& a : again)
        CHECK(codes.insert(a.game.table_code).second);
    for (const auto g : unfinished)
        club.finish(g, "0-1");
    director.service.tick(club.now());
    director.service.tick(club.now()); // a second tick pairs nothing more
    shown = director.service.view(id).value();
    REQUIRE(shown.rounds.size() == 2);
    CHECK(shown.rounds[1].pairings.size() == 4);
    std::set<std::pair<storage::UserId, storage::UserId>> met;
    for (const auto& r : shown.rounds)
        for (const auto& p : r.pairings)
            CHECK(met.insert(std::minmax(p.white_user_id, p.black_user_id)).second);
    int paired_lines = 0;
    for (const auto& h : director.tournaments->history(id))
        paired_lines += h.event == "paired" ? 1 : 0;
    CHECK(paired_lines == 2);
}
