#include "server/http/origin_check.h"

#include <algorithm>
#include <cctype>

namespace server::http {
namespace {

bool same_text(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

std::string_view without_trailing_slash(std::string_view text) {
    while (text.ends_with('/'))
        text.remove_suffix(1);
    return text;
}

} // namespace

bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed_origins) {
    if (origin.empty())
        return true;
    origin = without_trailing_slash(origin);
    if (!allowed_origins.empty())
        return std::any_of(allowed_origins.begin(), allowed_origins.end(),
                           [&](const std::string& allowed) {
                               return same_text(without_trailing_slash(allowed), origin);
                           });
    const auto scheme_end = origin.find("://");
    if (scheme_end == std::string_view::npos)
        return false; // "null" and other opaque origins
    const auto scheme = origin.substr(0, scheme_end);
    if (!same_text(scheme, "http") && !same_text(scheme, "https"))
        return false;
    return !host.empty() && same_text(origin.substr(scheme_end + 3), host);
}

} // namespace server::http
