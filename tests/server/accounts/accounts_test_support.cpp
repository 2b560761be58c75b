#include "tests/server/accounts/accounts_test_support.h"

#include "storage/open.h"

namespace test {
namespace {

server::accounts::AccountsServiceOptions service_options(const AccountsServerOptions& options,
                                                         std::atomic<std::int64_t>& clock_ms) {
    server::accounts::AccountsServiceOptions out;
    out.accounts.password = {.memory_kib = 256, .passes = 1, .lanes = 1}; // fast for tests
    out.throttle.per_account.max_failures = options.failures_per_account;
    out.throttle.per_address.max_failures = options.failures_per_address;
    out.clock = [&clock_ms, on_clock = options.on_clock] {
        if (on_clock)
            on_clock();
        return storage::TimePoint(std::chrono::milliseconds(clock_ms.load()));
    };
    return out;
}

// 2026-01-01T00:00:00Z
constexpr std::int64_t start_ms = 1'767'225'600'000;

} // namespace

AccountsServer::AccountsServer(AccountsServerOptions options,
                               std::unique_ptr<test_db::TestDatabase> database)
    : clock_ms_(start_ms), database_(std::move(database)),
      opened_(storage::open(database_->location())), backend(*opened_),
      accounts(backend, service_options(options, clock_ms_)) {
    server = std::make_unique<RunningServer>(
        [](server::Config& config) { config.allowed_origins = {"https://club.example"}; },
        [this](server::App& app) {
            accounts.register_routes(app.routes());
            app.set_authenticator(accounts.authenticator());
        });
}

AccountsServer::~AccountsServer() {
    server->app->stop();
}

storage::TimePoint AccountsServer::now() const {
    return storage::TimePoint(std::chrono::milliseconds(clock_ms_.load()));
}

HttpReply AccountsServer::get(const std::string& target, const std::string& cookie) {
    return http_request(server->port(), "GET", target,
                        cookie.empty() ? std::string{} : "Cookie: " + cookie + "\r\n");
}

HttpReply AccountsServer::post_raw(const std::string& target, const std::string& body,
                                   const std::string& cookie, const std::string& extra_headers) {
    std::string headers = "Content-Type: application/json\r\n" + extra_headers;
    if (!cookie.empty())
        headers += "Cookie: " + cookie + "\r\n";
    return http_request(server->port(), "POST", target, headers, body);
}

HttpReply AccountsServer::post(const std::string& target, const nlohmann::json& body,
                               const std::string& cookie, const std::string& extra_headers) {
    return post_raw(target, body.dump(), cookie, extra_headers);
}

HttpReply AccountsServer::del(const std::string& target, const std::string& cookie) {
    return http_request(server->port(), "DELETE", target,
                        cookie.empty() ? std::string{} : "Cookie: " + cookie + "\r\n");
}

std::string AccountsServer::register_user(const std::string& name, const std::string& password) {
    const auto reply = post("/api/register", {{"name", name}, {"password", password}});
    if (reply.status != 201)
        throw std::runtime_error("register " + name + ": " + std::to_string(reply.status) + " " +
                                 reply.body);
    return cookie_pair(reply);
}

storage::UserId AccountsServer::user_id(const std::string& name) {
    const auto user = backend.user_store()->find_user_by_name(name);
    if (!user)
        throw std::runtime_error("no user " + name);
    return user->id;
}

std::string cookie_pair(const HttpReply& reply) {
    const auto header = reply.header("set-cookie");
    return header.substr(0, header.find(';'));
}

nlohmann::json json_of(const HttpReply& reply) {
    return nlohmann::json::parse(reply.body, nullptr, false);
}

std::string error_code(const HttpReply& reply) {
    const auto body = json_of(reply);
    if (!body.is_object())
        return {};
    const auto error = body.find("error");
    if (error == body.end() || !error->is_object())
        return {};
    const auto code = error->find("code");
    return code != error->end() && code->is_string() ? code->get<std::string>() : std::string{};
}

} // namespace test
