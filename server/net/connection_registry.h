#pragma once
// The live WebSocket connections, for shutdown (close them all with "going away" and wait for
// them to finish) and for counting; and the connection caps (max_connections overall,
// max_connections_per_ip per peer address), enforced with slots reserved at the upgrade.
// Touched only at connect and disconnect, never per message.

#include "server/net/connection.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <variant>

namespace server::net {

class ConnectionRegistry;

// One place among the WebSocket connections, held from the upgrade until the connection ends
// (given back when destroyed). Move-only.
class ConnectionSlot {
public:
    ConnectionSlot(ConnectionSlot&& other) noexcept;
    ConnectionSlot& operator=(ConnectionSlot&&) = delete;
    ConnectionSlot(const ConnectionSlot&) = delete;
    ConnectionSlot& operator=(const ConnectionSlot&) = delete;
    ~ConnectionSlot();

private:
    friend class ConnectionRegistry;
    ConnectionSlot(ConnectionRegistry* registry, std::string address);

    ConnectionRegistry* registry_; // nullptr once moved from
    std::string address_;
};

// Why an upgrade got no slot.
enum class SlotRefusal : std::uint8_t {
    ServerFull,  // max_connections reached
    AddressFull, // max_connections_per_ip reached for this peer address
};

class ConnectionRegistry {
public:
    // A slot for a new connection from `address`, or why there is none. The registry must
    // outlive its slots.
    std::variant<ConnectionSlot, SlotRefusal>
    reserve(const std::string& address, std::size_t max_total, std::size_t max_per_address);
    // Slots held now (upgrades in progress and live connections).
    std::size_t reserved() const;

    void add(const std::shared_ptr<Connection>& conn);
    void remove(ConnectionId id);
    std::size_t size() const;
    // Asks every live connection to close; returns at once.
    void close_all(CloseCode code, const std::string& reason);
    // Blocks until no connection is left or `timeout` passed; true when empty.
    bool wait_until_empty(std::chrono::milliseconds timeout);

private:
    friend class ConnectionSlot;
    void release(const std::string& address);

    mutable std::mutex mutex_;
    std::condition_variable emptied_;
    std::unordered_map<ConnectionId, std::weak_ptr<Connection>> connections_;
    std::unordered_map<std::string, std::size_t> slots_per_address_;
    std::size_t slots_ = 0;
};

} // namespace server::net
