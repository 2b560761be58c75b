#pragma once
// Shared helpers of the server tests: temporary directories, a sample web dir, an in-process
// server on 127.0.0.1:0, and raw HTTP exchanges with a deadline. Everything talks to 127.0.0.1
// only and every wait is bounded.

#include "server/app/app.h"
#include "server/config/config.h"

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace test {

using namespace std::chrono_literals;

// A fresh directory under the system temp dir, removed with its contents at the end.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    // Writes `content` to path()/relative, creating directories.
    void write(const std::string& relative, const std::string& content) const;

private:
    std::filesystem::path path_;
};

// A web dir with index.html, app.js, style.css, data.json, logo.svg, sub/page.html, and a file
// next to (outside) it, "secret.txt", that must never be served.
struct SampleWeb {
    TempDir dir;
    std::filesystem::path web;
    SampleWeb();
};

// A Config for tests: 127.0.0.1, a free port, two threads, the given web dir.
server::Config test_config(const std::filesystem::path& web);

// An App started on 127.0.0.1:0 over a SampleWeb; `adjust` may change the config and
// `setup` may register routes and handlers before start(). Stopped at the end.
struct RunningServer {
    SampleWeb sample;
    server::Config config;
    std::unique_ptr<server::App> app;

    explicit RunningServer(const std::function<void(server::Config&)>& adjust = {},
                           const std::function<void(server::App&)>& setup = {});
    ~RunningServer();
    std::uint16_t port() const { return app->port(); }
};

// A parsed HTTP response.
struct HttpReply {
    int status = 0;
    std::map<std::string, std::string> headers; // names in lower case
    std::string body;
    std::string header(const std::string& lower_name) const;
};

// Sends `raw` (a full request; use "Connection: close") to 127.0.0.1:port and reads the reply
// until the server closes. status 0 when nothing came back within `timeout`.
HttpReply raw_http(std::uint16_t port, const std::string& raw,
                   std::chrono::milliseconds timeout = 5s);

// A GET (or other method) with optional extra header lines ("Origin: x\r\n").
HttpReply http_request(std::uint16_t port, const std::string& method, const std::string& target,
                       const std::string& extra_headers = {}, const std::string& body = {});

} // namespace test
