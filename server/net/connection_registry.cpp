#include "server/net/connection_registry.h"

#include <vector>

namespace server::net {

void ConnectionRegistry::add(const std::shared_ptr<Connection>& conn) {
    const std::lock_guard lock(mutex_);
    connections_.emplace(conn->id(), conn);
}

void ConnectionRegistry::remove(ConnectionId id) {
    const std::lock_guard lock(mutex_);
    connections_.erase(id);
    if (connections_.empty())
        emptied_.notify_all();
}

std::size_t ConnectionRegistry::size() const {
    const std::lock_guard lock(mutex_);
    return connections_.size();
}

void ConnectionRegistry::close_all(CloseCode code, const std::string& reason) {
    std::vector<std::shared_ptr<Connection>> live;
    {
        const std::lock_guard lock(mutex_);
        for (const auto& [id, weak] : connections_)
            if (auto conn = weak.lock())
                live.push_back(std::move(conn));
    }
    for (const auto& conn : live)
        conn->close(code, reason);
}

bool ConnectionRegistry::wait_until_empty(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return emptied_.wait_for(lock, timeout, [this] { return connections_.empty(); });
}

} // namespace server::net
