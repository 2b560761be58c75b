#pragma once
// Small helpers shared by the draughts tests.

#include "rules/game.h"
#include "tests/rules/rules_test_support.h"

#include <cstdint>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

namespace draughts_test {

using Moves = std::vector<std::string>;

inline std::unique_ptr<rules::Game> game(std::string_view variant, std::string_view fen = {},
                                         rules::DrawRules draws = rules::DrawRules::Automatic) {
    const auto id = rules::variant_from_name(variant);
    REQUIRE(id);
    auto made = rules::make_game(*id, fen, {.draw_rules = draws});
    REQUIRE_MESSAGE(made.ok(), made.error().detail);
    return std::move(made.value());
}

// The legal moves of a position, as listed (origin, then destination).
inline Moves legal(std::string_view variant, std::string_view fen) {
    return game(variant, fen)->legal_moves();
}

using rules_test::play_all;

// One count of tests/data/<variant>.perft: the position (empty: the variant's start), the
// depth, the leaf count, and whether transpositions that reach the same position by different
// capture orders are counted apart ("keep-duplicates").
struct PerftCase {
    std::string id;
    std::string fen;
    int depth = 0;
    std::uint64_t nodes = 0;
    bool keep_duplicates = false;
};

// Every count of tests/data/<variant>.perft, in the file's order; an unknown line fails.
inline std::vector<PerftCase> read_perft_file(const std::string& variant) {
    const std::string path = std::string(TABULA_TEST_DATA_DIR) + "/" + variant + ".perft";
    std::ifstream in(path);
    REQUIRE_MESSAGE(in, "cannot open " << path);
    std::vector<PerftCase> cases;
    PerftCase current;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream words(line);
        std::string key;
        words >> key;
        if (key == "id") {
            words >> current.id;
            current.keep_duplicates = false;
        } else if (key == "fen") {
            std::getline(words >> std::ws, current.fen);
        } else if (key == "keep-duplicates") {
            current.keep_duplicates = true;
        } else if (key == "perft") {
            words >> current.depth >> current.nodes;
            cases.push_back(current);
        } else {
            FAIL("unknown line in " << path << ": " << line);
        }
    }
    return cases;
}

} // namespace draughts_test
