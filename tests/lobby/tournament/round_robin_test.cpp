#include "lobby/tournament/round_robin.h"
#include "lobby/tournament/round_robin_record.h"
#include "lobby/tournament/swiss.h"
#include "lobby/tournament/trf.h"

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace lobby::tournament {

namespace {

// The Berger tables as published (FIDE Handbook C.05 Annex 1, "Berger tables"; the same
// tables are printed in Chris Fox's "Berger Tables" page and the Crenshaw-Berger sheet): one
// line per round, "white:black" in board order. An odd count uses the table of the next even
// size, its highest number being the bye.
const std::map<int, std::vector<std::string>> kPublished = {
    {4, {"1:4 2:3", "4:3 1:2", "2:4 3:1"}},
    {6, {"1:6 2:5 3:4", "6:4 5:3 1:2", "2:6 3:1 4:5", "6:5 1:4 2:3", "3:6 4:2 5:1"}},
    {8,
     {"1:8 2:7 3:6 4:5", "8:5 6:4 7:3 1:2", "2:8 3:1 4:7 5:6", "8:6 7:5 1:4 2:3", "3:8 4:2 5:1 6:7",
      "8:7 1:6 2:5 3:4", "4:8 5:3 6:2 7:1"}},
    {10,
     {"1:10 2:9 3:8 4:7 5:6", "10:6 7:5 8:4 9:3 1:2", "2:10 3:1 4:9 5:8 6:7",
      "10:7 8:6 9:5 1:4 2:3", "3:10 4:2 5:1 6:9 7:8", "10:8 9:7 1:6 2:5 3:4",
      "4:10 5:3 6:2 7:1 8:9", "10:9 1:8 2:7 3:6 4:5", "5:10 6:4 7:3 8:2 9:1"}},
    {12,
     {"1:12 2:11 3:10 4:9 5:8 6:7", "12:7 8:6 9:5 10:4 11:3 1:2", "2:12 3:1 4:11 5:10 6:9 7:8",
      "12:8 9:7 10:6 11:5 1:4 2:3", "3:12 4:2 5:1 6:11 7:10 8:9", "12:9 10:8 11:7 1:6 2:5 3:4",
      "4:12 5:3 6:2 7:1 8:11 9:10", "12:10 11:9 1:8 2:7 3:6 4:5", "5:12 6:4 7:3 8:2 9:1 10:11",
      "12:11 1:10 2:9 3:8 4:7 5:6", "6:12 7:5 8:4 9:3 10:2 11:1"}},
    {14,
     {"1:14 2:13 3:12 4:11 5:10 6:9 7:8", "14:8 9:7 10:6 11:5 12:4 13:3 1:2",
      "2:14 3:1 4:13 5:12 6:11 7:10 8:9", "14:9 10:8 11:7 12:6 13:5 1:4 2:3",
      "3:14 4:2 5:1 6:13 7:12 8:11 9:10", "14:10 11:9 12:8 13:7 1:6 2:5 3:4",
      "4:14 5:3 6:2 7:1 8:13 9:12 10:11", "14:11 12:10 13:9 1:8 2:7 3:6 4:5",
      "5:14 6:4 7:3 8:2 9:1 10:13 11:12", "14:12 13:11 1:10 2:9 3:8 4:7 5:6",
      "6:14 7:5 8:4 9:3 10:2 11:1 12:13", "14:13 1:12 2:11 3:10 4:9 5:8 6:7",
      "7:14 8:6 9:5 10:4 11:3 12:2 13:1"}},
};

// A round written like the tables ("white:black", board order).
std::string berger_text(const RoundRobinRound& round) {
    std::string out;
    for (const RoundRobinGame& g : round.games) {
        if (!out.empty())
            out += ' ';
        out += std::to_string(g.white);
        out += ':';
        out += std::to_string(g.black);
    }
    return out;
}

// The published line without the game against the dummy of an odd count.
std::string published_without_dummy(const std::string& line, int players) {
    if (players % 2 == 0)
        return line;
    const std::string dummy = std::to_string(players + 1);
    std::istringstream in(line);
    std::string game;
    std::string out;
    while (in >> game) {
        const auto colon = game.find(':');
        if (game.substr(0, colon) == dummy || game.substr(colon + 1) == dummy)
            continue;
        if (!out.empty())
            out += ' ';
        out += game;
    }
    return out;
}

int bye_in_published(const std::string& line, int players) {
    if (players % 2 == 0)
        return 0;
    const std::string dummy = std::to_string(players + 1);
    std::istringstream in(line);
    std::string game;
    while (in >> game) {
        const auto colon = game.find(':');
        if (game.substr(0, colon) == dummy)
            return std::stoi(game.substr(colon + 1));
        if (game.substr(colon + 1) == dummy)
            return std::stoi(game.substr(0, colon));
    }
    return -1;
}

} // namespace

TEST_CASE("round robin: 3 to 14 players follow the published Berger tables exactly") {
    for (int players = 3; players <= 14; ++players) {
        CAPTURE(players);
        const int even = players % 2 == 0 ? players : players + 1;
        const std::vector<std::string>& table = kPublished.at(even);
        const auto schedule = make_schedule(players, false);
        REQUIRE(schedule.ok());
        REQUIRE(schedule->size() == table.size());
        for (std::size_t r = 0; r < table.size(); ++r) {
            CAPTURE(r + 1);
            CHECK(berger_text((*schedule)[r]) == published_without_dummy(table[r], players));
            CHECK((*schedule)[r].bye == bye_in_published(table[r], players));
        }
    }
}

TEST_CASE("round robin: everyone meets everyone once") {
    for (int players = 2; players <= 20; ++players) {
        const auto schedule = make_schedule(players, false);
        REQUIRE(schedule.ok());
        std::map<std::pair<int, int>, int> met;
        for (const RoundRobinRound& round : *schedule)
            for (const RoundRobinGame& g : round.games)
                ++met[{std::min(g.white, g.black), std::max(g.white, g.black)}];
        CHECK(met.size() == static_cast<std::size_t>(players * (players - 1) / 2));
        for (const auto& [pair, count] : met)
            CHECK(count == 1);
    }
}

TEST_CASE("round robin: a double round robin has no three games of one colour in a row") {
    for (int players = 3; players <= 14; ++players) {
        CAPTURE(players);
        const auto schedule = make_schedule(players, true);
        REQUIRE(schedule.ok());
        const int even = players % 2 == 0 ? players : players + 1;
        REQUIRE(schedule->size() == static_cast<std::size_t>(2 * (even - 1)));
        std::map<int, std::string> colours; // games played, in order
        std::map<std::pair<int, int>, int> white_of_pair;
        for (const RoundRobinRound& round : *schedule)
            for (const RoundRobinGame& g : round.games) {
                colours[g.white] += 'W';
                colours[g.black] += 'B';
                ++white_of_pair[{g.white, g.black}];
            }
        for (const auto& [player, sequence] : colours) {
            CAPTURE(player);
            CAPTURE(sequence);
            CHECK(sequence.find("WWW") == std::string::npos);
            CHECK(sequence.find("BBB") == std::string::npos);
        }
        for (const auto& [pair, count] : white_of_pair) // each colour once per pair
            CHECK(count == 1);
    }
}

TEST_CASE("round robin: a double round robin is the published single cycle with its last two "
          "rounds swapped, then the published cycle again with colours reversed (C.05 Annex 1)") {
    for (int players = 3; players <= 14; ++players) {
        CAPTURE(players);
        const auto single = make_schedule(players, false); // equal to the published tables above
        const auto twice = make_schedule(players, true);
        REQUIRE(single.ok());
        REQUIRE(twice.ok());
        const std::size_t m = single->size();
        REQUIRE(twice->size() == 2 * m);
        for (std::size_t r = 0; r + 2 < m; ++r)
            CHECK((*twice)[r].games == (*single)[r].games);
        CHECK((*twice)[m - 2].games == (*single)[m - 1].games);
        CHECK((*twice)[m - 1].games == (*single)[m - 2].games);
        for (std::size_t r = 0; r < m; ++r) {
            CAPTURE(r);
            auto reversed = (*single)[r].games;
            for (RoundRobinGame& g : reversed)
                std::swap(g.white, g.black);
            CHECK((*twice)[m + r].games == reversed);
            CHECK((*twice)[m + r].bye == (*single)[r].bye);
        }
    }
}

TEST_CASE("round robin: counts outside 2 to 64 are refused") {
    CHECK(make_schedule(1, false).error().code == "bad_settings");
    CHECK(make_schedule(65, true).error().code == "bad_settings");
}

TEST_CASE("round robin: played and ranked through the Swiss record, exported to TRF") {
    std::vector<SwissEntrant> players;
    for (int i = 1; i <= 5; ++i)
        players.push_back({std::to_string(i), std::to_string(i), 2000, 1, std::nullopt, {}});
    SwissSettings settings;
    settings.tiebreaks = {Tiebreak::SonnebornBerger};
    auto record = round_robin_record("Club RR", players, false, settings);
    REQUIRE(record.ok());
    CHECK(record->settings.rounds == 5);
    auto swiss = Swiss::restore(*record);
    REQUIRE(swiss.ok());
    CHECK(swiss->pair_next_round().error().code == "tournament_over");
    // The lower number wins every game: 1 scores 4, 2 scores 3, ...; the bye scores nothing.
    for (int r = 1; r <= 5; ++r) {
        const auto& games = swiss->record().rounds[static_cast<std::size_t>(r - 1)].games;
        for (int b = 1; b <= static_cast<int>(games.size()); ++b) {
            const SwissGame& g = games[static_cast<std::size_t>(b - 1)];
            REQUIRE_FALSE(swiss->record_result(
                r, b, g.white < g.black ? Outcome::WhiteWins : Outcome::BlackWins));
        }
    }
    CHECK(swiss->finished());
    const auto rows = swiss->standings();
    for (int i = 0; i < 5; ++i) {
        CHECK(rows[static_cast<std::size_t>(i)].player == i);
        CHECK(rows[static_cast<std::size_t>(i)].points == 2 * (4 - i));
    }
    const auto back = read_trf(write_trf(swiss->record()));
    REQUIRE(back.ok());
    CHECK(*back == swiss->record());
}

} // namespace lobby::tournament
