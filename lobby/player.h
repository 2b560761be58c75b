#pragma once
// Who sits at a table or seeks a game. A player is identified by a stable string id: a
// registered user by the user name, a guest by a generated "guest-XXXX" name that no
// registered user can take.

#include "lobby/random.h"

#include <functional>
#include <string>
#include <string_view>

namespace lobby {

using PlayerId = std::string;

struct Player {
    PlayerId id{};
    std::string display_name{};
    bool registered = false;
    int rating = 1500; // for pairing; the ratings module owns the real number

    friend bool operator==(const Player&, const Player&) = default;
};

inline constexpr std::string_view guest_prefix = "guest-";

// True for ids in the guest namespace ("guest-" in any case); registration must refuse them.
bool is_guest_id(std::string_view id);

// A fresh guest id "guest-XXXX" (4 characters of the join-code alphabet) for which `taken`
// says false; grows to more characters if the short ones keep colliding.
PlayerId make_guest_id(RandomSource& random, const std::function<bool(std::string_view)>& taken);

} // namespace lobby
