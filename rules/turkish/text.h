#pragma once
// Builds a message by appending its parts. (GCC 12 warns falsely, -Wrestrict, on chains of
// `"..." + std::string(...)`, so messages are joined this way instead.)

#include <initializer_list>
#include <string>
#include <string_view>

namespace rules::turkish {

inline std::string join(std::initializer_list<std::string_view> parts) {
    std::string text;
    for (const auto part : parts)
        text += part;
    return text;
}

} // namespace rules::turkish
