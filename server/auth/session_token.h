#pragma once
// Login session tokens: 32 random bytes from OpenSSL's RAND_bytes, sent to the browser as
// base64url (43 characters, in an HttpOnly; SameSite=Lax cookie) and stored only as the hex
// SHA-256 of that text, so a copy of the database lets nobody log in.

#include <string>
#include <string_view>

namespace server::auth {

struct SessionToken {
    std::string token; // for the cookie; never stored
    std::string hash;  // for storage: hex SHA-256 of `token`
};

// Throws std::runtime_error if RAND_bytes fails.
SessionToken new_session_token();

// Hex SHA-256 (EVP) of a token as the client sent it.
std::string hash_session_token(std::string_view token);

// True for text shaped like a token (43 base64url characters); check before hashing input.
bool looks_like_session_token(std::string_view token);

} // namespace server::auth
