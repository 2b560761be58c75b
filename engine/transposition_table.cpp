#include "engine/transposition_table.h"

#include <bit>
#include <new>

namespace engine {

TranspositionTable::TranspositionTable(std::size_t megabytes, std::uint64_t nodes) {
    std::size_t wanted = megabytes * 1024 * 1024 / sizeof(TableEntry);
    if (nodes != 0 && nodes < wanted / 2)
        wanted = static_cast<std::size_t>(nodes) * 2;
    const std::size_t count = wanted == 0 ? 1 : std::bit_floor(wanted);
    entries_.reset(static_cast<TableEntry*>(std::calloc(count, sizeof(TableEntry))));
    if (!entries_)
        throw std::bad_alloc();
    mask_ = count - 1;
}

void TranspositionTable::store(std::uint64_t key, int score, int move_index, int depth,
                               Bound bound) {
    TableEntry& e = entries_[key & mask_];
    if (e.key == key && e.bound != Bound::None && depth < e.depth && bound != Bound::Exact)
        return;
    if (e.key == key && move_index < 0)
        move_index = e.move_index; // keep the move a shallower search found
    e = TableEntry{key, static_cast<std::int16_t>(score), static_cast<std::int16_t>(move_index),
                   static_cast<std::int8_t>(depth), bound};
}

} // namespace engine
