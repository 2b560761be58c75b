#include "server/accounts/stored_block_list.h"

namespace server::accounts {

std::string name_key(std::string_view name) {
    std::string key(name);
    for (char& c : key)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return key;
}

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
    return pairs->contains({name_key(blocker), name_key(other)});
}

void StoredBlockList::load(storage::UserStore& users) {
    auto next = std::make_shared<Pairs>();
    for (const auto& user : users.list_users())
        for (const auto& block : users.list_blocks(user.id))
            next->emplace(name_key(user.name), name_key(block.blocked_name));
    const std::lock_guard lock(writers_);
    publish(std::move(next));
}

void StoredBlockList::add(std::string_view blocker_name, std::string_view blocked_name) {
    const std::lock_guard lock(writers_);
    auto next = std::make_shared<Pairs>(*current());
    next->emplace(name_key(blocker_name), name_key(blocked_name));
    publish(std::move(next));
}

void StoredBlockList::remove(std::string_view blocker_name, std::string_view blocked_name) {
    const std::lock_guard lock(writers_);
    auto next = std::make_shared<Pairs>(*current());
    next->erase({name_key(blocker_name), name_key(blocked_name)});
    publish(std::move(next));
}

} // namespace server::accounts
