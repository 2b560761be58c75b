#include "lobby/tournament/colours.h"

#include <cstddef>
#include <cstdlib>

namespace lobby::tournament {

ColourPreference preference_of(const std::vector<Colour>& played) {
    ColourPreference pref;
    if (played.empty())
        return pref;
    for (const Colour c : played)
        pref.difference += c == Colour::White ? 1 : -1;
    const std::size_t n = played.size();
    const Colour last = played[n - 1];
    const bool two_same = n >= 2 && played[n - 2] == last;
    if (pref.difference > 1 || pref.difference < -1 || two_same) {
        pref.strength = Strength::Absolute;
        if (pref.difference > 1)
            pref.colour = Colour::Black;
        else if (pref.difference < -1)
            pref.colour = Colour::White;
        else
            pref.colour = opposite(last);
    } else if (pref.difference != 0) {
        pref.strength = Strength::Strong;
        pref.colour = pref.difference > 0 ? Colour::Black : Colour::White;
    } else {
        pref.strength = Strength::Mild;
        pref.colour = opposite(last);
    }
    return pref;
}

bool same_preference(const ColourPreference& a, const ColourPreference& b) {
    return a.strength != Strength::None && b.strength != Strength::None && a.colour == b.colour;
}

Colour allocate_colours(const std::vector<Colour>& higher, const std::vector<Colour>& lower,
                        int higher_pairing_number, Colour initial) {
    const ColourPreference h = preference_of(higher);
    const ColourPreference l = preference_of(lower);
    // 5.2.1: both preferences granted (or one player has none).
    if (h.strength != Strength::None && !same_preference(h, l))
        return h.colour;
    if (h.strength == Strength::None && l.strength != Strength::None)
        return opposite(l.colour);
    if (h.strength != Strength::None) {
        // 5.2.2: the stronger preference; both absolute (topscorers): the wider difference.
        if (h.strength != l.strength)
            return h.strength > l.strength ? h.colour : opposite(l.colour);
        if (h.strength == Strength::Absolute && std::abs(h.difference) != std::abs(l.difference))
            return std::abs(h.difference) > std::abs(l.difference) ? h.colour : opposite(l.colour);
        // 5.2.3: alternate to the latest round in which they had different colours.
        std::size_t i = higher.size();
        std::size_t j = lower.size();
        while (i > 0 && j > 0) {
            --i;
            --j;
            if (higher[i] != lower[j])
                return opposite(higher[i]);
        }
        // 5.2.4: the higher ranked player's preference.
        return h.colour;
    }
    // 5.2.5: no preferences: the initial colour alternates with the pairing number.
    return higher_pairing_number % 2 == 1 ? initial : opposite(initial);
}

} // namespace lobby::tournament
