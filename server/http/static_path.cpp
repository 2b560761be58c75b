#include "server/http/static_path.h"

#include "server/http/percent_decoding.h"

#include <algorithm>
#include <cctype>

namespace server::http {
namespace {

bool is_join_code(std::string_view code) {
    return !code.empty() && code.size() <= 32 && std::all_of(code.begin(), code.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
    });
}

} // namespace

std::variant<std::string, PathRefusal> web_relative_path(std::string_view path) {
    if (!path.starts_with('/'))
        return PathRefusal::BadRequest;
    const auto decoded = percent_decode(path);
    if (!decoded)
        return PathRefusal::BadRequest;
    const std::string_view text = *decoded;
    if (text.find('\0') != std::string_view::npos || text.find('\\') != std::string_view::npos)
        return PathRefusal::BadRequest;
    if (text.starts_with("/t/") && is_join_code(text.substr(3)))
        return std::string("index.html");

    std::string relative;
    std::size_t start = 1;
    while (start <= text.size()) {
        const auto slash = std::min(text.find('/', start), text.size());
        const auto segment = text.substr(start, slash - start);
        const bool last = slash == text.size();
        if (segment == "." || segment == "..")
            return PathRefusal::BadRequest;
        if (segment.empty() && !last)
            return PathRefusal::BadRequest; // "//"
        if (segment.starts_with('.'))
            return PathRefusal::NotFound; // hidden files
        relative += segment;
        if (!last)
            relative += '/';
        start = slash + 1;
    }
    if (relative.empty() || relative.ends_with('/'))
        relative += "index.html";
    return relative;
}

std::optional<std::filesystem::path> resolve_in_web_root(const std::filesystem::path& web_root,
                                                         const std::string& relative) {
    const std::filesystem::path joined = web_root / std::filesystem::path(relative);
    if (std::filesystem::path(relative).is_absolute())
        return std::nullopt;
    std::error_code ec;
    const auto file = std::filesystem::canonical(joined, ec);
    if (ec)
        return std::nullopt;
    const auto [root_end, file_it] =
        std::mismatch(web_root.begin(), web_root.end(), file.begin(), file.end());
    if (root_end != web_root.end())
        return std::nullopt; // escaped the web root
    if (!std::filesystem::is_regular_file(file, ec) || ec)
        return std::nullopt;
    return file;
}

} // namespace server::http
