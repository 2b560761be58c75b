// The client address behind trusted proxies (server/http/client_address.h) and the networks
// that name them (server/config/ip_network.h), on strings.
#include "server/config/ip_network.h"
#include "server/http/client_address.h"

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

namespace {

std::vector<server::IpNetwork> xff_networks(std::initializer_list<const char*> texts) {
    std::vector<server::IpNetwork> networks;
    for (const char* text : texts) {
        const auto network = server::parse_ip_network(text);
        REQUIRE_MESSAGE(network, text);
        networks.push_back(*network);
    }
    return networks;
}

// A GET with the given X-Forwarded-For values, one header each, in order.
server::http::Request xff_request(std::initializer_list<const char*> values) {
    server::http::Request request{server::http::beast_http::verb::get, "/ws", 11};
    request.set(server::http::beast_http::field::host, "tabula.example");
    for (const char* value : values)
        request.insert("X-Forwarded-For", value);
    return request;
}

std::string xff_client(const std::string& peer, std::initializer_list<const char*> values,
                       std::initializer_list<const char*> trusted) {
    return server::http::client_address(peer, xff_request(values), xff_networks(trusted));
}

bool xff_contains(const char* network, const char* address) {
    const auto parsed_network = server::parse_ip_network(network);
    const auto parsed_address = server::parse_ip_address(address);
    REQUIRE(parsed_network);
    REQUIRE(parsed_address);
    return server::network_contains(*parsed_network, *parsed_address);
}

} // namespace

TEST_CASE("ip network: addresses and CIDR prefixes, IPv4 and IPv6, read and written back") {
    for (const auto& [text, written] : std::vector<std::pair<const char*, const char*>>{
             {"127.0.0.1", "127.0.0.1"},
             {"10.0.0.0/8", "10.0.0.0/8"},
             {"172.18.0.0/16", "172.18.0.0/16"},
             {"0.0.0.0/0", "0.0.0.0/0"},
             {"192.0.2.7/32", "192.0.2.7"},
             {"::1", "::1"},
             {"2001:db8::/32", "2001:db8::/32"},
             {"2001:DB8::/32", "2001:db8::/32"},
             {"::/0", "::/0"},
             {"::ffff:10.0.0.0/104", "10.0.0.0/8"},
         }) {
        CAPTURE(text);
        const auto network = server::parse_ip_network(text);
        REQUIRE(network);
        CHECK(server::ip_network_text(*network) == written);
        CHECK(server::parse_ip_network(server::ip_network_text(*network)) == network);
    }
    for (const char* bad :
         {"", "localhost", "10.0.0.0/", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/8/8", "10.0.0.0/8x",
          "10.0.0.1/8", "10.0.0.0 /8", " 10.0.0.1", "10.0.0", "256.0.0.1", "2001:db8::/129",
          "2001:db8::1/32", "[::1]", "::1%lo", "10.0.0.0/0008"}) {
        CAPTURE(bad);
        CHECK_FALSE(server::parse_ip_network(bad));
    }
}

TEST_CASE("ip network: membership by prefix, IPv4 also as IPv4-mapped IPv6") {
    CHECK(xff_contains("10.0.0.0/8", "10.255.1.2"));
    CHECK_FALSE(xff_contains("10.0.0.0/8", "11.0.0.1"));
    CHECK(xff_contains("172.16.0.0/12", "172.31.255.255"));
    CHECK_FALSE(xff_contains("172.16.0.0/12", "172.32.0.0"));
    CHECK(xff_contains("192.0.2.7", "192.0.2.7"));
    CHECK_FALSE(xff_contains("192.0.2.7", "192.0.2.8"));
    CHECK(xff_contains("0.0.0.0/0", "203.0.113.9"));
    CHECK_FALSE(xff_contains("0.0.0.0/0", "2001:db8::1"));
    CHECK(xff_contains("10.0.0.0/8", "::ffff:10.1.2.3"));
    CHECK(xff_contains("2001:db8::/32", "2001:db8:ffff::1"));
    CHECK_FALSE(xff_contains("2001:db8::/32", "2001:db9::1"));
    CHECK(xff_contains("2001:db8::/31", "2001:db9::1"));
    CHECK(xff_contains("::/0", "10.0.0.1")); // every address, the IPv4 ones with them
    CHECK(xff_contains("::1", "::1"));
    CHECK_FALSE(xff_contains("::1", "127.0.0.1"));
}

TEST_CASE("client address: only a trusted peer's X-Forwarded-For is read") {
    // Nobody trusted (the default): the header is ignored, whatever it says.
    CHECK(xff_client("203.0.113.9", {"198.51.100.1"}, {}) == "203.0.113.9");
    CHECK(xff_client("127.0.0.1", {"198.51.100.1"}, {}) == "127.0.0.1");
    // A peer outside the trusted networks: its header is ignored.
    CHECK(xff_client("203.0.113.9", {"198.51.100.1"}, {"10.0.0.0/8"}) == "203.0.113.9");
    CHECK(xff_client("11.0.0.1", {"198.51.100.1"}, {"10.0.0.0/8"}) == "11.0.0.1");
    // A trusted peer: the forwarded address.
    CHECK(xff_client("10.0.0.5", {"198.51.100.1"}, {"10.0.0.0/8"}) == "198.51.100.1");
    CHECK(xff_client("127.0.0.1", {"198.51.100.1"}, {"127.0.0.1"}) == "198.51.100.1");
    CHECK(xff_client("::ffff:10.0.0.5", {"198.51.100.1"}, {"10.0.0.0/8"}) == "198.51.100.1");
    CHECK(xff_client("::1", {"198.51.100.1"}, {"::1"}) == "198.51.100.1");
    // A trusted peer without the header, or with an empty one: the peer.
    CHECK(xff_client("10.0.0.5", {}, {"10.0.0.0/8"}) == "10.0.0.5");
    CHECK(xff_client("10.0.0.5", {""}, {"10.0.0.0/8"}) == "10.0.0.5");
    CHECK(xff_client("10.0.0.5", {" , ,"}, {"10.0.0.0/8"}) == "10.0.0.5");
}

