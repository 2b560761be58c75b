// Registration, login, logout and /api/me over real HTTP; throttling; the Origin check; the
// cookie on the WebSocket upgrade.
#include "server/net/message_handler.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/server/accounts/accounts_test_support.h"
#include "tests/server/ws_test_client.h"

#include <future>
#include <optional>

#include <doctest/doctest.h>

using test::AccountsServer;
using test::error_code;
using test::json_of;

TEST_CASE("register, me, logout and login round trip with the cookie flags") {
    AccountsServer s;
    const auto registered = s.post("/api/register", {{"name", "Ann"}, {"password", "s3cret-pw"}});
    REQUIRE(registered.status == 201);
    CHECK(json_of(registered)["user"]["name"] == "Ann");
    const auto set_cookie = registered.header("set-cookie");
    CHECK(set_cookie.starts_with("tabula_session="));
    CHECK(set_cookie.find("; HttpOnly") != std::string::npos);
    CHECK(set_cookie.find("; SameSite=Lax") != std::string::npos);
    CHECK(set_cookie.find("; Path=/") != std::string::npos);
    CHECK(set_cookie.find("Secure") == std::string::npos); // no TLS here
    const auto cookie = test::cookie_pair(registered);

    // Only the token's hash is stored.
    const std::string token = cookie.substr(cookie.find('=') + 1);
    auto users = s.backend.user_store();
    CHECK_FALSE(users->find_session(token, s.now()));

    auto me = s.get("/api/me", cookie);
    REQUIRE(me.status == 200);
    CHECK(json_of(me)["user"]["name"] == "Ann");
    CHECK(json_of(s.get("/api/me"))["user"].is_null()); // no cookie: a guest

    const auto out = s.post("/api/logout", nlohmann::json::object(), cookie);
    CHECK(out.status == 200);
    CHECK(out.header("set-cookie").find("Max-Age=0") != std::string::npos);
    CHECK(json_of(s.get("/api/me", cookie))["user"].is_null()); // the session is gone

    const auto in = s.post("/api/login", {{"name", "ann"}, {"password", "s3cret-pw"}});
    REQUIRE(in.status == 200);
    CHECK(json_of(in)["user"]["name"] == "Ann");
    CHECK(json_of(s.get("/api/me", test::cookie_pair(in)))["user"]["name"] == "Ann");
}

