#include "server/cluster/bus.h"

namespace server::cluster {

const char* bus_error_name(BusError error) {
    switch (error) {
    case BusError::InvalidSubject:
        return "invalid_subject";
    case BusError::Timeout:
        return "timeout";
    case BusError::NoResponders:
        return "no_responders";
    case BusError::Disconnected:
        return "disconnected";
    case BusError::Closed:
        return "closed";
    case BusError::Failed:
        return "failed";
    }
    return "failed";
}

const char* bus_state_name(BusState state) {
    switch (state) {
    case BusState::Connected:
        return "connected";
    case BusState::Disconnected:
        return "disconnected";
    case BusState::Reconnected:
        return "reconnected";
    case BusState::Closed:
        return "closed";
    }
    return "closed";
}

std::optional<BusError> Bus::reply(const Message& request, std::string_view data) {
    if (request.reply.empty())
        return BusError::InvalidSubject;
    return publish(request.reply, data);
}

} // namespace server::cluster
