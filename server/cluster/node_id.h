#pragma once
// This node's id in the cluster: the configured `node` key, or when it is empty the host name
// made into one subject token (its first label; characters other than letters, digits, '-' and
// '_' become '-'; at most 64). Reads the host name; throws BusFailure if there is none.

#include <string>
#include <string_view>

namespace server::cluster {

std::string node_id(std::string_view configured);

// The host name `host` made into a node id as above ("web-1.example.org" -> "web-1").
std::string node_id_from_host(std::string_view host);

} // namespace server::cluster
