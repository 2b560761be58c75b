// The halma family's face: the position notation (strict reading, canonical writing), the
// record, and agreement with the reference generator along seeded random games.
#include "halma_test_support.h"
#include "rules/record/record_reader.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <doctest/doctest.h>

using halma_test::detail_of;
using halma_test::game_of;
using rules::VariantId;

namespace {

const std::vector<VariantId> family = {VariantId::ChineseCheckers2, VariantId::ChineseCheckers3,
                                       VariantId::ChineseCheckers4, VariantId::ChineseCheckers6,
                                       VariantId::Halma2,           VariantId::Halma4};

constexpr const char* cc2_start =
    "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-";

} // namespace

TEST_CASE("halma family: the start positions in the notation") {
    CHECK(game_of(VariantId::ChineseCheckers2)->position() == cc2_start);
    CHECK(game_of(VariantId::ChineseCheckers3)->position() ==
          "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1:e10,e11,e12,e13,f10,"
          "f11,f12,g10,g11,h10:0:-");
    CHECK(game_of(VariantId::Halma4)->position() ==
          "1:a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,a4,b4:a13,b13,a14,b14,c14,a15,b15,c15,d15,a16,b16,"
          "c16,d16:o13,p13,n14,o14,p14,m15,n15,o15,p15,m16,n16,o16,p16:m1,n1,o1,p1,m2,n2,o2,p2,"
          "n3,o3,p3,o4,p4:0:-");
    for (const auto id : family) {
        const auto game = game_of(id);
        CAPTURE(rules::variant_name(id));
        CHECK(game->players() == rules::player_count(id));
        CHECK(game->seat_to_move() == 0);
        CHECK(game->start_position() == game->position());
    }
}

TEST_CASE("halma family: a bad position is refused with bad_fen and the reason") {
    const auto cc2 = VariantId::ChineseCheckers2;
    CHECK(detail_of(cc2, "1:n1") == "expected 5 fields separated by ':' (seat to move, the "
                                    "pieces of 2 seats, moves played, finished seats), found 2");
    CHECK(detail_of(cc2, "0:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-") ==
          "seat to move: \"0\" is not a seat from 1 to 2");
    CHECK(detail_of(cc2, "3:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-") ==
          "seat to move: \"3\" is not a seat from 1 to 2");
    CHECK(detail_of(cc2, "01:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-") ==
          "seat to move: \"01\" is not a seat from 1 to 2");
    CHECK(detail_of(cc2, "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,z9:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-") ==
          "seat 1: \"z9\" is not a cell of this board");
    CHECK(detail_of(cc2, "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,e14:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-") ==
          "seat 1: \"e14\" is not a cell of this board");
    CHECK(detail_of(cc2, "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,q1:0:-") ==
          "seat 2: q1 is taken twice");
    CHECK(detail_of(cc2, "1:n1,n2,n3,n4,o1,o2,o3,p1,p2:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-") ==
          "seat 1 has 9 pieces, this variant 10");
    CHECK(detail_of(cc2, "1::a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-") ==
          "seat 1 has 0 pieces, this variant 10");
    CHECK(detail_of(cc2, "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1,:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-") ==
          "seat 1 has 11 pieces, this variant 10");
    for (const std::string ply : {"-1", "01", "x", "", "1000001"})
        CHECK(detail_of(cc2, "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:" +
                                 ply + ":-") ==
              "moves played: \"" + ply + "\" is not a whole number up to 1000000");
    CHECK(detail_of(cc2, "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:3") ==
          "finished seats: \"3\" is not a seat from 1 to 2");
    CHECK(detail_of(cc2, "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:") ==
          "finished seats: \"\" is not a seat from 1 to 2");
    CHECK(detail_of(cc2, "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:2") ==
          "finished seats: seat 2 has not reached its goal");
    // Seat 1 stands in its goal (the top) in full: it must be listed as finished.
    const std::string home = "a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:j1,j2,j3,j4,j5,j6,j7,j8,j9,j10";
    CHECK(detail_of(cc2, "2:" + home + ":9:-") ==
          "seat 1 has reached its goal but is not listed as finished");
    CHECK(detail_of(VariantId::ChineseCheckers3,
                    "1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1:e10,e11,e12,"
                    "e13,f10,f11,f12,g10,g11,h10:9:1,1") ==
          "finished seats: seat 1 is listed twice");
    CHECK(detail_of(VariantId::ChineseCheckers3,
                    "1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1:e10,e11,e12,"
                    "e13,f10,f11,f12,g10,g11,h10:9:1") == "seat 1 is to move but has finished");
    // Listed, the game is over (one of two left) and the position reads back as written.
    const std::string over = "2:" + home + ":9:1";
    auto game = game_of(cc2, over);
    REQUIRE(game);
    CHECK(game->position() == over);
    CHECK(game->outcome().places == std::vector<int>{1, 2});
    CHECK(game->legal_moves().empty());
}

