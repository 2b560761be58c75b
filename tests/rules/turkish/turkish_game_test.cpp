// The rules::Game face of Turkish draughts: notation, position strings, outcomes, records.
#include "rules/game.h"
#include "rules/perft.h"
#include "rules/record/record_reader.h"
#include "tests/rules/draughts/test_helpers.h"

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using draughts_test::play_all;

namespace {

using rules::DrawRules;
using rules::Outcome;
using rules::VariantId;

const std::string start_fen = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
                              ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";

std::unique_ptr<rules::Game> game_at(std::string_view fen, DrawRules draw = DrawRules::Automatic) {
    auto game = rules::make_game(VariantId::Turkish, fen, {.draw_rules = draw});
    REQUIRE(game.ok());
    return std::move(game).value();
}

} // namespace

TEST_CASE("turkish: the start position has 16 men a side on rows 2-3 and 6-7, White to move") {
    const auto game = game_at("");
    CHECK(game->variant() == VariantId::Turkish);
    CHECK(game->seat_to_move() == 0);
    CHECK(game->position() == start_fen);
    CHECK(game->start_position() == start_fen);
    CHECK(game->legal_moves() == std::vector<std::string>{"a3-a4", "b3-b4", "c3-c4", "d3-d4",
                                                          "e3-e4", "f3-f4", "g3-g4", "h3-h4"});
    const auto board = game->board();
    CHECK(board.rows == 8);
    CHECK(board.cols == 8);
    CHECK(board.cells == std::string(8, '.') + std::string(16, 'b') + std::string(16, '.') +
                             std::string(16, 'w') + std::string(8, '.'));
    CHECK(game->outcome() == Outcome{});
}

TEST_CASE("turkish: a move is read with -, x, : or no separator, in either case") {
    for (const std::string text : {"c3-c4", "c3xc4", "c3:c4", "c3c4", "C3-C4"}) {
        CAPTURE(text);
        auto game = game_at("");
        const auto played = game->play(text);
        REQUIRE(played.ok());
        CHECK(played->notation == "c3-c4");
        CHECK(played->path == std::vector<int>{42, 34});
        CHECK(game->moves() == std::vector<std::string>{"c3-c4"});
        CHECK(game->ply() == 1);
        CHECK(game->seat_to_move() == 1);
    }
}

TEST_CASE("turkish: a refused move says why and changes nothing") {
    auto game = game_at("");
    const auto check_refused = [&](std::string_view text, std::string_view code) {
        CAPTURE(text);
        const auto played = game->play(text);
        REQUIRE_FALSE(played.ok());
        CHECK(played.error().code == code);
        CHECK_FALSE(played.error().detail.empty());
        CHECK(game->position() == start_fen);
        CHECK(game->ply() == 0);
    };
    check_refused("", "bad_move_syntax");
    check_refused("c3", "bad_move_syntax");
    check_refused("c3-", "bad_move_syntax");
    check_refused("c3--c4", "bad_move_syntax");
    check_refused("i3-i4", "bad_move_syntax");
    check_refused("c3-c4 ", "bad_move_syntax");
    check_refused("c3-c5", "illegal_move");
    check_refused("c2-c3", "illegal_move");
    check_refused("c6-c5", "illegal_move");
    check_refused("c3-c4-c5", "illegal_move");
}

TEST_CASE("turkish: a short form naming two captures is ambiguous and the full path is accepted") {
    auto game = game_at("W:WKh5:Bf2,f3,h4,b7");
    const auto short_form = game->play("h5xb8");
    REQUIRE_FALSE(short_form.ok());
    CHECK(short_form.error().code == "ambiguous_move");
    CHECK(game->ply() == 0);
    const auto full = game->play("h5:h2:b2:b8");
    REQUIRE(full.ok());
    CHECK(full->notation == "h5xh2xb2xb8");
    CHECK(game->position() == "B:WKb8:Bf3");
}

