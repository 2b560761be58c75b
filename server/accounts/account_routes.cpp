// POST /api/register, POST /api/login, POST /api/logout, GET /api/me.
#include "server/accounts/accounts_service.h"
#include "server/accounts/service_worker.h"
#include "server/auth/session_token.h"
#include "server/auth/username.h"

namespace server::accounts {
namespace {

namespace bh = http::beast_http;

struct NameAndPassword {
    std::string name;
    std::string password;
};

std::variant<NameAndPassword, http::Response> name_and_password(const http::Request& request) {
    auto parsed = parse_json_object(request);
    if (auto* error = std::get_if<http::Response>(&parsed))
        return std::move(*error);
    const auto& body = std::get<Json>(parsed);
    auto name = string_field(body, "name");
    auto password = string_field(body, "password");
    if (!name || !password)
        return api_error(request, bh::status::bad_request, "bad_request",
                         "send {\"name\": string, \"password\": string}");
    return NameAndPassword{std::move(*name), std::move(*password)};
}

std::chrono::seconds lifetime_of(const auth::AccountsOptions& options) {
    return std::chrono::duration_cast<std::chrono::seconds>(options.session_lifetime);
}

http::Response user_answer(const http::Request& request, bh::status status,
                           const storage::UserRow& user) {
    return api_json(request, status,
                    Json{{"user", {{"id", user.id}, {"name", user.name}}}});
}

} // namespace

void AccountsService::add_account_routes(http::Routes& routes) {
    using namespace std::placeholders;
    // Both hash a password: on their own worker, so that nothing else waits behind them.
    routes.add_async(bh::verb::post, "/api/register",
                     on_password_worker(std::bind_front(&AccountsService::register_user, this)));
    routes.add_async(bh::verb::post, "/api/login",
                     on_password_worker(std::bind_front(&AccountsService::login, this)));
    routes.add_async(bh::verb::post, "/api/logout",
                     on_worker(std::bind_front(&AccountsService::logout, this)));
    routes.add_async(bh::verb::get, "/api/me",
                     on_worker(std::bind_front(&AccountsService::me, this)));
}

http::Response AccountsService::register_user(Worker& w, const http::Request& req,
                                              const http::RequestInfo& info) {
    auto input = name_and_password(req);
    if (auto* error = std::get_if<http::Response>(&input))
        return std::move(*error);
    const auto& [name, password] = std::get<NameAndPassword>(input);
    // Registered and logged in at once: the user and a fresh session (only its hash stored)
    // are written together.
    const auto session = w.accounts.register_user(name, password, info.remote_address, now());
    if (!session)
        return rule_error(req, session.error());
    auto response = user_answer(req, bh::status::created, session->user);
    response.set(bh::field::set_cookie,
                 session_cookie_header(session->token, lifetime_of(options_.accounts), info.tls));
    return response;
}

http::Response AccountsService::login(Worker& w, const http::Request& req,
                                      const http::RequestInfo& info) {
    auto input = name_and_password(req);
    if (auto* error = std::get_if<http::Response>(&input))
        return std::move(*error);
    const auto& [name, password] = std::get<NameAndPassword>(input);
    const auto session = w.accounts.login(name, password, info.remote_address, now());
    if (!session)
        return rule_error(req, session.error());
    auto response = user_answer(req, bh::status::ok, session->user);
    response.set(bh::field::set_cookie,
                 session_cookie_header(session->token, lifetime_of(options_.accounts), info.tls));
    return response;
}

http::Response AccountsService::logout(Worker& w, const http::Request& req,
                                       const http::RequestInfo& info) {
    if (const auto token = session_cookie(req))
        w.accounts.logout(*token);
    auto response = api_json(req, bh::status::ok, Json{{"user", nullptr}});
    response.set(bh::field::set_cookie, clear_session_cookie_header(info.tls));
    return response;
}

http::Response AccountsService::me(Worker& w, const http::Request& req,
                                   const http::RequestInfo& info) {
    const auto id = account_of(info);
    if (!id)
        return api_json(req, bh::status::ok, Json{{"user", nullptr}});
    const auto user = w.users->find_user(*id);
    if (!user || user->disabled)
        return api_json(req, bh::status::ok, Json{{"user", nullptr}});
    return user_answer(req, bh::status::ok, *user);
}

} // namespace server::accounts
