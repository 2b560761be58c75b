#pragma once
// Who does not want to meet whom. Declared here, implemented by the server (from storage) and
// faked in tests. A blocked user cannot challenge the blocker, join or watch the blocker's
// tables, or be paired with the blocker. Tables call it from their own strands, so the
// server's implementation must be safe to call from several threads (e.g. an immutable
// snapshot swapped atomically).

#include "lobby/player.h"

namespace lobby {

class BlockList {
public:
    virtual ~BlockList() = default;
    // True if `blocker` has blocked `other`.
    virtual bool blocks(const PlayerId& blocker, const PlayerId& other) const = 0;

    // True if either has blocked the other: they are never put together.
    bool either_blocks(const PlayerId& a, const PlayerId& b) const {
        return blocks(a, b) || blocks(b, a);
    }
};

// Nobody blocks anybody.
class NoBlocks final : public BlockList {
public:
    bool blocks(const PlayerId&, const PlayerId&) const override { return false; }
};

} // namespace lobby
