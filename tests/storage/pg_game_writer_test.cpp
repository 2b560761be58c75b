// The PostgreSQL game writer's own behaviour (storage/postgres/pg_game_writer.h): a batch whose
// COMMIT lost its connection is written again and stored exactly once, and a connection lost
// between batches is replaced. The connection is cut for real (the socket shut down at that
// moment, PostgreSQL's backend then ends), not mocked. The writer's contract itself is the
// suites of backends.h, run on both backends.
#include "storage/postgres/connection.h"
#include "storage/postgres/pg_game_writer.h"
#include "tests/storage/backends.h"
#include "tests/storage/writer_helpers.h"

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;
using storage_test::append_now;
using storage_test::at_ms;
using storage_test::create_now;
using storage_test::move_at;
using storage_test::OnPostgres;
using storage_test::sample_game;
using storage_test::TempDir;

namespace {

std::int64_t count_of(OnPostgres& db, const std::string& sql) {
    return db.connect().run(sql).integer(0, 0);
}

// A rated game of ann and bob: created, `moves` moves, ended, each request alone, so that the
// writer's COMMITs are known: 1 the game, 2 to moves + 1 the moves, moves + 2 the end.
struct Played {
    std::vector<WriteStatus> moves;
    WriteStatus created;
    WriteStatus finished;
    std::vector<RatingRow> written;
    GameId game = 0;
};

Played play_rated_game(GameWriter& writer, UserId ann, UserId bob, int moves) {
    Played played;
    const auto [created, game] = create_now(writer, sample_game(ann, bob, true));
    played.created = created;
    played.game = game;
    for (int ply = 1; ply <= moves; ++ply)
        played.moves.push_back(append_now(writer, game, move_at(ply, std::to_string(ply))));
    const auto rate = [&](const std::vector<std::optional<RatingRow>>& current) {
        std::vector<RatingRow> rows;
        for (std::size_t i = 0; i < current.size(); ++i) {
            const RatingKey key{i == 0 ? ann : bob, "chess", "blitz"};
            RatingRow row = current[i].value_or(RatingRow{key, 1500, 350, 0.06, 0, at_ms(0)});
            row.games += 1;
            row.rating += i == 0 ? 10 : -10;
            rows.push_back(row);
        }
        return rows;
    };
    std::promise<void> done;
    writer.finish_game(FinishGame{GameEnd{game, "1-0", "resign", at_ms(9'000'000)},
                                  {{ann, "chess", "blitz"}, {bob, "chess", "blitz"}},
                                  rate},
                       [&](const WriteStatus& s, const std::vector<RatingRow>& written) {
                           played.finished = s;
                           played.written = written;
                           done.set_value();
                       });
    done.get_future().wait();
    return played;
}

// A PostgreSQL server of the test's own (tests/support/pg_cluster.sh), which it may crash and
// start again without disturbing the other tests' cluster. Removed at the end.
class OwnCluster {
public:
    OwnCluster() {
        REQUIRE(run("start"));
        std::ifstream in(state_.file("state") + "/uri");
        std::getline(in, uri_);
        REQUIRE_FALSE(uri_.empty());
    }
    ~OwnCluster() { (void)run("stop"); }
    OwnCluster(const OwnCluster&) = delete;
    OwnCluster& operator=(const OwnCluster&) = delete;

    const std::string& uri() const { return uri_; }
    // `halt`: stopped as by a crash (pg_ctl stop -m immediate); `resume`: started again.
    bool run(const std::string& action) const {
        const std::string command = std::string("bash ") + TABULA_PG_CLUSTER_SCRIPT + " " + action +
                                    " " + state_.file("state") + " >/dev/null";
        return std::system(command.c_str()) == 0;
    }

private:
    TempDir state_;
    std::string uri_;
};

void check_stored_once(OnPostgres& db, const Played& played, int moves, UserId ann) {
    CHECK(played.created.ok());
    for (const auto& s : played.moves)
        CHECK(s.ok());
    CHECK(played.finished.ok());
    CHECK(played.written.size() == 2);
    CHECK(count_of(db, "SELECT count(*) FROM games") == 1);
    CHECK(count_of(db, "SELECT count(*) FROM game_seats") == 2);
    CHECK(count_of(db, "SELECT count(*) FROM moves") == moves);
    CHECK(count_of(db, "SELECT count(*) FROM games WHERE result = '1-0'") == 1);
    const auto rating = db.backend().rating_store()->find_rating({ann, "chess", "blitz"});
    REQUIRE(rating);
    CHECK(rating->games == 1); // the update counted once, not once per attempt
    CHECK(rating->rating == 1510);
}

void cut_each_kind_of_commit(postgres::CommitFault fault, bool overlap) {
    CAPTURE(overlap);
    OnPostgres db;
    auto users = db.backend().user_store();
    const auto ann = users->create_user("ann", "h", at_ms(1)).value();
    const auto bob = users->create_user("bob", "h", at_ms(1)).value();
    constexpr int moves = 4;
    for (const int cut :
         {1, 2, moves + 1, moves + 2}) { // the game, a first and a last move, the end
        CAPTURE(cut);
        db.connect().exec("TRUNCATE games, game_seats, moves, ratings CASCADE");
        postgres::PgGameWriter writer(db.location(), {},
                                      {.commit_fault = fault,
                                       .cut_commit = cut,
                                       .overlap_batches = overlap});
        const auto played = play_rated_game(writer, ann, bob, moves);
        check_stored_once(db, played, moves, ann);
        CHECK(writer.reconnects() == 1);
        CHECK(writer.stats().failures == 0);
        CHECK(writer.stats().transactions == moves + 2);
    }
}

} // namespace

