// storage_bench [--normal] [--tables N] [--moves M] [--db FILE|URI] [--fence] [--one-connection]
// storage_bench --rate R [--seconds S] [--tables N] [--normal] [--db FILE|URI] [--fence]
//               [--one-connection]
// A benchmark run by hand, not a test. --db is what storage::open takes: a SQLite file
// (default storage_bench.db, removed before and after) or a postgresql:// URI, whose game
// tables are emptied first (TRUNCATE: use a database of its own). Closed loop (default): N tables
// play M moves each at once; every table sends its next move only after the previous one was
// acknowledged (as a real table does). Prints moves per second, transactions and moves per
// transaction. Open loop (--rate): R moves a second for S seconds (default 10), spread over N
// tables in turn, each sent at its time whatever the writer is doing; prints the percentiles of the
// time from a move's hand-over to its acknowledgement: the commit's tail as a move sees it,
// with the WAL checkpoints (SQLite's, inside the commit that takes the WAL past 1000 pages)
// among it. --fence (PostgreSQL only): the writer is a cluster node's, each batch running the
// node's fence first (storage/postgres/pg_game_writer.h, "Fenced"), to compare with a run
// without. --one-connection (PostgreSQL only): the writer writes one batch at a time on one
// connection instead of overlapping a batch's COMMIT with the next batch (storage/batch_writer.h),
// to compare with a run without.
#include "storage/open.h"
#include "storage/postgres/connection.h"
#include "storage/postgres/pg_backend.h"
#include "storage/postgres/pg_game_writer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace storage;

namespace {

void remove_database(const std::string& db) {
    if (parse_location(db).kind == BackendKind::Postgres) {
        postgres::Connection(db, {}).exec("TRUNCATE games, game_seats, moves, game_leaves CASCADE");
        return;
    }
    for (const char* suffix : {"", "-wal", "-shm"}) {
        std::string name = db; // appended, not `db + suffix`: GCC 12 warns falsely on that
        name += suffix;
        std::filesystem::remove(name);
    }
}

GameRow bench_game() {
    GameRow g;
    g.variant = std::string("chess");
    g.seats = {SeatRow{.user_id = std::nullopt, .name = "w"},
               SeatRow{.user_id = std::nullopt, .name = "b"}};
    g.time_control = std::string("180+2");
    return g;
}

using Clock = std::chrono::steady_clock;

void print_latencies(std::vector<double>& ms, double seconds) {
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) {
        return ms[std::min(ms.size() - 1,
                           static_cast<std::size_t>(q * static_cast<double>(ms.size())))];
    };
    const auto over_5 = std::count_if(ms.begin(), ms.end(), [](double m) { return m > 5.0; });
    std::printf("%zu moves in %.1f s: acknowledged p50 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, "
                "max %.3f ms, %.2f %% over 5 ms\n",
                ms.size(), seconds, at(0.5), at(0.99), at(0.999), ms.back(),
                100.0 * static_cast<double>(over_5) / static_cast<double>(ms.size()));
}

// R moves a second over `games` in turn, each handed over at its time.
void open_loop(GameWriter& writer, const std::vector<GameId>& games, int rate, int seconds) {
    const auto count = static_cast<std::size_t>(rate) * static_cast<std::size_t>(seconds);
    std::vector<double> latency_ms(count, -1.0);
    std::vector<int> ply(games.size(), 0);
    std::atomic<std::size_t> acknowledged{0};
    std::promise<void> all_done;
    const auto start = Clock::now();
    const auto period = std::chrono::nanoseconds(1'000'000'000 / rate);
    for (std::size_t i = 0; i < count; ++i) {
        std::this_thread::sleep_until(start + period * static_cast<long>(i));
        const auto table = i % games.size();
        ++ply[table];
        MoveRow m{.ply = ply[table],
                  .move = "e4",
                  .seat = (ply[table] - 1) % 2,
                  .remaining = Millis(1000),
                  .at = TimePoint(Millis(1))};
        const auto sent = Clock::now();
        writer.append_move(games[table], m, [&, i, sent](const WriteStatus& s) {
            if (!s.ok())
                std::abort();
            latency_ms[i] = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
            if (++acknowledged == count)
                all_done.set_value();
        });
    }
    all_done.get_future().wait();
    const std::chrono::duration<double> elapsed = Clock::now() - start;
    print_latencies(latency_ms, elapsed.count());
}

} // namespace

