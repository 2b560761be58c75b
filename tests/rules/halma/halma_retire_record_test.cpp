// Leaves in the record and in replays (Game::retire, rules/game.h): the [Left] tag and its
// comments, the table's way of rebuilding a game (moves plus each leave at its ply), and
// random games with leaves checked step by step against the reference generator.
#include "halma_test_support.h"
#include "rules/record/record_reader.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <utility>

#include <doctest/doctest.h>

using halma_test::game_of;
using rules::VariantId;
using Places = std::vector<int>;

namespace {

// A leave as the table keeps it: the seat (from 0) and ply() when it left.
using Leave = std::pair<int, int>;

// Reads a [Left "2@1,3@3"] tag (seats from 1), written here from its description in
// rules/halma/record.h; nullopt for anything else.
std::optional<std::vector<Leave>> leaves_of(std::string_view tag) {
    std::vector<Leave> leaves;
    while (!tag.empty()) {
        const auto comma = tag.find(',');
        const auto item = tag.substr(0, comma);
        const auto at = item.find('@');
        if (at == std::string_view::npos || at == 0 || at + 1 == item.size())
            return std::nullopt;
        leaves.emplace_back(std::stoi(std::string(item.substr(0, at))) - 1,
                            std::stoi(std::string(item.substr(at + 1))));
        tag = comma == std::string_view::npos ? std::string_view{} : tag.substr(comma + 1);
    }
    return leaves;
}

// Rebuilds a game as rules/game.h tells a table to: each leave when ply() reaches its ply,
// before the move stored there.
std::unique_ptr<rules::Game> rebuild(VariantId id, const std::string& start,
                                     const std::vector<std::string>& moves,
                                     const std::vector<Leave>& leaves) {
    auto game = game_of(id, start);
    REQUIRE(game);
    std::size_t next = 0;
    const auto leave_due = [&] {
        for (; next < leaves.size() && leaves[next].second == game->ply(); ++next)
            REQUIRE(game->retire(leaves[next].first).ok());
    };
    for (const auto& move : moves) {
        leave_due();
        REQUIRE(game->play(move).ok());
    }
    leave_due();
    CHECK(next == leaves.size());
    return game;
}

// Checks the game against the reference state: board, turn, finished and left seats, moves.
void check_agrees(const rules::Game& game, const halma_reference::Reference& reference,
                  const halma_reference::State& expected) {
    const auto state = halma_test::state_of(game);
    REQUIRE(state.cells == expected.cells);
    REQUIRE(state.finished == expected.finished);
    REQUIRE(state.left == expected.left);
    REQUIRE(game.outcome().over() == reference.over(expected));
    if (reference.over(expected)) {
        CHECK(game.outcome().reason == reference.reason(expected));
        CHECK(game.outcome().places == reference.places(expected));
        return;
    }
    REQUIRE(state.to_move == expected.to_move);
    std::set<std::pair<int, int>> moves;
    for (const auto& view : game.legal_move_views())
        moves.insert({view.path.front(), view.path.back()});
    REQUIRE(moves == reference.moves(expected));
}

} // namespace

TEST_CASE("halma family: the record shows each leave and replays to the same outcome") {
    auto game = game_of(VariantId::ChineseCheckers3);
    REQUIRE(game);
    REQUIRE(game->play("o1-m5").ok());
    REQUIRE(game->retire(1).ok());
    REQUIRE(game->play("f11-f9").ok());
    REQUIRE(game->play("q1-m7").ok());
    REQUIRE(game->retire(2).ok());
    REQUIRE(game->outcome().reason == "retired");
    rules::RecordTags tags;
    tags.seats = {"ann", "bo", "cy"};
    const std::string record = game->record(tags);
    CHECK(record == "[Event \"Tabula game\"]\n[Site \"Tabula\"]\n[Date \"????.??.??\"]\n"
                    "[Round \"-\"]\n[Seat1 \"ann\"]\n[Seat2 \"bo\"]\n[Seat3 \"cy\"]\n"
                    "[Result \"*\"]\n[Variant \"chinese-checkers-3\"]\n[Places \"1,3,2\"]\n"
                    "[Left \"2@1,3@3\"]\n\n"
                    "1. o1-m5 {seat 2 left} f11-f9 2. q1-m7 {seat 3 left} *\n");
    const auto read = rules::read_records(record);
    REQUIRE(read.size() == 1);
    REQUIRE(read[0].ok());
    CHECK(read[0]->moves == game->moves()); // the comments are not moves
    const auto leaves = leaves_of(*read[0]->tag("Left"));
    REQUIRE(leaves);
    CHECK(*leaves == std::vector<Leave>{{1, 1}, {2, 3}});
    const auto replay = rebuild(VariantId::ChineseCheckers3, {}, read[0]->moves, *leaves);
    CHECK(replay->position() == game->position());
    CHECK(replay->outcome() == game->outcome());
    CHECK(replay->record(tags) == record);
    // Without leaves nothing of them is written.
    CHECK(game_of(VariantId::ChineseCheckers3)->record(tags).find("Left") == std::string::npos);
}

