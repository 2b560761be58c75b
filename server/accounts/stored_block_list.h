#pragma once
// The lobby's BlockList (lobby/block_list.h) backed by storage's blocks table. A registered
// player's lobby::PlayerId is made from the account's number ("u42", lobby/player.h), so blocks
// are kept by account number: a name (which may change, or look like an id) is never compared.
// Readers take the current immutable snapshot (an atomic shared_ptr load); writers build a
// changed copy and swap it in, so tables on any strand may ask at any time without locking.
// Guests and the computer (no account in their ids) are never blocked.

#include "lobby/block_list.h"
#include "storage/stores.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <utility>

namespace server::accounts {

class StoredBlockList final : public lobby::BlockList {
public:
    bool blocks(const lobby::PlayerId& blocker, const lobby::PlayerId& other) const override;

    // Replaces everything with what storage holds (every user's blocks). Call at startup.
    void load(storage::UserStore& users);
    // Mirror one change already written to storage.
    void add(storage::UserId blocker, storage::UserId blocked);
    void remove(storage::UserId blocker, storage::UserId blocked);

private:
    using Pairs = std::set<std::pair<storage::UserId, storage::UserId>>;
    std::atomic<std::shared_ptr<const Pairs>> snapshot_{std::make_shared<const Pairs>()};
    std::mutex writers_; // one writer at a time builds the next snapshot

    void publish(std::shared_ptr<const Pairs> next);
    std::shared_ptr<const Pairs> current() const;
};

} // namespace server::accounts
