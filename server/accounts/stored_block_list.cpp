#include "server/accounts/stored_block_list.h"

namespace server::accounts {

std::shared_ptr<const StoredBlockList::Pairs> StoredBlockList::current() const {
    return snapshot_.load();
}

void StoredBlockList::publish(std::shared_ptr<const Pairs> next) {
    snapshot_.store(std::move(next));
}

bool StoredBlockList::blocks(const lobby::PlayerId& blocker, const lobby::PlayerId& other) const {
    const auto pairs = current();
    if (pairs->empty())
        return false;
    const auto by = lobby::account_in_player_id(blocker);
    const auto of = lobby::account_in_player_id(other);
    return by && of && pairs->contains({*by, *of});
}

void StoredBlockList::load(storage::UserStore& users) {
    auto next = std::make_shared<Pairs>();
    for (const auto& user : users.list_users())
        for (const auto& block : users.list_blocks(user.id))
            next->emplace(user.id, block.blocked_user_id);
    const std::lock_guard lock(writers_);
    publish(std::move(next));
}

void StoredBlockList::add(storage::UserId blocker, storage::UserId blocked) {
    const std::lock_guard lock(writers_);
    auto next = std::make_shared<Pairs>(*current());
    next->emplace(blocker, blocked);
    publish(std::move(next));
}

void StoredBlockList::remove(storage::UserId blocker, storage::UserId blocked) {
    const std::lock_guard lock(writers_);
    auto next = std::make_shared<Pairs>(*current());
    next->erase({blocker, blocked});
    publish(std::move(next));
}

} // namespace server::accounts