TEST_CASE(
    "turkish: any landing path of a capture names it, and its canonical form is the short one") {
    auto game = game_at("W:WKa3:Bc3,f3,a4,d5,b6");
    const auto views = game->legal_move_views();
    REQUIRE(views.size() == 2);
    CHECK(views[0].notation == "a3xg3");
    const auto played = game->play("a3xd3xd6xa6xa3xg3");
    REQUIRE(played.ok());
    CHECK(played->display == "a3xg3");
    CHECK(game->moves() == std::vector<std::string>{"a3xg3"});
}

TEST_CASE("turkish: a king with thousands of capture paths still lists each move once") {
    auto game = game_at("W:WKe6:Bd2,c3,g3,a4,b4,e4,c5,c6,f6,a7,e7,h7,d8,f8");
    CHECK(game->legal_moves().size() == 63);
    const auto played = game->play("e6xb6");
    REQUIRE(played.ok());
    CHECK(played->captures.size() == 14);
    CHECK(game->outcome() == Outcome::win(0, "no-moves"));
}

TEST_CASE("turkish: position strings are read strictly and written canonically") {
    CHECK(game_at("W:Bd5:WKd4,a2")->position() == "W:Wa2,Kd4:Bd5");
    CHECK(game_at("B:W:BKh8")->position() == "B:W:BKh8");
    for (const std::string bad :
         {"X:Wa2:Bb7", "W", "W:Wa2", "W:Wa2:Bb7:Wc2", "W:Wa2:Wb2", "W:Wa2,:Bb7", "W:Wa2,a2:Bb7",
          "W:Wa2:Ba2", "W:Wa9:Bb7", "W:Wa8:Bb7", "W:Wa2:Bb1", "W:Wk2:Bb7", "W:Wa2 :Bb7",
          "w:Wa2:Bb7", "W:WKK2:Bb7", "W:Wa02:Bb7", "W:Wa2:Bb07",
          "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4:Bb7"}) {
        CAPTURE(bad);
        const auto game = rules::make_game(VariantId::Turkish, bad);
        REQUIRE_FALSE(game.ok());
        CHECK(game.error().code == "bad_fen");
        CHECK_FALSE(game.error().detail.empty());
    }
}

TEST_CASE("turkish: the side to move without a legal move loses (no-moves)") {
    // Black has no pieces left.
    CHECK(game_at("B:WKg3:B")->outcome() == Outcome::win(0, "no-moves"));
    // White's man on a7 is blocked by a8, b7 and c7.
    const auto blocked = game_at("W:Wa7:Ba8,b7,c7");
    CHECK(blocked->outcome() == Outcome::win(1, "no-moves"));
    CHECK(blocked->legal_moves().empty());
    CHECK(blocked->play("a7-b7").error().code == "game_over");
}

TEST_CASE("turkish: a lone man against a king loses (lone-man)") {
    CHECK(game_at("W:Wa2:BKh8,h7")->outcome() == Outcome::win(1, "lone-man"));
    // White takes d2 and leaves Black a single man against its king.
    auto game = game_at("W:WKa2:Bd2,a8");
    REQUIRE(game->play("a2xe2").ok());
    CHECK(game->outcome() == Outcome::win(0, "lone-man"));
    CHECK(game->legal_moves().empty());
    CHECK(game_at("W:Wa2,b2:BKh8")->outcome() == Outcome{}); // two men: play on
}

TEST_CASE("turkish: one piece each is a draw (one-each), even when draws are claimed") {
    CHECK(game_at("W:WKa1:BKh8")->outcome() == Outcome::draw("one-each"));
    CHECK(game_at("W:Wa2:Bh7")->outcome() == Outcome::draw("one-each"));
    CHECK(game_at("W:WKa1:BKh8", DrawRules::Claim)->legal_moves().empty());
    CHECK_FALSE(game_at("W:WKa1:BKh8")->can_win(0));
    // Report only: the rule is reported and play goes on.
    auto report = game_at("W:WKa1:BKh8", DrawRules::ReportOnly);
    CHECK(report->outcome() == Outcome::draw("one-each"));
    CHECK(report->play("a1-a2").ok());
}

