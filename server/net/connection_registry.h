#pragma once
// The live WebSocket connections, for shutdown (close them all with "going away" and wait for
// them to finish) and for counting. Touched only at connect and disconnect, never per message.

#include "server/net/connection.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace server::net {

class ConnectionRegistry {
public:
    void add(const std::shared_ptr<Connection>& conn);
    void remove(ConnectionId id);
    std::size_t size() const;
    // Asks every live connection to close; returns at once.
    void close_all(CloseCode code, const std::string& reason);
    // Blocks until no connection is left or `timeout` passed; true when empty.
    bool wait_until_empty(std::chrono::milliseconds timeout);

private:
    mutable std::mutex mutex_;
    std::condition_variable emptied_;
    std::unordered_map<ConnectionId, std::weak_ptr<Connection>> connections_;
};

} // namespace server::net
