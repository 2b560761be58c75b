#include "lobby/join_codes.h"

#include "lobby/errors.h"
#include "rules/text.h"

namespace lobby {

namespace {

char upper(char c) {
    return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}

} // namespace

rules::Result<std::string> normalize_join_code(std::string_view typed) {
    const std::string_view text = rules::trim(typed);
    if (text.size() != join_code_length)
        return refuse(errc::bad_join_code, "a table code has 6 characters");
    std::string code;
    code.reserve(join_code_length);
    for (const char c : text) {
        const char u = upper(c);
        if (join_code_alphabet.find(u) == std::string_view::npos)
            return refuse(errc::bad_join_code, "no table has this code");
        code.push_back(u);
    }
    return code;
}

std::string random_code(RandomSource& random, std::size_t length) {
    std::string code;
    code.reserve(length);
    for (std::size_t i = 0; i < length; ++i)
        code.push_back(join_code_alphabet[random.below(join_code_alphabet.size())]);
    return code;
}

std::string JoinCodeRegistry::issue(RandomSource& random) {
    for (;;) {
        std::string code = random_code(random, join_code_length);
        if (live_.insert(code).second)
            return code;
    }
}

bool JoinCodeRegistry::reserve(const std::string& code) {
    return live_.insert(code).second;
}

void JoinCodeRegistry::release(const std::string& code) {
    live_.erase(code);
}

} // namespace lobby
