// tabula ladder: create, list, show and remove-player, run in-process on a temporary database.
#include "server/accounts/ladder_service.h"
#include "server/cli/commands.h"
#include "storage/open.h"
#include "tests/server/auth/command_runner.h"
#include "tests/server/test_support.h"
#include "tests/support/test_databases.h"

#include <cstdio>
#include <sys/wait.h>

#include <doctest/doctest.h>

using server::cli::run_ladder;

namespace {

test::CommandRun ladder(const std::vector<std::string>& words, const std::string& db) {
    auto args = words;
    args.insert(args.end(), {"--db", db});
    return test::run_command(run_ladder, args);
}

bool mentions(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// Accounts and their places on a ladder, straight through storage and the ladder service.
struct LadderDb {
    explicit LadderDb(std::unique_ptr<test_db::TestDatabase> given = test_db::sqlite())
        : database(std::move(given)) {}
    std::unique_ptr<test_db::TestDatabase> database;
    std::string path = database->location(); // what --db takes
    std::unique_ptr<storage::Backend> backend = storage::open(path);
    std::unique_ptr<storage::UserStore> users = backend->user_store();
    std::unique_ptr<storage::LadderStore> ladders = backend->ladder_store();
    const storage::TimePoint now =
        std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());

    storage::UserId user(const std::string& name) {
        return users->create_user(name, "hash", now).value();
    }
    storage::UserId id_of(const std::string& name) { return users->find_user_by_name(name)->id; }
    std::int64_t ladder_id(const std::string& name) {
        for (const auto& row : ladders->list_ladders())
            if (row.name == name)
                return row.id;
        FAIL("no ladder " << name);
        return 0;
    }
    // "Club" (chess 10+0) made with the command, `players` joined in order through the service.
    std::int64_t club(std::initializer_list<const char*> players) {
        const auto made =
            test::run_command(server::cli::run_ladder, {"create", "Club", "--variant", "chess",
                                                        "--time-control", "10+0", "--db", path});
        REQUIRE_MESSAGE(made.code == 0, made.err);
        const auto id = ladder_id("Club");
        server::accounts::LadderService service(*ladders, *users);
        for (const char* name : players)
            REQUIRE(service.join(id, user(name), now).ok());
        return id;
    }
    std::vector<std::string> standings(const std::string& name) {
        std::vector<std::string> names;
        for (const auto& rung : ladders->standings(ladder_id(name)))
            names.push_back(rung.name);
        return names;
    }
};

} // namespace

TEST_CASE_TEMPLATE("tabula ladder create stores an operator's ladder with the API's rules", Db,
                   STORAGE_BACKENDS) {
    LadderDb db{test_db::make<Db>()};
    const auto org = db.user("Org");
    auto r = ladder({"create", "Club blitz", "--variant", "chess", "--time-control", "5+3",
                     "--rungs", "3", "--response-hours", "24"},
                    db.path);
    REQUIRE_MESSAGE(r.code == 0, r.err);
    CHECK(mentions(r.out, "Club blitz"));
    r = ladder({"create", "Draughts corr", "--variant", "international", "--time-control", "3d",
                "--organiser", "org"},
               db.path);
    REQUIRE_MESSAGE(r.code == 0, r.err);

    const auto rows = db.ladders->list_ladders();
    REQUIRE(rows.size() == 2);
    const auto& blitz = rows[0].name == "Club blitz" ? rows[0] : rows[1];
    const auto& corr = rows[0].name == "Club blitz" ? rows[1] : rows[0];
    CHECK(blitz.variant == "chess");
    CHECK(blitz.max_rungs_up == 3);
    CHECK(blitz.response_time == std::chrono::hours(24));
    CHECK_FALSE(blitz.organiser_user_id);
    CHECK(corr.max_rungs_up == 5); // the defaults: 5 rungs, 72 hours
    CHECK(corr.response_time == std::chrono::hours(72));
    CHECK(corr.organiser_user_id == org);

    const auto list = ladder({"list"}, db.path);
    CHECK(list.code == 0);
    CHECK(mentions(list.out, "Club blitz\tchess\t5+3\t3 rungs up\t24 h to answer\torganiser -"));
    CHECK(mentions(list.out, "Draughts corr\tinternational\t3 days/move\t5 rungs up\t72 h"));
    CHECK(mentions(list.out, "organiser Org"));
}

