#pragma once
// JSON text written as it goes, without a document: the server's outgoing messages (table
// events, a table's state, the lobby's pushes) are written member by member into one buffer.
// Building them as nlohmann::json documents first cost an allocation per member and a second
// walk to serialise: without them a game of 80 plies costs 13 % fewer instructions a move
// (issue 11, bench/README.md "Every table message written without a DOM").
//
//   JsonText w;
//   w.begin_object();
//   w.member("t", "table_event");
//   w.key("event");
//   w.begin_object();
//   ...
//   w.end_object();
//   w.end_object();
//   auto text = w.shared();
//
// Commas are written by the writer; the caller only opens, names and closes. Names are written
// as given (they are the protocol's, never a client's); values are escaped, and invalid UTF-8
// in them is replaced by U+FFFD, as the server's nlohmann dumps did with error_handler replace.

#include <cassert>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#define TABULA_JSON_INLINE [[gnu::always_inline]] inline

namespace server::protocol {

class JsonText {
public:
    // Writes into the thread's scratch buffer, grown to the longest text it has held and kept,
    // unless another JsonText on this thread has it; then into a buffer of its own.
    JsonText();
    ~JsonText();
    JsonText(const JsonText&) = delete;
    JsonText& operator=(const JsonText&) = delete;

    // The writes below are forced inline (TABULA_JSON_INLINE): a move event makes about three
    // hundred of them, and a call, or a memcpy of a length unknown where it is compiled, costs
    // more than the write. Each writes through a local pointer (start/finish), not through
    // at_: a char store may alias any member, which would be read again after every store.
    TABULA_JSON_INLINE void begin_object() { finish(put(start(1), '{'), false); }
    TABULA_JSON_INLINE void end_object() { close('}'); }
    TABULA_JSON_INLINE void begin_array() { finish(put(start(1), '['), false); }
    TABULA_JSON_INLINE void end_array() { close(']'); }
    // A member's name in the object open: the next value written is its value. Names are the
    // protocol's own, written as they are, and mostly literals, whose length is known here.
    template <std::size_t N> TABULA_JSON_INLINE void key(const char (&name)[N]) {
        key_of_length(name, N - 1);
    }
    void key(std::string_view name) { key_of_length(name.data(), name.size()); }

    TABULA_JSON_INLINE void value(std::string_view text) {
        finish(put_string(start(string_room(text.size())), text), true);
    }
    void value(const char* text) { value(std::string_view(text)); }
    void value(const std::string& text) { value(std::string_view(text)); }
    TABULA_JSON_INLINE void value(bool b) {
        char* p = start(5);
        if (b) {
            std::memcpy(p, "true", 4);
            p += 4;
        } else {
            std::memcpy(p, "false", 5);
            p += 5;
        }
        finish(p, true);
    }
    TABULA_JSON_INLINE void value(std::nullptr_t) {
        char* p = start(4);
        std::memcpy(p, "null", 4);
        finish(p + 4, true);
    }
    template <std::integral Number>
        requires(!std::same_as<Number, bool>)
    TABULA_JSON_INLINE void value(Number n) {
        finish(number(start(20), n), true);
    }
    // `write(*maybe)` if there is a value, else null.
    template <class T, class Write>
    void optional_value(const std::optional<T>& maybe, Write write) {
        if (maybe)
            write(*maybe);
        else
            value(nullptr);
    }
    template <class T> void value(const std::optional<T>& maybe) {
        optional_value(maybe, [this](const T& v) { value(v); });
    }
    // An array of integers, written with one check for room: a move's cells.
    template <class Numbers> TABULA_JSON_INLINE void numbers(const Numbers& list) {
        finish(put_numbers(start(numbers_room(std::size(list))), list), true);
    }
    // A value of a known shape written in one piece, for the hot path's many small objects (a
    // legal move): one check for room and no per-member bookkeeping. `write(p)` writes at most
    // `most` characters from `p` with the pieces below and returns where it ended.
    template <class Write>
    TABULA_JSON_INLINE void value_in_one_piece(std::size_t most, Write write) {
        char* const from = start(most);
        char* const end = write(from);
        assert(static_cast<std::size_t>(end - from) <= most); // `from` is after the comma
        finish(end, true);
    }
    // The most characters a string value and a list of numbers take: its quotes and six a byte
    // (\u00XX; a replaced byte takes three, U+FFFD), its brackets and 21 a number (20 and a
    // comma).
    static constexpr std::size_t string_room(std::size_t bytes) { return 2 + 6 * bytes; }
    static constexpr std::size_t numbers_room(std::size_t count) { return 2 + 21 * count; }
    // The pieces: text as it is (punctuation and names), an escaped and quoted string (at most
    // string_room of its size), an array of integers (at most numbers_room of its length).
    template <std::size_t N>
    TABULA_JSON_INLINE static char* put_raw(char* p, const char (&text)[N]) {
        std::memcpy(p, text, N - 1);
        return p + N - 1;
    }
    TABULA_JSON_INLINE static char* put_string(char* p, std::string_view text) {
        return put(escape(put(p, '"'), text), '"');
    }
    template <class Numbers>
    TABULA_JSON_INLINE static char* put_numbers(char* p, const Numbers& list) {
        p = put(p, '[');
        bool first = true;
        for (const auto n : list) {
            if (!first)
                *p++ = ',';
            first = false;
            p = number(p, n);
        }
        return put(p, ']');
    }
    // A value that is JSON text already (a client's request id, dumped), written as it is.
    void raw_value(std::string_view json);

