#include "server/protocol/plain_move.h"

#include <cstdint>
#include <string>
#include <utility>

namespace server::protocol {

namespace {

constexpr int longest_ply = 100000; // parse_request's own limit
constexpr std::size_t most_digits = 18; // fits std::uint64_t, as the JSON reader keeps it

// A cursor over the text; every read returns false at anything outside the plain shape.
class PlainReader {
public:
    explicit PlainReader(std::string_view text) : text_(text) {}

    bool at_end() {
        skip_space();
        return at_ == text_.size();
    }
    bool take(char c) {
        skip_space();
        if (at_ == text_.size() || text_[at_] != c)
            return false;
        ++at_;
        return true;
    }
    bool next_is(char c) {
        skip_space();
        return at_ < text_.size() && text_[at_] == c;
    }
    // A string of printable ASCII without escapes, after its opening quote was seen.
    bool string(std::string_view& out) {
        if (!take('"'))
            return false;
        const std::size_t first = at_;
        for (; at_ < text_.size(); ++at_) {
            const char c = text_[at_];
            if (c == '"') {
                out = text_.substr(first, at_ - first);
                ++at_;
                return true;
            }
            if (c == '\\' || c < 0x20 || c > 0x7E)
                return false;
        }
        return false;
    }
    // A non-negative integer as JSON writes it: no sign, no leading zero, no fraction or
    // exponent.
    bool integer(std::uint64_t& out) {
        skip_space();
        const std::size_t first = at_;
        out = 0;
        for (; at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9'; ++at_)
            out = out * 10 + static_cast<std::uint64_t>(text_[at_] - '0');
        const std::size_t digits = at_ - first;
        if (digits == 0 || digits > most_digits || (digits > 1 && text_[first] == '0'))
            return false;
        return at_ == text_.size() ||
               (text_[at_] != '.' && text_[at_] != 'e' && text_[at_] != 'E');
    }

private:
    std::string_view text_;
    std::size_t at_ = 0;

    void skip_space() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' ||
                                      text_[at_] == '\n' || text_[at_] == '\r'))
            ++at_;
    }
};

} // namespace

std::optional<Request> read_plain_move(std::string_view text) {
    PlainReader in(text);
    std::optional<std::string_view> type, table, move;
    std::optional<std::uint64_t> ply;
    std::optional<json> id;
    if (!in.take('{'))
        return std::nullopt;
    do {
        std::string_view key;
        if (!in.string(key) || !in.take(':'))
            return std::nullopt;
        std::string_view text_value;
        std::uint64_t number = 0;
        if (key == "t" && !type && in.string(text_value)) {
            type = text_value;
        } else if (key == "table" && !table && in.string(text_value)) {
            table = text_value;
        } else if (key == "move" && !move && in.string(text_value)) {
            move = text_value;
        } else if (key == "ply" && !ply && in.integer(number)) {
            ply = number;
        } else if (key == "id" && !id) {
            if (in.next_is('"') && in.string(text_value))
                id = json(std::string(text_value));
            else if (!in.next_is('"') && in.integer(number))
                id = json(number);
            else
                return std::nullopt;
        } else {
            return std::nullopt; // another key, a key twice, or a value of another kind
        }
    } while (in.take(','));
    if (!in.take('}') || !in.at_end())
        return std::nullopt;
    if (type != "move" || !table || !move || !ply || *ply > longest_ply)
        return std::nullopt;
    return Request{.id = id ? std::move(*id) : json(nullptr),
                   .body = TableRequest{.table = std::string(*table),
                                        .body = Move{.ply = static_cast<int>(*ply),
                                                     .move = std::string(*move)}}};
}

} // namespace server::protocol