TEST_CASE_TEMPLATE("tabula ladder create refuses bad input with a clear message and exit 1", Db,
                   STORAGE_BACKENDS) {
    LadderDb db{test_db::make<Db>()};
    const std::vector<std::pair<std::vector<std::string>, std::string>> refusals = {
        {{"create", "L", "--variant", "go", "--time-control", "5+3"}, "variant"},
        {{"create", "L", "--variant", "halma-2", "--time-control", "5+3"},
         "halma-2 cannot be played on a ladder"},
        {{"create", "L", "--variant", "chinese-checkers-6", "--time-control", "5+3"},
         "chinese-checkers-6 cannot be played on a ladder"},
        {{"create", "L", "--variant", "chess", "--time-control", "0+0"}, "total time"},
        {{"create", "L", "--variant", "chess", "--time-control", "400+0"}, "6 hours"},
        {{"create", "L", "--variant", "chess", "--time-control", "5+3", "--rungs", "0"},
         "max_rungs_up"},
        {{"create", "L", "--variant", "chess", "--time-control", "5+3", "--response-hours", "721"},
         "response_hours"},
        {{"create", "L", "--variant", "chess", "--time-control", "5+3", "--organiser", "nobody"},
         "no user named 'nobody'"},
        {{"create", " L", "--variant", "chess", "--time-control", "5+3"}, "name"},
        {{"create", "L", "--variant", "chess"}, "--time-control"},
    };
    for (const auto& [words, message] : refusals) {
        const auto r = ladder(words, db.path);
        CHECK_MESSAGE(r.code == 1, (words[1] + " " + words.back()));
        CHECK_MESSAGE(mentions(r.err, message), r.err);
    }
    CHECK(db.ladders->list_ladders().empty());
    REQUIRE(ladder({"create", "L", "--variant", "chess", "--time-control", "5+3"}, db.path).code ==
            0);
    const auto twice =
        ladder({"create", "L", "--variant", "chess", "--time-control", "3+2"}, db.path);
    CHECK(twice.code == 1);
    CHECK(mentions(twice.err, "exists already"));
    CHECK(db.ladders->list_ladders().size() == 1);
}

TEST_CASE_TEMPLATE("tabula ladder create: a value it cannot read is a bad argument, exit 2", Db,
                   STORAGE_BACKENDS) {
    LadderDb db{test_db::make<Db>()};
    const std::vector<std::pair<std::vector<std::string>, std::string>> malformed = {
        {{"create", "L", "--variant", "chess", "--time-control", "5"}, "write 5+3"},
        {{"create", "L", "--variant", "chess", "--time-control", "fast"}, "write 5+3"},
        {{"create", "L", "--variant", "chess", "--time-control", "5+3", "--rungs", "x"}, "--rungs"},
        {{"create", "L", "--variant", "chess", "--time-control", "5+3", "--response-hours", "1h"},
         "--response-hours"},
    };
    for (const auto& [words, message] : malformed) {
        const auto r = ladder(words, db.path);
        CHECK_MESSAGE(r.code == 2, (words[1] + " " + words.back()));
        CHECK_MESSAGE(mentions(r.err, message), r.err);
        CHECK(mentions(r.err, "usage: tabula ladder"));
    }
    // Readable but unplayable is a refusal of what it names, as before: exit 1.
    const auto too_fast =
        ladder({"create", "L", "--variant", "chess", "--time-control", "5+181"}, db.path);
    CHECK(too_fast.code == 1);
    CHECK(mentions(too_fast.err, "at most 3 minutes"));
    CHECK(db.ladders->list_ladders().empty());
}

