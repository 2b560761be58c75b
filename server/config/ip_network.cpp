#include "server/config/ip_network.h"

#include <algorithm>
#include <charconv>

#include <boost/asio/ip/address.hpp>

namespace server {
namespace {

namespace ip = boost::asio::ip;

constexpr unsigned mapped_prefix = 96; // the bits of ::ffff:0:0/96 before an IPv4 address

bool is_v4_mapped(const IpBytes& address) {
    return std::all_of(address.begin(), address.begin() + 10, [](auto b) { return b == 0; }) &&
           address[10] == 0xff && address[11] == 0xff;
}

// Whether the bits of `address` from bit `from` on are all zero.
bool zero_from(const IpBytes& address, unsigned from) {
    for (unsigned bit = from; bit < 128; ++bit)
        if ((address[bit / 8] >> (7 - bit % 8)) & 1U)
            return false;
    return true;
}

} // namespace

std::optional<IpBytes> parse_ip_address(std::string_view text) {
    // Asio reads a scope ("fe80::1%eth0"), which names an interface, not a client.
    if (text.empty() || text.find('%') != std::string_view::npos)
        return std::nullopt;
    boost::system::error_code ec;
    const auto address = ip::make_address(text, ec);
    if (ec)
        return std::nullopt;
    if (address.is_v4())
        return ip::make_address_v6(ip::v4_mapped, address.to_v4()).to_bytes();
    return address.to_v6().to_bytes();
}

std::string ip_address_text(const IpBytes& address) {
    const ip::address_v6 v6(address);
    if (v6.is_v4_mapped())
        return ip::make_address_v4(ip::v4_mapped, v6).to_string();
    return v6.to_string();
}

std::optional<IpNetwork> parse_ip_network(std::string_view text) {
    const auto slash = text.find('/');
    const auto address = parse_ip_address(text.substr(0, slash));
    if (!address)
        return std::nullopt;
    const bool v4 =
        is_v4_mapped(*address) && text.substr(0, slash).find(':') == std::string_view::npos;
    IpNetwork network{*address, 128};
    if (slash == std::string_view::npos)
        return network;
    const auto bits_text = text.substr(slash + 1);
    unsigned bits = 0;
    const auto* end = bits_text.data() + bits_text.size();
    const auto [stop, ec] = std::from_chars(bits_text.data(), end, bits);
    if (bits_text.empty() || bits_text.size() > 3 || ec != std::errc() || stop != end ||
        bits > (v4 ? 32U : 128U))
        return std::nullopt;
    network.prefix = v4 ? mapped_prefix + bits : bits;
    if (!zero_from(network.first, network.prefix))
        return std::nullopt;
    return network;
}

bool network_contains(const IpNetwork& network, const IpBytes& address) {
    const unsigned whole = network.prefix / 8;
    if (!std::equal(network.first.begin(), network.first.begin() + whole, address.begin()))
        return false;
    const unsigned rest = network.prefix % 8;
    if (rest == 0)
        return true;
    const auto mask = static_cast<std::uint8_t>(0xffU << (8 - rest));
    return (network.first[whole] & mask) == (address[whole] & mask);
}

std::string ip_network_text(const IpNetwork& network) {
    std::string text = ip_address_text(network.first);
    if (network.prefix == 128)
        return text;
    const bool v4 = is_v4_mapped(network.first) && network.prefix >= mapped_prefix &&
                    text.find(':') == std::string::npos;
    return text.append("/").append(
        std::to_string(v4 ? network.prefix - mapped_prefix : network.prefix));
}

} // namespace server
