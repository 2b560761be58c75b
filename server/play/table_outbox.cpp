#include "server/play/table_outbox.h"

#include <algorithm>

namespace server::play {

std::optional<lobby::PlayerId> Audience::remove(net::ConnectionId id) {
    const auto found = members_.find(id);
    if (found == members_.end())
        return std::nullopt;
    lobby::PlayerId player = std::move(found->second.player);
    members_.erase(found);
    return player;
}

bool Audience::has_connection_of(const lobby::PlayerId& player) const {
    return std::any_of(members_.begin(), members_.end(),
                       [&](const auto& entry) { return entry.second.player == player; });
}

void Audience::send(const Outgoing& item) const {
    if (!item.mover) {
        send_all(item.text);
        return;
    }
    const net::ConnectionId mover = item.mover->id();
    for (const auto& [id, member] : members_)
        member.conn->send(id == mover ? item.mover_text : item.text);
    if (!members_.contains(mover))
        item.mover->send(item.mover_text);
}

void Audience::send_all(const std::shared_ptr<const std::string>& text) const {
    for (const auto& [id, member] : members_)
        member.conn->send(text);
}

OutgoingPtr TableOutbox::queue_event(std::shared_ptr<const std::string> text, bool ready,
                                     std::uint64_t version) {
    auto item = std::make_shared<Outgoing>(Outgoing{std::move(text), nullptr, ready, version});
    items_.push_back(item);
    return item;
}

void TableOutbox::queue_reply(const std::shared_ptr<net::Connection>& conn,
                              std::shared_ptr<const std::string> text) {
    items_.push_back(std::make_shared<Outgoing>(Outgoing{std::move(text), conn, true}));
}

void TableOutbox::reply_before(std::size_t mark, const std::shared_ptr<net::Connection>& conn,
                               std::shared_ptr<const std::string> text) {
    const auto at = items_.begin() + static_cast<std::ptrdiff_t>(std::min(mark, items_.size()));
    items_.insert(at, std::make_shared<Outgoing>(Outgoing{std::move(text), conn, true}));
}

OutgoingPtr TableOutbox::queued_event(std::uint64_t version) const {
    // From the back: the event asked for was queued by the work now running.
    for (auto it = items_.rbegin(); it != items_.rend(); ++it)
        if (!(*it)->to && (*it)->version == version)
            return *it;
    return nullptr;
}

void TableOutbox::withdraw(const std::vector<OutgoingPtr>& items) {
    std::erase_if(items_, [&](const OutgoingPtr& item) {
        return std::find(items.begin(), items.end(), item) != items.end();
    });
}

} // namespace server::play
