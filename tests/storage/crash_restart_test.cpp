#include "storage/open.h"
#include "tests/storage/backends.h"
#include "tests/storage/temp_database.h"
#include "tests/storage/writer_helpers.h"

#include <cstdio>
#include <signal.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include <doctest/doctest.h>

using namespace storage;
using namespace storage_test;

namespace {

// Runs the helper with stdout on a pipe; returns its pid and the read end.
std::pair<pid_t, int> spawn_helper(const std::string& db, GameId game) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::dup2(fds[1], STDOUT_FILENO);
        ::close(fds[0]);
        ::close(fds[1]);
        const std::string id = std::to_string(game);
        ::execl(TABULA_CRASH_HELPER, TABULA_CRASH_HELPER, db.c_str(), id.c_str(),
                static_cast<char*>(nullptr));
        std::_Exit(127);
    }
    ::close(fds[1]);
    return {pid, fds[0]};
}

} // namespace

TEST_CASE_TEMPLATE("after SIGKILL mid-stream every acknowledged move is back on reopening", Db,
                   STORAGE_BACKENDS) {
    Db db;
    GameId game = 0;
    {
        auto writer = db.backend().game_writer();
        game = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    }
    const auto [pid, out] = spawn_helper(db.location(), game);
    std::FILE* acks = ::fdopen(out, "r");
    REQUIRE(acks != nullptr);
    int last_ack = 0;
    char line[64];
    while (last_ack < 300 && std::fgets(line, sizeof line, acks) != nullptr)
        REQUIRE(std::sscanf(line, "ack %d", &last_ack) == 1);
    ::kill(pid, SIGKILL);
    // Acks already in the pipe when the kill landed count too.
    while (std::fgets(line, sizeof line, acks) != nullptr)
        if (std::sscanf(line, "ack %d", &last_ack) != 1)
            break;
    std::fclose(acks);
    int status = 0;
    ::waitpid(pid, &status, 0);
    REQUIRE(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGKILL);
    REQUIRE(last_ack >= 300);

    const auto reopened = open(db.location());
    const auto unfinished = reopened->game_store()->load_unfinished_games();
    REQUIRE(unfinished.size() == 1);
    const auto& moves = unfinished[0].moves;
    REQUIRE(static_cast<int>(moves.size()) >= last_ack);
    for (int i = 0; i < static_cast<int>(moves.size()); ++i) { // no gaps, nothing altered
        const auto& m = moves[static_cast<std::size_t>(i)];
        CHECK(m.ply == i + 1);
        CHECK(m.move == std::string("m").append(std::to_string(i + 1)));
        CHECK(m.seat == i % 2);
        CHECK(m.remaining == Millis(2 * (i + 1)));
    }
    MESSAGE("acknowledged ", last_ack, ", found ", moves.size());
}
