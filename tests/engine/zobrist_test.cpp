// The keys each rules core keeps up to date move by move equal the keys computed from
// scratch, along seeded random games of every variant; and going back (copy-make keeps the
// earlier state) gives back the earlier key.
#include "rules/chess/search_core.h"
#include "rules/draughts/search_core.h"
#include "rules/game.h"
#include "rules/turkish/search_core.h"

#include <algorithm>
#include <random>

#include <doctest/doctest.h>

namespace {

template <class Core> void check_random_games(const Core& core, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<typename Core::Move> moves;
    for (int g = 0; g < 20; ++g) {
        auto state = core.parse("").value();
        const auto start_keys = state.keys;
        for (int ply = 0; ply < 150; ++ply) {
            core.generate(state, moves);
            if (moves.empty())
                break;
            const auto next = core.make(state, moves[random() % moves.size()]);
            REQUIRE(next.keys == core.keys_from_scratch(next));
            CHECK(next.keys.position_key != state.keys.position_key);
            state = next;
        }
        CHECK(core.parse("").value().keys == start_keys);
    }
}

} // namespace

TEST_CASE("chess: incremental keys equal keys from scratch over random games") {
    check_random_games(rules::chess::SearchCore{}, 1);
}

TEST_CASE("chess: castling rights and a usable en passant square change the key") {
    const rules::chess::SearchCore core;
    const auto with_rights = core.parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").value();
    const auto without = core.parse("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1").value();
    CHECK(with_rights.keys.key != without.keys.key);
    const auto usable = core.parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").value();
    const auto none = core.parse("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").value();
    CHECK(usable.keys.key != none.keys.key);
    // No white pawn can take on d6 here: the square changes nothing that matters.
    const auto idle = core.parse("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1").value();
    const auto idle_none = core.parse("4k3/8/8/3p4/8/8/8/4K3 w - - 0 1").value();
    CHECK(idle.keys.key == idle_none.keys.key);
}

namespace {

// The state after `move` (UCI) from `fen`, through the core's own make().
rules::chess::SearchState chess_after(const rules::chess::SearchCore& core, const char* fen,
                                      const char* move) {
    const auto state = core.parse(fen).value();
    const auto moves = core.notated_moves(state);
    const auto it =
        std::find_if(moves.begin(), moves.end(), [&](const auto& m) { return m.notation == move; });
    REQUIRE(it != moves.end());
    return core.make(state, it->move);
}

} // namespace

TEST_CASE("chess: a pinned en passant capture leaves the key as the game's repetition does") {
    const rules::chess::SearchCore core;
    // ...d7-d5 beside the e5 pawn, but exd6 would open the fifth rank from h5 to the king on
    // a5: no capture is possible, so the position is the one ...d6-d5 reaches (FIDE 9.2.3).
    const auto double_step = chess_after(core, "3k4/3p4/8/K3P2r/8/8/8/8 b - - 0 1", "d7d5");
    const auto single_step = chess_after(core, "3k4/8/3p4/K3P2r/8/8/8/8 b - - 0 1", "d6d5");
    CHECK(double_step.keys.position_key == single_step.keys.position_key);
    CHECK(double_step.keys == core.keys_from_scratch(double_step));
    // The game agrees: the two are one position, repeated.
    auto game = rules::make_game(rules::VariantId::Chess, "3k4/3p4/8/K3P2r/8/8/8/8 b - - 0 1",
                                 {.draw_rules = rules::DrawRules::ReportOnly});
    REQUIRE(game.ok());
    for (const char* move : {"d7d5", "Kb5", "Kd7", "Ka5", "Kd8", "Kb5", "Kd7", "Ka5", "Kd8"})
        REQUIRE(game.value()->play(move).ok());
    CHECK(game.value()->outcome().reason == "threefold");

    // Without the rook the capture is legal: the square counts, and the keys differ.
    const auto free_double = chess_after(core, "3k4/3p4/8/K3P3/8/8/8/8 b - - 0 1", "d7d5");
    const auto free_single = chess_after(core, "3k4/8/3p4/K3P3/8/8/8/8 b - - 0 1", "d6d5");
    CHECK(free_double.keys.position_key != free_single.keys.position_key);
    CHECK(free_double.keys == core.keys_from_scratch(free_double));
}

TEST_CASE("every diagonal variant: incremental keys equal keys from scratch") {
    for (const auto variant : rules::all_variants()) {
        if (const auto* engine = rules::draughts::engine_of(variant)) {
            CAPTURE(rules::variant_name(variant));
            check_random_games(rules::draughts::SearchCore{*engine}, 2);
        }
    }
}

TEST_CASE("international: the draw counters are in the key, not in the repetition key") {
    const rules::draughts::SearchCore core{
        *rules::draughts::engine_of(rules::VariantId::International)};
    auto state = core.parse("W:WK46:BK3").value();
    const auto first = state;
    // Kings shuffle back and forth: the position repeats, the 25-move count does not.
    for (const char* move : {"46-41", "3-9", "41-46", "9-3"}) {
        const auto moves = core.notated_moves(state);
        const auto it = std::find_if(moves.begin(), moves.end(),
                                     [&](const auto& m) { return m.notation == move; });
        REQUIRE(it != moves.end());
        state = core.make(state, it->move);
    }
    CHECK(state.keys.position_key == first.keys.position_key);
    CHECK(state.keys.key != first.keys.key);
    CHECK(core.reversible_plies(state) == 4);
}

TEST_CASE("turkish: incremental keys equal keys from scratch over random games") {
    check_random_games(rules::turkish::SearchCore{}, 3);
}

TEST_CASE("frisian: the king-move counts are in the repetition key, kept up move by move") {
    const rules::draughts::SearchCore core{*rules::draughts::engine_of(rules::VariantId::Frisian)};
    const auto counted = core.parse("W:WK28,K50,36,45:BK3,K7,12,18:+27+228").value();
    const auto fresh = core.parse("W:WK28,K50,36,45:BK3,K7,12,18").value();
    CHECK(counted.keys.position_key != fresh.keys.position_key);
    CHECK(core.parse("W:WK28,K50,36,45:BK3,K7,12,18:+27+128").value().keys.position_key !=
          counted.keys.position_key);
    std::mt19937_64 random(3);
    std::vector<rules::draughts::Move> moves;
    for (int g = 0; g < 50; ++g) {
        auto state = counted;
        for (int ply = 0; ply < 60; ++ply) {
            core.generate(state, moves);
            if (moves.empty())
                break;
            state = core.make(state, moves[random() % moves.size()]);
            REQUIRE(state.keys == core.keys_from_scratch(state));
        }
    }
}
