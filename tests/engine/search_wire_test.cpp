// The messages between the server and its search process (engine/search_wire.h): each kind
// comes back as it was written, frames survive being cut anywhere, and what is malformed is
// refused. A game is rebuilt from its moves, or from its position where a player left.
#include "engine/search_wire.h"
#include "tests/engine/test_helpers.h"

#include <string>

namespace {

namespace wire = engine::wire;

wire::Message decoded(const wire::Message& message) {
    auto back = wire::decode(wire::encode(message));
    REQUIRE_MESSAGE(back.ok(), back.error().detail);
    return std::move(back.value());
}

} // namespace

TEST_CASE("search wire: a search comes back with its game and request") {
    auto game = engine_test::game_of(rules::VariantId::Chess);
    for (const char* move : {"e2e4", "e7e5", "g1f3"})
        REQUIRE(game->play(move).ok());
    wire::Message search;
    search.kind = wire::Kind::Search;
    search.id = 42;
    search.game = wire::game_text(*game);
    search.request.level = engine::Level::Hard;
    search.request.seed = 0xFFFF'FFFF'FFFF'FFF0u;
    search.request.clock = engine::ClockState{std::chrono::milliseconds{61'000},
                                              std::chrono::milliseconds{2'000}};
    search.request.node_limit = 12345;
    search.request.depth_limit = 7;
    const auto back = decoded(search);
    CHECK(back.kind == wire::Kind::Search);
    CHECK(back.id == 42);
    CHECK(back.game.variant == "chess");
    CHECK(back.game.moves == game->moves());
    CHECK(back.game.position == game->position());
    CHECK(back.request.level == engine::Level::Hard);
    CHECK(back.request.seed == search.request.seed);
    CHECK_FALSE(back.request.movetime.has_value());
    REQUIRE(back.request.clock.has_value());
    CHECK(back.request.clock->remaining.count() == 61'000);
    CHECK(back.request.clock->increment.count() == 2'000);
    CHECK(back.request.node_limit == 12345);
    CHECK(back.request.depth_limit == 7);

    auto rebuilt = wire::rebuild_game(back.game);
    REQUIRE(rebuilt.ok());
    CHECK((*rebuilt)->position() == game->position());
    CHECK((*rebuilt)->moves() == game->moves());
}

TEST_CASE("search wire: answers, errors, cancels and warnings come back as written") {
    wire::Message answer;
    answer.kind = wire::Kind::Answer;
    answer.id = 7;
    answer.choice = engine::Choice{"a1a8", -35, 9, 123456, true, "Hard seed 1\nline: two"};
    const auto back = decoded(answer);
    REQUIRE(back.choice.has_value());
    CHECK(back.id == 7);
    CHECK(back.choice->move == "a1a8");
    CHECK(back.choice->score == -35);
    CHECK(back.choice->depth == 9);
    CHECK(back.choice->nodes == 123456);
    CHECK(back.choice->cancelled);
    CHECK(back.choice->log == "Hard seed 1\nline: two");

    wire::Message failed;
    failed.kind = wire::Kind::Answer;
    failed.id = 8;
    failed.error = rules::Error{"game_over", "the game is over"};
    const auto error = decoded(failed);
    CHECK_FALSE(error.choice.has_value());
    REQUIRE(error.error.has_value());
    CHECK(error.error->code == "game_over");

    wire::Message cancel;
    cancel.kind = wire::Kind::Cancel;
    cancel.id = 9;
    CHECK(decoded(cancel).id == 9);

    wire::Message warning;
    warning.kind = wire::Kind::Warning;
    warning.text = "autogroup: 1:2";
    CHECK(decoded(warning).text == "autogroup: 1:2");
}

TEST_CASE("search wire: malformed messages are refused") {
    for (const std::string bad : {"", "X", "C", "Cx:1", "C2:1", "C1:1junk", "A1:7", "A1:71:x",
                                  "S1:1", "W5:ab"}) {
        const auto result = wire::decode(bad);
        REQUIRE_MESSAGE(!result.ok(), bad);
        CHECK(result.error().code == "bad_message");
    }
    wire::GameText unknown{"not-a-variant", "", {}, ""};
    CHECK_FALSE(wire::rebuild_game(unknown).ok());
}

TEST_CASE("search wire: frames are whole however the bytes arrive, and a huge one is refused") {
    const std::string stream = wire::frame("first") + wire::frame("") + wire::frame("third");
    wire::FrameReader reader;
    std::vector<std::string> seen;
    for (const char byte : stream) {
        reader.feed(&byte, 1);
        while (auto message = reader.next())
            seen.push_back(*message);
    }
    CHECK(seen == std::vector<std::string>{"first", "", "third"});

    wire::FrameReader flooded;
    const std::string huge = "\x7F\xFF\xFF\xFF";
    flooded.feed(huge.data(), huge.size());
    CHECK_FALSE(flooded.next().has_value());
    CHECK(flooded.bad());
}

TEST_CASE("search wire: a game a player left is rebuilt from its position") {
    auto game = engine_test::game_of(rules::VariantId::ChineseCheckers3);
    for (int i = 0; i < 3; ++i)
        REQUIRE(game->play(game->legal_moves().front()).ok());
    REQUIRE(game->retire(1).ok());
    REQUIRE(game->play(game->legal_moves().front()).ok());
    auto rebuilt = wire::rebuild_game(wire::game_text(*game));
    REQUIRE(rebuilt.ok());
    CHECK((*rebuilt)->position() == game->position());
    CHECK((*rebuilt)->legal_moves() == game->legal_moves());
}
