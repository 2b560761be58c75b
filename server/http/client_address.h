#pragma once
// Whose request it is: the address every per-address limit counts (max_connections_per_ip,
// the login and registration throttles, lobby_tables_per_address, computer_games_per_address).
// Decided here only, for plain requests and for the WebSocket upgrade (net/http_session.h).
//
// From a peer outside trusted_proxies, the client is the peer: its X-Forwarded-For is
// ignored, for anyone can write one. From a trusted proxy, the client is the right-most
// address of X-Forwarded-For that is not itself a trusted proxy: each proxy appends the
// address it was reached from, so the entries right of it were written by proxies the
// operator trusts and the ones left of it by the client, who may have made them up. When
// every entry is a trusted proxy the left-most one is the client (a client inside the
// proxies' own network). Several X-Forwarded-For headers are one list, in their order
// (RFC 9110 5.3; HAProxy's `option forwardfor` adds a header of its own). A header that is
// missing, empty, or has an entry that is not an address where the walk reaches it leaves
// the peer: the proxy is then the client, as without the key.
//
// An entry is an IPv4 or IPv6 address, with spaces or tabs around it; "[2001:db8::1]" and a
// port ("192.0.2.1:4711", "[2001:db8::1]:4711") are read too. A forwarded address is returned
// as Asio writes it, an IPv4-mapped IPv6 address as plain IPv4. Pure, no exceptions.

#include "server/config/ip_network.h"
#include "server/http/http_types.h"

#include <string>
#include <string_view>
#include <vector>

namespace server::http {

// Whether `peer` (an address as the listener writes it) is in one of `trusted`.
bool is_trusted_proxy(std::string_view peer, const std::vector<IpNetwork>& trusted);

// The address of the client behind `request`, which came from `peer`.
std::string client_address(const std::string& peer, const Request& request,
                           const std::vector<IpNetwork>& trusted);

} // namespace server::http
