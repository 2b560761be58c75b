// A player who leaves a game of more than two (Game::retire, rules/game.h; the rules page,
// rules/halma/README.md "A player who leaves"): turns, obstacles, the goal rules, places, the
// notation and the record, each at and around its condition, and random games with leaves
// checked against the reference generator. Cell names as in the README's diagrams.
#include "halma_test_support.h"
#include "rules/record/record_reader.h"

#include <cstdint>

#include <doctest/doctest.h>

using halma_test::detail_of;
using halma_test::game_of;
using halma_test::moves_from;
using rules::VariantId;
using Strings = std::vector<std::string>;
using Places = std::vector<int>;

namespace {

// The fields of a position, split at ':'.
Strings fields_of(const std::string& fen) {
    Strings fields;
    std::size_t start = 0;
    for (auto at = fen.find(':'); at != std::string::npos; at = fen.find(':', start)) {
        fields.push_back(fen.substr(start, at - start));
        start = at + 1;
    }
    fields.push_back(fen.substr(start));
    return fields;
}

// The seat (from 0) standing on the origin of `move`.
int mover_of(const rules::Game& game, const std::string& move) {
    const auto board = game.board();
    for (const auto& view : game.legal_move_views())
        if (view.notation == move)
            return board.cells[static_cast<std::size_t>(view.path.front())] - '1';
    return -1;
}

// A small seeded generator (64-bit LCG), so every run plays the same games.
// Chinese checkers for three: seat 1 on i5 between pieces of seat 2 (i6, i7 east, h5
// north-west); seat 3 at home. `left` is the left field, or empty for none.
std::string cc3_obstacles(const std::string& left) {
    return "1:i5,l5,l6,l7,l8,m5,m6,m7,m8,m9:e1,e2,e3,f1,f2,f3,g1,h5,i6,i7:e10,e11,e12,e13,f10,"
           "f11,f12,g10,g11,h10:0:-" +
           (left.empty() ? "" : ":" + left);
}

} // namespace

TEST_CASE("retire: the seat to move leaves and the turn passes to the next seat still playing") {
    auto game = game_of(VariantId::ChineseCheckers4);
    REQUIRE(game);
    const auto outcome = game->retire(0);
    REQUIRE(outcome.ok());
    CHECK_FALSE(outcome->over());
    CHECK(game->seat_to_move() == 1);
    CHECK(game->ply() == 0); // a leave is not a move
    CHECK(game->moves().empty());
    CHECK(fields_of(game->position()).back() == "1");
    for (const auto& move : game->legal_moves())
        CHECK(mover_of(*game, move) == 1);
    // Round the board: 1, 2, 3, then 1 again; seat 0 is skipped.
    for (const int expected : {1, 2, 3, 1, 2}) {
        CHECK(game->seat_to_move() == expected);
        REQUIRE(game->play(game->legal_moves().front()).ok());
    }
    CHECK(game->seat_to_move() == 3);
}

TEST_CASE("retire: a seat that is not to move leaves and turns skip it from then on") {
    auto game = game_of(VariantId::ChineseCheckers4);
    REQUIRE(game);
    REQUIRE(game->retire(2).ok());
    CHECK(game->seat_to_move() == 0); // the turn stays
    for (const int expected : {0, 1, 3, 0, 1, 3}) {
        CHECK(game->seat_to_move() == expected);
        REQUIRE(game->play(game->legal_moves().front()).ok());
    }
    CHECK(fields_of(game->position()).back() == "3");
}

