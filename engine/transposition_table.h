#pragma once
// The transposition table: what an earlier search learned about a position, keyed by the
// core's Zobrist key (rules/search.h). One entry per slot, replaced when the new search is
// at least as deep or the slot holds another position. The best move is stored as its index
// in the core's move list, which is fixed by the position, so one table serves every family.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace engine {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

struct TableEntry {
    std::uint64_t key = 0;
    std::int16_t score = 0;
    std::int16_t move_index = -1; // -1: no best move known
    std::int8_t depth = 0;
    Bound bound = Bound::None;
};

class TranspositionTable {
public:
    // At most `megabytes`, and no more than twice `nodes` entries when `nodes` is not 0 (a
    // small search needs no large table); at least one entry, a power of two. The memory
    // comes zeroed from the system (an all-zero entry is empty), so a large table costs
    // only the pages a search touches.
    TranspositionTable(std::size_t megabytes, std::uint64_t nodes);

    const TableEntry* probe(std::uint64_t key) const {
        const TableEntry& e = entries_[key & mask_];
        return e.bound != Bound::None && e.key == key ? &e : nullptr;
    }
    void store(std::uint64_t key, int score, int move_index, int depth, Bound bound);

private:
    struct Free {
        void operator()(TableEntry* p) const { std::free(p); }
    };
    std::unique_ptr<TableEntry[], Free> entries_;
    std::uint64_t mask_ = 0;
};

} // namespace engine
