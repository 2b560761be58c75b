#include "rules/record/record_reader.h"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in, "cannot open " << path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string edge_case(const std::string& name) {
    return read_file(std::string(TABULA_TEST_DATA_DIR) + "/games/" + name);
}

using Moves = std::vector<std::string>;

} // namespace

TEST_CASE("tags, move numbers, comments, NAGs and the result are read from a PGN game") {
    const auto games = rules::read_records(
        "[Event \"Casual\"]\n[White \"A \\\"quoted\\\" name\"]\n\n"
        "1. e4 {best by test} e5 2. Nf3!? $1 Nc6 ; a line comment\n3. Bb5 a6 1-0\n");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].ok());
    CHECK(games[0]->tag("Event") == "Casual");
    CHECK(games[0]->tag("White") == "A \"quoted\" name");
    CHECK_FALSE(games[0]->tag("Black").has_value());
    CHECK(games[0]->moves == Moves{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"});
    CHECK(games[0]->result == "1-0");
}

TEST_CASE("several games in one text are read in order, each with its own result") {
    const auto games =
        rules::read_records("[Event \"1\"]\n1. d4 d5 1/2-1/2\n\n[Event \"2\"]\n1. c4 *\n");
    REQUIRE(games.size() == 2);
    CHECK(games[0]->moves == Moves{"d4", "d5"});
    CHECK(games[0]->result == "1/2-1/2");
    CHECK(games[1]->tag("Event") == "2");
    CHECK(games[1]->result == "*");
}

TEST_CASE("nested variations are skipped and only the main line is kept (PDN edge case)") {
    const auto games = rules::read_records(edge_case("pdn_format_edge_cases/succeed_variation.pdn"));
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].ok());
    CHECK(games[0]->moves == Moves{"32-28", "19-23", "28x19", "14x23"});
}

TEST_CASE("move strength glyphs are dropped from the moves they follow") {
    const auto games =
        rules::read_records(edge_case("pdn_format_edge_cases/succeed_movestrength.pdn"));
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].ok());
    CHECK(games[0]->moves == Moves{"32-28", "19-23", "28x19"});
}

TEST_CASE("a move glued to its move number is read as a move") {
    const auto games =
        rules::read_records(edge_case("pdn_format_edge_cases/succeed_alphanumeric.pdn"));
    REQUIRE(games.size() == 1);
    CHECK(games[0]->moves == Moves{"a3b4"});
}

TEST_CASE("escaped lines, escaped quotes, Unicode and FEN tags parse") {
    for (const char* name :
         {"succeed_linecomment.pdn", "succeed_string.pdn", "succeed_unicode.pdn",
          "succeed_gameterminator.pdn", "succeed_fen.pdn"}) {
        CAPTURE(name);
        const auto games =
            rules::read_records(edge_case(std::string("pdn_format_edge_cases/") + name));
        REQUIRE_FALSE(games.empty());
        for (const auto& g : games) CHECK(g.ok());
    }
    const auto fens = rules::read_records(edge_case("pdn_format_edge_cases/succeed_fen.pdn"));
    REQUIRE(fens.size() == 3);
    CHECK(fens[1]->tag("FEN") == "W:W31,29,K15:B14,13,12,9");
    const auto unicode = rules::read_records(edge_case("pdn_format_edge_cases/succeed_unicode.pdn"));
    CHECK(unicode[0]->tag("Black") == "高文龙");
}

TEST_CASE("a nested brace comment is refused with the line it is on") {
    const auto games =
        rules::read_records(edge_case("pdn_format_edge_cases/fail_nested_comment.pdn"));
    REQUIRE(games.size() == 1);
    REQUIRE_FALSE(games[0].ok());
    CHECK(games[0].error().code == "bad_record");
    CHECK(games[0].error().detail.find("line 1") != std::string::npos);
}

TEST_CASE("a byte-order mark and games with no moves are read (PGN edge case)") {
    const auto games =
        rules::read_records(edge_case("pgn_format_edge_cases/utf8_bom_empty_games.pgn"));
    REQUIRE(games.size() >= 2);
    CHECK(games[0]->tag("Event") == "A");
    CHECK(games[0]->moves.empty());
    CHECK(games[1]->tag("Event") == "B");
}

TEST_CASE("a blank line inside the tag section does not split the game") {
    const auto games =
        rules::read_records(edge_case("pgn_format_edge_cases/blank_line_in_tag_section.pgn"));
    REQUIRE(games.size() == 1);
    CHECK(games[0]->tag("Event") == "AlphaZero vs. Stockfish");
    CHECK(games[0]->tag("Round") == "1");
    CHECK(games[0]->moves.front() == "e4");
    CHECK(games[0]->result == "0-1");
}

TEST_CASE("a broken game is reported and reading resumes at the next game") {
    const auto games =
        rules::read_records("[Event \"bad\"\n1. e4 *\n\n[Event \"good\"]\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    CHECK_FALSE(games[0].ok());
    REQUIRE(games[1].ok());
    CHECK(games[1]->tag("Event") == "good");
}

TEST_CASE("unclosed comments and variations are errors, not crashes") {
    for (const char* text : {"1. e4 { never closed", "1. e4 (1. d4 d5", "1. e4 ) e5", "[Ev"}) {
        CAPTURE(text);
        const auto games = rules::read_records(text);
        REQUIRE(games.size() == 1);
        CHECK_FALSE(games[0].ok());
    }
}

TEST_CASE("0-0 is castling inside a game and a result only at its end") {
    const auto games = rules::read_records("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 0-0\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0]->moves.back() == "0-0");
    CHECK(games[0]->result == "0-0");
    const auto castled = rules::read_records("4. 0-0 Nf6 *");
    CHECK(castled[0]->moves == Moves{"0-0", "Nf6"});
}
