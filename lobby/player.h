#pragma once
// Who sits at a table or seeks a game: one value carries everything that identifies a player,
// so that whoever holds a Player (a seat, a seek, a challenge, a stored game's row) knows all
// of it and no side map has to be kept in step with it.
//
// - `id`: opaque and stable, and what every comparison uses (docs/protocol.md, "Players"). An
//   account's is "u" and its number ("u42", account_player_id), whatever its name; a guest's a
//   generated "guest-XXXX" that is also its name; the computer's its level's name
//   (server/play/computer_players.h). No account name is ever taken for an id: a person's
//   words naming a player (a challenge, a block) are resolved to the id at the server's edge.
// - `display_name`: what other people see, and nothing else.
// - `identity`: what proves the player and what storage keeps of it: the account, or the hash
//   of a guest's reconnection token. The server fills it at the edge; lobby/ only reads
//   `registered()` (rated games are for accounts).
// - `rating`: the rating the lobby pairs a seek by (the account's for the pool being sought,
//   filled in by the server when the seek is made; the default for guests and new accounts).

#include "lobby/random.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace lobby {

using PlayerId = std::string;

// The hash of a guest's reconnection token: the 64 hex digits of its SHA-256, held inline. A
// Player is copied into every table summary (one per change at a table), and copying this
// allocates nothing.
class TokenHash {
public:
    static constexpr std::size_t digits = 64;

    TokenHash() = default; // empty: no token
    // `hex` if it is exactly 64 hex digits; nullopt for anything else (an empty text too).
    static std::optional<TokenHash> parse(std::string_view hex);

    bool empty() const { return hex_[0] == '\0'; }
    // The 64 digits as parsed; empty for no token.
    std::string_view hex() const {
        return empty() ? std::string_view{} : std::string_view(hex_.data(), digits);
    }

    friend bool operator==(const TokenHash&, const TokenHash&) = default;

private:
    std::array<char, digits> hex_{};
};

struct Identity {
    // The registered user's id in storage (storage::UserId); none: a guest or the computer.
    std::optional<std::int64_t> account{};
    // A guest's reconnection-token hash: what lets the guest take its seats back, even after a
    // restart (it is kept in the rows of the guest's games). Empty for an account and the
    // computer. A secret: never written to any client.
    TokenHash guest_token_hash{};

    friend bool operator==(const Identity&, const Identity&) = default;
};

struct Player {
    PlayerId id{};
    std::string display_name{};
    Identity identity{};
    int rating = 1500; // for pairing; the ratings module owns the real number

    bool registered() const { return identity.account.has_value(); }

    friend bool operator==(const Player&, const Player&) = default;
};

inline constexpr std::string_view guest_prefix = "guest-";

// The id of the account numbered `account`: "u42".
PlayerId account_player_id(std::int64_t account);
// The account number in an id made by account_player_id ("u" and a positive decimal number
// without leading zeros); nullopt for any other id (a guest's, the computer's).
std::optional<std::int64_t> account_in_player_id(std::string_view id);

// True for ids in the guest namespace ("guest-" in any case); registration must refuse them.
bool is_guest_id(std::string_view id);

// A fresh guest id "guest-XXXX" (4 characters of the join-code alphabet) for which `taken`
// says false; grows to more characters if the short ones keep colliding.
PlayerId make_guest_id(RandomSource& random, const std::function<bool(std::string_view)>& taken);

} // namespace lobby
