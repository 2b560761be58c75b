#include "storage/postgres/pool.h"

#include <utility>

namespace storage::postgres {

Lease::~Lease() {
    if (connection_ != nullptr)
        pool_->give_back(std::move(connection_));
}

ConnectionPool::ConnectionPool(std::string conninfo, ConnectOptions options, std::size_t max_idle)
    : conninfo_(std::move(conninfo)), options_(options), max_idle_(max_idle) {
}

Lease ConnectionPool::lease() {
    {
        const std::lock_guard lock(mutex_);
        if (!idle_.empty()) {
            auto connection = std::move(idle_.back());
            idle_.pop_back();
            return Lease(*this, std::move(connection));
        }
        ++opened_;
    }
    // Connecting takes a round trip or more: outside the lock.
    return Lease(*this, std::make_unique<Connection>(conninfo_, options_));
}

std::size_t ConnectionPool::opened() const {
    const std::lock_guard lock(mutex_);
    return opened_;
}

void ConnectionPool::give_back(std::unique_ptr<Connection> connection) {
    if (!connection->healthy() || connection->in_transaction())
        return; // closed here; a later lease opens a fresh one
    const std::lock_guard lock(mutex_);
    if (idle_.size() < max_idle_)
        idle_.push_back(std::move(connection));
}

} // namespace storage::postgres
