#pragma once
// The cells of a move as players see it (MoveView::path and captures): a list of ints that
// keeps up to six in place and goes to the heap only past that. A chess move has two cells and
// at most one capture, a plain draughts move two; a table builds the views of every legal move
// on every move, and a std::vector there cost two allocations per legal move (issue 11). Long
// draughts captures and halma jump chains still fit, on the heap.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

namespace rules {

class Cells {
public:
    using value_type = int;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    using reference = int&;
    using const_reference = const int&;
    using pointer = int*;
    using const_pointer = const int*;
    using iterator = int*;
    using const_iterator = const int*;

    Cells() = default;
    Cells(std::initializer_list<int> cells) {
        reserve(cells.size());
        std::copy(cells.begin(), cells.end(), data());
        size_ = static_cast<std::uint32_t>(cells.size());
    }
    Cells(const Cells& other) : Cells() { *this = other; }
    Cells(Cells&& other) noexcept { take(other); }
    Cells& operator=(const Cells& other) {
        if (this != &other) {
            clear();
            reserve(other.size());
            std::copy(other.begin(), other.end(), data());
            size_ = other.size_;
        }
        return *this;
    }
    Cells& operator=(Cells&& other) noexcept {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    ~Cells() { release(); }

    void push_back(int cell) {
        if (size_ == capacity_)
            reserve(2 * static_cast<std::size_t>(capacity_));
        data()[size_++] = cell;
    }
    void clear() { size_ = 0; }
    void reserve(std::size_t wanted) {
        if (wanted <= capacity_)
            return;
        auto grown = std::make_unique<int[]>(wanted);
        std::copy(begin(), end(), grown.get());
        release();
        heap_ = grown.release();
        capacity_ = static_cast<std::uint32_t>(wanted);
    }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    int* data() { return on_heap() ? heap_ : in_place_; }
    const int* data() const { return on_heap() ? heap_ : in_place_; }
    int* begin() { return data(); }
    int* end() { return data() + size_; }
    const int* begin() const { return data(); }
    const int* end() const { return data() + size_; }
    int& operator[](std::size_t i) { return data()[i]; }
    int operator[](std::size_t i) const { return data()[i]; }
    int front() const { return data()[0]; }
    int back() const { return data()[size_ - 1]; }

    friend bool operator==(const Cells& a, const Cells& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator==(const Cells& a, const std::vector<int>& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    static constexpr std::uint32_t in_place = 6;
    std::uint32_t size_ = 0;
    std::uint32_t capacity_ = in_place;
    union {
        int in_place_[in_place];
        int* heap_;
    };

    bool on_heap() const { return capacity_ > in_place; }
    // Frees the heap cells, if any; the size is the caller's to set.
    void release() {
        if (on_heap())
            delete[] heap_;
        capacity_ = in_place;
    }
    // Takes `other`'s cells, leaving it empty; this holds none.
    void take(Cells& other) noexcept {
        size_ = other.size_;
        capacity_ = other.capacity_;
        if (other.on_heap())
            heap_ = other.heap_;
        else
            std::copy(other.in_place_, other.in_place_ + other.size_, in_place_);
        other.capacity_ = in_place;
        other.size_ = 0;
    }
};

} // namespace rules
