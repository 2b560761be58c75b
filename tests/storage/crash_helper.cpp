// storage_crash_helper <db> <game-id>: appends moves to the game as fast as the writer takes
// them and prints "ack <ply>" on stdout after each acknowledged move, until it is killed.
// crash_restart_test.cpp runs it, kills it with SIGKILL mid-stream and checks the database.
#include "storage/open.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: storage_crash_helper <db> <game-id>\n"); // db: storage::open
        return 2;
    }
    const auto backend = storage::open(argv[1]);
    auto writer = backend->game_writer();
    const storage::GameId game = std::atoll(argv[2]);
    for (int ply = 1;; ++ply) {
        std::string text = "m"; // built in two steps: GCC 12 warns falsely on "m" + string
        text += std::to_string(ply);
        storage::MoveRow move{.ply = ply,
                              .move = std::move(text),
                              .seat = (ply - 1) % 2,
                              .remaining = storage::Millis(2 * ply),
                              .at = storage::TimePoint(storage::Millis(ply))};
        writer->append_move(game, std::move(move), [ply](const storage::WriteStatus& s) {
            if (!s.ok())
                std::_Exit(3);
            const std::string line = "ack " + std::to_string(ply) + "\n";
            // write(2) straight to the pipe: the line is out before the next callback.
            if (::write(STDOUT_FILENO, line.data(), line.size()) < 0)
                std::_Exit(4);
        });
        if (ply % 64 == 0)
            ::usleep(1000); // let batches of different sizes form
    }
}
