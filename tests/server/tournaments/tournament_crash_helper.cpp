// tournament_crash_helper <db> <game-id>...: ends each game in turn with a win for White
// through the game writer, the one transaction that is a tournament game's end and its
// standings' change (storage/tournament_store.h), and prints "ack <game-id>" on stdout once
// each is committed; then waits to be killed. tournament_crash_test.cpp kills it with SIGKILL
// between two games' ends and restarts the tournament from what is on disk.
#include "storage/open.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: tournament_crash_helper <db> <game-id>...\n");
        return 2;
    }
    const auto backend = storage::open(argv[1]);
    auto writer = backend->game_writer();
    for (int i = 2; i < argc; ++i) {
        const storage::GameId game = std::atoll(argv[i]);
        const storage::TimePoint at(storage::Millis(2'000'000 + i));
        writer->finish_game(storage::FinishGame{{game, "1-0", "resign", at}, {}, {}},
                            [game](const storage::WriteStatus& s, const auto&) {
                                if (!s.ok())
                                    std::_Exit(3);
                                const std::string line = "ack " + std::to_string(game) + "\n";
                                if (::write(STDOUT_FILENO, line.data(), line.size()) < 0)
                                    std::_Exit(4);
                            });
        ::usleep(20'000); // one game's end at a time: the kill lands between two of them
    }
    for (;;)
        ::pause();
}
