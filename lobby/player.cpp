#include "lobby/player.h"

#include "lobby/join_codes.h"

#include <array>
#include <charconv>

namespace lobby {

bool is_guest_id(std::string_view id) {
    if (id.size() < guest_prefix.size())
        return false;
    for (std::size_t i = 0; i < guest_prefix.size(); ++i) {
        char c = id[i];
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
        if (c != guest_prefix[i])
            return false;
    }
    return true;
}

std::optional<TokenHash> TokenHash::parse(std::string_view hex) {
    if (hex.size() != digits)
        return std::nullopt;
    TokenHash hash;
    for (std::size_t i = 0; i < digits; ++i) {
        const char c = hex[i];
        const bool digit =
            (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (!digit)
            return std::nullopt;
        hash.hex_[i] = c;
    }
    return hash;
}

PlayerId account_player_id(std::int64_t account) {
    std::array<char, 24> text{};
    text[0] = 'u';
    const auto end = std::to_chars(text.data() + 1, text.data() + text.size(), account).ptr;
    return PlayerId(text.data(), end);
}

std::optional<std::int64_t> account_in_player_id(std::string_view id) {
    if (id.size() < 2 || id.size() > 20 || id[0] != 'u' || id[1] < '1' || id[1] > '9')
        return std::nullopt;
    std::int64_t account = 0;
    const auto digits = id.substr(1);
    const auto [end, error] =
        std::from_chars(digits.data(), digits.data() + digits.size(), account);
    if (error != std::errc{} || end != digits.data() + digits.size())
        return std::nullopt;
    return account;
}

PlayerId make_guest_id(RandomSource& random, const std::function<bool(std::string_view)>& taken) {
    std::size_t length = 4;
    for (int attempt = 0;; ++attempt) {
        if (attempt > 0 && attempt % 8 == 0)
            ++length; // the short space is crowded
        PlayerId id = std::string(guest_prefix) + random_code(random, length);
        if (!taken(id))
            return id;
    }
}

} // namespace lobby
