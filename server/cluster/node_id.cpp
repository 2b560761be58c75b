#include "server/cluster/node_id.h"

#include "server/cluster/bus.h"

#include <array>
#include <unistd.h>

namespace server::cluster {

std::string node_id_from_host(std::string_view host) {
    const auto label = host.substr(0, host.find('.'));
    std::string id;
    for (char ch : label.substr(0, 64)) {
        const bool plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                           (ch >= '0' && ch <= '9') || ch == '-' || ch == '_';
        id += plain ? ch : '-';
    }
    return id;
}

std::string node_id(std::string_view configured) {
    if (!configured.empty())
        return std::string(configured);
    std::array<char, 256> host{};
    if (gethostname(host.data(), host.size() - 1) != 0 || host[0] == '\0')
        throw BusFailure("bus: no host name to take as the node id; set the key node");
    auto id = node_id_from_host(host.data());
    if (id.empty())
        throw BusFailure("bus: the host name gives no node id; set the key node");
    return id;
}

} // namespace server::cluster
