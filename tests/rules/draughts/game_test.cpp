// The draughts Game behind the variant-neutral face: move input, refusals, FEN, the board,
// outcomes and draw rules, PDN export.
#include "rules/draughts/draw_rules.h"
#include "rules/draughts/fen.h"
#include "rules/record/record_reader.h"
#include "tests/rules/draughts/test_helpers.h"

#include <algorithm>
#include <utility>

using draughts_test::game;
using draughts_test::Moves;
using draughts_test::play_all;

TEST_CASE("draughts: a move is read in PDN, with ':' for captures, or in algebraic squares") {
    auto g = game("russian");
    REQUIRE(g->play("c3-d4").ok());
    REQUIRE(g->play("f6e5").ok());
    const auto capture = g->play("d4:f6");
    REQUIRE(capture.ok());
    CHECK(capture->notation == "18x11");
    CHECK(g->moves() == Moves{"22-18", "11-15", "18x11"});
    CHECK(g->legal_moves() == Moves{"7x16", "8x15"});
    REQUIRE(g->play("8x15").ok());
    CHECK(g->ply() == 4);
}

TEST_CASE("draughts: a full path, or part of one, names a capture") {
    auto g = game("english", "W:W30:B17,18,25,26");
    CHECK(g->play("30x14").error().code == "ambiguous_move");
    CHECK(g->ply() == 0);
    const auto played = g->play("30x23x14");
    REQUIRE(played.ok());
    CHECK(played->notation == "30x23x14");
    CHECK(played->path == std::vector<int>{58, 44, 26}); // c1, e3, c5 as BoardView cells
    CHECK(played->captures == std::vector<int>{51, 35});
    CHECK(g->position() == "B:W14:B17,25");
}

TEST_CASE("draughts: refused moves say why and change nothing") {
    auto g = game("international");
    CHECK(g->play("").error().code == "bad_move_syntax");
    CHECK(g->play("32-").error().code == "bad_move_syntax");
    CHECK(g->play("hello").error().code == "bad_move_syntax");
    CHECK(g->play("51-46").error().code == "bad_move_syntax");
    const auto illegal = g->play("32-26");
    REQUIRE(!illegal.ok());
    CHECK(illegal.error().code == "illegal_move");
    CHECK(illegal.error().detail == "32-26 is not legal here");
    CHECK(g->ply() == 0);
    CHECK(g->position() == "W:W31-50:B1-20");
    auto over = game("international", "W:W:B1");
    CHECK(over->play("1-6").error().code == "game_over");
}

TEST_CASE("draughts: FEN is read strictly and written canonically (PDN 3.0)") {
    CHECK(game("international")->position() == "W:W31-50:B1-20");
    CHECK(game("international", "W:W31-50:B1-20.")->position() == "W:W31-50:B1-20");
    CHECK(game("international", "B:WK46,33:B1,K5")->position() == "B:W33,K46:B1,K5");
    CHECK(game("russian", "W:Wc1,b6,d6:Bh6,f2.")->position() == "W:W9,10,30:B12,27");
    CHECK(game("english")->position() == "B:W21-32:B1-12");
    CHECK(game("spanish")->position() == "W:W1-12:B21-32");
    for (const char* bad :
         {"W", "X:W1:B2", "W:W1", "W:W40:B40", "W:W99:B1", "W:W5:B40", "W:W31-50:B1-20:H0",
          "W:W31-50:W1-20", "W:W3-1:B40", "W:W1,,2:B40", "W:W31-50:B1-20 ", "W:Wc3:B1"}) {
        CAPTURE(bad);
        const auto made = rules::make_game(rules::VariantId::International, bad);
        REQUIRE(!made.ok());
        CHECK(made.error().code == "bad_fen");
        CHECK(!made.error().detail.empty());
    }
}

TEST_CASE("draughts: the board view puts Black's side on row 0 and blanks unplayable squares") {
    const auto view = game("international")->board();
    REQUIRE(view.rows == 10);
    CHECK(view.cells.substr(0, 10) == " b b b b b");
    CHECK(view.cells.substr(40, 10) == " . . . . .");
    CHECK(view.cells.substr(90, 10) == "w w w w w ");
    CHECK(game("italian")->board().cells.substr(0, 8) == "b b b b ");
    CHECK(game("english", "B:WK1:BK32")->board().cells.substr(0, 8) == " W . . .");
}

TEST_CASE("draughts: a side that cannot move loses, in the giveaway games it wins") {
    const auto blocked = game("international", "W:W46:B37,41")->outcome();
    CHECK(blocked == rules::Outcome{rules::Outcome::Status::BlackWins, "no-moves"});
    CHECK(game("international", "W:W:B1")->outcome().status == rules::Outcome::Status::BlackWins);
    CHECK(game("antidraughts", "W:W:B1")->outcome() ==
          rules::Outcome{rules::Outcome::Status::WhiteWins, "no-moves"});
    CHECK(game("russian-giveaway", "B:W22:B")->outcome().status ==
          rules::Outcome::Status::BlackWins);
}

