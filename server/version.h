#pragma once
// The server's version ("0.1.0"), from the CMake project version.

#include <string_view>

namespace server {
std::string_view version();
} // namespace server
