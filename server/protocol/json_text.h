#pragma once
// JSON text written as it goes, without a document: the server's outgoing messages (table
// events, a table's state, the lobby's pushes) are written member by member into one buffer.
// Building them as nlohmann::json documents first cost an allocation per member and a second
// walk to serialise, a fifth of the instructions of a game of 80 plies (issue 11).
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

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace server::protocol {

class JsonText {
public:
    // Writes into the thread's scratch buffer, grown to the longest text it has held and kept,
    // unless another JsonText on this thread has it; then into a buffer of its own.
    JsonText();
    ~JsonText();
    JsonText(const JsonText&) = delete;
    JsonText& operator=(const JsonText&) = delete;

    void begin_object();
    void end_object();
    void begin_array();
    void end_array();
    // A member's name in the object open: the next value written is its value.
    void key(std::string_view name);

    void value(std::string_view text);
    void value(const char* text) { value(std::string_view(text)); }
    void value(const std::string& text) { value(std::string_view(text)); }
    void value(bool b);
    void value(std::nullptr_t);
    template <std::integral Number>
    requires(!std::same_as<Number, bool>) void value(Number n) {
        if constexpr (std::is_signed_v<Number>)
            signed_number(static_cast<std::int64_t>(n));
        else
            unsigned_number(static_cast<std::uint64_t>(n));
    }
    template <class T> void value(const std::optional<T>& maybe) {
        if (maybe)
            value(*maybe);
        else
            value(nullptr);
    }
    // A value that is JSON text already (a client's request id, dumped), written as it is.
    void raw_value(std::string_view json);

    template <class T> void member(std::string_view name, const T& v) {
        key(name);
        value(v);
    }

    std::string_view view() const { return {begin(), static_cast<std::size_t>(at_ - begin())}; }
    // The text in a string of its own, of its exact size: the one allocation of a message.
    std::shared_ptr<const std::string> shared() const;

private:
    const char* begin() const { return buffer_->data(); }
    // Room for `bytes` more characters; every write makes room once, then writes unchecked.
    void room(std::size_t bytes) {
        if (static_cast<std::size_t>(end_ - at_) < bytes)
            grow(bytes);
    }
    void grow(std::size_t bytes);
    // The comma before a value or a name, unless it is the first in its container.
    void separate() {
        if (need_comma_)
            *at_++ = ',';
    }
    void signed_number(std::int64_t n);
    void unsigned_number(std::uint64_t n);

    std::string own_;
    std::string* buffer_;
    bool borrowed_ = false;
    char* at_ = nullptr;
    char* end_ = nullptr;
    bool need_comma_ = false;
};

} // namespace server::protocol