TEST_CASE("draughts: can_win is false for a side without pieces") {
    const auto g = game("international", "W:W:B1");
    CHECK(!g->can_win(rules::Color::White));
    CHECK(g->can_win(rules::Color::Black));
    const auto giveaway = game("antidraughts", "B:W28:B1");
    CHECK(giveaway->can_win(rules::Color::White));
    CHECK(giveaway->can_win(rules::Color::Black));
    // In the giveaway games, a side whose opponent has no pieces left cannot win any more.
    const auto given_away = game("russian-giveaway", "W:W:B1");
    CHECK(given_away->can_win(rules::Color::White));
    CHECK(!given_away->can_win(rules::Color::Black));
}

TEST_CASE("draughts: any piece left can still win if the opponent helps (flag fall, FMJD 7.3.3)") {
    // A lone man against three kings can be crowned and take them one by one.
    CHECK(game("international", "B:WK46,K47,K48:B1")->can_win(rules::Color::Black));
    // An Italian man may not take a king, but it can be crowned and a king can.
    CHECK(game("italian", "W:W28:BK1,K2")->can_win(rules::Color::White));
    // A lone English man each: either may be crowned and take the other.
    CHECK(game("english", "B:W28:B1")->can_win(rules::Color::Black));
    CHECK(game("english", "B:W28:B1")->can_win(rules::Color::White));
}

TEST_CASE("draughts: the third repetition is a draw (threefold), ReportOnly plays on") {
    const Moves shuffle{"46-41", "1-6", "41-46", "6-1", "46-41", "1-6", "41-46", "6-1"};
    auto automatic = game("international", "W:WK46:BK1");
    play_all(*automatic, shuffle);
    CHECK(automatic->outcome() == rules::Outcome{rules::Outcome::Status::Draw, "threefold"});
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
    CHECK(rule_after("russian", "W:WK30,K31,K32,K26:BK3", 0, 30) == "3-kings");
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

TEST_CASE("draughts: the English 40-move, Czech 15-move and Spanish 12-move rules") {
    CHECK(rule_after("english", "W:WK29:BK4", 80, 80) == "40-move");
    CHECK(rule_after("english", "W:WK29:BK4", 79, 79) == std::nullopt);
    CHECK(rule_after("czech", "W:WK29:BK4", 30, 30) == "15-move");
    CHECK(rule_after("czech", "W:WK29:BK4", 29, 29) == std::nullopt);
    CHECK(rule_after("spanish", "W:WK1,K2,K3:BK32", 0, 0, 24) == "12-move");
    CHECK(rule_after("spanish", "W:WK1,K2,K3:BK32", 0, 0, 23) == std::nullopt);
    CHECK(rule_after("spanish", "W:WK1,K2,10:BK32", 0, 0, 1000) == std::nullopt);
    CHECK(rule_after("italian", "W:WK29:BK4", 1000, 1000, 1000) == std::nullopt);
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
}

TEST_CASE("draughts: a crowning within the ending does not restart the FMJD 5-move count") {
    // White: king 46 and a man on 6, one step from the crown; Black: a lone king on 50.
    auto g = game("international", "W:WK46,6:BK50");
    play_all(*g, {"6-1"}); // crowned: two kings against a king, the same ending (art. 6.4)
    const auto outcomes = quiet_walk(*g, 12);
    CHECK(ended_at(outcomes) == std::pair<int, std::string>{9, "5-move"});
}

TEST_CASE("draughts: the PDN record names the variant and reads back move for move") {
    auto g = game("international");
    play_all(*g, {"32-28", "19-23", "28x19", "14x23"});
    const std::string pdn = g->record({});
    CHECK(pdn.find("[GameType \"20\"]") != std::string::npos);
    CHECK(pdn.find("[Result \"*\"]") != std::string::npos);
    CHECK(pdn.find("[FEN") == std::string::npos);
    CHECK(pdn.find("1. 32-28 19-23 2. 28x19 14x23 *") != std::string::npos);
    const auto records = rules::read_records(pdn);
    REQUIRE(records.size() == 1);
    REQUIRE(records[0].ok());
    auto replayed = game("international");
    play_all(*replayed, records[0]->moves);
    CHECK(replayed->position() == g->position());
}

TEST_CASE("draughts: a record from a position carries its FEN and numbers from the mover") {
    auto g = game("english", "W:W30:B17,18,25,26");
    play_all(*g, {"30x23x14", "17-21"});
    const std::string pdn = g->record({});
    CHECK(pdn.find("[GameType \"21\"]") != std::string::npos);
    CHECK(pdn.find("[FEN \"W:W30:B17,18,25,26\"]") != std::string::npos);
    CHECK(pdn.find("1... 30x23x14 2. 17-21 *") != std::string::npos);
    auto anti = game("antidraughts", "W:W:B1");
    const std::string anti_pdn = anti->record({});
    CHECK(anti_pdn.find("[Variant \"antidraughts\"]") != std::string::npos);
    CHECK(anti_pdn.find("[Result \"2-0\"]") != std::string::npos);
    rules::RecordTags tags;
    tags.outcome = rules::Outcome{rules::Outcome::Status::Draw, "agreement"};
    CHECK(game("russian")->record(tags).find("[Result \"1-1\"]") != std::string::npos);
}

TEST_CASE("draughts: a clone goes its own way") {
    auto g = game("international");
    auto copy = g->clone();
    REQUIRE(copy->play("32-28").ok());
    CHECK(g->ply() == 0);
    CHECK(copy->ply() == 1);
}