TEST_CASE("retire: leaves until one is left end the game, the last to leave placing best") {
    auto game = game_of(VariantId::ChineseCheckers6);
    REQUIRE(game);
    REQUIRE(game->play(game->legal_moves().front()).ok());
    for (const int seat : {2, 1, 5, 3}) {
        const auto outcome = game->retire(seat);
        REQUIRE(outcome.ok());
        CHECK_FALSE(outcome->over());
    }
    CHECK(fields_of(game->position()).back() == "3,2,6,4");
    const auto outcome = game->retire(0);
    REQUIRE(outcome.ok());
    CHECK(outcome->over());
    CHECK(outcome->reason == "retired"); // nobody finished: the one still playing wins
    // Seat 4 still plays; then 0 (left last), 3, 5, 1, 2 (left first).
    CHECK(outcome->places == Places{2, 5, 6, 3, 1, 4});
    CHECK(outcome->status == rules::Outcome::Status::Ranked);
    CHECK(game->outcome() == *outcome);
    CHECK(game->legal_moves().empty());
    CHECK(game->retire(4).error().code == "game_over");
    CHECK(game->play("a1-b1").error().code == "game_over");
    // Three players: two leave.
    auto three = game_of(VariantId::ChineseCheckers3);
    REQUIRE(three->retire(1).ok());
    const auto last = three->retire(0);
    REQUIRE(last.ok());
    CHECK(last->reason == "retired");
    CHECK(last->places == Places{2, 3, 1});
}

TEST_CASE("retire: refused for chess, draughts and two-player halma, and for a seat not playing") {
    for (const auto id : {VariantId::Chess, VariantId::International, VariantId::Turkish,
                          VariantId::ChineseCheckers2, VariantId::Halma2}) {
        CAPTURE(rules::variant_name(id));
        auto game = rules::make_game(id).value();
        const std::string before = game->position();
        const auto refused = game->retire(1);
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().code == "not_allowed");
        CHECK(game->position() == before);
        CHECK_FALSE(game->outcome().over());
    }
    // Chinese checkers for three: seat 0 finishes with e5-d1 (rules test "finishing order").
    auto game = game_of(VariantId::ChineseCheckers3,
                        "1:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5:i9,k10,k11,l10,l11,l12,m10,m11,m12,"
                        "m13:f5,f6,g2,g3,g4,g5,g6,g7,g8,g9:0:-");
    REQUIRE(game);
    REQUIRE(game->play("e5-d1").ok());
    const std::string before = game->position();
    CHECK(game->retire(0).error().detail == "that player has already finished");
    CHECK(game->retire(3).error().detail == "no such seat: seats are numbered 0 to 2");
    CHECK(game->retire(-1).error().code == "bad_seat");
    CHECK(game->position() == before);
    auto six = game_of(VariantId::ChineseCheckers6);
    REQUIRE(six->retire(4).ok());
    const auto again = six->retire(4);
    REQUIRE_FALSE(again.ok());
    CHECK(again.error().code == "bad_seat");
    CHECK(again.error().detail == "that player has already left");
    CHECK(fields_of(six->position()).back() == "5");
}

TEST_CASE("retire: the leaver's pieces stay and block steps, and may be hopped over") {
    auto game = game_of(VariantId::ChineseCheckers3, cc3_obstacles(""));
    REQUIRE(game);
    // Steps to i4, h6, j5, j6; i6 and h5 taken; the hop over i6 lands on i7 (taken), the hop
    // over h5 lands on g5.
    const Strings expected{"i5-g5", "i5-h6", "i5-i4", "i5-j5", "i5-j6"};
    CHECK(moves_from(*game, "i5") == expected);
    REQUIRE(game->retire(1).ok());
    CHECK(game->position() == cc3_obstacles("2"));
    CHECK(moves_from(*game, "i5") == expected);
    CHECK(game->play("i5-i6").error().code == "illegal_move");
    REQUIRE(game->play("i5-g5").ok()); // over the leaver's piece on h5, which stays
    CHECK(game->position() == "3:g5,l5,l6,l7,l8,m5,m6,m7,m8,m9:e1,e2,e3,f1,f2,f3,g1,h5,i6,"
                              "i7:e10,e11,e12,e13,f10,f11,f12,g10,g11,h10:1:-:2");
    CHECK(game->seat_to_move() == 2);
}

