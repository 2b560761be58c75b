#pragma once
// Join codes for tables: 6 characters from an alphabet without look-alikes (no 0/O, no 1/I/L),
// case-insensitive, drawn at random (so unguessable when the source is SystemRandom) and
// unique among live tables. A code is the table's handle everywhere: in the join link
// /t/<CODE>, in protocol messages and in storage.

#include "lobby/random.h"
#include "rules/result.h"

#include <cstddef>
#include <set>
#include <string>
#include <string_view>

namespace lobby {

// 23 letters and 8 digits: 31^6 (about 887 million) codes.
inline constexpr std::string_view join_code_alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
inline constexpr std::size_t join_code_length = 6;

// The canonical (upper-case) form of a code typed by a person, or "bad_join_code" when it has
// the wrong length or a character outside the alphabet. Surrounding spaces are ignored.
rules::Result<std::string> normalize_join_code(std::string_view typed);

// A string of `length` random characters of the alphabet.
std::string random_code(RandomSource& random, std::size_t length);

// The codes of live tables. Single-threaded: the lobby owns it.
class JoinCodeRegistry {
public:
    // A new code, different from every live one; it stays live until released.
    std::string issue(RandomSource& random);
    // Reserves a known code (a table reloaded after a restart); false if it is already live.
    [[nodiscard]] bool reserve(const std::string& code);
    void release(const std::string& code);
    bool live(const std::string& canonical_code) const { return live_.contains(canonical_code); }
    std::size_t size() const { return live_.size(); }

private:
    std::set<std::string, std::less<>> live_;
};

} // namespace lobby