TEST_CASE("turkish: the third repetition of a position is a draw (threefold)") {
    const std::vector<std::string> shuffle{"a1-a2", "h8-h7", "a2-a1", "h7-h8"};
    auto game = game_at("W:WKa1,Kb1:BKg8,Kh8");
    play_all(*game, shuffle);
    CHECK(game->outcome() == Outcome{}); // twice
    play_all(*game, shuffle);
    CHECK(game->outcome() == Outcome::draw("threefold"));
    CHECK(game->legal_moves().empty());

    auto claim = game_at("W:WKa1,Kb1:BKg8,Kh8", DrawRules::Claim);
    play_all(*claim, shuffle);
    CHECK_FALSE(claim->claimable_draw());
    play_all(*claim, shuffle);
    CHECK(claim->outcome() == Outcome{});
    CHECK(claim->claimable_draw() == Outcome::draw("threefold"));
    CHECK_FALSE(claim->legal_moves().empty());

    auto report = game_at("W:WKa1,Kb1:BKg8,Kh8", DrawRules::ReportOnly);
    play_all(*report, shuffle);
    play_all(*report, shuffle);
    CHECK(report->outcome() == Outcome::draw("threefold"));
    CHECK(report->play("a1-a2").ok());
}

TEST_CASE("turkish: sideways man moves repeat positions like king moves do") {
    // A sideways man move is reversible: if it cleared the repetition history (as a capture or a
    // forward man move may, since no earlier position can come back after one), this
    // repetition would never be seen.
    auto sideways = game_at("W:Wa3,Ka1:BKh8,Kg8");
    play_all(*sideways, {"a3-b3", "h8-h7", "b3-a3", "h7-h8", "a3-b3", "h8-h7", "b3-a3", "h7-h8"});
    CHECK(sideways->outcome() == Outcome::draw("threefold"));
}

TEST_CASE("turkish: can_win is false without pieces or with one piece each") {
    const auto game = game_at("B:WKg3,a2:Bh7,h6");
    CHECK(game->can_win(0));
    CHECK(game->can_win(1));
    CHECK_FALSE(game_at("B:WKg3:B")->can_win(1));
}

TEST_CASE("turkish: a clone goes its own way") {
    auto game = game_at("");
    REQUIRE(game->play("a3-a4").ok());
    auto copy = game->clone();
    REQUIRE(copy->play("a6-a5").ok());
    CHECK(game->ply() == 1);
    CHECK(copy->ply() == 2);
    CHECK(copy->moves() == std::vector<std::string>{"a3-a4", "a6-a5"});
}

TEST_CASE("turkish: the record is PDN with GameType 30 and reads back to the same game") {
    auto game = game_at("");
    play_all(*game, {"d3-d4", "e6-e5", "d4-d5", "d6xd4"});
    rules::RecordTags tags;
    tags.white = "Ayşe";
    tags.black = "Mehmet \"Usta\"";
    const std::string pdn = game->record(tags);
    CHECK(pdn.find("[GameType \"30\"]") != std::string::npos);
    CHECK(pdn.find("[Result \"*\"]") != std::string::npos);
    CHECK(pdn.find("[Black \"Mehmet \\\"Usta\\\"\"]") != std::string::npos);
    CHECK(pdn.find("[FEN") == std::string::npos);
    CHECK(pdn.find("1. d3-d4 e6-e5 2. d4-d5 d6xd4 *") != std::string::npos);

    const auto records = rules::read_records(pdn);
    REQUIRE(records.size() == 1);
    REQUIRE(records[0].ok());
    auto replay = game_at("");
    play_all(*replay, records[0]->moves);
    CHECK(replay->position() == game->position());
}

TEST_CASE("turkish: a record from a set-up position carries its FEN and the result") {
    auto game = game_at("B:WKa2:Bd2,a8,h8");
    REQUIRE(game->play("h8-h7").ok());
    REQUIRE(game->play("a2xh8").ok()); // takes d2 and h7: a8 is left alone
    const std::string pdn = game->record({});
    CHECK(pdn.find("[FEN \"B:WKa2:Bd2,a8,h8\"]") != std::string::npos);
    CHECK(pdn.find("[Result \"1-0\"]") != std::string::npos);
    CHECK(pdn.find("1... h8-h7 2. a2xh8 1-0") != std::string::npos);
    rules::RecordTags resigned;
    resigned.outcome = Outcome::win(1, "resignation");
    resigned.termination = "resignation";
    const std::string other = game->record(resigned);
    CHECK(other.find("[Result \"0-1\"]") != std::string::npos);
    CHECK(other.find("[Termination \"resignation\"]") != std::string::npos);
}