TEST_CASE("halma family: the record with leaves of tests/data/halma replays to its places") {
    std::ifstream in(TABULA_TEST_DATA_DIR "/halma/chinese-checkers-4-leaves.pdn");
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    const auto records = rules::read_records(text.str());
    REQUIRE(records.size() == 1);
    REQUIRE(records[0].ok());
    const auto& record = *records[0];
    const auto leaves = leaves_of(*record.tag("Left"));
    REQUIRE(leaves);
    CHECK(*leaves == std::vector<Leave>{{1, 173}, {3, 179}});
    const auto game = rebuild(VariantId::ChineseCheckers4, {}, record.moves, *leaves);
    const auto outcome = game->outcome();
    CHECK(outcome.reason == "finished"); // seat 1 finished before the others left
    CHECK(outcome.places == Places{1, 4, 2, 3});
    CHECK(record.tag("Places") == "1,4,2,3");
    rules::RecordTags tags;
    tags.event = "Tabula self-play (greedy) with leaves";
    tags.date = "2026.11.24";
    for (int seat = 0; seat < game->players(); ++seat)
        tags.seats.push_back("greedy-" + std::to_string(seat + 1));
    CHECK(text.str().substr(text.str().find('[')) == game->record(tags));
}

TEST_CASE("halma family: random games with leaves agree with the reference and rebuild") {
    halma_test::Lcg random{20261124};
    const std::vector<VariantId> family = {VariantId::ChineseCheckers3, VariantId::ChineseCheckers4,
                                           VariantId::ChineseCheckers6, VariantId::Halma4};
    std::set<std::string> reasons;
    for (const auto id : family) {
        // From the start, and 60 moves before the limit so that some games reach it.
        for (const int before_limit : {0, 60}) {
            CAPTURE(rules::variant_name(id));
            CAPTURE(before_limit);
            auto fields = game_of(id)->position();
            const auto players = game_of(id)->players();
            if (before_limit > 0) {
                const auto ply_at = fields.rfind(':', fields.rfind(':') - 1);
                fields = fields.substr(0, ply_at + 1) +
                         std::to_string(200 * players - before_limit) + ":-";
            }
            auto game = game_of(id, fields);
            REQUIRE(game);
            const auto reference = halma_test::reference_for(id);
            auto expected = halma_test::state_of(*game);
            std::vector<Leave> leaves;
            for (int step = 0; !game->outcome().over(); ++step) {
                CAPTURE(game->position());
                if (random.below(25) == 0 || (step == 10 && leaves.empty())) {
                    std::vector<int> playing;
                    for (int s = 0; s < players; ++s)
                        if (std::count(expected.finished.begin(), expected.finished.end(), s) +
                                std::count(expected.left.begin(), expected.left.end(), s) ==
                            0)
                            playing.push_back(s);
                    const int seat = playing[random.below(playing.size())];
                    leaves.emplace_back(seat, game->ply());
                    REQUIRE(game->retire(seat).ok());
                    expected = reference.leave(expected, seat);
                } else {
                    const auto views = game->legal_move_views();
                    const auto& chosen = views[random.below(views.size())];
                    expected = reference.play(expected, {chosen.path.front(), chosen.path.back()});
                    REQUIRE(game->play(chosen.notation).ok());
                }
                check_agrees(*game, reference, expected);
                auto copy = game_of(id, game->position());
                REQUIRE(copy);
                CHECK(copy->position() == game->position());
            }
            CHECK_FALSE(leaves.empty());
            reasons.insert(game->outcome().reason);
            const auto again = rebuild(id, fields, game->moves(), leaves);
            CHECK(again->position() == game->position());
            CHECK(again->outcome() == game->outcome());
            CHECK(again->record({}) == game->record({}));
        }
    }
    // The games end both ways: all but one left, and the move limit with leavers ranked last.
    CHECK(reasons == std::set<std::string>{"move-limit", "retired"});
}
