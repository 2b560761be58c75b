#include "server/cluster/subject.h"

namespace server::cluster {
namespace {

// The token of `text` starting at `start`, and where the next one starts (npos after the last).
struct SubjectToken {
    std::string_view text;
    std::size_t next;
};

SubjectToken token_at(std::string_view text, std::size_t start) {
    const auto dot = text.find('.', start);
    if (dot == std::string_view::npos)
        return {text.substr(start), std::string_view::npos};
    return {text.substr(start, dot - start), dot + 1};
}

bool forbidden_in_subject(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte <= 0x20 || byte == 0x7f;
}

} // namespace

bool valid_subject(std::string_view subject, bool wildcards) {
    if (subject.empty())
        return false;
    std::size_t start = 0;
    while (start != std::string_view::npos) {
        const auto [token, next] = token_at(subject, start);
        if (token.empty())
            return false;
        for (char c : token)
            if (forbidden_in_subject(c))
                return false;
        const bool star = token == "*";
        const bool tail = token == ">";
        if (star || tail) {
            if (!wildcards || (tail && next != std::string_view::npos))
                return false;
        } else if (token.find_first_of("*>") != std::string_view::npos) {
            return false; // a wildcard character inside a token is refused, not taken literally
        }
        start = next;
    }
    return true;
}

bool subject_matches(std::string_view pattern, std::string_view subject) {
    std::size_t p = 0;
    std::size_t s = 0;
    while (p != std::string_view::npos) {
        const auto [want, p_next] = token_at(pattern, p);
        if (s == std::string_view::npos)
            return false; // the pattern has tokens left, the subject none
        if (want == ">")
            return true; // at least one token is left in the subject
        const auto [have, s_next] = token_at(subject, s);
        if (want != "*" && want != have)
            return false;
        p = p_next;
        s = s_next;
    }
    return s == std::string_view::npos;
}

} // namespace server::cluster
