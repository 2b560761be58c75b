#pragma once
// The lobby's BlockList (lobby/block_list.h) backed by storage's blocks table. A registered
// player's lobby::PlayerId is the account name (server/play), so blocks are kept by name,
// compared ignoring case. Readers take the current immutable snapshot (an atomic shared_ptr
// load); writers build a changed copy and swap it in, so tables on any strand may ask at any
// time without locking. Guests (names starting with "guest", which accounts cannot take) are
// never blocked.

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
    void add(std::string_view blocker_name, std::string_view blocked_name);
    void remove(std::string_view blocker_name, std::string_view blocked_name);

private:
    using Pairs = std::set<std::pair<std::string, std::string>>; // lower-case names
    std::atomic<std::shared_ptr<const Pairs>> snapshot_{std::make_shared<const Pairs>()};
    std::mutex writers_; // one writer at a time builds the next snapshot

    void publish(std::shared_ptr<const Pairs> next);
    std::shared_ptr<const Pairs> current() const;
};

// Lower case ASCII: account names are ASCII and unique ignoring case.
std::string name_key(std::string_view name);

} // namespace server::accounts
