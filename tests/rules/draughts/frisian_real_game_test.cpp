// A real Frisian game replayed through the face: Walinga - Groenveld, game 5 of the 2021 world
// championship match (Harlingen, 15 August 2021), as published with comments in Frisian by
// friesdammen.nl ("Rubryk 15-10-2021", https://friesdammen.nl/author/friesdammen/). The
// published score stops after Black's 48th move (49x46); Groenveld won the game a few moves
// later with a king (itnijs.frl, "Fyfde partij WK Frysk Damjen is winst foar Groenveld",
// 15 August 2021), so the record below ends unfinished ("*"). The moves are the main line of
// the published score without its comments and variations, with its "×" written "x".
//
// Every move must be legal under rules/draughts' Frisian rules and be written by them exactly
// as the source writes it (capture or not, its squares). The game holds captures along a row
// (21. 34x32, 26... 7x9), along a column (37. 30x10, 46. 30x10), a crowning by a capture
// (42... 20x49) and a king's capture along the edge row (48... 49x46).
#include "rules/game.h"
#include "rules/record/record_reader.h"
#include "tests/rules/draughts/test_helpers.h"

#include <string>
#include <vector>

namespace {

constexpr const char* walinga_groenveld_2021_5 =
    R"([Event "World Championship Frisian draughts, match, game 5"]
[Site "Harlingen"]
[Date "2021.08.15"]
[White "Walinga, Marten"]
[Black "Groenveld, Folkert"]
[Result "*"]
[GameType "40"]

1. 32-27 19-24 2. 31-26 24-29 3. 34x23 18x29 4. 33x24 20x29 5. 39x19 13x24 6. 40-34 17-21
7. 26x17 12x32 8. 38x27 11-17 9. 43-38 15-20 10. 27-22 17x28 11. 38x18 8x28 12. 37-31 3-8
13. 48-43 8-12 14. 41-37 12-17 15. 31-26 16-21 16. 47-41 7-11 17. 37-31 2-7 18. 45-40 9-13
19. 50-45 13-19 20. 43-39 28-33 21. 34x32 10-15 22. 42-37 4-9 23. 39-34 9-13 24. 49-43 13-18
25. 32-27 21x32 26. 37x8 7x9 27. 41-37 17-22 28. 43-38 11-17 29. 38-32 22x42 30. 37x48 17-22
31. 31-27 22x31 32. 26x37 9-13 33. 37-32 19-23 34. 46-41 13-19 35. 41-37 6-11 36. 34-30 11-16
37. 30x10 15x4 38. 40-34 4-10 39. 48-42 24-29 40. 34-30 14-20 41. 30x28 23-29 42. 28x30 20x49
43. 42-38 1-6 44. 35-30 10-15 45. 36-31 15-20 46. 30x10 5x14 47. 31-27 19-23 48. 32-28 49x46 *
)";

// The cell (row * 10 + col, row 0 on Black's side) of square `n` of the 10x10 board (FMJD
// art. 1.4: squares 1 to 5 on Black's first row, counted from White's left).
int cell_of(int n) {
    const int row = (n - 1) / 5;
    const int k = (n - 1) % 5;
    return row * 10 + (row % 2 == 0 ? 2 * k + 1 : 2 * k);
}

} // namespace

TEST_CASE("frisian: a real game replays, each move written as the published score writes it") {
    const auto records = rules::read_records(walinga_groenveld_2021_5);
    REQUIRE(records.size() == 1);
    REQUIRE(records.front().ok());
    const auto& record = *records.front();
    REQUIRE(record.moves.size() == 96);
    auto game = draughts_test::game("frisian");
    std::vector<rules::MoveView> played;
    for (const auto& move : record.moves) {
        CAPTURE(played.size() + 1);
        CAPTURE(move);
        const auto view = game->play(move);
        REQUIRE_MESSAGE(view.ok(), view.error().detail);
        CHECK(view->display == move);
        CHECK(view->captures.empty() == (move.find('x') == std::string::npos));
        played.push_back(*view);
    }
    // The published score breaks off here; the game went on (Black won it, see above).
    CHECK_FALSE(game->outcome().over());

    // Ply 2n - 1 is White's n-th move, ply 2n Black's.
    const auto at_ply = [&](std::size_t ply) -> const rules::MoveView& { return played[ply - 1]; };
    const auto same_row = [](int a, int b) { return a / 10 == b / 10; };
    const auto same_col = [](int a, int b) { return a % 10 == b % 10; };
    SUBCASE("21. 34x32 takes 33 along the row") {
        const auto& m = at_ply(41);
        REQUIRE(m.captures.size() == 1);
        CHECK(m.captures.front() == cell_of(33));
        CHECK(same_row(m.path.front(), m.path.back()));
    }
    SUBCASE("26... 7x9 takes 8 along the row") {
        const auto& m = at_ply(52);
        REQUIRE(m.captures.size() == 1);
        CHECK(m.captures.front() == cell_of(8));
        CHECK(same_row(m.path.front(), m.path.back()));
    }
    SUBCASE("37. 30x10 and 46. 30x10 take 20 along the column") {
        for (const std::size_t ply : {73U, 91U}) {
            const auto& m = at_ply(ply);
            REQUIRE(m.captures.size() == 1);
            CHECK(m.captures.front() == cell_of(20));
            CHECK(same_col(m.path.front(), m.path.back()));
        }
    }
    SUBCASE("42... 20x49 ends on White's first row and crowns, and 48... 49x46 is that king's") {
        auto replay = draughts_test::game("frisian");
        for (std::size_t ply = 0; ply < 84; ++ply)
            REQUIRE(replay->play(record.moves[ply]).ok());
        CHECK(replay->board().cells[static_cast<std::size_t>(cell_of(49))] == 'B');
        const auto& m = at_ply(96);
        CHECK(m.path.front() == cell_of(49));
        CHECK(same_row(m.path.front(), m.path.back()));
        CHECK(game->board().cells[static_cast<std::size_t>(cell_of(46))] == 'B');
    }
}
