#include "server/auth/username.h"

namespace server::auth {
namespace {

bool is_letter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

} // namespace

std::optional<std::string> username_problem(std::string_view name) {
    if (name.size() < min_username_length || name.size() > max_username_length)
        return "a name has 3 to 20 characters";
    if (!is_letter(name.front()))
        return "a name starts with a letter";
    for (const char c : name)
        if (!is_letter(c) && !is_digit(c) && c != '_' && c != '-')
            return "a name has only letters, digits, '_' and '-'";
    std::string prefix(name.substr(0, 5));
    for (char& c : prefix)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    if (prefix == "guest")
        return "names starting with \"guest\" are kept for guests";
    return std::nullopt;
}

std::optional<std::string> password_problem(std::string_view password) {
    if (password.size() < min_password_length)
        return "a password has at least 8 characters";
    if (password.size() > max_password_length)
        return "a password has at most 1024 characters";
    return std::nullopt;
}

} // namespace server::auth