TEST_CASE("client address: the right-most address that is not a trusted proxy") {
    const auto trusted = {"10.0.0.0/8", "2001:db8:ffff::/48"};
    // What the client wrote itself (left) is passed over for what the proxy appended.
    CHECK(xff_client("10.0.0.5", {"1.2.3.4, 198.51.100.1"}, trusted) == "198.51.100.1");
    // Proxies in a chain: their own addresses are walked past from the right.
    CHECK(xff_client("10.0.0.5", {"1.2.3.4, 198.51.100.1, 10.0.0.9, 10.1.1.1"}, trusted) ==
          "198.51.100.1");
    // Every entry trusted: the left-most, the farthest one known (a client inside the network).
    CHECK(xff_client("10.0.0.5", {"10.3.3.3, 10.0.0.9"}, trusted) == "10.3.3.3");
    // Spaces and tabs around entries, empty elements.
    CHECK(xff_client("10.0.0.5", {"  1.2.3.4 ,\t198.51.100.1\t"}, trusted) == "198.51.100.1");
    CHECK(xff_client("10.0.0.5", {"198.51.100.1,,"}, trusted) == "198.51.100.1");
    CHECK(xff_client("10.0.0.5", {",198.51.100.1"}, trusted) == "198.51.100.1");
}

TEST_CASE("client address: several X-Forwarded-For headers are one list, in order") {
    const auto trusted = {"10.0.0.0/8"};
    // HAProxy's option forwardfor adds a header after the client's own.
    CHECK(xff_client("10.0.0.5", {"1.2.3.4", "198.51.100.1"}, trusted) == "198.51.100.1");
    CHECK(xff_client("10.0.0.5", {"1.2.3.4", "198.51.100.1, 10.0.0.7"}, trusted) == "198.51.100.1");
    CHECK(xff_client("10.0.0.5", {"198.51.100.1", "10.0.0.7", "10.0.0.8"}, trusted) ==
          "198.51.100.1");
    // The header name in any case.
    server::http::Request lower = xff_request({});
    lower.insert("x-forwarded-for", "198.51.100.3");
    CHECK(server::http::client_address("10.0.0.5", lower, xff_networks({"10.0.0.0/8"})) ==
          "198.51.100.3");
}

TEST_CASE("client address: IPv6, brackets and ports") {
    const auto trusted = {"10.0.0.0/8", "fd00::/8"};
    CHECK(xff_client("10.0.0.5", {"2001:db8::1"}, trusted) == "2001:db8::1");
    CHECK(xff_client("10.0.0.5", {"2001:DB8:0:0::1"}, trusted) == "2001:db8::1");
    CHECK(xff_client("fd00::5", {"198.51.100.1"}, trusted) == "198.51.100.1");
    CHECK(xff_client("10.0.0.5", {"[2001:db8::1]"}, trusted) == "2001:db8::1");
    CHECK(xff_client("10.0.0.5", {"[2001:db8::1]:4711"}, trusted) == "2001:db8::1");
    CHECK(xff_client("10.0.0.5", {"198.51.100.1:4711"}, trusted) == "198.51.100.1");
    CHECK(xff_client("10.0.0.5", {"::ffff:198.51.100.1"}, trusted) == "198.51.100.1");
    CHECK(xff_client("10.0.0.5", {"2001:db8::1, fd00::9"}, trusted) == "2001:db8::1");
}

TEST_CASE("client address: garbage where the walk reaches it leaves the peer") {
    const auto trusted = {"10.0.0.0/8"};
    for (const char* bad : {"unknown", "localhost", "198.51.100.1.5", "198.51.100", "300.1.1.1",
                            "198.51.100.1 198.51.100.2", "198.51.100.1;", "[198.51.100.1]",
                            "[2001:db8::1", "[2001:db8::1]x", "[2001:db8::1]:", "198.51.100.1:",
                            "198.51.100.1:http", "198.51.100.1:123456", "fe80::1%eth0", "_hidden",
                            "\"198.51.100.1\"", "for=198.51.100.1"}) {
        CAPTURE(bad);
        CHECK(xff_client("10.0.0.5", {bad}, trusted) == "10.0.0.5");
        // Reached past trusted proxies: still the peer, never a proxy's word half-read.
        const std::string list = std::string(bad).append(", 10.0.0.9");
        CHECK(xff_client("10.0.0.5", {list.c_str()}, trusted) == "10.0.0.5");
    }
    // Garbage left of the client's address is never reached: what the client wrote itself.
    CHECK(xff_client("10.0.0.5", {"unknown, 198.51.100.1"}, trusted) == "198.51.100.1");
    CHECK(xff_client("10.0.0.5", {"garbage", "198.51.100.1"}, trusted) == "198.51.100.1");
}
