#pragma once
// Helpers every family's rules tests share: playing a line of moves, reading the
// tab-separated reference files of tests/data (game records with their expected results), and
// reading the perft counts of tests/data/<name>.perft.

#include "rules/game.h"

#include <cstdint>
#include <fstream>
#include <sstream>
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

// One count of a tests/data/<name>.perft file: the position (`fen`; empty: the variant's
// start), the depth, the leaf count, and whether transpositions that reach the same position by
// different capture orders are counted apart.
struct PerftCase {
    std::string id;
    std::string fen;
    int depth = 0;
    std::uint64_t nodes = 0;
    bool keep_duplicates = false;
};

// Every count of tests/data/<name>.perft, in the file's order. A position's block: "id <name>",
// then "fen <position>" (none: the start), "keep-duplicates" (its counts keep them), and its
// counts, "perft <depth> <nodes>", or "perft-keep <depth> <nodes>" for one count that keeps
// duplicates. Empty lines and lines starting with '#' (the sources) are skipped; any other
// line fails the test.
inline std::vector<PerftCase> read_perft_file(const std::string& name) {
    const std::string path = std::string(TABULA_TEST_DATA_DIR) + "/" + name + ".perft";
    std::ifstream in(path);
    REQUIRE_MESSAGE(in, "cannot open " << path);
    std::vector<PerftCase> cases;
    PerftCase block;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream words(line);
        std::string key;
        words >> key;
        if (key == "id") {
            block = PerftCase{};
            words >> block.id;
        } else if (key == "fen") {
            std::getline(words >> std::ws, block.fen);
        } else if (key == "keep-duplicates") {
            block.keep_duplicates = true;
        } else if (key == "perft" || key == "perft-keep") {
            PerftCase count = block;
            words >> count.depth >> count.nodes;
            REQUIRE_MESSAGE(!words.fail(), "bad count in " << path << ": " << line);
            count.keep_duplicates = block.keep_duplicates || key == "perft-keep";
            cases.push_back(count);
        } else {
            FAIL("unknown line in " << path << ": " << line);
        }
    }
    return cases;
}

} // namespace rules_test
