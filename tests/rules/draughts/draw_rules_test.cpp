// The draw rules of the diagonal variants (rules/draughts/draw_rules.h): each counter at its
// limit and one ply before, its condition held and broken, and games played out to the limit.
#include "rules/draughts/draw_rules.h"
#include "rules/draughts/fen.h"
#include "rules/draughts/squares.h"
#include "tests/rules/draughts/test_helpers.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

using draughts_test::game;
using draughts_test::Moves;
using draughts_test::play_all;

TEST_CASE("draughts: the third repetition is a draw (threefold), ReportOnly plays on") {
    const Moves shuffle{"46-41", "1-6", "41-46", "6-1", "46-41", "1-6", "41-46", "6-1"};
    auto automatic = game("international", "W:WK46:BK1");
    play_all(*automatic, shuffle);
    CHECK(automatic->outcome() == rules::Outcome::draw("threefold"));
    CHECK(automatic->legal_moves().empty());
    CHECK(automatic->play("46-41").error().code == "game_over");

    auto report = game("international", "W:WK46:BK1", rules::DrawRules::ReportOnly);
    play_all(*report, shuffle);
    CHECK(report->outcome().reason == "threefold");
    CHECK(!report->legal_moves().empty());
    CHECK(report->play("46-37").ok());
    CHECK(report->outcome() == rules::Outcome{}); // no rule holds in a new position
}

namespace {

rules::draughts::Rules rules_named(const char* variant) {
    const auto rules = rules::draughts::rules_of(*rules::variant_from_name(variant));
    REQUIRE(rules);
    return *rules;
}

// The rule that holds in `fen` after `kings_only` plies without a man move or capture,
// `balance` plies without a capture or crowning, and `ending` plies in the position's ending.
std::optional<std::string> rule_after(const char* variant, const char* fen, int kings_only,
                                      int balance, int ending = 0) {
    const auto rules = rules_named(variant);
    const auto position = rules::draughts::read_fen(rules, fen);
    REQUIRE(position.ok());
    const rules::draughts::DrawCounters counters{
        kings_only, balance, rules::draughts::ending_of(rules, *position), ending};
    return rules::draughts::draw_rule_holding(rules, *position, counters, 1);
}

rules::draughts::Ending ending(const char* variant, const char* fen) {
    const auto rules = rules_named(variant);
    const auto position = rules::draughts::read_fen(rules, fen);
    REQUIRE(position.ok());
    return rules::draughts::ending_of(rules, *position);
}

// Plays `plies` quiet moves: each time the first legal move that captures nothing, leads to a
// position not seen before and leaves the opponent no capture. Returns the outcome after each.
std::vector<rules::Outcome> quiet_walk(rules::Game& g, int plies) {
    std::vector<std::string> seen{g.position()};
    std::vector<rules::Outcome> outcomes;
    for (int ply = 0; ply < plies; ++ply) {
        bool played = false;
        for (const auto& move : g.legal_moves()) {
            auto trial = g.clone();
            if (move.find('x') != std::string::npos || !trial->play(move).ok())
                continue;
            const auto replies = trial->legal_moves();
            const bool gives_capture = std::any_of(replies.begin(), replies.end(), [](auto& r) {
                return r.find('x') != std::string::npos;
            });
            if (gives_capture ||
                std::find(seen.begin(), seen.end(), trial->position()) != seen.end())
                continue;
            REQUIRE(g.play(move).ok());
            seen.push_back(g.position());
            played = true;
            break;
        }
        REQUIRE_MESSAGE(played, "no quiet new move at ply " << ply << " in " << g.position());
        outcomes.push_back(g.outcome());
        if (g.outcome().over())
            break;
    }
    return outcomes;
}

// The ply (1-based) at which the walk ended the game, and the rule that ended it.
std::pair<int, std::string> ended_at(const std::vector<rules::Outcome>& outcomes) {
    for (std::size_t i = 0; i < outcomes.size(); ++i)
        if (outcomes[i].over())
            return {static_cast<int>(i) + 1, outcomes[i].reason};
    return {0, ""};
}

} // namespace

