// storage_bench [--normal] [--tables N] [--moves M] [--db FILE]
// A benchmark run by hand, not a test: N tables play M moves each at once; every table sends
// its next move only after the previous one was acknowledged (as a real table does). Prints
// moves per second, transactions and moves per transaction.
#include "storage/sqlite/sqlite_backend.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <unistd.h>
#include <vector>

using namespace storage;

namespace {

void remove_database(const std::string& db) {
    for (const char* suffix : {"", "-wal", "-shm"}) {
        std::string name = db; // appended, not `db + suffix`: GCC 12 warns falsely on that
        name += suffix;
        std::filesystem::remove(name);
    }
}

GameRow bench_game() {
    GameRow g;
    g.variant = std::string("chess");
    g.white_name = std::string("w");
    g.black_name = std::string("b");
    g.time_control = std::string("180+2");
    return g;
}

} // namespace

int main(int argc, char** argv) {
    bool normal = false;
    int tables = 64;
    int moves = 200;
    std::string db = "storage_bench.db";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--normal")
            normal = true;
        else if (arg == "--tables" && i + 1 < argc)
            tables = std::atoi(argv[++i]);
        else if (arg == "--moves" && i + 1 < argc)
            moves = std::atoi(argv[++i]);
        else if (arg == "--db" && i + 1 < argc)
            db = argv[++i];
        else {
            std::fprintf(stderr, "usage: storage_bench [--normal] [--tables N] [--moves M] "
                                 "[--db FILE]\n");
            return 2;
        }
    }
    remove_database(db);
    sqlite::OpenOptions options;
    options.durability = normal ? sqlite::Durability::Normal : sqlite::Durability::Full;
    sqlite::SqliteBackend backend(db, options);
    auto writer = backend.game_writer();

    std::vector<GameId> games;
    for (int t = 0; t < tables; ++t) {
        std::promise<GameId> id;
        writer->create_game(bench_game(), [&](const WriteStatus&, GameId gid) { id.set_value(gid); });
        games.push_back(id.get_future().get());
    }
    const auto before = writer->stats();
    std::mutex mutex;
    std::condition_variable done_cv;
    int finished_tables = 0;
    std::function<void(int, int)> play = [&](int table, int ply) {
        MoveRow m{ply, "e4", Millis(1000), Millis(1000), TimePoint(Millis(ply))};
        writer->append_move(games[static_cast<std::size_t>(table)], m,
                            [&, table, ply](const WriteStatus& s) {
                                if (!s.ok())
                                    std::abort();
                                if (ply < moves)
                                    return play(table, ply + 1); // next move
                                std::lock_guard lock(mutex);
                                if (++finished_tables == tables)
                                    done_cv.notify_one();
                            });
    };
    const auto start = std::chrono::steady_clock::now();
    for (int t = 0; t < tables; ++t)
        play(t, 1);
    {
        std::unique_lock lock(mutex);
        done_cv.wait(lock, [&] { return finished_tables == tables; });
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    const auto after = writer->stats();
    const auto total = static_cast<double>(tables) * moves;
    const auto transactions = static_cast<double>(after.transactions - before.transactions);
    std::printf("%s tables=%d moves=%d: %.0f moves/s, %.0f transactions, %.1f moves per "
                "transaction, %.2f ms per transaction\n",
                normal ? "NORMAL" : "FULL", tables, moves, total / elapsed.count(), transactions,
                total / transactions, elapsed.count() * 1000 / transactions);
    writer.reset();
    remove_database(db);
    return 0;
}