TEST_CASE_TEMPLATE("tabula ladder show lists standings and open challenges, by name or id", Db,
                   STORAGE_BACKENDS) {
    LadderDb db{test_db::make<Db>()};
    const auto id = db.club({"Ann", "Bob"});
    server::accounts::LadderService service(*db.ladders, *db.users);
    REQUIRE(service.challenge(id, db.id_of("Bob"), db.id_of("Ann"), db.now).ok());

    const auto by_name = ladder({"show", "Club"}, db.path);
    REQUIRE_MESSAGE(by_name.code == 0, by_name.err);
    CHECK(mentions(by_name.out, "  1. Ann\n  2. Bob\n"));
    CHECK(mentions(by_name.out, "Bob challenges Ann, open, answer by "));
    CHECK(ladder({"show", std::to_string(id)}, db.path).out == by_name.out);
    const auto missing = ladder({"show", "Nope"}, db.path);
    CHECK(missing.code == 1);
    CHECK(mentions(missing.err, "no ladder named 'Nope'"));
}

TEST_CASE_TEMPLATE("tabula ladder remove-player takes anyone off any ladder, those below move up",
                   Db, STORAGE_BACKENDS) {
    LadderDb db{test_db::make<Db>()};
    const auto id = db.club({"Ann", "Bob", "Cid"});
    server::accounts::LadderService service(*db.ladders, *db.users);
    REQUIRE(service.challenge(id, db.id_of("Cid"), db.id_of("Ann"), db.now).ok());

    const auto r = ladder({"remove-player", "Club", "ann"}, db.path);
    REQUIRE_MESSAGE(r.code == 0, r.err);
    CHECK(mentions(r.out, "removed Ann from rung 1"));
    CHECK(db.standings("Club") == std::vector<std::string>{"Bob", "Cid"});
    CHECK(db.ladders->open_challenges(id).empty()); // Ann's challenge went with her

    const auto again = ladder({"remove-player", "Club", "Ann"}, db.path);
    CHECK(again.code == 1);
    CHECK(mentions(again.err, "not on this ladder"));
    CHECK(ladder({"remove-player", "Club", "Nobody"}, db.path).code == 1);
    CHECK(ladder({"remove-player", "Nope", "Bob"}, db.path).code == 1);
    CHECK(db.standings("Club") == std::vector<std::string>{"Bob", "Cid"});
}

TEST_CASE("tabula ladder: bad arguments exit 2 with the usage, a missing database exits 1") {
    test::TempDir dir;
    const auto db = (dir.path() / "t.db").string();
    for (const std::vector<std::string>& words :
         std::vector<std::vector<std::string>>{{},
                                               {"frobnicate"},
                                               {"create"},
                                               {"show"},
                                               {"list", "extra"},
                                               {"remove-player", "Club"},
                                               {"show", "Club", "--variant", "chess"},
                                               {"create", "L", "--colour", "white"},
                                               {"create", "L", "--variant"}}) {
        const auto r = test::run_command(run_ladder, words);
        CHECK(r.code == 2);
        CHECK(mentions(r.err, "usage: tabula ladder"));
    }
    const auto r = ladder({"list"}, (dir.path() / "missing.db").string());
    CHECK(r.code == 1);
    CHECK_FALSE(std::filesystem::exists(dir.path() / "missing.db"));
}

TEST_CASE("the tabula binary lists the ladder command in its help and runs it") {
    test::TempDir dir;
    const auto run = [](const std::string& command) {
        std::string out;
        FILE* pipe = popen(command.c_str(), "r");
        REQUIRE(pipe != nullptr);
        char buffer[256];
        while (std::fgets(buffer, sizeof buffer, pipe) != nullptr)
            out += buffer;
        const int status = pclose(pipe);
        return std::pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1, out);
    };
    const std::string binary = TABULA_BINARY;
    const auto [help_code, help] = run(binary + " --help");
    CHECK(help_code == 0);
    CHECK(mentions(help, "ladder create|list|show|remove-player"));
    const std::string db = (dir.path() / "t.db").string();
    const auto made = run(binary + " ladder create Club --variant chess --time-control 3+2 --db '" +
                          db + "' 2>&1");
    CHECK(made.first == 0);
    const auto listed = run(binary + " ladder list --db '" + db + "' 2>&1");
    CHECK(listed.first == 0);
    CHECK(mentions(listed.second, "Club\tchess\t3+2"));
    const auto refused = run(binary +
                             " ladder create Club --variant chess --time-control 3+2 "
                             "--db '" +
                             db + "' 2>&1");
    CHECK(refused.first == 1);
    CHECK(mentions(refused.second, "exists already"));
}
