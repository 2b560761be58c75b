#pragma once
// Owning handles for libnats's objects, each released by its library function. Included only by
// the NatsBus sources: nothing else of the server sees <nats/nats.h>.

#include <memory>
#include <string>

#include <nats/nats.h>

namespace server::cluster::nats {

struct OptionsRelease {
    void operator()(natsOptions* options) const { natsOptions_Destroy(options); }
};
// Closes the connection (if still open) and releases it.
struct ConnectionRelease {
    void operator()(natsConnection* connection) const { natsConnection_Destroy(connection); }
};
// Unsubscribes (if still subscribed) and releases the subscription.
struct SubscriptionRelease {
    void operator()(natsSubscription* subscription) const {
        natsSubscription_Destroy(subscription);
    }
};
struct MessageRelease {
    void operator()(natsMsg* message) const { natsMsg_Destroy(message); }
};

using OptionsHandle = std::unique_ptr<natsOptions, OptionsRelease>;
using ConnectionHandle = std::unique_ptr<natsConnection, ConnectionRelease>;
using SubscriptionHandle = std::unique_ptr<natsSubscription, SubscriptionRelease>;
using MessageHandle = std::unique_ptr<natsMsg, MessageRelease>;

// libnats's text for a status, with the library's last error detail when it has one.
inline std::string status_text(natsStatus status) {
    std::string text = natsStatus_GetText(status);
    natsStatus last = NATS_OK;
    if (const char* detail = nats_GetLastError(&last); detail != nullptr && *detail != '\0')
        text += std::string(": ") + detail;
    return text;
}

} // namespace server::cluster::nats
