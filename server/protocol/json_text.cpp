#include "server/protocol/json_text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

namespace server::protocol {

namespace {

thread_local std::string scratch;
thread_local bool scratch_taken = false;

constexpr std::size_t first_size = 4096;

// The length of the valid UTF-8 sequence (RFC 3629, section 4) that starts at `p`, whose
// first byte is 0x80 or more; 0 if it is not one (a stray continuation byte, an overlong
// form, a surrogate, past U+10FFFF, or cut short by `end`).
std::size_t utf8_sequence(const unsigned char* p, const unsigned char* end) {
    const auto left = static_cast<std::size_t>(end - p);
    const auto continuation = [&](std::size_t i, unsigned char low = 0x80,
                                  unsigned char high = 0xBF) {
        return i < left && p[i] >= low && p[i] <= high;
    };
    const unsigned char c = p[0];
    if (c >= 0xC2 && c <= 0xDF)
        return continuation(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        const unsigned char low = c == 0xE0 ? 0xA0 : 0x80;  // no overlong form
        const unsigned char high = c == 0xED ? 0x9F : 0xBF; // no surrogate
        return continuation(1, low, high) && continuation(2) ? 3 : 0;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        const unsigned char low = c == 0xF0 ? 0x90 : 0x80;  // no overlong form
        const unsigned char high = c == 0xF4 ? 0x8F : 0xBF; // nothing past U+10FFFF
        return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0;
    }
    return 0;
}

} // namespace

JsonText::JsonText() {
    if (scratch_taken) {
        buffer_ = &own_;
    } else {
        scratch_taken = true;
        borrowed_ = true;
        buffer_ = &scratch;
    }
    if (buffer_->size() < first_size)
        buffer_->resize(first_size);
    at_ = buffer_->data();
    end_ = at_ + buffer_->size();
}

JsonText::~JsonText() {
    if (borrowed_)
        scratch_taken = false;
}

void JsonText::grow(std::size_t bytes) {
    const auto used = static_cast<std::size_t>(at_ - buffer_->data());
    buffer_->resize(std::max(2 * buffer_->size(), used + bytes));
    at_ = buffer_->data() + used;
    end_ = buffer_->data() + buffer_->size();
}

namespace {

// Which bytes a string value cannot hold as they are: the quote, the backslash, the control
// characters, and every byte of 0x80 or more, whose UTF-8 is checked.
constexpr auto needs_care = [] {
    std::array<bool, 256> table{};
    for (std::size_t c = 0; c < table.size(); ++c)
        table[c] = c < 0x20 || c == '"' || c == '\\' || c >= 0x80;
    return table;
}();

} // namespace

char* JsonText::escape(char* at, std::string_view text) {
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const auto* const end = p + text.size();
    while (p < end) {
        // Copied as it is scanned: the strings are short (a move, a name), and memcpy's call
        // would cost more than the copy.
        while (p < end && !needs_care[*p])
            *at++ = static_cast<char>(*p++);
        if (p == end)
            break;
        const unsigned char c = *p;
        if (c >= 0x80) {
            if (const auto length = utf8_sequence(p, end); length > 0) {
                std::memcpy(at, p, length);
                at += length;
                p += length;
            } else {
                std::memcpy(at, "\xEF\xBF\xBD", 3);
                at += 3;
                ++p;
            }
            continue;
        }
        *at++ = '\\';
        switch (c) {
        case '"': *at++ = '"'; break;
        case '\\': *at++ = '\\'; break;
        case '\b': *at++ = 'b'; break;
        case '\f': *at++ = 'f'; break;
        case '\n': *at++ = 'n'; break;
        case '\r': *at++ = 'r'; break;
        case '\t': *at++ = 't'; break;
        default: {
            constexpr char hex[] = "0123456789abcdef";
            std::memcpy(at, "u00", 3);
            at[3] = hex[c >> 4];
            at[4] = hex[c & 0xF];
            at += 5;
        }
        }
        ++p;
    }
    return at;
}

char* JsonText::any_number(char* p, std::int64_t n) {
    return std::to_chars(p, p + 20, n).ptr;
}

char* JsonText::any_number(char* p, std::uint64_t n) {
    return std::to_chars(p, p + 20, n).ptr;
}

void JsonText::raw_value(std::string_view json) {
    char* p = start(json.size());
    std::memcpy(p, json.data(), json.size());
    finish(p + json.size(), true);
}

std::shared_ptr<const std::string> JsonText::shared() const {
    return std::make_shared<const std::string>(view());
}

} // namespace server::protocol