int main(int argc, char** argv) {
    bool normal = false;
    bool fence = false;
    bool one_connection = false;
    int tables = 64;
    int moves = 200;
    int rate = 0;
    int seconds = 10;
    std::string db = "storage_bench.db";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--normal")
            normal = true;
        else if (arg == "--fence")
            fence = true;
        else if (arg == "--one-connection")
            one_connection = true;
        else if (arg == "--tables" && i + 1 < argc)
            tables = std::atoi(argv[++i]);
        else if (arg == "--moves" && i + 1 < argc)
            moves = std::atoi(argv[++i]);
        else if (arg == "--db" && i + 1 < argc)
            db = argv[++i];
        else if (arg == "--rate" && i + 1 < argc)
            rate = std::atoi(argv[++i]);
        else if (arg == "--seconds" && i + 1 < argc)
            seconds = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "usage: storage_bench [--normal] [--tables N] [--moves M] "
                                 "[--db FILE|URI] [--rate R [--seconds S]] [--fence] "
                                 "[--one-connection]\n");
            return 2;
        }
    }
    if (tables < 1 || moves < 1 || rate < 0 || seconds < 1) {
        std::fprintf(stderr, "storage_bench: --tables, --moves and --seconds are at least 1, "
                             "--rate at least 0\n");
        return 2;
    }
    const bool postgres = parse_location(db).kind == BackendKind::Postgres;
    if (!postgres)
        remove_database(db); // a fresh file
    auto backend =
        open(db, {.durability = normal ? Durability::Normal : Durability::Full, .create = true});
    if ((fence || one_connection) && !postgres) {
        std::fprintf(stderr,
                     "storage_bench: --fence and --one-connection need a postgresql:// database\n");
        return 2;
    }
    if (postgres)
        remove_database(db); // empty game tables, once they exist
    std::unique_ptr<ClusterStore> node;
    std::unique_ptr<GameWriter> writer;
    if (fence || one_connection) {
        const auto& pg = dynamic_cast<const postgres::PgBackend&>(*backend);
        postgres::PgWriterOptions options;
        options.overlap_batches = !one_connection;
        if (fence) {
            node = pg.cluster_store();
            options.fence = node->register_node({"storage_bench", "", "bench"});
        }
        writer = std::make_unique<postgres::PgGameWriter>(
            db, postgres::ConnectOptions{.durability = normal ? Durability::Normal : Durability::Full},
            options);
    } else {
        writer = backend->game_writer();
    }

    std::vector<GameId> games;
    for (int t = 0; t < tables; ++t) {
        std::promise<GameId> id;
        writer->create_game(bench_game(),
                            [&](const WriteStatus&, GameId gid) { id.set_value(gid); });
        games.push_back(id.get_future().get());
    }
    if (rate > 0) {
        std::printf("%s%s%s, %d moves/s over %d tables: ", normal ? "NORMAL" : "FULL",
                    fence ? " fenced" : "", one_connection ? " one connection" : "", rate, tables);
        open_loop(*writer, games, rate, seconds);
        writer.reset();
        remove_database(db);
        return 0;
    }
    const auto before = writer->stats();
    std::mutex mutex;
    std::condition_variable done_cv;
    int finished_tables = 0;
    std::function<void(int, int)> play = [&](int table, int ply) {
        MoveRow m{.ply = ply,
                  .move = "e4",
                  .seat = (ply - 1) % 2,
                  .remaining = Millis(1000),
                  .at = TimePoint(Millis(ply))};
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
    std::printf("%s%s%s tables=%d moves=%d: %.0f moves/s, %.0f transactions, %.1f moves per "
                "transaction, %.2f ms per transaction\n",
                normal ? "NORMAL" : "FULL", fence ? " fenced" : "",
                one_connection ? " one connection" : "", tables, moves,
                total / elapsed.count(), transactions, total / transactions,
                elapsed.count() * 1000 / transactions);
    writer.reset();
    remove_database(db);
    return 0;
}
