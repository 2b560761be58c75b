#include "server/net/connection_registry.h"

#include <utility>
#include <vector>

namespace server::net {

ConnectionSlot::ConnectionSlot(ConnectionRegistry* registry, std::optional<std::string> address,
                               bool refusal)
    : registry_(registry), address_(std::move(address)), refusal_(refusal) {
}

ConnectionSlot::ConnectionSlot(ConnectionSlot&& other) noexcept
    : registry_(std::exchange(other.registry_, nullptr)), address_(std::move(other.address_)),
      refusal_(other.refusal_) {
}

ConnectionSlot::~ConnectionSlot() {
    if (registry_)
        registry_->release(address_, refusal_);
}

std::variant<ConnectionSlot, SlotRefusal> ConnectionRegistry::reserve(const std::string& address,
                                                                      std::size_t max_total,
                                                                      std::size_t max_per_address) {
    const std::lock_guard lock(mutex_);
    if (slots_ >= max_total)
        return SlotRefusal::ServerFull;
    auto& from_address = slots_per_address_[address];
    if (from_address >= max_per_address) {
        if (from_address == 0)
            slots_per_address_.erase(address);
        return SlotRefusal::AddressFull;
    }
    ++from_address;
    ++slots_;
    return ConnectionSlot(this, address, false);
}

std::variant<ConnectionSlot, SlotRefusal>
ConnectionRegistry::reserve_unbound(std::size_t max_total) {
    const std::lock_guard lock(mutex_);
    if (slots_ >= max_total)
        return SlotRefusal::ServerFull;
    ++slots_;
    return ConnectionSlot(this, std::nullopt, false);
}

std::optional<SlotRefusal> ConnectionRegistry::bind(ConnectionSlot& slot,
                                                    const std::string& address,
                                                    std::size_t max_per_address) {
    if (slot.address_ || slot.refusal_ || slot.registry_ != this)
        return std::nullopt;
    const std::lock_guard lock(mutex_);
    auto& from_address = slots_per_address_[address];
    if (from_address >= max_per_address) {
        if (from_address == 0)
            slots_per_address_.erase(address);
        return SlotRefusal::AddressFull;
    }
    ++from_address;
    slot.address_ = address;
    return std::nullopt;
}

std::optional<ConnectionSlot> ConnectionRegistry::reserve_refusal(std::size_t max_refusals) {
    const std::lock_guard lock(mutex_);
    if (refusals_ >= max_refusals)
        return std::nullopt;
    ++refusals_;
    return ConnectionSlot(this, std::nullopt, true);
}

std::size_t ConnectionRegistry::reserved() const {
    const std::lock_guard lock(mutex_);
    return slots_;
}

std::size_t ConnectionRegistry::refusals() const {
    const std::lock_guard lock(mutex_);
    return refusals_;
}

void ConnectionRegistry::release(const std::optional<std::string>& address, bool refusal) {
    const std::lock_guard lock(mutex_);
    if (refusal) {
        --refusals_;
        return;
    }
    --slots_;
    if (!address)
        return;
    const auto it = slots_per_address_.find(*address);
    if (it != slots_per_address_.end() && --it->second == 0)
        slots_per_address_.erase(it);
}

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
