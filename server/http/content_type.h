#pragma once
// The Content-Type for a static file, chosen by its extension (case-insensitive);
// application/octet-stream for anything unknown.

#include <string_view>

namespace server::http {

std::string_view content_type_for(std::string_view file_name);

} // namespace server::http