TEST_CASE("names are unique ignoring case and must follow the rules") {
    AccountsServer s;
    s.register_user("Marta");
    const auto again = s.post("/api/register", {{"name", "MARTA"}, {"password", "another-pw"}});
    CHECK(again.status == 409);
    CHECK(error_code(again) == "name_taken");
    for (const char* bad :
         {"ab", "1abc", "has space", "guest42", "waytoolongname_abcdefghij", "émile"}) {
        const auto reply = s.post("/api/register", {{"name", bad}, {"password", "long enough"}});
        CHECK_MESSAGE(reply.status == 400, bad);
        CHECK_MESSAGE(error_code(reply) == "bad_username", bad);
    }
    const auto short_pw = s.post("/api/register", {{"name", "Nadia"}, {"password", "short"}});
    CHECK(error_code(short_pw) == "bad_password");
    CHECK(error_code(s.post_raw("/api/register", "{not json")) == "bad_json");
    CHECK(error_code(s.post_raw("/api/register", "[1,2]")) == "bad_json");
    CHECK(error_code(s.post("/api/register", {{"name", 5}, {"password", "x"}})) == "bad_request");
    const auto huge = s.post_raw("/api/register", std::string(20'000, ' '));
    CHECK(huge.status == 413);
    CHECK(error_code(huge) == "body_too_large");
    CHECK(s.get("/api/users/Nadia").status == 404); // nothing was created by the refusals
}

TEST_CASE("a wrong password and an unknown user get the same answer") {
    AccountsServer s;
    s.register_user("Olga", "right password");
    const auto wrong = s.post("/api/login", {{"name", "Olga"}, {"password", "wrong password"}});
    const auto unknown = s.post("/api/login", {{"name", "Nobody"}, {"password", "whatever1"}});
    CHECK(wrong.status == 401);
    CHECK(unknown.status == 401);
    CHECK(wrong.body == unknown.body);
    CHECK(error_code(wrong) == "bad_credentials");
    CHECK(wrong.header("set-cookie").empty());
}

TEST_CASE("failed logins are limited per account and per address") {
    AccountsServer s({.failures_per_account = 3, .failures_per_address = 6});
    s.register_user("Pia", "right password");
    for (int i = 0; i < 3; ++i)
        CHECK(error_code(s.post("/api/login", {{"name", "Pia"}, {"password", "nope nope"}})) ==
              "bad_credentials");
    const auto limited = s.post("/api/login", {{"name", "pia"}, {"password", "right password"}});
    CHECK(limited.status == 429);
    CHECK(error_code(limited) == "rate_limited");
    // Another account from the same address still gets in, until the address's limit.
    s.register_user("Quinn", "right password");
    CHECK(s.post("/api/login", {{"name", "Quinn"}, {"password", "right password"}}).status == 200);
    for (int i = 0; i < 3; ++i)
        CHECK(error_code(s.post("/api/login", {{"name", "Zed" + std::to_string(i)},
                                               {"password", "nope nope"}})) == "bad_credentials");
    CHECK(error_code(s.post("/api/login", {{"name", "Quinn"}, {"password", "right password"}})) ==
          "rate_limited");
    // The window passes.
    s.advance(std::chrono::minutes(16));
    CHECK(s.post("/api/login", {{"name", "Pia"}, {"password", "right password"}}).status == 200);
}

TEST_CASE("a state-changing request from another origin is refused") {
    AccountsServer s;
    const auto cookie = s.register_user("Rosa");
    const auto foreign =
        s.post("/api/blocks", {{"name", "Rosa"}}, cookie, "Origin: https://evil.example\r\n");
    CHECK(foreign.status == 403);
    const auto login = s.post("/api/login", {{"name", "Rosa"}, {"password", "correct horse"}}, "",
                              "Origin: https://evil.example\r\n");
    CHECK(login.status == 403);
    CHECK(login.header("set-cookie").empty());
    const auto allowed = s.post("/api/login", {{"name", "Rosa"}, {"password", "correct horse"}}, "",
                                "Origin: https://club.example\r\n");
    CHECK(allowed.status == 200);
}

namespace {

// Reports the principal of the first connection that opens.
class PrincipalProbe final : public server::net::MessageHandler {
public:
    std::promise<std::shared_ptr<const server::auth::Principal>> opened;
    void on_open(const std::shared_ptr<server::net::Connection>& conn) override {
        if (!done_.exchange(true))
            opened.set_value(conn->principal());
    }
    bool on_message(const std::shared_ptr<server::net::Connection>&,
                    const server::protocol::Envelope&) override {
        return false;
    }

private:
    std::atomic<bool> done_{false};
};

std::shared_ptr<const server::auth::Principal> principal_on_upgrade(const std::string& cookie) {
    test::TempDir dir;
    storage::sqlite::SqliteBackend backend((dir.path() / "ws.db").string());
    server::accounts::AccountsServiceOptions options;
    options.accounts.password = {.memory_kib = 256, .passes = 1, .lanes = 1};
    // The server is destroyed after the accounts service, which finishes its queued work (that
    // holds the App's sessions) first.
    std::optional<test::RunningServer> running;
    server::accounts::AccountsService accounts(backend, options);
    auto probe = std::make_shared<PrincipalProbe>();
    auto future = probe->opened.get_future();
    running.emplace(nullptr, [&](server::App& app) {
        accounts.register_routes(app.routes());
        app.set_authenticator(accounts.authenticator());
        app.add_message_handler(probe);
    });
    std::string send = cookie;
    if (send == "register") {
        const auto reply = test::http_request(running->port(), "POST", "/api/register",
                                              "Content-Type: application/json\r\n",
                                              R"({"name":"Sana","password":"correct horse"})");
        send = test::cookie_pair(reply);
    }
    test::WsTestClient client(test::WsOptions(running->port()).cookie_header(send));
    REQUIRE(future.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
    return future.get();
}

} // namespace

TEST_CASE("the WebSocket upgrade carries the session's principal, without one it is a guest") {
    const auto registered = principal_on_upgrade("register");
    REQUIRE(registered);
    CHECK(registered->display_name == "Sana");
    CHECK_FALSE(registered->guest());
    CHECK(registered->account == storage::UserId{1});
    const auto forged =
        principal_on_upgrade("tabula_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    CHECK((forged == nullptr || forged->guest()));
}