TEST_CASE("retire: a seat leaves after another has finished") {
    const std::string fen = "1:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5:i9,k10,k11,l10,l11,l12,m10,m11,"
                            "m12,m13:f5,f6,g2,g3,g4,g5,g6,g7,g8,g9:0:-";
    auto game = game_of(VariantId::ChineseCheckers3, fen);
    REQUIRE(game);
    REQUIRE(game->play("e5-d1").ok());
    CHECK(game->seat_to_move() == 1);
    auto other = game->clone();
    // The seat not to move leaves: one is left playing, and someone finished.
    auto outcome = game->retire(2);
    REQUIRE(outcome.ok());
    CHECK(outcome->reason == "finished");
    CHECK(outcome->places == Places{1, 2, 3});
    // The seat to move leaves instead: seat 2 places ahead of it.
    outcome = other->retire(1);
    REQUIRE(outcome.ok());
    CHECK(outcome->reason == "finished");
    CHECK(outcome->places == Places{1, 3, 2});
    // Four players: two leave, two play on.
    auto four = game_of(VariantId::ChineseCheckers4);
    REQUIRE(four->retire(3).ok());
    REQUIRE(four->retire(1).ok());
    CHECK(four->seat_to_move() == 0);
    REQUIRE(four->play(four->legal_moves().front()).ok());
    CHECK(four->seat_to_move() == 2);
    REQUIRE(four->play(four->legal_moves().front()).ok());
    CHECK(four->seat_to_move() == 0);
}

TEST_CASE("retire: places at the move limit with leavers, checked by hand for 4 and 6 players") {
    // Chinese checkers for six, one move before the limit (1200): seats 2 and 4 leave, seat 0
    // hops o1-m5 (two rows nearer its goal). Seats 1, 3, 5 stand as they started, at equal
    // distance by symmetry; seat 0 is nearer. Then 1, 3, 5 share the second place, 4 (left
    // last) is fifth and 2 sixth.
    auto six_start = fields_of(game_of(VariantId::ChineseCheckers6)->position());
    six_start[7] = "1199";
    std::string fen;
    for (const auto& field : six_start)
        fen += (fen.empty() ? "" : ":") + field;
    auto six = game_of(VariantId::ChineseCheckers6, fen);
    REQUIRE(six);
    REQUIRE(six->retire(2).ok());
    REQUIRE(six->retire(4).ok());
    REQUIRE(six->play("o1-m5").ok());
    CHECK(six->outcome().reason == "move-limit");
    CHECK(six->outcome().places == Places{1, 2, 6, 2, 5, 2});
    // Halma for four, one move before the limit (800): seat 2 leaves, then seat 0 (to move);
    // seat 1 steps d15-e14, one step nearer its corner p1. Seat 3 as it started is behind.
    auto four_start = fields_of(game_of(VariantId::Halma4)->position());
    four_start[5] = "799";
    fen.clear();
    for (const auto& field : four_start)
        fen += (fen.empty() ? "" : ":") + field;
    auto four = game_of(VariantId::Halma4, fen);
    REQUIRE(four);
    REQUIRE(four->retire(2).ok());
    REQUIRE(four->retire(0).ok());
    CHECK(four->seat_to_move() == 1);
    REQUIRE(four->play("d15-e14").ok());
    CHECK(four->outcome().reason == "move-limit");
    CHECK(four->outcome().places == Places{3, 1, 4, 2});
}

TEST_CASE("anti-spoiling: a leaver's pieces fill a goal like any other piece") {
    // Chinese checkers for four: seat 2 left with nine pieces still at home (seat 0's goal)
    // and one on e7; d4 is free. Seat 0 steps e8-d4 into it and has arrived.
    const std::string seat0 = "e8,i1,i2,i3,i4,i5,i6,i7,i8,i9";
    const std::string seat1 = "j1,k1,k2,l1,l2,l3,m1,m2,m3,m4";
    const std::string seat2 = "a1,b1,b2,c1,c2,c3,d1,d2,d3,e7";
    const std::string seat3 = "e10,e11,e12,e13,f10,f11,f12,g10,g11,h10";
    const std::string fen = "1:" + seat0 + ":" + seat1 + ":" + seat2 + ":" + seat3 + ":0:-";
    auto game = game_of(VariantId::ChineseCheckers4, fen + ":3");
    REQUIRE(game);
    REQUIRE(game->play("e8-d4").ok());
    CHECK(fields_of(game->position())[6] == "1");
    CHECK_FALSE(game->outcome().over()); // seats 1 and 3 play on
    CHECK(game->seat_to_move() == 1);
    // The same with seat 2 still playing: the remedy does not depend on the leave.
    auto playing = game_of(VariantId::ChineseCheckers4, fen);
    REQUIRE(playing->play("e8-d4").ok());
    CHECK(fields_of(playing->position()).back() == "1");
}

