#include "lobby/player.h"

#include "lobby/join_codes.h"

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
