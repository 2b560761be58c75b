#include "tests/server/test_support.h"

#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <utility>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

namespace test {

namespace asio = boost::asio;

TempDir::TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "tabula-test-XXXXXX").string();
    if (!mkdtemp(pattern.data()))
        throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
}

TempDir::~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

void TempDir::write(const std::string& relative, const std::string& content) const {
    const auto file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream out(file, std::ios::binary);
    out << content;
}

SampleWeb::SampleWeb() : web(dir.path() / "web") {
    dir.write("web/index.html", "<!doctype html><title>Tabula test</title>");
    dir.write("web/app.js", "export const answer = 42;\n");
    dir.write("web/style.css", "body { margin: 0 }\n");
    dir.write("web/data.json", "{\"ok\":true}");
    dir.write("web/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
    dir.write("web/sub/page.html", "<p>sub page</p>");
    dir.write("web/.hidden", "hidden");
    dir.write("secret.txt", "TOP SECRET");
}

server::Config test_config(const std::filesystem::path& web) {
    server::Config config;
    config.bind = "127.0.0.1";
    config.port = 0;
    config.threads = 2;
    config.web = web.string();
    config.log_level = server::LogLevel::Warn;
    return config;
}

RunningServer::RunningServer(const std::function<void(server::Config&)>& adjust,
                             const std::function<void(server::App&)>& setup)
    : config(test_config(sample.web)) {
    if (adjust)
        adjust(config);
    app = std::make_unique<server::App>(config);
    if (setup)
        setup(*app);
    app->start();
}

RunningServer::~RunningServer() {
    app->stop();
}

std::string HttpReply::header(const std::string& lower_name) const {
    const auto it = headers.find(lower_name);
    return it == headers.end() ? std::string() : it->second;
}

namespace {

HttpReply parse_reply(const std::string& text) {
    HttpReply reply;
    const auto head_end = text.find("\r\n\r\n");
    if (text.size() < 12 || !text.starts_with("HTTP/1.") || head_end == std::string::npos)
        return reply;
    reply.status = std::atoi(text.substr(9, 3).c_str());
    std::size_t line_start = text.find("\r\n") + 2;
    while (line_start < head_end) {
        const auto line_end = text.find("\r\n", line_start);
        const auto line = text.substr(line_start, line_end - line_start);
        const auto colon = line.find(':');
        if (colon != std::string::npos) {
            std::string name = line.substr(0, colon);
            for (auto& c : name)
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            auto value = line.substr(colon + 1);
            value.erase(0, value.find_first_not_of(' '));
            reply.headers[name] = value;
        }
        line_start = line_end + 2;
    }
    reply.body = text.substr(head_end + 4);
    return reply;
}

} // namespace

HttpReply raw_http(std::uint16_t port, const std::string& raw, std::chrono::milliseconds timeout) {
    asio::io_context io;
    asio::ip::tcp::socket socket(io);
    socket.connect({asio::ip::make_address("127.0.0.1"), port});
    std::string received;
    std::array<char, 4096> chunk{};
    std::function<void(boost::system::error_code, std::size_t)> on_read =
        [&](boost::system::error_code ec, std::size_t n) {
            received.append(chunk.data(), n);
            if (!ec)
                socket.async_read_some(asio::buffer(chunk), on_read);
        };
    asio::async_write(socket, asio::buffer(raw), [&](boost::system::error_code ec, std::size_t) {
        if (!ec)
            socket.async_read_some(asio::buffer(chunk), on_read);
    });
    io.run_for(timeout);
    return parse_reply(received);
}

HttpReply http_request(std::uint16_t port, const std::string& method, const std::string& target,
                       const std::string& extra_headers, const std::string& body) {
    std::string raw = method + " " + target +
                      " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                      "\r\nConnection: close\r\n" + extra_headers;
    if (!body.empty() || method == "POST" || method == "PUT")
        raw += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    raw += "\r\n" + body;
    return raw_http(port, raw);
}

} // namespace test
