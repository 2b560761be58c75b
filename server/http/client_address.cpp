#include "server/http/client_address.h"

#include <algorithm>
#include <optional>

#include <boost/beast/core/string.hpp>

namespace server::http {
namespace {

constexpr std::string_view forwarded_for = "X-Forwarded-For";

std::string_view trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

bool all_digits(std::string_view text) {
    return !text.empty() && text.size() <= 5 &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// One entry of the list: an address, "[v6]", "[v6]:port" or "v4:port".
std::optional<IpBytes> entry_address(std::string_view entry) {
    if (entry.starts_with('[')) {
        const auto close = entry.find(']');
        if (close == std::string_view::npos)
            return std::nullopt;
        const auto after = entry.substr(close + 1);
        if (!after.empty() && !(after.front() == ':' && all_digits(after.substr(1))))
            return std::nullopt;
        const auto inside = entry.substr(1, close - 1);
        if (inside.find(':') == std::string_view::npos) // brackets are for IPv6 only
            return std::nullopt;
        return parse_ip_address(inside);
    }
    const auto colon = entry.find(':');
    if (colon != std::string_view::npos && entry.find(':', colon + 1) == std::string_view::npos) {
        // One colon: IPv4 with a port (an IPv6 address has at least two).
        if (!all_digits(entry.substr(colon + 1)))
            return std::nullopt;
        entry = entry.substr(0, colon);
        if (entry.find('.') == std::string_view::npos)
            return std::nullopt;
    }
    return parse_ip_address(entry);
}

bool trusted_address(const IpBytes& address, const std::vector<IpNetwork>& trusted) {
    return std::any_of(trusted.begin(), trusted.end(), [&](const IpNetwork& network) {
        return network_contains(network, address);
    });
}

} // namespace

bool is_trusted_proxy(std::string_view peer, const std::vector<IpNetwork>& trusted) {
    if (trusted.empty())
        return false;
    const auto address = parse_ip_address(peer);
    return address && trusted_address(*address, trusted);
}

std::string client_address(const std::string& peer, const Request& request,
                           const std::vector<IpNetwork>& trusted) {
    if (!is_trusted_proxy(peer, trusted))
        return peer;
    // The entries of every X-Forwarded-For header, in order (the fields keep their order).
    std::vector<std::string_view> entries;
    for (const auto& field : request) {
        if (!boost::beast::iequals(field.name_string(), forwarded_for))
            continue;
        std::string_view list = field.value();
        while (true) {
            const auto comma = list.find(',');
            const auto entry = trimmed(list.substr(0, comma));
            if (!entry.empty()) // "a,,b" and a trailing comma: empty elements (RFC 9110 5.6.1)
                entries.push_back(entry);
            if (comma == std::string_view::npos)
                break;
            list.remove_prefix(comma + 1);
        }
    }
    std::optional<IpBytes> client;
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
        const auto address = entry_address(*it);
        if (!address)
            return peer;
        client = address;
        if (!trusted_address(*address, trusted))
            break;
    }
    return client ? ip_address_text(*client) : peer;
}

} // namespace server::http