TEST_CASE(
    "anti-spoiling: a goal held wholly by pieces that never move is reached from next to it") {
    // Chinese checkers for four: seat 2 left without moving, so its ten pieces fill seat 0's
    // goal for ever. Seat 0, with nothing at home, steps f8-e8 next to d4 and has arrived.
    const std::string seat1 = "j1,k1,k2,l1,l2,l3,m1,m2,m3,m4";
    const std::string seat2 = "a1,b1,b2,c1,c2,c3,d1,d2,d3,d4";
    const std::string seat3 = "e10,e11,e12,e13,f10,f11,f12,g10,g11,h10";
    const auto fen = [&](const std::string& seat0, const std::string& left) {
        return "1:" + seat0 + ":" + seat1 + ":" + seat2 + ":" + seat3 + ":0:-" + left;
    };
    auto game = game_of(VariantId::ChineseCheckers4, fen("f8,i1,i2,i3,i4,i5,i6,i7,i8,i9", ":3"));
    REQUIRE(game);
    REQUIRE(game->play("f8-e8").ok());
    CHECK(fields_of(game->position())[6] == "1");
    // Around it: a piece still at home (q1) ...
    auto at_home = game_of(VariantId::ChineseCheckers4, fen("f8,i1,i2,i3,i4,i5,i6,i7,i8,q1", ":3"));
    REQUIRE(at_home);
    REQUIRE(at_home->play("f8-e8").ok());
    CHECK(fields_of(at_home->position())[6] == "-");
    // ... or seat 2 still playing (its pieces may yet move): not arrived.
    auto still = game_of(VariantId::ChineseCheckers4, fen("f8,i1,i2,i3,i4,i5,i6,i7,i8,i9", ""));
    REQUIRE(still);
    REQUIRE(still->play("f8-e8").ok());
    CHECK(fields_of(still->position()).back() == "-");
    // The leave itself can complete it: seat 0 already next to the goal when seat 2 leaves.
    auto waiting = game_of(VariantId::ChineseCheckers4, fen("e8,i1,i2,i3,i4,i5,i6,i7,i8,i9", ""));
    REQUIRE(waiting);
    REQUIRE(waiting->retire(2).ok());
    CHECK(fields_of(waiting->position())[6] == "1");
    CHECK(waiting->seat_to_move() == 1); // seat 0 finished: the turn passed on
}

TEST_CASE("a seat that has left never finishes, even when a move fills its goal") {
    // Chinese checkers for three: seat 1 has nine pieces in its goal (the lower right point);
    // seat 2 steps i9-j10 into the tenth cell.
    const std::string fen = "3:h2,h3,h4,i2,i3,i4,i5,i6,i7,i8:i1,k10,k11,l10,l11,l12,m10,m11,m12,"
                            "m13:e10,e11,e12,e13,f10,f11,f12,g10,g11,i9:0:-";
    auto playing = game_of(VariantId::ChineseCheckers3, fen);
    REQUIRE(playing);
    REQUIRE(playing->play("i9-j10").ok());
    CHECK(fields_of(playing->position()).back() == "2"); // anti-spoiling finishes seat 1
    auto left = game_of(VariantId::ChineseCheckers3, fen + ":2");
    REQUIRE(left);
    REQUIRE(left->play("i9-j10").ok());
    const auto fields = fields_of(left->position());
    CHECK(fields[5] == "-");
    CHECK(fields[6] == "2");
    CHECK_FALSE(left->outcome().over());
    CHECK(left->seat_to_move() == 0);
}

