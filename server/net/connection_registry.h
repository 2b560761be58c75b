#pragma once
// The live WebSocket connections, for shutdown (close them all with "going away" and wait for
// them to finish) and for counting; and the connection caps (max_connections overall,
// max_connections_per_ip per peer address), enforced with slots reserved when a TCP connection
// is accepted (issue 34, "Every connection counted": an idle socket that never upgrades takes
// a descriptor as a WebSocket does) and held until it closes, through the upgrade. A connection
// beyond the caps gets a refusal slot, of which only a few are held at once: it is answered
// (/healthz as usual, anything else 503) and closed (listener.h). Touched only at connect and
// disconnect, never per message.
//
// A connection from a trusted proxy (trusted_proxies, server/http/client_address.h) carries
// the requests of many clients: its slot is reserved unbound, under max_connections only,
// and bound to the client's address (under max_connections_per_ip) when the connection
// upgrades to a WebSocket, which is one client's to its end.

#include "server/net/connection.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
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
    ConnectionSlot(ConnectionRegistry* registry, std::optional<std::string> address, bool refusal);

    ConnectionRegistry* registry_; // nullptr once moved from
    std::optional<std::string> address_; // counted under it; nullopt: not bound (a proxy's)
    bool refusal_ = false; // a connection beyond the caps, being answered before it closes
};

// Why an upgrade got no slot.
enum class SlotRefusal : std::uint8_t {
    ServerFull,  // max_connections reached
    AddressFull, // max_connections_per_ip reached for this client address
};

class ConnectionRegistry {
public:
    // A slot for a new connection from `address`, or why there is none. The registry must
    // outlive its slots.
    std::variant<ConnectionSlot, SlotRefusal>
    reserve(const std::string& address, std::size_t max_total, std::size_t max_per_address);
    // A place for a connection beyond the caps while it is answered (at most `max_refusals` at
    // once); nullopt: close it at once.
    std::optional<ConnectionSlot> reserve_refusal(std::size_t max_refusals);
    // A slot under `max_total` only, bound to no address yet: a trusted proxy's connection.
    std::variant<ConnectionSlot, SlotRefusal> reserve_unbound(std::size_t max_total);
    // Counts the unbound `slot` under `address` from now on, or refuses (AddressFull) and
    // leaves it unbound. A slot already bound stays as it is (nothing is returned).
    std::optional<SlotRefusal> bind(ConnectionSlot& slot, const std::string& address,
                                    std::size_t max_per_address);
    // Slots held now (accepted connections, HTTP or WebSocket), refusals not included.
    std::size_t reserved() const;
    std::size_t refusals() const;

    void add(const std::shared_ptr<Connection>& conn);
    void remove(ConnectionId id);
    std::size_t size() const;
    // Asks every live connection to close; returns at once.
    void close_all(CloseCode code, const std::string& reason);
    // Blocks until no connection is left or `timeout` passed; true when empty.
    bool wait_until_empty(std::chrono::milliseconds timeout);

private:
    friend class ConnectionSlot;
    void release(const std::optional<std::string>& address, bool refusal);

    mutable std::mutex mutex_;
    std::condition_variable emptied_;
    std::unordered_map<ConnectionId, std::weak_ptr<Connection>> connections_;
    std::unordered_map<std::string, std::size_t> slots_per_address_;
    std::size_t slots_ = 0;
    std::size_t refusals_ = 0;
};

} // namespace server::net
