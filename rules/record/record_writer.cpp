#include "rules/record/record_writer.h"

namespace rules {
namespace {

constexpr std::size_t max_line = 79;

// Appends movetext tokens, breaking lines before they would pass max_line characters.
class LineWrapper {
public:
    void add(std::string_view token) {
        if (!line_.empty() && line_.size() + 1 + token.size() > max_line) {
            text_ += line_ + '\n';
            line_.clear();
        }
        if (!line_.empty())
            line_ += ' ';
        line_ += token;
    }
    std::string finish() { return text_ + line_ + '\n'; }

private:
    std::string text_;
    std::string line_;
};

} // namespace

std::string tag_line(std::string_view name, std::string_view value) {
    std::string line;
    line.reserve(name.size() + value.size() + 6);
    line += '[';
    line += name;
    line += " \"";
    for (const char c : value) {
        if (c == '"' || c == '\\')
            line += '\\';
        if (c != '\n' && c != '\r')
            line += c;
    }
    return line + "\"]\n";
}

std::string tag_section(const RecordTags& tags, std::string_view result,
                        std::span<const TagPair> family_tags) {
    std::string out = tag_line("Event", tags.event) + tag_line("Site", tags.site) +
                      tag_line("Date", tags.date) + tag_line("Round", tags.round) +
                      tag_line("White", tags.white) + tag_line("Black", tags.black) +
                      tag_line("Result", result);
    for (const auto& [name, value] : family_tags)
        out += tag_line(name, value);
    if (!tags.termination.empty())
        out += tag_line("Termination", tags.termination);
    for (const auto& [name, value] : tags.extra)
        out += tag_line(name, value);
    return out + '\n';
}

std::string_view result_marker(const Outcome& outcome) {
    switch (outcome.status) {
    case Outcome::Status::Win:
        return outcome.winner == 0 ? "1-0" : "0-1";
    case Outcome::Status::Draw:
        return "1/2-1/2";
    case Outcome::Status::Ongoing:
    case Outcome::Status::Ranked:
        break;
    }
    return "*";
}

std::string movetext(const std::vector<std::string>& moves, int first_number, bool first_opens_pair,
                     std::string_view result) {
    LineWrapper text;
    int number = first_number;
    bool opens_pair = first_opens_pair;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (opens_pair)
            text.add(std::to_string(number) + ".");
        else if (i == 0)
            text.add(std::to_string(number) + "...");
        text.add(moves[i]);
        if (!opens_pair)
            ++number;
        opens_pair = !opens_pair;
    }
    text.add(result);
    return text.finish();
}

} // namespace rules
