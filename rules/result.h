#pragma once
// Result<T>: a value or an Error with a reason a person can act on.
// Our small either-type, to be replaced by std::expected in C++23.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace rules {

// A refusal with a stable machine-readable code ("illegal_move", "bad_fen", …) and a detail
// written for the player ("32-27 is not legal here").
struct Error {
    std::string code;
    std::string detail;
};

// A move that was refused; the same shape as Error.
using MoveError = Error;

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & {
        assert(ok());
        return std::get<0>(state_);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(state_);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(state_));
    }
    const Error& error() const {
        assert(!ok());
        return std::get<1>(state_);
    }

    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

private:
    std::variant<T, Error> state_;
};

} // namespace rules
