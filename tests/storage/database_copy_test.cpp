// tabula db copy's storage half (storage/database_copy.h): a club's SQLite database, filled
// through the stores and the game writer, copied to a fresh PostgreSQL schema and back again:
// every row of every table equal on the other side, ids kept and the sequences past them, the
// counts verified, a non-empty target refused and replaced only when asked.
#include "storage/database_copy.h"
#include "storage/errors.h"
#include "storage/postgres/connection.h"
#include "storage/sqlite/connection.h"
#include "tests/storage/backends.h"
#include "tests/storage/writer_helpers.h"

#include <charconv>
#include <future>
#include <map>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;
using storage_test::at_ms;

namespace {

// What the club holds, by id.
struct CopiedClub {
    UserId ann = 0;
    UserId bob = 0;
    UserId cid = 0;
    UserId dee = 0;
    GameId finished = 0;
    GameId unfinished = 0;
    GameId group = 0;
    GameId ladder_game = 0;
    LadderId ladder = 0;
    ChallengeId challenge = 0;
};

WriteStatus copy_test_leave(GameWriter& writer, GameId game, LeaveRow leave) {
    std::promise<WriteStatus> done;
    writer.append_leave(game, std::move(leave), [&](const WriteStatus& s) { done.set_value(s); });
    return done.get_future().get();
}

WriteStatus copy_test_finish(GameWriter& writer, FinishGame finish) {
    std::promise<WriteStatus> done;
    writer.finish_game(std::move(finish),
                       [&](const WriteStatus& s, const auto&) { done.set_value(s); });
    return done.get_future().get();
}

// A club as its server leaves it: four accounts (one disabled), two sessions, a block; a
// rated game finished with its moves and the two ratings it wrote, an unfinished game with a
// guest, a game of three where one seat left, a ladder with its standings, history and an
// accepted challenge whose game is stored (the challenge names the game, the game the
// challenge).
CopiedClub fill_club(Backend& backend) {
    CopiedClub club;
    auto users = backend.user_store();
    club.ann = users->create_user("Ann", "hash-a", at_ms(10)).value();
    club.bob = users->create_user("bob", "hash-b", at_ms(11)).value();
    club.cid = users->create_user("Cid", "hash-c", at_ms(12)).value();
    club.dee = users->create_user("dee", "hash-d", at_ms(13)).value();
    REQUIRE(users->set_disabled(club.dee, true));
    users->create_session({"token-2", club.bob, at_ms(20), at_ms(90'000'000), at_ms(21)});
    users->create_session({"token-1", club.ann, at_ms(20), at_ms(90'000'000), at_ms(22)});
    REQUIRE(users->add_block(club.ann, club.cid, at_ms(30)));
    backend.rating_store()->put_rating(
        {{club.cid, "international", "blitz"}, 1612.25, 87.125, 0.0599999, 7, at_ms(40)});

    auto writer = backend.game_writer();
    using storage_test::append_now;
    using storage_test::create_now;
    using storage_test::move_at;

    auto rated = storage_test::sample_game(club.ann, club.bob, true);
    club.finished = create_now(*writer, rated).second;
    for (int ply = 1; ply <= 4; ++ply)
        REQUIRE(append_now(*writer, club.finished, move_at(ply, "m" + std::to_string(ply))).ok());
    FinishGame finish{
        {club.finished, "1-0", "resign", at_ms(2'000'000)},
        {{club.ann, "chess", "blitz"}, {club.bob, "chess", "blitz"}},
        [&](const std::vector<std::optional<RatingRow>>&) {
            return std::vector<RatingRow>{
                {{club.ann, "chess", "blitz"}, 1662.5, 290.31, 0.06, 1, at_ms(2'000'000)},
                {{club.bob, "chess", "blitz"}, 1337.5, 290.31, 0.06, 1, at_ms(2'000'000)}};
        }};
    REQUIRE(copy_test_finish(*writer, std::move(finish)).ok());

    auto open = storage_test::sample_game(club.bob, std::nullopt);
    open.seats[1].guest_token_hash = "guest-hash";
    open.is_public = true;
    club.unfinished = create_now(*writer, open).second;
    for (int ply = 1; ply <= 3; ++ply)
        REQUIRE(append_now(*writer, club.unfinished, move_at(ply, "u" + std::to_string(ply))).ok());

    GameRow three = storage_test::sample_game(club.ann, club.bob);
    three.variant = "chinese-checkers";
    three.seats.push_back(SeatRow{.user_id = club.cid, .name = "Cid"});
    club.group = create_now(*writer, three).second;
    for (int ply = 1; ply <= 3; ++ply) {
        auto move = move_at(ply, "g" + std::to_string(ply));
        move.seat = ply - 1;
        REQUIRE(append_now(*writer, club.group, move).ok());
    }
    REQUIRE(copy_test_leave(*writer, club.group,
                            LeaveRow{1, 3, at_ms(1'010'000), "resign", Millis(170'000)})
                .ok());
    REQUIRE(append_now(*writer, club.group, {4, "g4", 0, Millis(160'000), at_ms(1'011'000)}).ok());
    REQUIRE(copy_test_finish(
                *writer,
                FinishGame{{club.group, "1-0", "finished", at_ms(1'020'000), {1, 3, 2}}, {}, {}})
                .ok());

    auto ladders = backend.ladder_store();
    club.ladder = ladders
                      ->create_ladder({.name = "Club ladder",
                                       .variant = "chess",
                                       .time_control = "180+2",
                                       .max_rungs_up = 3,
                                       .response_time = std::chrono::hours(48),
                                       .organiser_user_id = club.ann,
                                       .created_at = at_ms(50)})
                      .value();
    REQUIRE(ladders->apply_change(
        {.ladder_id = club.ladder,
         .top_first = std::vector<UserId>{club.ann, club.bob, club.cid},
         .history = {{club.ladder, club.ann, at_ms(51), "joined", 0, 1, std::nullopt},
                     {club.ladder, club.bob, at_ms(52), "joined", 0, 2, std::nullopt},
                     {club.ladder, club.cid, at_ms(53), "joined", 0, 3, std::nullopt}},
         .challenges = {},
         .computed_from = std::vector<UserId>{}}));
    club.challenge = ladders->add_challenge({.ladder_id = club.ladder,
                                             .challenger_user_id = club.cid,
                                             .challenged_user_id = club.bob,
                                             .created_at = at_ms(60),
                                             .deadline_at = at_ms(70),
                                             .game_id = std::nullopt,
                                             .status = "accepted"});
    auto ladder_game = storage_test::sample_game(club.cid, club.bob, true);
    ladder_game.ladder = GameLadderLink{.ladder_id = club.ladder, .challenge_id = club.challenge};
    club.ladder_game = create_now(*writer, ladder_game).second;
    REQUIRE(append_now(*writer, club.ladder_game, move_at(1, "e4")).ok());
    writer->flush();

    // A Swiss in its first round: Ann's pairing played as the finished game, Dee absent.
    auto tournaments = backend.tournament_store();
    const auto swiss = *tournaments->create_tournament({.name = "Club Swiss",
                                                        .variant = "chess",
                                                        .time_control = "300+3",
                                                        .organiser_user_id = club.ann,
                                                        .starts_at = at_ms(2'000'000),
                                                        .rounds = 3,
                                                        .max_players = 8,
                                                        .tiebreaks = "BH,SB",
                                                        .created_at = at_ms(1'900'000),
                                                        .schedule = "Weekly Swiss",
                                                        .ladder_id = club.ladder});
    for (const auto& [user, name] : {std::pair{club.ann, "Ann"}, std::pair{club.bob, "Bob"},
                                     std::pair{club.dee, "Dee"}})
        REQUIRE(tournaments->add_entry({.tournament_id = swiss,
                                        .user_id = user,
                                        .name = name,
                                        .rating = 1500,
                                        .joined_at = at_ms(1'950'000)}) == EntryAdded::Added);
    const TournamentHistoryRow paired{swiss, at_ms(2'000'000), std::nullopt, "paired", "round 1"};
    REQUIRE(tournaments->add_round(
        swiss,
        {.round = 1,
         .paired_at = at_ms(2'000'000),
         .pairings = {{.board = 1, .white_user_id = club.ann, .black_user_id = club.bob}},
         .absences = {{.user_id = club.dee, .kind = "bye"}}},
        {paired}));
    REQUIRE(tournaments->set_pairing_game(swiss, 1, 1, club.finished));
    // Bob asked for a half-point bye in round 2; Ann and Dee may not meet.
    REQUIRE(tournaments->add_half_bye(
        swiss, club.bob, 2, {swiss, at_ms(2'000'100), club.bob, "half_bye", "Bob, round 2"}));
    REQUIRE(tournaments->add_forbidden_pair(
        swiss, club.ann, club.dee,
        {swiss, at_ms(2'000'200), club.ann, "pair_forbidden", "Ann and Dee"}));
    return club;
}

std::string real_text(double value) {
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc() ? std::string(buffer, end) : std::string("?");
}

// A table's columns as PostgreSQL has them (but sessions.seq, the order of storing, which
// SQLite keeps as the rowid), and whether each is a double.
std::vector<std::pair<std::string, bool>> columns_of(postgres::Connection& pg,
                                                     const std::string& table) {
    const auto r = pg.run("SELECT column_name, data_type FROM information_schema.columns "
                          "WHERE table_schema = current_schema() AND table_name = $1 "
                          "ORDER BY ordinal_position",
                          postgres::Params().add(table));
    std::vector<std::pair<std::string, bool>> columns;
    for (int i = 0; i < r.rows(); ++i)
        if (!(table == "sessions" && r.text(i, 0) == "seq"))
            columns.emplace_back(r.text(i, 0), r.text(i, 1) == "double precision");
    return columns;
}

using Rows = std::vector<std::vector<std::string>>;

std::string select_of(const std::vector<std::pair<std::string, bool>>& columns,
                      const std::string& table) {
    std::string list;
    for (const auto& [name, is_real] : columns)
        list += (list.empty() ? "" : ", ") + name;
    return "SELECT " + list + " FROM " + table;
}

std::string order_of(std::size_t columns) {
    std::string order = " ORDER BY ";
    for (std::size_t i = 1; i <= columns; ++i)
        order += (i == 1 ? "" : ", ") + std::to_string(i);
    return order;
}

// Every row of `table` in SQLite (moves: with the journal not merged yet), in column order.
Rows sqlite_rows(sqlite::Connection& db, const std::string& table,
                 const std::vector<std::pair<std::string, bool>>& columns) {
    std::string sql = select_of(columns, table);
    if (table == "moves")
        sql += " UNION ALL " + select_of(columns, "move_journal");
    auto s = db.prepare(sql + order_of(columns.size()));
    Rows rows;
    while (s.step()) {
        std::vector<std::string> row;
        for (std::size_t i = 0; i < columns.size(); ++i) {
            const int at = static_cast<int>(i);
            row.push_back(s.column_is_null(at) ? "NULL"
                          : columns[i].second  ? real_text(s.column_double(at))
                                               : s.column_text(at));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

Rows postgres_rows(postgres::Connection& pg, const std::string& table,
                   const std::vector<std::pair<std::string, bool>>& columns) {
    const auto r = pg.run(select_of(columns, table) + order_of(columns.size()));
    Rows rows;
    for (int i = 0; i < r.rows(); ++i) {
        std::vector<std::string> row;
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const int at = static_cast<int>(c);
            row.push_back(r.is_null(i, at)    ? "NULL"
                          : columns[c].second ? real_text(r.real(i, at))
                                              : r.text(i, at));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

sqlite::Connection raw_sqlite(const std::string& path) {
    return sqlite::Connection(path, sqlite::OpenOptions{});
}

// Every table of the copy equal, row for row, between a SQLite file and a PostgreSQL schema.
void check_same_rows(const std::string& sqlite_path, postgres::Connection& pg) {
    auto db = raw_sqlite(sqlite_path);
    for (const auto& table : copied_tables()) {
        CAPTURE(table);
        const auto columns = columns_of(pg, table);
        REQUIRE(!columns.empty());
        const auto on_postgres = postgres_rows(pg, table, columns);
        CHECK(!on_postgres.empty()); // the club has rows in every table
        CHECK(sqlite_rows(db, table, columns) == on_postgres);
    }
    // The order sessions were stored in, which keep_newest_sessions goes by.
    std::vector<std::string> sqlite_order;
    for (auto s = db.prepare("SELECT token_hash FROM sessions ORDER BY rowid"); s.step();)
        sqlite_order.push_back(s.column_text(0));
    std::vector<std::string> postgres_order;
    const auto r = pg.run("SELECT token_hash FROM sessions ORDER BY seq");
    for (int i = 0; i < r.rows(); ++i)
        postgres_order.push_back(r.text(i, 0));
    CHECK(sqlite_order == std::vector<std::string>{"token-2", "token-1"});
    CHECK(postgres_order == sqlite_order);
}

std::map<std::string, std::int64_t> counts_of(const CopyReport& report) {
    std::map<std::string, std::int64_t> counts;
    for (const auto& [table, rows] : report.tables)
        counts[table] = rows;
    return counts;
}

} // namespace

TEST_CASE("a club's SQLite database copied to PostgreSQL holds every row, ids kept") {
    storage_test::OnSqlite club_db;
    const CopiedClub club = fill_club(club_db.backend());
    storage_test::OnPostgres pg_db;
    {
        // Moves not merged into `moves` yet are copied from SQLite's journal.
        auto db = raw_sqlite(club_db.location());
        auto journal = db.prepare("SELECT count(*) FROM move_journal");
        REQUIRE(journal.step());
        CHECK(journal.column_int(0) > 0);
    }

    const auto report = copy_database(club_db.location(), pg_db.location(), {});
    CHECK(report.replaced == 0);
    CHECK(report.tables.size() == copied_tables().size());
    const auto counts = counts_of(report);
    CHECK(counts.at("users") == 4);
    CHECK(counts.at("sessions") == 2);
    CHECK(counts.at("ratings") == 3);
    CHECK(counts.at("blocks") == 1);
    CHECK(counts.at("games") == 4);
    CHECK(counts.at("game_seats") == 9);
    CHECK(counts.at("moves") == 4 + 3 + 4 + 1);
    CHECK(counts.at("game_leaves") == 1);
    CHECK(counts.at("ladders") == 1);
    CHECK(counts.at("ladder_rungs") == 3);
    CHECK(counts.at("ladder_challenges") == 1);
    CHECK(counts.at("ladder_history") == 3);

    auto pg = pg_db.connect();
    check_same_rows(club_db.location(), pg);

    // Read through PostgreSQL's stores: the same accounts, ratings and ladder.
    auto& copy = pg_db.backend();
    auto users = copy.user_store();
    CHECK(users->find_user_by_name("ann").value().id == club.ann);
    CHECK(users->find_user(club.dee).value().disabled);
    CHECK(users->find_session("token-1", at_ms(100)).value().user_id == club.ann);
    CHECK(users->is_blocked_either_way(club.cid, club.ann));
    const auto copied_ratings = copy.rating_store()->ratings_of(club.ann);
    const auto stored_ratings = club_db.backend().rating_store()->ratings_of(club.ann);
    REQUIRE(copied_ratings.size() == 1);
    REQUIRE(stored_ratings.size() == 1);
    CHECK(copied_ratings[0].key == stored_ratings[0].key);
    CHECK(copied_ratings[0].rating == stored_ratings[0].rating); // bit for bit
    CHECK(copied_ratings[0].deviation == stored_ratings[0].deviation);
    CHECK(copied_ratings[0].games == stored_ratings[0].games);
    auto ladders = copy.ladder_store();
    CHECK(ladders->standings(club.ladder).at(2).user_id == club.cid);
    CHECK(ladders->find_challenge(club.challenge).value().game_id == club.ladder_game);
    CHECK(ladders->history(club.ladder, club.bob).size() == 1);
    // The sequences went past the copied ids: a new row takes the next one.
    CHECK(users->create_user("eve", "h", at_ms(100)).value() == club.dee + 1);
    CHECK(ladders
              ->create_ladder({.name = "Second",
                               .variant = "chess",
                               .time_control = "60+0",
                               .response_time = std::chrono::hours(1),
                               .organiser_user_id = std::nullopt,
                               .created_at = at_ms(100)})
              .value() == club.ladder + 1);
    const auto next_game = pg.run("SELECT nextval(pg_get_serial_sequence('games', 'id'))");
    CHECK(next_game.integer(0, 0) == club.ladder_game + 1);
}

TEST_CASE("a database copy refuses a target that holds rows, and replaces them when asked") {
    storage_test::OnSqlite club_db;
    fill_club(club_db.backend());
    storage_test::OnPostgres pg_db;
    pg_db.backend().user_store()->create_user("squatter", "h", at_ms(1)).value();

    CHECK_THROWS_WITH_AS(copy_database(club_db.location(), pg_db.location(), {}),
                         doctest::Contains("holds 1 rows"), StorageError);
    auto pg = pg_db.connect();
    CHECK(pg.run("SELECT count(*) FROM users").integer(0, 0) == 1); // nothing written
    CHECK(pg.run("SELECT count(*) FROM games").integer(0, 0) == 0);

    const auto report = copy_database(club_db.location(), pg_db.location(), {.replace = true});
    CHECK(report.replaced == 1);
    check_same_rows(club_db.location(), pg);
    // And again over a full copy: the same rows, not twice.
    CHECK(copy_database(club_db.location(), pg_db.location(), {.replace = true}).replaced > 0);
    check_same_rows(club_db.location(), pg);

    CHECK_THROWS_AS(copy_database(club_db.location(), club_db.location(), {}), StorageError);
    CHECK_THROWS_WITH_AS(
        copy_database(club_db.location() + ".missing", pg_db.location(), {.replace = true}),
        doctest::Contains("no such database file"), StorageError);
    check_same_rows(club_db.location(), pg); // the failed copies changed nothing
}

TEST_CASE("a database copied to PostgreSQL and back to SQLite is the same database") {
    storage_test::OnSqlite club_db;
    fill_club(club_db.backend());
    storage_test::OnPostgres pg_db;
    REQUIRE(copy_database(club_db.location(), pg_db.location(), {}).tables.size() > 0);
    storage_test::OnSqlite back;
    const auto report = copy_database(pg_db.location(), back.location(), {});
    CHECK(counts_of(report) ==
          counts_of(copy_database(club_db.location(), back.location(), {.replace = true})));
    auto pg = pg_db.connect();
    check_same_rows(back.location(), pg);
    // The ids go on from the copied ones on SQLite too.
    CHECK(back.backend().user_store()->create_user("eve", "h", at_ms(100)).value() == 5);
}
