#include "loadtest/message_scan.h"

#include <charconv>

namespace loadtest {

namespace {

// Where a field sits: the message itself, its "event", or the event's "move".
enum class Level : std::uint8_t { Message, Event, Move };

class Scanner {
public:
    explicit Scanner(std::string_view text) : text_(text) {}

    bool message(ServerMessage& out) {
        if (!object(Level::Message, out))
            return false;
        space();
        return pos_ == text_.size();
    }

private:
    std::string_view text_;
    std::size_t pos_ = 0;

    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

    void space() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                       text_[pos_] == '\r' || text_[pos_] == '\t'))
            ++pos_;
    }

    bool string(std::string_view& out) {
        if (peek() != '"')
            return false;
        const auto start = ++pos_;
        while (pos_ < text_.size() && text_[pos_] != '"')
            pos_ += text_[pos_] == '\\' ? 2U : 1U;
        if (pos_ >= text_.size())
            return false;
        out = text_.substr(start, pos_ - start);
        ++pos_;
        return true;
    }

    // A number, an atom (true, false, null): up to the next delimiter.
    std::string_view scalar() {
        const auto start = pos_;
        while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '}' &&
               text_[pos_] != ']' && text_[pos_] != ' ' && text_[pos_] != '\n' &&
               text_[pos_] != '\r' && text_[pos_] != '\t')
            ++pos_;
        return text_.substr(start, pos_ - start);
    }

    // Any value: nested objects and arrays by counting brackets outside strings.
    bool skip() {
        const char c = peek();
        std::string_view ignored;
        if (c == '"')
            return string(ignored);
        if (c != '{' && c != '[')
            return !scalar().empty();
        int depth = 0;
        while (pos_ < text_.size()) {
            const char d = text_[pos_];
            if (d == '"') {
                if (!string(ignored))
                    return false;
                continue;
            }
            ++pos_;
            if (d == '{' || d == '[')
                ++depth;
            else if ((d == '}' || d == ']') && --depth == 0)
                return true;
        }
        return false;
    }

    // A number; `out` is set only when it is a whole number that fits. False when empty.
    template <typename Int> bool number(Int& out) {
        const auto text = scalar();
        Int value{};
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec == std::errc{} && end == text.data() + text.size())
            out = value;
        return !text.empty();
    }

    bool field(Level level, std::string_view key, ServerMessage& out) {
        const char c = peek();
        if (level == Level::Message) {
            if (key == "t")
                return string(out.type);
            if (key == "code" && c == '"')
                return string(out.code);
            if (key == "table" && c == '"')
                return string(out.table);
            if (key == "id" && c != '"' && c != '{' && c != '[')
                return number(out.id);
            if (key == "event" && c == '{')
                return object(Level::Event, out);
        } else if (level == Level::Event) {
            if (key == "type")
                return string(out.event_type);
            if (key == "ply" && c != '"' && c != '{' && c != '[')
                return number(out.ply);
            if (key == "move" && c == '{')
                return object(Level::Move, out);
        } else if (key == "move") {
            return string(out.move);
        }
        return skip();
    }

    bool object(Level level, ServerMessage& out) {
        space();
        if (peek() != '{')
            return false;
        ++pos_;
        space();
        if (peek() == '}') {
            ++pos_;
            return true;
        }
        for (;;) {
            std::string_view key;
            space();
            if (!string(key))
                return false;
            space();
            if (peek() != ':')
                return false;
            ++pos_;
            space();
            if (!field(level, key, out))
                return false;
            space();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() != '}')
                return false;
            ++pos_;
            return true;
        }
    }
};

} // namespace

std::optional<ServerMessage> scan_server_message(std::string_view text) {
    ServerMessage message;
    Scanner scanner(text);
    if (!scanner.message(message))
        return std::nullopt;
    return message;
}

} // namespace loadtest
