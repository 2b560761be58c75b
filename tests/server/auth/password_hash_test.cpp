#include "server/auth/password_hash.h"

#include <doctest/doctest.h>

using namespace server::auth;

namespace {
constexpr PasswordParams cheap{.memory_kib = 1024, .passes = 1, .lanes = 1};
}

TEST_CASE("an OWASP-minimum hash is Argon2id with m=19456, t=2, p=1 and verifies") {
    const std::string encoded = hash_password("correct horse battery staple");
    CHECK(encoded.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
    CHECK(verify_password(encoded, "correct horse battery staple"));
    CHECK_FALSE(verify_password(encoded, "correct horse battery stapl"));
    CHECK_FALSE(needs_rehash(encoded));
}

TEST_CASE("every hash has its own salt") {
    CHECK(hash_password("same password", cheap) != hash_password("same password", cheap));
}

TEST_CASE("the parameters are read back, and weaker ones need a rehash") {
    const std::string weak = hash_password("pw123456", cheap);
    const auto params = encoded_params(weak);
    REQUIRE(params);
    CHECK(params->memory_kib == 1024);
    CHECK(params->passes == 1);
    CHECK(params->lanes == 1);
    CHECK(needs_rehash(weak));
    CHECK_FALSE(needs_rehash(weak, cheap));
    CHECK(verify_password(weak, "pw123456")); // still valid until rehashed
}

TEST_CASE("malformed stored hashes are a mismatch, never a crash") {
    for (const char* bad :
         {"", "$argon2i$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaA", "$argon2id$v=19$m=1024,t=1$x$y",
          "$argon2id$", "plaintext", "$argon2id$v=19$m=99999999999,t=1,p=1$c2FsdA$aGFzaA"}) {
        CHECK_FALSE(verify_password(bad, "password"));
        CHECK(needs_rehash(bad));
    }
}

TEST_CASE("passwords with NUL bytes and non-ASCII text hash and verify exactly") {
    const std::string odd("pa\0ss\xc3\xa9word", 11);
    const std::string encoded = hash_password(odd, cheap);
    CHECK(verify_password(encoded, odd));
    CHECK_FALSE(verify_password(encoded, std::string("pa\0ss\xc3\xa9wore", 11)));
}
