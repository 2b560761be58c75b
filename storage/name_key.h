#pragma once
// The key that makes user names unique ignoring case, stored in users.name_key by every
// backend: ASCII lower case (names are ASCII, server/auth/username.h).

#include <string>
#include <string_view>

namespace storage {

inline std::string name_key(std::string_view name) {
    std::string key(name);
    for (char& c : key)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return key;
}

} // namespace storage
