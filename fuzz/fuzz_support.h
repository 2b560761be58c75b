#pragma once
// What every fuzz target shares: the input as text, a check that stops the run with a message
// (libFuzzer then saves the input as a crash), and the writer/reader agreement of positions.

#include "rules/game.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A property that must hold for every input; a failure is reported like a crash.
inline void require(bool holds, std::string_view what, std::string_view detail = {}) {
    if (holds)
        return;
    std::fprintf(stderr, "fuzz property broken: %.*s %.*s\n", static_cast<int>(what.size()),
                 what.data(), static_cast<int>(detail.size()), detail.data());
    std::abort();
}

// The game's position is written as a FEN its own reader takes back to the same position.
inline void require_position_read_back(const rules::Game& game) {
    const std::string written = game.position();
    const auto again = rules::make_game(game.variant(), written);
    if (!again.ok())
        require(false, "a written position is refused by the reader:",
                written + " (" + again.error().detail + ")");
    require(again.value()->position() == written,
            "a written position reads back differently:", written);
}

} // namespace fuzz
