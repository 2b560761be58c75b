#pragma once
// Small text helpers shared by the rules and the layers above them: reading what players type
// (move input, the lobby's table codes), so that both read the same text the same way, and
// building the rules' messages.

#include <initializer_list>
#include <string>
#include <string_view>

namespace rules {

// `text` without the spaces and tabs around it.
constexpr std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// A message built by appending its parts. (GCC 12 warns falsely, -Wrestrict, on chains of
// `"..." + std::string(...)`, so the rules' messages are joined this way instead.)
inline std::string join(std::initializer_list<std::string_view> parts) {
    std::string text;
    for (const auto part : parts)
        text += part;
    return text;
}

} // namespace rules