    template <std::size_t N, class T> void member(const char (&name)[N], const T& v) {
        key(name);
        value(v);
    }
    template <class T> void member(std::string_view name, const T& v) {
        key(name);
        value(v);
    }

    std::string_view view() const { return {begin(), static_cast<std::size_t>(at_ - begin())}; }
    // The text copied once into a string of its exact size, shared by everyone it goes to.
    std::shared_ptr<const std::string> shared() const;

private:
    const char* begin() const { return buffer_->data(); }
    // Makes room for `bytes` more characters and the comma, and writes the comma a value or a
    // name needs unless it is the first in its container. Returns where to write on.
    TABULA_JSON_INLINE char* start(std::size_t bytes) {
        if (static_cast<std::size_t>(end_ - at_) <= bytes)
            grow(bytes + 1);
        char* p = at_;
        if (need_comma_)
            *p++ = ',';
        return p;
    }
    // Ends a write at `p`; a comma comes before the next value or name if `comma_next`.
    TABULA_JSON_INLINE void finish(char* p, bool comma_next) {
        at_ = p;
        need_comma_ = comma_next;
    }
    void grow(std::size_t bytes);
    TABULA_JSON_INLINE static char* put(char* p, char c) {
        *p = c;
        return p + 1;
    }
    TABULA_JSON_INLINE void close(char brace) {
        if (end_ == at_)
            grow(1);
        finish(put(at_, brace), true);
    }
    TABULA_JSON_INLINE void key_of_length(const char* name, std::size_t length) {
        char* p = put(start(length + 3), '"');
        std::memcpy(p, name, length);
        p += length;
        finish(put(put(p, '"'), ':'), false);
    }
    // At most 20 characters.
    template <class Number> TABULA_JSON_INLINE static char* number(char* p, Number n) {
        // Most numbers the server writes are a board's cells, under 100 (about sixty a move).
        bool small = n < 100;
        if constexpr (std::is_signed_v<Number>)
            small = small && n >= 0;
        if (small) {
            if (n >= 10)
                *p++ = static_cast<char>('0' + n / 10);
            *p++ = static_cast<char>('0' + n % 10);
            return p;
        }
        if constexpr (std::is_signed_v<Number>)
            return any_number(p, static_cast<std::int64_t>(n));
        else
            return any_number(p, static_cast<std::uint64_t>(n));
    }
    static char* any_number(char* p, std::int64_t n);
    static char* any_number(char* p, std::uint64_t n);
    // The characters of a string value, escaped, from `p`; returns the end.
    static char* escape(char* p, std::string_view text);

    std::string own_;
    std::string* buffer_;
    bool borrowed_ = false;
    char* at_ = nullptr;
    char* end_ = nullptr;
    bool need_comma_ = false;
};

} // namespace server::protocol
