#include "lobby/event_log.h"

#include <cassert>

namespace lobby {

EventLog::EventLog(std::size_t capacity, std::uint64_t first_version)
    : capacity_(capacity), next_version_(first_version) {
    assert(capacity >= 1 && first_version >= 1);
}

EventPtr EventLog::append(TimePoint at, TableEventBody body) {
    auto event = std::make_shared<const TableEvent>(
        TableEvent{.version = next_version_++, .at = at, .body = std::move(body)});
    events_.push_back(event);
    if (events_.size() > capacity_)
        events_.pop_front();
    return event;
}

std::optional<std::vector<EventPtr>> EventLog::since(std::uint64_t seen) const {
    if (seen > version())
        return std::nullopt;
    if (seen == version())
        return std::vector<EventPtr>{};
    if (events_.empty() || events_.front()->version > seen + 1)
        return std::nullopt;
    const auto skip = static_cast<std::ptrdiff_t>(seen + 1 - events_.front()->version);
    return std::vector<EventPtr>(events_.begin() + skip, events_.end());
}

} // namespace lobby
