#pragma once
// Helpers shared by the chess tests: games from a FEN, sorted move lists, data files.

#include "rules/game.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
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

inline std::unique_ptr<rules::Game>
game_from(const std::string& fen, rules::DrawRules draw_rules = rules::DrawRules::Automatic) {
    auto game = rules::make_game(rules::VariantId::Chess, fen, {.draw_rules = draw_rules});
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

// Plays moves that must all be legal.
inline void play_all(rules::Game& game, const Moves& moves) {
    for (const auto& move : moves) {
        const auto played = game.play(move);
        REQUIRE_MESSAGE(played.ok(), move << ": " << played.error().detail);
    }
}

inline std::string read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in, "cannot open " << path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace chess_test
