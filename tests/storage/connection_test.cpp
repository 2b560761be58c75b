#include "storage/sqlite/connection.h"
#include "tests/storage/temp_database.h"

#include <string>
#include <utility>

#include <doctest/doctest.h>
#include <sqlite3.h>

using namespace storage;
using namespace storage::sqlite;
using storage_test::TempDir;

namespace {

std::int64_t count_rows(Connection& db) {
    auto s = db.prepare("SELECT count(*) FROM scratch");
    REQUIRE(s.step());
    return s.column_int(0);
}

void insert_row(Connection& db, std::int64_t value) {
    db.prepare("INSERT INTO scratch (value) VALUES (?1)").bind_int(1, value).run();
}

} // namespace

TEST_CASE("a connection's transactions commit, roll back when left, and run again and again") {
    TempDir dir;
    Connection db(dir.db(), {});
    db.exec("CREATE TABLE scratch (value INTEGER)");
    for (int round = 0; round < 3; ++round) {
        {
            Transaction kept(db);
            insert_row(db, round);
            kept.commit();
        }
        {
            Transaction dropped(db); // left without commit: rolled back
            insert_row(db, 100 + round);
        }
    }
    CHECK(count_rows(db) == 3);
    // Moved, the connection keeps its prepared BEGIN, COMMIT and ROLLBACK working.
    Connection moved = std::move(db);
    {
        Transaction after_move(moved);
        insert_row(moved, 7);
        after_move.commit();
    }
    CHECK(count_rows(moved) == 4);
}

TEST_CASE("a transaction that cannot begin says which statement failed, and changes nothing") {
    TempDir dir;
    Connection holder(dir.db(), {});
    holder.exec("CREATE TABLE scratch (value INTEGER)");
    OpenOptions impatient;
    impatient.busy_timeout = std::chrono::milliseconds(0);
    Connection other(dir.db(), impatient);
    {
        Transaction held(holder);
        insert_row(holder, 1);
        try {
            Transaction refused(other);
            FAIL("BEGIN IMMEDIATE succeeded beside another writer");
        } catch (const SqliteError& e) {
            const std::string message = e.what();
            CHECK(message.find("BEGIN IMMEDIATE") != std::string::npos);
            CHECK(message.find("locked") != std::string::npos);
            CHECK((e.code() & 0xff) == SQLITE_BUSY);
        }
        held.commit();
    }
    // The refused connection is not left inside a transaction: it begins and commits now.
    Transaction later(other);
    insert_row(other, 2);
    later.commit();
    CHECK(count_rows(holder) == 2);
}

TEST_CASE("a read transaction reads one snapshot, whatever is committed beside it") {
    TempDir dir;
    Connection writer(dir.db(), {});
    writer.exec("CREATE TABLE scratch (value INTEGER)");
    insert_row(writer, 1);
    Connection reader(dir.db(), {});
    {
        Transaction snapshot(reader, TransactionKind::Read);
        CHECK(count_rows(reader) == 1);
        insert_row(writer, 2); // committed beside it (WAL: the reader does not block it)
        CHECK(count_rows(reader) == 1);
        snapshot.commit();
    }
    CHECK(count_rows(reader) == 2);
}

TEST_CASE("the process-wide SQLite settings are refused once SQLite is in use") {
    TempDir dir;
    Connection db(dir.db(), {}); // SQLite is initialized from here on
    CHECK_FALSE(configure_library());
}