TEST_CASE("draughts: the FMJD 25-, 16- and 5-move rules (FMJD art. 6.2 to 6.4)") {
    CHECK(rule_after("international", "W:WK46,K47:BK5,K4", 50, 50) == "25-move");
    CHECK(rule_after("international", "W:WK46,K47:BK5,K4", 49, 49) == std::nullopt);
    CHECK(rule_after("international", "W:WK46,K47,K48:BK5", 0, 0, 32) == "16-move");
    CHECK(rule_after("international", "W:WK46,K47,K48:BK5", 0, 0, 31) == std::nullopt);
    CHECK(rule_after("international", "W:WK46,40,39:BK5", 0, 0, 31) == std::nullopt);
    CHECK(rule_after("international", "W:WK46,40,39:BK5", 0, 0, 32) == "16-move");
    CHECK(rule_after("brazilian", "W:WK29,24,23:BK4", 0, 0, 32) == "16-move");
    CHECK(rule_after("international", "W:WK46,40:BK5", 0, 0, 10) == "5-move");
    CHECK(rule_after("international", "W:WK46,40:BK5", 0, 0, 9) == std::nullopt);
    CHECK(rule_after("antidraughts", "W:WK46:BK5", 0, 0, 9) == std::nullopt);
    CHECK(rule_after("antidraughts", "W:WK46:BK5", 0, 0, 10) == "5-move");
    CHECK(rule_after("international", "W:W46:BK5", 0, 100, 100) == std::nullopt); // no king
    // Four pieces against a king, or a king against two pieces, is no counted ending.
    CHECK(rule_after("international", "W:WK46,K47,K48,K49:BK5", 0, 0, 100) == std::nullopt);
}

TEST_CASE("draughts: Brazilian draws after 20 king moves each, not 25 (CBD item 16)") {
    CHECK(rule_after("brazilian", "W:WK29,K30:BK4,K3", 40, 40) == "20-move");
    CHECK(rule_after("brazilian", "W:WK29,K30:BK4,K3", 39, 39) == std::nullopt);
    // The same on 10 x 10 under the FMJD stays 25.
    CHECK(rule_after("international", "W:WK46,K47:BK5,K4", 40, 40) == std::nullopt);
}

TEST_CASE("draughts: the FMJD endings, and which side holds the lone king") {
    using rules::draughts::Ending;
    CHECK(ending("international", "W:WK46,40,39:BK5") == Ending::ThreeAgainstKing);
    CHECK(ending("international", "W:WK5:BK46,40,39") == Ending::ThreeAgainstKing);
    CHECK(ending("international", "W:W46,40,39:BK5") == Ending::None); // no king
    CHECK(ending("international", "W:WK46,40:BK5") == Ending::TwoAgainstKing);
    CHECK(ending("international", "W:WK46:BK5") == Ending::TwoAgainstKing);
    CHECK(ending("international", "W:WK46:BK5,K4") == Ending::TwoAgainstKing);
    CHECK(ending("international", "W:WK46,K47:BK5,K4") == Ending::None);
}

TEST_CASE("draughts: the Russian draw rules (FMJD-64 art. 7.2.4 to 7.2.8)") {
    CHECK(rule_after("russian", "W:WK29:BK4,K3", 30, 30) == "15-move");
    CHECK(rule_after("russian", "W:WK29:BK4,K3", 29, 29) == std::nullopt);
    CHECK(rule_after("russian", "W:WK30,K31,K32:BK3", 0, 30) == "3-kings");
    CHECK(rule_after("russian", "W:WK30,K31,K32:BK3", 0, 29) == std::nullopt);
    CHECK(rule_after("russian", "W:WK30,K31,K32,K26:BK3", 0, 30) == "3-kings"); // "or more"
    CHECK(rule_after("russian", "W:WK3:BK30,K31,K32", 0, 30) == "3-kings");     // Black strong
    CHECK(rule_after("russian", "W:WK3:BK30,K31,K32", 0, 29) == std::nullopt);
    // 7.2.4 counts kings only: three kings and a man against a king is not that ending (and
    // 7.2.6, five pieces, needs 30 moves of an unchanged balance).
    CHECK(rule_after("russian", "W:WK30,K31,K32,26:BK3", 0, 30) == std::nullopt);
    CHECK(rule_after("russian", "W:WK30,K31,K32,26:BK3", 0, 59) == std::nullopt);
    CHECK(rule_after("russian", "W:WK30,K31,K32,26:BK3", 0, 60) == "30-move");
    // The lone king on the long diagonal a1-h8 (squares 29, 25, 22, 18, 15, 11, 8, 4).
    CHECK(rule_after("russian", "W:WK30,K31,27:BK15", 0, 10, 10) == "long-diagonal");
    CHECK(rule_after("russian", "W:WK30,K31,27:BK15", 0, 10, 9) == std::nullopt);
    CHECK(rule_after("russian", "W:WK30,K31,27:BK14", 0, 10, 10) == std::nullopt);
    // Two pieces with a king against a lone king (7.2.8), wherever it stands.
    CHECK(rule_after("russian", "W:WK30,27:BK14", 0, 10, 10) == "5-move");
    CHECK(rule_after("russian", "W:WK30,27:BK14", 0, 10, 9) == std::nullopt);
    CHECK(rule_after("russian", "W:WK30:BK14", 0, 0, 10) == "5-move");
    CHECK(rule_after("russian", "W:WK30,27:BK1,5", 0, 60) == "30-move");
    CHECK(rule_after("russian", "W:WK30,27:BK1,5", 0, 59) == std::nullopt);
    CHECK(rule_after("russian", "W:WK30,27,26:BK1,5,6", 0, 119) == std::nullopt);
    CHECK(rule_after("russian", "W:WK30,27,26:BK1,5,6", 0, 120) == "60-move");
    CHECK(rule_after("russian", "W:WK30,27,26,25:BK1,5,6,7", 0, 1000) == std::nullopt);
}

