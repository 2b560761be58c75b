// Starting a pairing's table (server/tournaments/tournament_games.h): the code is stored on
// the pairing before the table is asked for, so a restart at any moment asks again for the
// same code; the play service's answers (opened, code taken, not now, a player who cannot be
// seated) and what the service does with each. The play service's part is played by the test
// (tournament_test_support.h).
#include "lobby/join_codes.h"
#include "server/tournaments/tournament_record.h"
#include "tests/server/tournaments/tournament_test_support.h"

#include <set>

#include <doctest/doctest.h>

using namespace tournament_test;
using server::tournaments::TableAnswer;
namespace stored = server::tournaments::stored_outcome;

namespace {

// The games of the ones asked for, their rows made at the table with the reserved code.
std::vector<Table> make_rows(Club& club, const std::vector<RecordingStarter::Asked>& asked) {
    RecordingStarter again;
    for (const auto& a : asked)
        again.start_tournament_game(a.game, [](const TableAnswer&) {});
    return club.open_tables(again);
}

} // namespace

TEST_CASE("a pairing's table code is stored before its table is asked for, and a restart before "
          "the answer asks again for the same code: one table and one game per pairing") {
    Club club;
    std::int64_t id = 0;
    std::vector<RecordingStarter::Asked> first_asks;
    std::vector<Table> rows;
    {
        Director director(club);
        id = started_swiss_of_four(club, director, 2);
        first_asks = director.starter->take();
        REQUIRE(first_asks.size() == 2);
        const auto round = director.tournaments->rounds(id).at(0);
        for (const auto& asked : first_asks) {
            const auto& p = round.pairings.at(static_cast<std::size_t>(asked.game.board - 1));
            CHECK(p.table_code == asked.game.table_code); // stored before the ask
            CHECK(lobby::normalize_join_code(p.table_code).ok());
        }
        CHECK(first_asks[0].game.table_code != first_asks[1].game.table_code);
        // The tables are made and their games start; the server dies before any answer.
        rows = make_rows(club, first_asks);
    }
    Director director(club);
    director.service.tick(club.now());
    const auto again = director.starter->take();
    REQUIRE(again.size() == 2);
    std::set<std::string> codes;
    for (const auto& asked : again) {
        codes.insert(asked.game.table_code);
        asked.opened(server::tournaments::TableAnswer::of(server::tournaments::TableAnswer::Kind::Opened)); // the restored table was found
    }
    CHECK(codes == std::set<std::string>{first_asks[0].game.table_code,
                                         first_asks[1].game.table_code});
    director.drain();
    director.service.tick(club.now());
    CHECK(director.starter->take().empty()); // asked once in each process
    auto round = director.tournaments->rounds(id).at(0);
    for (const auto& p : round.pairings)
        CHECK(p.game_id.has_value()); // the one game made before the restart
    for (const auto& t : rows)
        club.finish(t.id, "1-0");
    director.service.tick(club.now());
    const auto shown = director.service.view(id).value();
    REQUIRE(shown.rounds.size() == 2);
    for (const auto& p : shown.rounds[0].pairings)
        CHECK(p.game_result == "1-0");
}

TEST_CASE("a player who cannot be seated loses the pairing by forfeit, recorded as such with "
          "no game, and the round goes on") {
    Club club;
    Director director(club);
    const auto id = started_swiss_of_four(club, director, 2);
    auto asked = director.starter->take();
    REQUIRE(asked.size() == 2);
    asked[0].opened(TableAnswer::unseated(1, "every seat is taken"));
    asked[1].opened(TableAnswer::unseated(0, "blocked"));
    director.drain();
    auto shown = director.service.view(id).value();
    const auto& round1 = shown.rounds.at(0).pairings;
    CHECK(round1[0].outcome == stored::white_forfeit_win);
    CHECK(round1[1].outcome == stored::black_forfeit_win);
    CHECK_FALSE(round1[0].game_id.has_value()); // no game: nothing is rated
    int forfeits = 0;
    for (const auto& line : director.tournaments->history(id))
        if (line.event == "forfeit" &&
            line.detail.find("could not be seated") != std::string::npos)
            ++forfeits;
    CHECK(forfeits == 2);
    director.service.tick(club.now()); // round 1 is complete: round 2 is paired
    shown = director.service.view(id).value();
    CHECK(shown.rounds.size() == 2);
    CHECK(director.starter->take().size() == 2);
}

TEST_CASE("a table code another table holds is replaced and asked for again, and a table that "
          "could not be made now is asked for again with the same code") {
    Club club;
    Director director(club);
    const auto id = started_swiss_of_four(club, director, 2);
    auto asked = director.starter->take();
    REQUIRE(asked.size() == 2);
    const auto taken = asked[0].game.table_code;
    const auto later = asked[1].game.table_code;
    asked[0].opened(server::tournaments::TableAnswer::of(server::tournaments::TableAnswer::Kind::CodeTaken));
    asked[1].opened(server::tournaments::TableAnswer::of(server::tournaments::TableAnswer::Kind::NotNow));
    director.drain();
    director.service.tick(club.now());
    auto again = director.starter->take();
    REQUIRE(again.size() == 2);
    const auto& replaced = again[0].game.board == asked[0].game.board ? again[0] : again[1];
    const auto& retried = again[0].game.board == asked[0].game.board ? again[1] : again[0];
    CHECK(replaced.game.table_code != taken);
    CHECK(retried.game.table_code == later);
    const auto round = director.tournaments->rounds(id).at(0);
    CHECK(round.pairings.at(static_cast<std::size_t>(replaced.game.board - 1)).table_code ==
          replaced.game.table_code);
}
