#include "server/auth/session_token.h"

#include <set>

#include <doctest/doctest.h>

using namespace server::auth;

TEST_CASE("a session token is 43 base64url characters and stored as its SHA-256") {
    const SessionToken t = new_session_token();
    CHECK(t.token.size() == 43);
    CHECK(looks_like_session_token(t.token));
    CHECK(t.hash.size() == 64);
    CHECK(t.hash == hash_session_token(t.token));
    CHECK(t.hash.find(t.token) == std::string::npos);
}

TEST_CASE("SHA-256 matches the FIPS 180-2 test vector") {
    // FIPS 180-2, appendix B.1: SHA-256("abc")
    CHECK(hash_session_token("abc") ==
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("tokens do not repeat") {
    std::set<std::string> seen;
    for (int i = 0; i < 1000; ++i)
        seen.insert(new_session_token().token);
    CHECK(seen.size() == 1000);
}

TEST_CASE("only token-shaped text is accepted for lookup") {
    CHECK_FALSE(looks_like_session_token(""));
    CHECK_FALSE(looks_like_session_token(std::string(42, 'a')));
    CHECK_FALSE(looks_like_session_token(std::string(44, 'a')));
    CHECK_FALSE(looks_like_session_token(std::string(42, 'a') + "="));
    CHECK(looks_like_session_token(std::string(41, 'a') + "-_"));
}