TEST_CASE("draughts: the English 40-move (WCDF 1.32.2) and Czech 15-move rules") {
    CHECK(rule_after("english", "W:WK29:BK4", 80, 80) == "40-move");
    CHECK(rule_after("english", "W:WK29:BK4", 79, 79) == std::nullopt);
    CHECK(rule_after("english", "W:WK29,K30,K31:BK4", 79, 79, 79) == std::nullopt); // no ending
    CHECK(rule_after("czech", "W:WK29:BK4", 30, 30) == "15-move");
    CHECK(rule_after("czech", "W:WK29:BK4", 29, 29) == std::nullopt);
    // Italian (FID brief rules) and russian-giveaway: threefold repetition only.
    CHECK(rule_after("italian", "W:WK29:BK4", 1000, 1000, 1000) == std::nullopt);
    CHECK(rule_after("italian", "W:WK29,K30,K31:BK4", 1000, 1000, 1000) == std::nullopt);
    CHECK(rule_after("russian-giveaway", "W:WK29:BK4", 1000, 1000, 1000) == std::nullopt);
}

TEST_CASE("draughts: Spanish endings: three kings against a king, the River held or not") {
    using rules::draughts::Ending;
    // The River is the long diagonal a8-h1: squares 32, 28, 23, 19, 14, 10, 5 and 1.
    for (const char* fen :
         {"W:WK32,K2,K3:BK30", "W:WK28,K2,K3:BK30", "W:WK23,K2,K3:BK30", "W:WK19,K2,K3:BK30",
          "W:WK14,K2,K3:BK30", "W:WK10,K2,K3:BK30", "W:WK5,K2,K3:BK30", "W:WK1,K2,K3:BK30"})
        CHECK_MESSAGE(ending("spanish", fen) == Ending::RiverHeld, fen);
    CHECK(ending("spanish", "W:WK2,K3,K4:BK30") == Ending::ThreeKings);
    CHECK(ending("spanish", "B:WK30:BK2,K3,K14") == Ending::RiverHeld); // Black strong
    // The lone king on the River does not hold it for the three kings.
    CHECK(ending("spanish", "W:WK2,K3,K4:BK32") == Ending::ThreeKings);
    // Exactly three kings, no man, against a lone king.
    CHECK(ending("spanish", "W:WK1,K2,K3,K4:BK30") == Ending::None);
    CHECK(ending("spanish", "W:WK1,K2,9:BK30") == Ending::None);
    CHECK(ending("spanish", "W:WK1,K2:BK30") == Ending::None);
}

