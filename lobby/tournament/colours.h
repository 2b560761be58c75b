#pragma once
// Colour preferences and the colour allocation of a pair (FIDE Handbook C.04.3, the Dutch
// system effective from 1 February 2026: 1.6 colour difference, 1.7 colour preferences, 5.2.1
// to 5.2.5 colour allocation). Only games played over the board count (C.04.2 General handling
// rules, 3.4: a forfeited game, a bye, an absence give no colour, and the rounds played are
// compared as if the unplayed ones came first). Pure functions.

#include <cstdint>
#include <vector>

namespace lobby::tournament {

enum class Colour : std::uint8_t { White, Black };

inline Colour opposite(Colour c) {
    return c == Colour::White ? Colour::Black : Colour::White;
}

// 1.7: none before the first game; absolute when the colour difference is above +1 or below
// -1 or the last two games had the same colour; strong at a difference of +1 or -1; mild at
// 0 (the other colour than the last game).
enum class Strength : std::uint8_t { None, Mild, Strong, Absolute };

struct ColourPreference {
    Strength strength = Strength::None;
    Colour colour = Colour::White;
    int difference = 0; // whites minus blacks
};

ColourPreference preference_of(const std::vector<Colour>& played);

// True when the two players want the same colour (both have a preference).
bool same_preference(const ColourPreference& a, const ColourPreference& b);

// 5.2.1 to 5.2.5 for a pair; `higher` is the higher ranked player (score, then pairing number).
// `higher_pairing_number` is 1-based; `initial` the colour pairing number 1 has in round 1
// (5.2.5: an odd-numbered higher player gets it, an even-numbered one the other colour).
// Returns the colour of the higher ranked player.
Colour allocate_colours(const std::vector<Colour>& higher, const std::vector<Colour>& lower,
                        int higher_pairing_number, Colour initial);

} // namespace lobby::tournament
