#pragma once
// Password hashing with Argon2id (libargon2). The encoded string
// ("$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>") carries its parameters and salt, so the
// parameters can be raised later: needs_rehash() says when a stored hash is weaker than wanted,
// and the server rehashes at the next successful login.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace server::auth {

// OWASP Password Storage Cheat Sheet, minimum for Argon2id: m = 19 MiB, t = 2, p = 1.
struct PasswordParams {
    std::uint32_t memory_kib = 19 * 1024;
    std::uint32_t passes = 2;
    std::uint32_t lanes = 1;
};
inline constexpr PasswordParams owasp_minimum{};

// A new encoded hash with a fresh 16-byte salt from OpenSSL's RAND_bytes. Throws
// std::runtime_error if the random generator or libargon2 fails (out of memory).
std::string hash_password(std::string_view password, const PasswordParams& params = owasp_minimum);

// Whether `password` matches `encoded` (constant-time comparison inside libargon2). A malformed
// encoded string is a mismatch, never a crash.
bool verify_password(std::string_view encoded, std::string_view password);

// True when `encoded` is not Argon2id or uses less memory, fewer passes or fewer lanes than
// `params`.
bool needs_rehash(std::string_view encoded, const PasswordParams& params = owasp_minimum);

// The parameters inside an encoded Argon2id string; nullopt when it is not one.
std::optional<PasswordParams> encoded_params(std::string_view encoded);

} // namespace server::auth
