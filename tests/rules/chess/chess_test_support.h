#pragma once
// Helpers shared by the chess tests: games from a FEN, sorted move lists, data files.

#include "rules/chess/fen.h"
#include "rules/game.h"
#include "tests/rules/rules_test_support.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

namespace doctest {
// Lets a failed CHECK on two move lists print both lists.
template <> struct StringMaker<std::vector<std::string>> {
    static String convert(const std::vector<std::string>& moves) {
        std::string text = "{";
        for (const auto& move : moves)
            text += (text.size() > 1 ? " " : "") + move;
        return (text + "}").c_str();
    }
};
} // namespace doctest

namespace chess_test {

using Moves = std::vector<std::string>;

// Positions several files start from: the initial position (the rules' own), and "Kiwipete"
// (position 2 of chessprogramming.org "Perft Results").
inline const std::string start_position{rules::chess::start_fen};
inline const std::string kiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

inline std::unique_ptr<rules::Game>
game_from(const std::string& fen, rules::DrawRules draw_rules = rules::DrawRules::Automatic) {
    auto game = rules::make_game(rules::VariantId::Chess, fen, {.draw_rules = draw_rules});
    REQUIRE_MESSAGE(game.ok(), fen << ": " << game.error().detail);
    return std::move(game.value());
}

inline std::unique_ptr<rules::Game>
chess960_from(const std::string& fen, rules::DrawRules draw_rules = rules::DrawRules::Automatic) {
    auto game = rules::make_game(rules::VariantId::Chess960, fen, {.draw_rules = draw_rules});
    REQUIRE_MESSAGE(game.ok(), fen << ": " << game.error().detail);
    return std::move(game.value());
}

inline Moves sorted(Moves moves) {
    std::sort(moves.begin(), moves.end());
    return moves;
}

inline Moves legal_moves_of(const std::string& fen) {
    return sorted(game_from(fen)->legal_moves());
}

using rules_test::play_all;

inline std::string read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in, "cannot open " << path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace chess_test
