#pragma once
// Maps a request path onto a file inside the web directory, refusing every way out of it.
//
// web_relative_path() is pure: it percent-decodes the path (percent_decoding.h) and refuses
// NUL, backslashes, `.` and `..` segments (also when encoded as %2e%2e), empty segments and
// hidden names (".git").
// resolve_in_web_root() then canonicalises the joined path (following symlinks) and checks
// that it still lies under the canonical web root and is a regular file.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace server::http {

enum class PathRefusal { BadRequest, NotFound };

// "/css/app.css" -> "css/app.css"; "/" and "/dir/" -> ".../index.html"; the client's join
// links "/t/<CODE>" -> "index.html". `path` has no query string.
std::variant<std::string, PathRefusal> web_relative_path(std::string_view path);

// The file to serve, or nothing (404) when it does not exist or lies outside `web_root`,
// which must already be canonical.
std::optional<std::filesystem::path> resolve_in_web_root(const std::filesystem::path& web_root,
                                                         const std::string& relative);

} // namespace server::http