TEST_CASE("draughts: the Spanish 12-move Forçada and 20-move rules (FPD art. 3.8.a, 3.8.b)") {
    // 3.8.a: 12 moves once the three kings hold the River.
    CHECK(rule_after("spanish", "W:WK1,K2,K3:BK30", 0, 0, 24) == "12-move");
    CHECK(rule_after("spanish", "W:WK1,K2,K3:BK30", 0, 0, 23) == std::nullopt);
    // ... and the 20-move rule does not apply to the Forçada.
    CHECK(rule_after("spanish", "W:WK1,K2,K3:BK30", 1000, 1000, 23) == std::nullopt);
    // Without the River no Forçada count runs; the 20-move rule does (at most four pieces a
    // side, a king on each side, 20 moves of each player without a capture or a man moved).
    CHECK(rule_after("spanish", "W:WK2,K3,K4:BK30", 39, 1000, 1000) == std::nullopt);
    CHECK(rule_after("spanish", "W:WK2,K3,K4:BK30", 40, 40, 40) == "20-move");
    CHECK(rule_after("spanish", "W:WK2,9:BK30,26", 40, 40) == "20-move");
    CHECK(rule_after("spanish", "W:WK2,9:BK30,26", 39, 39) == std::nullopt);
    CHECK(rule_after("spanish", "W:WK2,K3,9,10:BK30,K31,26,27", 40, 40) == "20-move");
    // Condition broken: five pieces on one side, or no king on one side.
    CHECK(rule_after("spanish", "W:WK2,K3,9,10,11:BK30", 1000, 1000) == std::nullopt);
    CHECK(rule_after("spanish", "W:WK2,K3:B30,31", 1000, 1000) == std::nullopt);
    CHECK(rule_after("spanish", "W:W9,10:BK30", 1000, 1000) == std::nullopt);
}

TEST_CASE("draughts: the pool 13-move rule, three kings against a king (APCA)") {
    using rules::draughts::Ending;
    CHECK(ending("pool", "W:WK29,K30,K31:BK4") == Ending::ThreeKings);
    CHECK(ending("pool", "W:WK4:BK29,K30,K31") == Ending::ThreeKings);
    CHECK(rule_after("pool", "W:WK29,K30,K31:BK4", 0, 0, 26) == "13-move");
    CHECK(rule_after("pool", "W:WK29,K30,K31:BK4", 1000, 1000, 25) == std::nullopt);
    // Three kings exactly, no man, against a lone king.
    CHECK(ending("pool", "W:WK29,K30,K31,K32:BK4") == Ending::None);
    CHECK(ending("pool", "W:WK29,K30,31:BK4") == Ending::None);
    CHECK(ending("pool", "W:WK29,K30,K31:BK4,5") == Ending::None);
    CHECK(rule_after("pool", "W:WK29,K30,K31,K32:BK4", 1000, 1000, 1000) == std::nullopt);
    CHECK(rule_after("pool", "W:WK29:BK4", 1000, 1000, 1000) == std::nullopt);
}

TEST_CASE("draughts: counters restart on a capture, a man move, a crowning or a new ending") {
    using rules::draughts::advance;
    using rules::draughts::Ending;
    const rules::draughts::DrawCounters c{10, 10, Ending::ThreeAgainstKing, 10};
    CHECK(advance(c, false, false, false, Ending::ThreeAgainstKing).kings_only_plies == 11);
    CHECK(advance(c, false, true, false, Ending::ThreeAgainstKing).kings_only_plies == 0);
    CHECK(advance(c, false, true, false, Ending::ThreeAgainstKing).balance_plies == 11);
    CHECK(advance(c, false, true, true, Ending::ThreeAgainstKing).balance_plies == 0);
    CHECK(advance(c, true, false, false, Ending::ThreeAgainstKing).balance_plies == 0);
    // A crowning within the ending does not restart its count; a new ending does.
    CHECK(advance(c, false, true, true, Ending::ThreeAgainstKing).ending_plies == 11);
    const auto after_capture = advance(c, true, false, false, Ending::TwoAgainstKing);
    CHECK(after_capture.ending == Ending::TwoAgainstKing);
    CHECK(after_capture.ending_plies == 0);
}

TEST_CASE("draughts: the Forçada count begins after the River is taken and runs on off it") {
    using rules::draughts::advance;
    using rules::draughts::Ending;
    const rules::draughts::DrawCounters before{10, 10, Ending::ThreeKings, 10};
    const auto taken = advance(before, false, false, false, Ending::RiverHeld);
    CHECK(taken.ending == Ending::RiverHeld);
    CHECK(taken.ending_plies == 0); // the move that occupies the River is not counted
    const auto left = advance(taken, false, false, false, Ending::ThreeKings);
    CHECK(left.ending == Ending::RiverHeld);
    CHECK(left.ending_plies == 1);
    const auto captured = advance(left, true, false, false, Ending::None);
    CHECK(captured.ending == Ending::None);
    CHECK(captured.ending_plies == 0);
}

