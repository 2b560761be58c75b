#pragma once
// Builds a message from its parts. (GCC 12 warns falsely, -Wrestrict, on chains of
// `"..." + std::string(...)`, so the family's messages are joined this way.)

#include <initializer_list>
#include <string>
#include <string_view>

namespace rules::halma {

inline std::string join(std::initializer_list<std::string_view> parts) {
    std::string text;
    for (const auto part : parts)
        text += part;
    return text;
}

} // namespace rules::halma
