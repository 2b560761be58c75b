#pragma once
// Helpers every family's rules tests share: playing a line of moves, and reading the
// tab-separated reference files of tests/data (game records with their expected results).

#include "rules/game.h"

#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace rules_test {

// Plays moves that must all be legal; a refusal fails the test with the move and its detail.
inline void play_all(rules::Game& game, const std::vector<std::string>& moves) {
    for (const auto& move : moves) {
        const auto played = game.play(move);
        REQUIRE_MESSAGE(played.ok(), move << ": " << played.error().detail);
    }
}

// The fields of one line, empty ones included ("a\t\tb" is three fields).
inline std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (true) {
        const auto tab = line.find('\t', start);
        fields.push_back(line.substr(start, tab - start));
        if (tab == std::string::npos)
            return fields;
        start = tab + 1;
    }
}

} // namespace rules_test