TEST_CASE("turkish: along random games the game face agrees with perft and FEN round trips") {
    std::mt19937 random(20261121); // fixed seed: the same games every run
    int plies = 0;
    for (int game_number = 0; game_number < 40; ++game_number) {
        auto game = game_at("", DrawRules::ReportOnly);
        while (plies < 6000) {
            const auto moves = game->legal_moves();
            const std::string fen = game->position();
            CAPTURE(fen);
            CHECK(game_at(fen)->position() == fen);
            const Outcome outcome = game->outcome();
            if (outcome.status == Outcome::Status::Win) {
                CHECK(moves.empty()); // decided: no-moves or lone-man
                break;
            }
            const auto count = rules::perft(VariantId::Turkish, fen, {.depth = 1});
            REQUIRE(count.ok());
            CHECK(count->nodes == moves.size());
            if (outcome.over())
                break; // a draw rule holds (reported, play could go on)
            const auto& move = moves[random() % moves.size()];
            REQUIRE(game->play(move).ok());
            ++plies;
        }
    }
    CHECK(plies > 1000);
}

#include "rules/turkish/fen.h"
#include "rules/turkish/movegen.h"
#include "rules/turkish/notation.h"

#include <limits>

namespace {

std::string full_path_text(const rules::turkish::MovePath& path) {
    std::string text = rules::turkish::square_name(path.squares.front());
    for (std::size_t i = 1; i < path.squares.size(); ++i)
        text.append(1, 'x').append(rules::turkish::square_name(path.squares[i]));
    return text;
}

} // namespace

TEST_CASE("turkish: every full path is read, not only the paths the move list keeps") {
    // The king takes all fourteen men by 63 moves and 5,338 paths (tests/data/turkish.perft);
    // the game keeps 64 paths of each move, so a later path must be found by a search.
    const std::string fen = "W:WKe6:Bd2,c3,g3,a4,b4,e4,c5,c6,f6,a7,e7,h7,d8,f8";
    const auto position = rules::turkish::parse_position(fen);
    REQUIRE(position.ok());
    const auto all =
        rules::turkish::generate_move_paths(*position, std::numeric_limits<std::size_t>::max());
    const auto kept = rules::turkish::generate_move_paths(*position);
    REQUIRE(all.size() == kept.size());
    std::size_t paths = 0;
    int beyond_kept = 0;
    for (std::size_t m = 0; m < all.size(); ++m) {
        paths += all[m].paths.size();
        CHECK(all[m].paths.size() == all[m].move.paths);
        for (std::size_t p = rules::turkish::max_paths_kept; p < all[m].paths.size(); p += 97) {
            auto game = game_at(fen);
            const auto played = game->play(full_path_text(all[m].paths[p]));
            REQUIRE_MESSAGE(played.ok(), full_path_text(all[m].paths[p]));
            const auto expected = game_at(fen)->play(full_path_text(all[m].paths.front()));
            REQUIRE(expected.ok());
            CHECK(played->notation == expected->notation);
            ++beyond_kept;
        }
    }
    CHECK(paths == 5338);
    CHECK(beyond_kept > 0);
    // A path through the same squares in an order no capture takes is still refused.
    auto path = all.front().paths.front().squares;
    std::swap(path[1], path[2]);
    std::string text = rules::turkish::square_name(path.front());
    for (std::size_t i = 1; i < path.size(); ++i)
        text.append(1, 'x').append(rules::turkish::square_name(path[i]));
    const auto refused = game_at(fen)->play(text);
    REQUIRE(!refused.ok());
    CHECK(refused.error().code == "illegal_move");
}
