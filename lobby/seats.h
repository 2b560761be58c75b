#pragma once
// Seats of a table by index: 2 to 6, numbered in turn order round the board (rules::Game::
// players(), seat_to_move()). In a two-player game seat 0 is White and seat 1 Black.
//
// PerSeat<T> holds one value per seat in a fixed array of max_seats plus a count, so a table,
// its clock and its events keep per-seat values without allocating (the clock is copied into
// every move event).

#include "rules/color.h"
#include "rules/game.h"

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace lobby {

// The seat of a colour in a two-player game, and back (rules/color.h).
using rules::Color;
using rules::color_of_seat;
using rules::seat_of_color;

inline constexpr int max_seats = 6;

template <class T> class PerSeat {
public:
    // Two seats, as most games have.
    PerSeat() : count_(2) {}
    // `count` seats (2 to max_seats), each holding `value`.
    explicit PerSeat(int count, const T& value = T{}) : count_(static_cast<std::uint8_t>(count)) {
        assert(count >= 0 && count <= max_seats);
        for (int i = 0; i < count; ++i)
            items_[static_cast<std::size_t>(i)] = value;
    }
    // One value per seat, seat 0 first.
    PerSeat(std::initializer_list<T> values) : count_(static_cast<std::uint8_t>(values.size())) {
        assert(values.size() <= static_cast<std::size_t>(max_seats));
        std::size_t i = 0;
        for (const T& v : values)
            items_[i++] = v;
    }

    int size() const { return count_; }
    T& operator[](int seat) { return items_[checked(seat)]; }
    const T& operator[](int seat) const { return items_[checked(seat)]; }
    T& operator[](std::size_t seat) { return (*this)[static_cast<int>(seat)]; }
    const T& operator[](std::size_t seat) const { return (*this)[static_cast<int>(seat)]; }

    T* begin() { return items_.data(); }
    T* end() { return items_.data() + count_; }
    const T* begin() const { return items_.data(); }
    const T* end() const { return items_.data() + count_; }

    // Every seat back to T{} (the count stays).
    void clear() { items_ = {}; }

    // Seats past the count always hold T{}, so comparing the whole array is comparing seats.
    friend bool operator==(const PerSeat&, const PerSeat&) = default;

private:
    std::array<T, max_seats> items_{};
    std::uint8_t count_;

    std::size_t checked(int seat) const {
        assert(seat >= 0 && seat < count_);
        return static_cast<std::size_t>(seat);
    }
};

} // namespace lobby
