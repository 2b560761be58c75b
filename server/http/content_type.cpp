#include "server/http/content_type.h"

#include <array>
#include <cctype>
#include <string>
#include <utility>

namespace server::http {

std::string_view content_type_for(std::string_view file_name) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 20> types{{
        {"html", "text/html; charset=utf-8"},
        {"htm", "text/html; charset=utf-8"},
        {"js", "text/javascript; charset=utf-8"},
        {"mjs", "text/javascript; charset=utf-8"},
        {"css", "text/css; charset=utf-8"},
        {"json", "application/json"},
        {"map", "application/json"},
        {"txt", "text/plain; charset=utf-8"},
        {"svg", "image/svg+xml"},
        {"png", "image/png"},
        {"jpg", "image/jpeg"},
        {"jpeg", "image/jpeg"},
        {"webp", "image/webp"},
        {"ico", "image/x-icon"},
        {"wasm", "application/wasm"},
        {"woff2", "font/woff2"},
        {"mp3", "audio/mpeg"},
        {"ogg", "audio/ogg"},
        {"wav", "audio/wav"},
        {"webmanifest", "application/manifest+json"},
    }};
    const auto slash = file_name.find_last_of('/');
    const auto base = slash == std::string_view::npos ? file_name : file_name.substr(slash + 1);
    const auto dot = base.find_last_of('.');
    if (dot == std::string_view::npos)
        return "application/octet-stream";
    std::string extension(base.substr(dot + 1));
    for (auto& c : extension)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const auto& [ext, type] : types)
        if (ext == extension)
            return type;
    return "application/octet-stream";
}

} // namespace server::http