TEST_CASE("postgres: a COMMIT cut after it was sent is written again and stored exactly once") {
    // The server commits what it received before the cut: the retry finds each write stored
    // and must neither double it (a second game, a rating counted twice) nor refuse it.
    // Overlapped, the cut is found while the COMMIT is in flight (finish_batch); one batch at a
    // time, at once.
    cut_each_kind_of_commit(postgres::CommitFault::AfterCommitSent, true);
    cut_each_kind_of_commit(postgres::CommitFault::AfterCommitSent, false);
}

TEST_CASE("postgres: a COMMIT cut before it was sent is written again whole") {
    cut_each_kind_of_commit(postgres::CommitFault::BeforeCommit, true);
    cut_each_kind_of_commit(postgres::CommitFault::BeforeCommit, false);
}

TEST_CASE("postgres: a writer whose connection was killed between batches writes the next one "
          "on a new connection") {
    OnPostgres db;
    db.backend(); // migrated
    postgres::PgGameWriter writer(db.location(), {}, {});
    const GameId game = create_now(writer, sample_game(std::nullopt, std::nullopt)).second;
    REQUIRE(append_now(writer, game, move_at(1, "e4")).ok());
    // Every idle connection of this test (the writer's among them), as a restart of PostgreSQL
    // or an administrator would end them.
    const auto killed =
        db.connect().run("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE "
                         "application_name = $1 AND pid <> pg_backend_pid() AND state = 'idle'",
                         postgres::Params().add(db.schema()));
    REQUIRE(killed.integer(0, 0) >= 1);
    // Nothing of the next batch had been sent: it goes on a new connection, once.
    CHECK(append_now(writer, game, move_at(2, "e5")).ok());
    CHECK(writer.reconnects() == 1);
    CHECK(append_now(writer, game, move_at(3, "Nf3")).ok());
    CHECK(count_of(db, "SELECT count(*) FROM moves") == 3);
}

TEST_CASE("postgres: while PostgreSQL is down the writer's batches fail, and it writes again once "
          "it is back") {
    OwnCluster cluster;
    const auto backend = open(cluster.uri()); // migrated
    postgres::PgGameWriter writer(cluster.uri(), {},
                                  {.reconnect_first = std::chrono::milliseconds(10),
                                   .reconnect_max = std::chrono::milliseconds(100)});
    const GameId game = create_now(writer, sample_game(std::nullopt, std::nullopt)).second;
    REQUIRE(append_now(writer, game, move_at(1, "e4")).ok());

    REQUIRE(cluster.run("halt")); // a crash: no checkpoint, the WAL is what survives
    const auto refused = append_now(writer, game, move_at(2, "e5"));
    CHECK_FALSE(refused.ok());
    CHECK(refused.error.find("connect") != std::string::npos);
    CHECK_FALSE(append_now(writer, game, move_at(2, "e5")).ok()); // still down: after a backoff

    REQUIRE(cluster.run("resume"));
    // The table's outbox sends the move again; the writer reconnects and stores it.
    CHECK(append_now(writer, game, move_at(2, "e5")).ok());
    CHECK(append_now(writer, game, move_at(3, "Nf3")).ok());
    postgres::Connection check(cluster.uri(), {});
    CHECK(check.run("SELECT count(*) FROM moves").integer(0, 0) == 3); // ply 1 survived the crash
    CHECK(writer.stats().failures == 2);
}