TEST_CASE("draughts: played out, each ending rule fires at its limit and not a ply before") {
    // FMJD 6.4: a king and a man against a king, 5 moves of each player.
    auto fmjd = game("international", "W:WK46,40:BK3");
    CHECK(ended_at(quiet_walk(*fmjd, 12)) == std::pair<int, std::string>{10, "5-move"});
    // FMJD 6.3: a king and two men against a king, 16 moves of each player.
    auto sixteen = game("international", "W:WK46,40,39:BK3");
    CHECK(ended_at(quiet_walk(*sixteen, 40)) == std::pair<int, std::string>{32, "16-move"});
    // FMJD-64 7.2.8 in Russian: a king and a man against a king.
    auto russian = game("russian", "W:WK30,26:BK4");
    CHECK(ended_at(quiet_walk(*russian, 12)) == std::pair<int, std::string>{10, "5-move"});
    // Czech: 15 moves of each player without a man moved or a capture.
    auto czech = game("czech", "W:WK30,K29:BK4,K3");
    CHECK(ended_at(quiet_walk(*czech, 40)) == std::pair<int, std::string>{30, "15-move"});
    // Pool: three kings against a king, 13 moves.
    auto pool = game("pool", "W:WK1,K2,K3:BK22");
    CHECK(ended_at(quiet_walk(*pool, 30)) == std::pair<int, std::string>{26, "13-move"});
    // Spanish 3.8.b: two kings against two kings, 20 moves of each player.
    auto twenty = game("spanish", "W:WK2,K3:BK30,K31");
    CHECK(ended_at(quiet_walk(*twenty, 45)) == std::pair<int, std::string>{40, "20-move"});
}

TEST_CASE("draughts: played out, the Spanish Forçada counts 12 moves from taking the River") {
    auto held = game("spanish", "W:WK1,K2,K3:BK30");
    CHECK(ended_at(quiet_walk(*held, 30)) == std::pair<int, std::string>{24, "12-move"});
    // Not yet held: the king on f1 (2) steps to g2 (5), on the River; that move is not counted.
    auto taken = game("spanish", "W:WK2,K3,K4:BK30");
    play_all(*taken, {"2-5"});
    CHECK(taken->outcome() == rules::Outcome{});
    CHECK(ended_at(quiet_walk(*taken, 30)) == std::pair<int, std::string>{24, "12-move"});
}

TEST_CASE("draughts: a crowning within the ending does not restart the FMJD 5-move count") {
    // White: king 46 and a man on 6, one step from the crown; Black: a lone king on 50.
    auto g = game("international", "W:WK46,6:BK50");
    play_all(*g, {"6-1"}); // crowned: two kings against a king, the same ending (art. 6.4)
    const auto outcomes = quiet_walk(*g, 12);
    CHECK(ended_at(outcomes) == std::pair<int, std::string>{9, "5-move"});
}

namespace {

// The federation numbers of the squares on_long_diagonal (squares.h) finds, in order.
std::vector<int> long_diagonal_numbers(const rules::draughts::Rules& rules) {
    std::vector<int> numbers;
    const int squares = rules.board_size * rules.board_size / 2;
    for (int s = 0; s < squares; ++s)
        if (rules::draughts::on_long_diagonal(rules, s))
            numbers.push_back(rules::draughts::square_number(rules, s));
    std::sort(numbers.begin(), numbers.end());
    return numbers;
}

} // namespace

TEST_CASE("draughts: the long diagonal runs corner to corner on every board") {
    using rules::draughts::on_long_diagonal;
    // a1-j10 and a1-h8 on the standard boards.
    CHECK(long_diagonal_numbers(rules::draughts::international) ==
          std::vector<int>{5, 10, 14, 19, 23, 28, 32, 37, 41, 46});
    CHECK(long_diagonal_numbers(rules::draughts::russian) ==
          std::vector<int>{4, 8, 11, 15, 18, 22, 25, 29});
    // a8-h1 on the mirrored boards (squares.h draws both numberings).
    CHECK(long_diagonal_numbers(rules::draughts::spanish) ==
          std::vector<int>{1, 5, 10, 14, 19, 23, 28, 32});
    for (const char* name : {"a8", "b7", "c6", "d5", "e4", "f3", "g2", "h1"}) {
        const auto square = rules::draughts::square_from_algebraic(rules::draughts::italian, name);
        REQUIRE(square);
        CHECK_MESSAGE(on_long_diagonal(rules::draughts::italian, *square), name);
    }
}
