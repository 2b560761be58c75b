// The pure helpers: query strings, the session cookie both ways, bounded integers.
#include "server/accounts/api_json.h"
#include "server/accounts/stored_block_list.h"

#include <doctest/doctest.h>

using namespace server::accounts;

TEST_CASE("query_param decodes values and tells absent from empty") {
    CHECK(query_param("/api/x?limit=5&before=12", "before") == "12");
    CHECK(query_param("/api/x?name=a%20b+c", "name") == "a b c");
    CHECK(query_param("/api/x?flag", "flag") == "");
    CHECK_FALSE(query_param("/api/x?limit=5", "before"));
    CHECK_FALSE(query_param("/api/x", "limit"));
    CHECK_FALSE(query_param("/api/x?name=%4", "name")); // broken escape
    CHECK_FALSE(query_param("/api/x?name=%zz", "name"));
    CHECK(path_of("/api/x?limit=5") == "/api/x");
}

TEST_CASE("parse_int takes only whole decimal numbers in range") {
    CHECK(parse_int("42", 1, 100) == 42);
    CHECK_FALSE(parse_int("0", 1, 100));
    CHECK_FALSE(parse_int("101", 1, 100));
    CHECK_FALSE(parse_int("4x", 1, 100));
    CHECK_FALSE(parse_int("", 1, 100));
    CHECK_FALSE(parse_int("99999999999999999999999", 1, INT64_MAX));
}

TEST_CASE("the session cookie carries HttpOnly, SameSite=Lax and Path, and Secure under TLS") {
    const auto plain = session_cookie_header("abc", std::chrono::seconds(60), false);
    CHECK(plain == "tabula_session=abc; HttpOnly; SameSite=Lax; Path=/; Max-Age=60");
    const auto secure = session_cookie_header("abc", std::chrono::seconds(60), true);
    CHECK(secure.ends_with("; Secure"));
    CHECK(clear_session_cookie_header(false).starts_with("tabula_session=; "));
    CHECK(clear_session_cookie_header(false).find("Max-Age=0") != std::string::npos);
}

TEST_CASE("session_cookie finds the cookie among others") {
    server::http::Request request;
    request.set(server::http::beast_http::field::cookie, "theme=dark; tabula_session=tok; x=1");
    CHECK(session_cookie(request) == "tok");
    request.set(server::http::beast_http::field::cookie, "theme=dark; tabula_sessionx=no");
    CHECK_FALSE(session_cookie(request));
}

TEST_CASE("the block list compares account numbers, never names, and swaps snapshots") {
    StoredBlockList blocks;
    CHECK_FALSE(blocks.blocks("u1", "u2"));
    blocks.add(1, 2);
    CHECK(blocks.blocks("u1", "u2"));
    CHECK_FALSE(blocks.blocks("u2", "u1"));
    CHECK(blocks.either_blocks("u2", "u1"));
    // A name that looks like an id, a guest, the computer: none is an account's id.
    CHECK_FALSE(blocks.blocks("U1", "u2"));
    CHECK_FALSE(blocks.blocks("u1", "u02"));
    CHECK_FALSE(blocks.blocks("u1", "guest-AB12"));
    CHECK_FALSE(blocks.blocks("u1", "Pip (Easy)"));
    blocks.remove(1, 2);
    CHECK_FALSE(blocks.blocks("u1", "u2"));
}