TEST_CASE("halma family: the notation reads cells in any order and writes them in board order") {
    auto game = game_of(VariantId::ChineseCheckers2,
                        "1:q1,p2,p1,o3,o2,o1,n4,n3,n2,n1:d4,d3,d2,d1,c3,c2,c1,b2,b1,a1:0:-");
    REQUIRE(game);
    CHECK(game->position() == cc2_start);
}

TEST_CASE("halma family: along random games the face agrees with the reference generator") {
    halma_test::Lcg random{20261124};
    for (const auto id : family) {
        CAPTURE(rules::variant_name(id));
        auto game = game_of(id);
        const auto reference = halma_test::reference_for(id);
        for (int ply = 0; ply < 120 && !game->outcome().over(); ++ply) {
            CAPTURE(game->position());
            const auto state = halma_test::state_of(*game);
            std::set<std::pair<int, int>> seen;
            const auto views = game->legal_move_views();
            for (const auto& view : views)
                seen.insert({view.path.front(), view.path.back()});
            REQUIRE(seen.size() == views.size()); // one move per origin and destination
            const auto cols = game->board().cols;
            const auto& cells = game->board().cells;
            for (const auto& view : views) {
                // Each part of a longer path is a hop: two cells apart in a straight line, a
                // piece on the cell between.
                for (std::size_t i = 1; view.path.size() > 2 && i < view.path.size(); ++i) {
                    const int a = view.path[i - 1];
                    const int b = view.path[i];
                    const int row_step = b / cols - a / cols;
                    const int col_step = b % cols - a % cols;
                    CAPTURE(view.notation);
                    const bool star = game->board().rows == 17;
                    const bool straight =
                        star ? (row_step == 0 && std::abs(col_step) == 4) ||
                                   (std::abs(row_step) == 2 && std::abs(col_step) == 2)
                             : std::abs(row_step) <= 2 && std::abs(col_step) <= 2 &&
                                   row_step % 2 == 0 && col_step % 2 == 0 && a != b;
                    REQUIRE(straight);
                    const auto between = static_cast<std::size_t>((a + b) / 2);
                    CHECK(cells[between] >= '1');
                    CHECK(cells[between] <= '6');
                }
            }
            REQUIRE(seen == reference.moves(state));
            // The notation reads back to the same position.
            auto copy = game_of(id, game->position());
            REQUIRE(copy);
            CHECK(copy->position() == game->position());
            CHECK(copy->legal_moves() == game->legal_moves());
            const auto& chosen = views[random.below(views.size())];
            const auto next = reference.play(state, {chosen.path.front(), chosen.path.back()});
            REQUIRE(game->play(chosen.notation).ok());
            CHECK(game->seat_to_move() == next.to_move);
            CHECK(game->board().cells == next.cells);
        }
    }
}

