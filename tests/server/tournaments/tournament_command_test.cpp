// tabula tournament: create, list, show, start, withdraw, pause and end, run in-process on a temporary
// database (the entries made through the service, as the routes make them).
#include "server/cli/commands.h"
#include "tests/server/auth/command_runner.h"
#include "tests/server/tournaments/tournament_test_support.h"

#include <doctest/doctest.h>

using namespace tournament_test;

namespace {

test::CommandRun tournament(std::vector<std::string> words, const std::string& db) {
    words.insert(words.end(), {"--db", db});
    return test::run_command(server::cli::run_tournament, words);
}

bool mentions(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("tabula tournament creates, lists, starts, shows, withdraws from and ends a Swiss") {
    Club club;
    const auto db = club.dir.db();
    club.account("org");
    auto made = tournament({"create", "Club Swiss", "--variant", "chess", "--time-control", "5+3",
                            "--rounds", "3", "--organiser", "org", "--rated"},
                           db);
    REQUIRE_MESSAGE(made.code == 0, made.err);
    CHECK(mentions(made.out, "created tournament 1 'Club Swiss' (swiss, chess, 5+3)"));
    CHECK(tournament({"create", "X", "--variant", "chess", "--time-control", "5"}, db).code == 2);
    const auto refused =
        tournament({"create", "X", "--variant", "halma", "--time-control", "5+3"}, db);
    CHECK(refused.code == 1);
    CHECK(mentions(refused.err, "no such variant for two players"));
    CHECK(tournament({"frobnicate"}, db).code == 2);
    // Open only to a ladder's players: the ladder must exist.
    CHECK(tournament({"create", "X", "--variant", "chess", "--time-control", "5+3", "--ladder",
                      "one"},
                     db)
              .code == 2);
    const auto no_ladder = tournament(
        {"create", "X", "--variant", "chess", "--time-control", "5+3", "--ladder", "7"}, db);
    CHECK(no_ladder.code == 1);
    CHECK(mentions(no_ladder.err, "there is no ladder 7"));

    Director director(club);
    enter(club, director, 1, {"ann", "bob", "cid", "dan"});
    auto listed = tournament({"list", "--state", "created"}, db);
    REQUIRE(listed.code == 0);
    CHECK(mentions(listed.out, "1\tClub Swiss\tswiss\tchess\t5+3\trated\tcreated"));

    const auto started = tournament({"start", "1"}, db);
    REQUIRE_MESSAGE(started.code == 0, started.err);
    CHECK(mentions(started.out, "tournament 1 'Club Swiss' is running"));
    CHECK(tournament({"start", "1"}, db).code == 1);
    const auto shown = tournament({"show", "1"}, db);
    REQUIRE(shown.code == 0);
    CHECK(mentions(shown.out, "standings:"));
    CHECK(mentions(shown.out, "BH-C1"));
    CHECK(mentions(shown.out, "round 1:"));
    CHECK(mentions(shown.out, "  1. "));
    CHECK(tournament({"show", "9"}, db).code == 1);

    const auto withdrawn = tournament({"withdraw", "1", "dan"}, db);
    REQUIRE_MESSAGE(withdrawn.code == 0, withdrawn.err);
    CHECK(mentions(withdrawn.out, "withdrew dan from tournament 1 (from round 2)"));
    CHECK(tournament({"withdraw", "1", "nobody"}, db).code == 1);
    const auto ended = tournament({"end", "1"}, db);
    REQUIRE(ended.code == 0);
    CHECK(mentions(ended.out, "is finished"));
    CHECK(mentions(tournament({"list"}, db).out, "\tfinished\t"));
}

TEST_CASE("tabula tournament pause stops an arena's player being paired, and says why it cannot") {
    Club club;
    const auto db = club.dir.db();
    auto made = tournament({"create", "Blitz arena", "--variant", "chess", "--time-control", "3+2",
                            "--format", "arena", "--duration", "30"},
                           db);
    REQUIRE_MESSAGE(made.code == 0, made.err);
    Director director(club);
    enter(club, director, 1, {"ann", "bob", "cid"});
    REQUIRE(tournament({"start", "1"}, db).code == 0);

    const auto paused = tournament({"pause", "1", "cid"}, db);
    REQUIRE_MESSAGE(paused.code == 0, paused.err);
    CHECK(mentions(paused.out, "paused cid in arena 1"));
    const auto again = tournament({"pause", "1", "cid"}, db);
    CHECK(again.code == 1);
    CHECK(mentions(again.err, "paused"));
    CHECK(tournament({"pause", "1", "nobody"}, db).code == 1);
    CHECK(tournament({"pause", "1"}, db).code == 2);
    const auto view = director.service.view(1);
    REQUIRE(view);
    int paused_entries = 0;
    for (const auto& entry : view->entries)
        paused_entries += entry.paused ? 1 : 0;
    CHECK(paused_entries == 1);

    REQUIRE(tournament({"create", "Swiss", "--variant", "chess", "--time-control", "5+3",
                        "--rounds", "3"},
                       db)
                .code == 0);
    const auto not_arena = tournament({"pause", "2", "ann"}, db);
    CHECK(not_arena.code == 1);
}
