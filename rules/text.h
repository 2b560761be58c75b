#pragma once
// Small text helpers for what players type, shared by the rules (move input) and the layers
// above them (the lobby's table codes), so that both read the same text the same way.

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

} // namespace rules
