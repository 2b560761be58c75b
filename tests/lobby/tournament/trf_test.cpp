#include "lobby/tournament/trf.h"

#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace lobby::tournament {

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        out.push_back(line);
    return out;
}

std::string line_starting(const std::string& text, const std::string& start) {
    for (const std::string& line : lines_of(text))
        if (line.rfind(start, 0) == 0)
            return line;
    return {};
}

// 1-based columns, as TRF-16 numbers them.
std::string trf_cols(const std::string& line, std::size_t first, std::size_t last) {
    return line.size() >= first ? line.substr(first - 1, last - first + 1) : std::string();
}

Swiss small_swiss() {
    SwissSettings settings;
    settings.rounds = 3;
    auto swiss = Swiss::create("Spring Open", settings);
    REQUIRE(swiss.ok());
    REQUIRE(swiss->add_player("u1", "Carlsen, Magnus", 2830).ok());
    REQUIRE(swiss->add_player("u2", "Anand, Viswanathan", 2750).ok());
    REQUIRE(swiss->add_player("u3", "Nakamura, Hikaru", 2790).ok());
    // Numbered by rating: 1 Carlsen, 2 Nakamura, 3 Anand. Round 1: 1-2, 3 has the bye.
    REQUIRE(swiss->pair_next_round().ok());
    return std::move(swiss).value();
}

} // namespace

TEST_CASE("trf: player lines put every field in its TRF-16 columns") {
    Swiss swiss = small_swiss();
    // Round 1 of three: 1-2, 3 has the bye.
    REQUIRE_FALSE(swiss.record_result(1, 1, Outcome::WhiteWins));
    const std::string text = write_trf(swiss.record());
    CHECK(line_starting(text, "012") == "012 Spring Open");
    CHECK(line_starting(text, "XXR") == "XXR 3");
    const std::string first = line_starting(text, "001    1");
    CHECK(trf_cols(first, 1, 3) == "001");
    CHECK(trf_cols(first, 5, 8) == "   1");
    CHECK(trf_cols(first, 15, 47) == "Carlsen, Magnus                  ");
    CHECK(trf_cols(first, 49, 52) == "2830");
    CHECK(trf_cols(first, 81, 84) == " 1.0");
    CHECK(trf_cols(first, 86, 89) == "   1");
    CHECK(trf_cols(first, 92, 99) == "0002 w 1");
    const std::string third = line_starting(text, "001    3");
    CHECK(trf_cols(third, 92, 99) == "0000 - U");
    CHECK(trf_cols(third, 81, 84) == " 1.0");
    const std::string second = line_starting(text, "001    2");
    CHECK(trf_cols(second, 92, 99) == "0001 b 0");
    CHECK(trf_cols(second, 81, 84) == " 0.0");
}

TEST_CASE("trf: the text reads back to the same tournament, and a pending game stays pending") {
    Swiss swiss = small_swiss();
    const auto back = read_trf(write_trf(swiss.record()));
    REQUIRE(back.ok());
    CHECK(*back == swiss.record());
    CHECK(back->rounds[0].games[0].outcome == Outcome::Pending);
}

TEST_CASE("trf: a file from another program, without Tabula's lines, is read") {
    // Two players, one round: 1 beat 2 by forfeit.
    std::string a = "001";
    std::string b = "001";
    const auto at = [](std::string& line, std::size_t col, const std::string& text) {
        if (line.size() < col - 1 + text.size())
            line.resize(col - 1 + text.size(), ' ');
        line.replace(col - 1, text.size(), text);
    };
    at(a, 5, "   1");
    at(a, 15, "First");
    at(a, 49, "2100");
    at(a, 92, "0002 w +");
    at(b, 5, "   2");
    at(b, 15, "Second");
    at(b, 49, "2000");
    at(b, 92, "0001 b -");
    const auto read = read_trf("012 Imported\nXXR 5\n" + a + "\n" + b + "\n");
    REQUIRE(read.ok());
    CHECK(read->name == "Imported");
    CHECK(read->settings.rounds == 5);
    REQUIRE(read->players.size() == 2);
    CHECK(read->players[0].name == "First");
    CHECK(read->players[1].rating == 2000);
    REQUIRE(read->rounds.size() == 1);
    CHECK(read->rounds[0].games[0].outcome == Outcome::WhiteWinsByForfeit);
}

TEST_CASE("trf: text that does not hold together is refused") {
    CHECK(read_trf("XXR many\n").error().code == "bad_trf");
    std::string a = "001    1";
    a.resize(91, ' ');
    a += "0002 w 1"; // player 2 does not exist
    CHECK(read_trf(a + "\n").error().code == "bad_trf");
    CHECK(read_trf("TBT XYZ\n").error().code == "bad_trf");
}

} // namespace lobby::tournament