TEST_CASE("halma family: the record lists seats, places and moves, and replays") {
    // Seats 1 and 2 finish in turn (rules test "finishing order"), then the game is over.
    const std::string fen = "1:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5:i9,k10,k11,l10,l11,l12,m10,m11,"
                            "m12,m13:f5,f6,g2,g3,g4,g5,g6,g7,g8,g9:0:-";
    auto game = game_of(VariantId::ChineseCheckers3, fen);
    REQUIRE(game);
    for (const char* move : {"e5-d1", "i9-i8", "f5-f4", "i8-j9", "f4-f3", "j9-j10"})
        REQUIRE(game->play(move).ok());
    REQUIRE(game->outcome().over());
    rules::RecordTags tags;
    tags.seats = {"ann", "bo", "cy"};
    const std::string record = game->record(tags);
    CHECK(record == "[Event \"Tabula game\"]\n[Site \"Tabula\"]\n[Date \"????.??.??\"]\n"
                    "[Round \"-\"]\n[Seat1 \"ann\"]\n[Seat2 \"bo\"]\n[Seat3 \"cy\"]\n"
                    "[Result \"*\"]\n[Variant \"chinese-checkers-3\"]\n[FEN \"" +
                        fen +
                        "\"]\n[Places \"1,2,3\"]\n\n1. e5-d1 i9-i8 f5-f4 2. i8-j9 f4-f3 3. "
                        "j9-j10 *\n");
    const auto read = rules::read_records(record);
    REQUIRE(read.size() == 1);
    REQUIRE(read[0].ok());
    auto replay = game_of(VariantId::ChineseCheckers3, std::string(*read[0]->tag("FEN")));
    REQUIRE(replay);
    for (const auto& move : read[0]->moves)
        REQUIRE(replay->play(move).ok());
    CHECK(replay->position() == game->position());
    CHECK(replay->outcome() == game->outcome());
}

TEST_CASE("halma family: a two-player record carries the PGN result") {
    auto game = game_of(VariantId::ChineseCheckers2,
                        "1:b1,b2,c1,c2,c3,d2,d3,d4,e5,i5:a1,j1,j2,j3,j4,j5,j6,j7,j8,j9:0:-");
    REQUIRE(game);
    REQUIRE(game->play("e5-d1").ok());
    rules::RecordTags tags;
    tags.white = "ann";
    tags.black = "bo";
    const std::string record = game->record(tags);
    CHECK(record.find("[Seat1 \"ann\"]\n[Seat2 \"bo\"]\n[Result \"1-0\"]") != std::string::npos);
    CHECK(record.find("\n1. e5-d1 1-0\n") != std::string::npos);
    CHECK(game_of(VariantId::ChineseCheckers2)->record({}).find("[FEN") == std::string::npos);
}

TEST_CASE("halma family: the self-play records of tests/data/halma replay to their places") {
    for (const auto id : family) {
        const std::string name(rules::variant_name(id));
        CAPTURE(name);
        std::ifstream in(std::string(TABULA_TEST_DATA_DIR "/halma/") + name + "-selfplay.pdn");
        REQUIRE(in);
        std::ostringstream text;
        text << in.rdbuf();
        const auto records = rules::read_records(text.str());
        REQUIRE(records.size() == 1);
        REQUIRE(records[0].ok());
        const auto& record = *records[0];
        CHECK(record.tag("Variant") == name);
        auto game = game_of(id);
        for (const auto& move : record.moves)
            REQUIRE(game->play(move).ok());
        const auto outcome = game->outcome();
        REQUIRE(outcome.over());
        CHECK(outcome.reason == "finished");
        std::string places;
        for (const int place : outcome.places) {
            if (!places.empty())
                places += ',';
            places += std::to_string(place);
        }
        CHECK(record.tag("Places") == places);
        // Written again with the same tags, the record is the same text.
        rules::RecordTags tags;
        tags.event = "Tabula self-play (greedy)";
        tags.date = "2026.11.24";
        for (int seat = 0; seat < game->players(); ++seat)
            tags.seats.push_back("greedy-" + std::to_string(seat + 1));
        CHECK(text.str().substr(text.str().find('[')) == game->record(tags));
    }
}
