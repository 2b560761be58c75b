#pragma once
// Account name rules: 3 to 20 characters, ASCII letters, digits, '_' and '-', starting with a
// letter; names starting with "guest" (any case) are kept for generated guest names.
// Uniqueness ignoring case is storage's job (users.name_key).

#include <optional>
#include <string>
#include <string_view>

namespace server::auth {

inline constexpr std::size_t min_username_length = 3;
inline constexpr std::size_t max_username_length = 20;

// nullopt when the name is acceptable, otherwise why not (fit to show the player).
std::optional<std::string> username_problem(std::string_view name);

// Passwords: 8 to 1024 bytes (the upper bound keeps hashing cost bounded).
inline constexpr std::size_t min_password_length = 8;
inline constexpr std::size_t max_password_length = 1024;
std::optional<std::string> password_problem(std::string_view password);

} // namespace server::auth
