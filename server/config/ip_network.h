#pragma once
// An IP network written as an address or an address with a prefix length ("10.0.0.0/8",
// "2001:db8::/32", "127.0.0.1"), for the trusted_proxies key (config/README.md) and the
// client address behind them (server/http/client_address.h). Pure: no I/O, no exceptions.
//
// Addresses are kept as 16 bytes, an IPv4 address as its IPv4-mapped IPv6 form
// (::ffff:a.b.c.d, RFC 4291 2.5.5.2), so that "10.0.0.0/8" also holds a client that an IPv6
// socket reports as ::ffff:10.1.2.3.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace server {

using IpBytes = std::array<std::uint8_t, 16>;

// An IPv4 or IPv6 address as Asio reads it ("10.1.2.3", "2001:db8::1", "::ffff:10.1.2.3");
// nothing for anything else (host names, brackets, ports, surrounding spaces).
std::optional<IpBytes> parse_ip_address(std::string_view text);

// The address as Asio writes it; an IPv4-mapped address as plain IPv4 ("10.1.2.3").
std::string ip_address_text(const IpBytes& address);

struct IpNetwork {
    IpBytes first{};       // the network's first address: the bits past `prefix` are zero
    unsigned prefix = 128; // leading bits that must match, of the 128 (IPv4: 96 + its own)
    bool operator==(const IpNetwork&) const = default;
};

// "ADDRESS" (the one address) or "ADDRESS/BITS", BITS 0..32 for IPv4 and 0..128 for IPv6,
// with no bit set past BITS ("10.0.0.1/8" is refused: write 10.0.0.0/8). Nothing otherwise.
std::optional<IpNetwork> parse_ip_network(std::string_view text);

bool network_contains(const IpNetwork& network, const IpBytes& address);

// As written to be read back: "10.0.0.0/8", "2001:db8::/32"; one address without a prefix.
std::string ip_network_text(const IpNetwork& network);

} // namespace server
