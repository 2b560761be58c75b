// The tag section and movetext that the chess PGN and the draughts PDN writers share.
#include "rules/record/record_writer.h"

#include <doctest/doctest.h>

TEST_CASE("record writer: a tag value escapes quotes and backslashes and keeps to one line") {
    CHECK(rules::tag_line("Event", "a \"b\" c\\d") == "[Event \"a \\\"b\\\" c\\\\d\"]\n");
    CHECK(rules::tag_line("Site", "two\r\nlines") == "[Site \"twolines\"]\n");
}

TEST_CASE("record writer: roster, the family's tags, Termination, then the caller's extras") {
    rules::RecordTags tags;
    tags.white = "Ann";
    tags.termination = "time forfeit";
    tags.extra = {{"TimeControl", "300+5"}};
    const rules::TagPair own[] = {{"GameType", "20"}, {"FEN", "W:W31:B1"}};
    CHECK(rules::tag_section(tags, "2-0", own) == "[Event \"Tabula game\"]\n"
                                                  "[Site \"Tabula\"]\n"
                                                  "[Date \"????.??.??\"]\n"
                                                  "[Round \"-\"]\n"
                                                  "[White \"Ann\"]\n"
                                                  "[Black \"?\"]\n"
                                                  "[Result \"2-0\"]\n"
                                                  "[GameType \"20\"]\n"
                                                  "[FEN \"W:W31:B1\"]\n"
                                                  "[Termination \"time forfeit\"]\n"
                                                  "[TimeControl \"300+5\"]\n"
                                                  "\n");
}

TEST_CASE("record writer: move numbers, a second-mover start, and lines under 80 columns") {
    CHECK(rules::movetext({"e4", "e5", "Nf3"}, 1, true, "*") == "1. e4 e5 2. Nf3 *\n");
    CHECK(rules::movetext({"e5", "Nf3"}, 7, false, "0-1") == "7... e5 8. Nf3 0-1\n");
    CHECK(rules::movetext({}, 1, true, "1-1") == "1-1\n");
    const std::vector<std::string> moves(40, "32-28");
    const std::string text = rules::movetext(moves, 1, true, "*");
    std::size_t line_start = 0;
    for (std::size_t end = text.find('\n'); end != std::string::npos;
         end = text.find('\n', line_start)) {
        CHECK(end - line_start <= 79);
        line_start = end + 1;
    }
    CHECK(line_start == text.size());
    CHECK(text.find("20. 32-28 32-28 *") != std::string::npos);
}
