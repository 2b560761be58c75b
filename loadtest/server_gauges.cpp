#include "loadtest/server_gauges.h"

#include <charconv>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

namespace loadtest {

namespace {

namespace beast = boost::beast;
namespace http = beast::http;

// The value of the sample line "<name> <integer>", or -1.
std::int64_t sample(std::string_view text, std::string_view name) {
    std::size_t at = 0;
    while (at < text.size()) {
        auto end = text.find('\n', at);
        if (end == std::string_view::npos)
            end = text.size();
        const auto line = text.substr(at, end - at);
        at = end + 1;
        if (!line.starts_with(name) || line.size() <= name.size() + 1 || line[name.size()] != ' ')
            continue;
        const auto number = line.substr(name.size() + 1);
        std::int64_t value = 0;
        const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
        if (ec == std::errc{})
            return value;
    }
    return -1;
}

} // namespace

ServerGauges parse_gauges(std::string_view metrics_text) {
    return {sample(metrics_text, "tabula_connections"), sample(metrics_text, "tabula_live_tables")};
}

std::optional<ServerGauges> read_gauges(const boost::asio::ip::tcp::endpoint& server,
                                        std::chrono::milliseconds timeout) {
    boost::asio::io_context io{1};
    beast::tcp_stream stream(io);
    std::optional<ServerGauges> gauges;
    stream.expires_after(timeout);
    http::request<http::empty_body> request{http::verb::get, "/metrics", 11};
    request.set(http::field::host, server.address().to_string());
    request.set(http::field::connection, "close");
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    stream.async_connect(server, [&](const beast::error_code& ec) {
        if (ec)
            return;
        http::async_write(stream, request, [&](const beast::error_code& wec, std::size_t) {
            if (wec)
                return;
            http::async_read(stream, buffer, response,
                             [&](const beast::error_code& rec, std::size_t) {
                                 if (!rec && response.result() == http::status::ok)
                                     gauges = parse_gauges(response.body());
                             });
        });
    });
    io.run();
    return gauges;
}

IdleWait wait_until_idle(const boost::asio::ip::tcp::endpoint& server,
                         std::chrono::milliseconds limit) {
    constexpr std::chrono::milliseconds pause{200};
    const auto begun = std::chrono::steady_clock::now();
    IdleWait wait;
    for (;;) {
        if (auto gauges = read_gauges(server, std::chrono::seconds(5)))
            wait.last = gauges;
        wait.waited = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - begun);
        if (wait.last && wait.last->connections == 0 && wait.last->live_tables == 0) {
            wait.idle = true;
            return wait;
        }
        if (wait.waited >= limit)
            return wait;
        std::this_thread::sleep_for(pause);
    }
}

} // namespace loadtest