TEST_CASE("postgres: two writers ending games of one player at once count every game in the "
          "rating") {
    OnPostgres db;
    auto users = db.backend().user_store();
    const auto ann = users->create_user("ann", "h", at_ms(1)).value();
    const auto bob = users->create_user("bob", "h", at_ms(1)).value();
    constexpr int per_writer = 40;
    postgres::PgGameWriter first(db.location(), {}, {});
    postgres::PgGameWriter second(db.location(), {}, {});
    std::vector<GameId> games;
    for (int i = 0; i < 2 * per_writer; ++i)
        games.push_back(create_now(first, sample_game(ann, bob, true)).second);
    // Each end adds one game to ann's rating, read-modify-write inside its writer's transaction.
    const auto rate = [ann](const std::vector<std::optional<RatingRow>>& current) {
        RatingRow row =
            current[0].value_or(RatingRow{{ann, "chess", "blitz"}, 1500, 350, 0.06, 0, at_ms(0)});
        row.games += 1;
        return std::vector<RatingRow>{row};
    };
    std::atomic<int> ok{0};
    const auto end_all = [&](GameWriter& writer, int from) {
        for (int i = from; i < from + per_writer; ++i)
            writer.finish_game(
                FinishGame{GameEnd{games[static_cast<std::size_t>(i)], "1-0", "resign", at_ms(9)},
                           {{ann, "chess", "blitz"}},
                           rate},
                [&ok](const WriteStatus& s, const auto&) {
                    if (s.ok())
                        ++ok;
                });
    };
    auto a = std::async(std::launch::async, [&] { end_all(first, 0); });
    auto b = std::async(std::launch::async, [&] { end_all(second, per_writer); });
    a.get();
    b.get();
    first.flush();
    second.flush();
    CHECK(ok == 2 * per_writer);
    const auto rating = db.backend().rating_store()->find_rating({ann, "chess", "blitz"});
    REQUIRE(rating);
    CHECK(rating->games == 2 * per_writer);
}

TEST_CASE("postgres: a move whose statement fails is refused alone, and the rest of its batch "
          "commits") {
    OnPostgres db;
    db.backend();
    // A failure no check of the statement foresees (a trigger standing for it): PostgreSQL
    // then refuses the rest of the transaction, so the writer writes the batch again without it.
    db.connect().exec("CREATE FUNCTION refuse_bad() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                      "IF NEW.move = 'bad' THEN RAISE EXCEPTION 'bad move refused'; END IF; "
                      "RETURN NEW; END $$; CREATE TRIGGER refuse_bad BEFORE INSERT ON moves "
                      "FOR EACH ROW EXECUTE FUNCTION refuse_bad()");
    postgres::PgGameWriter writer(db.location(), {}, {});
    std::vector<GameId> games;
    for (int i = 0; i < 3; ++i)
        games.push_back(create_now(writer, sample_game(std::nullopt, std::nullopt)).second);
    // The first callback holds the writer until the others are queued: one batch.
    std::promise<void> release;
    auto released = release.get_future().share();
    writer.append_move(games[0], move_at(1, "e4"), [&](const WriteStatus&) { released.wait(); });
    std::vector<WriteStatus> results(4);
    writer.append_move(games[1], move_at(1, "d4"), [&](const WriteStatus& s) { results[0] = s; });
    writer.append_move(games[2], move_at(1, "bad"), [&](const WriteStatus& s) { results[1] = s; });
    writer.append_move(games[0], move_at(2, "e5"), [&](const WriteStatus& s) { results[2] = s; });
    writer.append_move(games[2], move_at(1, "c4"), [&](const WriteStatus& s) { results[3] = s; });
    release.set_value();
    writer.flush();
    CHECK(results[0].ok());
    CHECK(results[1].error.find("bad move refused") != std::string::npos);
    CHECK(results[2].ok());
    CHECK(results[3].ok());
    CHECK(count_of(db, "SELECT count(*) FROM moves") == 4);
    CHECK(writer.stats().failures == 1);
}

TEST_CASE("postgres: a leave whose COMMIT was cut after it was sent is stored once") {
    OnPostgres db;
    db.backend();
    // COMMITs: 1 the game, 2 its first move, 3 the leave (cut once sent: the server stores it).
    postgres::PgGameWriter writer(
        db.location(), {},
        {.commit_fault = postgres::CommitFault::AfterCommitSent, .cut_commit = 3});
    GameRow three = sample_game(std::nullopt, std::nullopt);
    three.variant = "chinese-checkers-3";
    three.seats.push_back(SeatRow{.user_id = std::nullopt, .name = "guest-3"});
    const GameId game = create_now(writer, three).second;
    REQUIRE(append_now(writer, game, move_at(1, "m1")).ok());
    std::promise<WriteStatus> left;
    writer.append_leave(game,
                        LeaveRow{.seat = 1,
                                 .ply = 1,
                                 .at = at_ms(2'000'000),
                                 .reason = "resign",
                                 .remaining = Millis(5000)},
                        [&](const WriteStatus& s) { left.set_value(s); });
    CHECK(left.get_future().get().ok());
    CHECK(writer.reconnects() == 1);
    CHECK(count_of(db, "SELECT count(*) FROM game_leaves") == 1);
    // The game goes on: the next move is after the leave.
    CHECK(
        append_now(
            writer, game,
            MoveRow{
                .ply = 2, .move = "m2", .seat = 2, .remaining = Millis(1), .at = at_ms(2'000'001)})
            .ok());
}
