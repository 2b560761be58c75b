#include "server/protocol/json_text.h"

#include <algorithm>
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

void JsonText::begin_object() {
    room(2);
    separate();
    *at_++ = '{';
    need_comma_ = false;
}

void JsonText::end_object() {
    room(1);
    *at_++ = '}';
    need_comma_ = true;
}

void JsonText::begin_array() {
    room(2);
    separate();
    *at_++ = '[';
    need_comma_ = false;
}

void JsonText::end_array() {
    room(1);
    *at_++ = ']';
    need_comma_ = true;
}

void JsonText::key(std::string_view name) {
    room(name.size() + 4);
    separate();
    *at_++ = '"';
    std::memcpy(at_, name.data(), name.size());
    at_ += name.size();
    *at_++ = '"';
    *at_++ = ':';
    need_comma_ = false;
}

void JsonText::value(std::string_view text) {
    // At most six characters a byte (\u00XX), a replaced byte three (U+FFFD).
    room(3 + 6 * text.size());
    separate();
    *at_++ = '"';
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const auto* const end = p + text.size();
    while (p < end) {
        const unsigned char c = *p;
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            *at_++ = static_cast<char>(c);
            ++p;
            continue;
        }
        if (c >= 0x80) {
            if (const auto length = utf8_sequence(p, end); length > 0) {
                std::memcpy(at_, p, length);
                at_ += length;
                p += length;
            } else {
                std::memcpy(at_, "\xEF\xBF\xBD", 3);
                at_ += 3;
                ++p;
            }
            continue;
        }
        *at_++ = '\\';
        switch (c) {
        case '"':
            *at_++ = '"';
            break;
        case '\\':
            *at_++ = '\\';
            break;
        case '\b':
            *at_++ = 'b';
            break;
        case '\f':
            *at_++ = 'f';
            break;
        case '\n':
            *at_++ = 'n';
            break;
        case '\r':
            *at_++ = 'r';
            break;
        case '\t':
            *at_++ = 't';
            break;
        default: {
            constexpr char hex[] = "0123456789abcdef";
            std::memcpy(at_, "u00", 3);
            at_[3] = hex[c >> 4];
            at_[4] = hex[c & 0xF];
            at_ += 5;
        }
        }
        ++p;
    }
    *at_++ = '"';
    need_comma_ = true;
}

void JsonText::value(bool b) {
    room(6);
    separate();
    const std::string_view text = b ? "true" : "false";
    std::memcpy(at_, text.data(), text.size());
    at_ += text.size();
    need_comma_ = true;
}

void JsonText::value(std::nullptr_t) {
    room(5);
    separate();
    std::memcpy(at_, "null", 4);
    at_ += 4;
    need_comma_ = true;
}

void JsonText::signed_number(std::int64_t n) {
    room(21);
    separate();
    // Most numbers the server writes are a board's cells, under 100 (about sixty a move).
    if (n >= 0 && n < 100) {
        if (n >= 10)
            *at_++ = static_cast<char>('0' + n / 10);
        *at_++ = static_cast<char>('0' + n % 10);
    } else {
        at_ = std::to_chars(at_, at_ + 20, n).ptr;
    }
    need_comma_ = true;
}

void JsonText::unsigned_number(std::uint64_t n) {
    room(21);
    separate();
    at_ = std::to_chars(at_, at_ + 20, n).ptr;
    need_comma_ = true;
}

void JsonText::raw_value(std::string_view json) {
    room(json.size() + 1);
    separate();
    std::memcpy(at_, json.data(), json.size());
    at_ += json.size();
    need_comma_ = true;
}

std::shared_ptr<const std::string> JsonText::shared() const {
    return std::make_shared<const std::string>(view());
}

} // namespace server::protocol