TEST_CASE("halma family: the seats that left are the last field of the notation, in order") {
    // The example of rules/halma/README.md.
    auto example = game_of(VariantId::ChineseCheckers3);
    REQUIRE(example->retire(1).ok());
    REQUIRE(example->play("o1-m5").ok());
    CHECK(example->position() == "3:m5,n1,n2,n3,n4,o2,o3,p1,p2,q1:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1:"
                                 "e10,e11,e12,e13,f10,f11,f12,g10,g11,h10:1:-:2");
    auto game = game_of(VariantId::Halma4);
    REQUIRE(game->play(game->legal_moves().front()).ok());
    REQUIRE(game->retire(3).ok());
    REQUIRE(game->retire(1).ok());
    const std::string fen = game->position();
    CHECK(fen.substr(fen.size() - 8) == ":1:-:4,2");
    auto copy = game_of(VariantId::Halma4, fen);
    REQUIRE(copy);
    CHECK(copy->position() == fen);
    CHECK(copy->legal_moves() == game->legal_moves());
    CHECK(copy->seat_to_move() == 2);
    REQUIRE(copy->retire(2).ok());
    REQUIRE(game->retire(2).ok());
    CHECK(copy->outcome() == game->outcome());
    CHECK(copy->outcome().places == Places{1, 3, 2, 4});
    // Over, read back: the same outcome.
    auto over = game_of(VariantId::Halma4, game->position());
    REQUIRE(over);
    CHECK(over->outcome() == game->outcome());
    CHECK(over->position() == game->position());
}

TEST_CASE("halma family: a bad left field is refused with bad_fen and the reason") {
    const auto cc3 = VariantId::ChineseCheckers3;
    const std::string start = game_of(cc3)->position(); // seat 1 to move
    const std::string to_move_2 = "2" + start.substr(1);
    CHECK(detail_of(cc3, to_move_2 + ":-") ==
          "left seats: \"-\" is not written; leave the field out when nobody has left");
    CHECK(detail_of(cc3, to_move_2 + ":") == "left seats: \"\" is not a seat from 1 to 3");
    CHECK(detail_of(cc3, to_move_2 + ":4") == "left seats: \"4\" is not a seat from 1 to 3");
    CHECK(detail_of(cc3, to_move_2 + ":01") == "left seats: \"01\" is not a seat from 1 to 3");
    CHECK(detail_of(cc3, to_move_2 + ":3,3") == "left seats: seat 3 is listed twice");
    CHECK(detail_of(cc3, to_move_2 + ":1,3,2") ==
          "left seats: not every seat can have left (the game ends when one is left playing)");
    CHECK(detail_of(cc3, start + ":1") == "seat 1 is to move but has left");
    CHECK(detail_of(cc3, to_move_2 + ":1:3") == "expected 6 or 7 fields separated by ':' (seat "
                                                "to move, the pieces of 3 seats, moves played, "
                                                "finished seats, then the seats that left if "
                                                "any), found 8");
    // Two players never leave: no seventh field.
    const std::string cc2 = game_of(VariantId::ChineseCheckers2)->position();
    CHECK(detail_of(VariantId::ChineseCheckers2, cc2 + ":2") ==
          "expected 5 fields separated by ':' (seat to move, the pieces of 2 seats, moves "
          "played, finished seats), found 6");
    // A finished seat cannot have left.
    const std::string finished = "2:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:i9,k10,k11,l10,l11,l12,m10,"
                                 "m11,m12,m13:f5,f6,g2,g3,g4,g5,g6,g7,g8,g9:1:1";
    REQUIRE(game_of(cc3, finished));
    CHECK(detail_of(cc3, finished + ":1") ==
          "left seats: seat 1 has finished, so it cannot have left");
    auto over = game_of(cc3, finished + ":3");
    REQUIRE(over);
    CHECK(over->outcome().reason == "finished");
    CHECK(over->outcome().places == Places{1, 2, 3});
}
