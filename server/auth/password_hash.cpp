#include "server/auth/password_hash.h"

#include <array>
#include <charconv>
#include <stdexcept>
#include <vector>

#include <argon2.h>
#include <openssl/rand.h>

namespace server::auth {
namespace {

constexpr std::size_t salt_bytes = 16;
constexpr std::size_t hash_bytes = 32;

// Reads "<key>=<number>" at the front of `text` and moves past it.
std::optional<std::uint32_t> read_field(std::string_view& text, std::string_view key) {
    if (!text.starts_with(key) || text.size() <= key.size() || text[key.size()] != '=')
        return std::nullopt;
    text.remove_prefix(key.size() + 1);
    std::uint32_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{})
        return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return value;
}

} // namespace

std::string hash_password(std::string_view password, const PasswordParams& params) {
    std::array<unsigned char, salt_bytes> salt{};
    if (RAND_bytes(salt.data(), static_cast<int>(salt.size())) != 1)
        throw std::runtime_error("RAND_bytes failed: no randomness for a password salt");
    std::vector<char> encoded(argon2_encodedlen(params.passes, params.memory_kib, params.lanes,
                                                salt_bytes, hash_bytes, Argon2_id));
    const int rc = argon2id_hash_encoded(params.passes, params.memory_kib, params.lanes,
                                         password.data(), password.size(), salt.data(), salt.size(),
                                         hash_bytes, encoded.data(), encoded.size());
    if (rc != ARGON2_OK)
        throw std::runtime_error(std::string("argon2id failed: ") + argon2_error_message(rc));
    return std::string(encoded.data());
}

bool verify_password(std::string_view encoded, std::string_view password) {
    if (!encoded_params(encoded))
        return false;
    const std::string terminated(encoded); // libargon2 wants a C string
    return argon2id_verify(terminated.c_str(), password.data(), password.size()) == ARGON2_OK;
}

std::optional<PasswordParams> encoded_params(std::string_view encoded) {
    // $argon2id$v=19$m=<kib>,t=<passes>,p=<lanes>$<salt>$<hash>
    std::string_view rest = encoded;
    if (!rest.starts_with("$argon2id$"))
        return std::nullopt;
    rest.remove_prefix(10);
    if (!read_field(rest, "v") || !rest.starts_with("$"))
        return std::nullopt;
    rest.remove_prefix(1);
    PasswordParams params;
    const auto m = read_field(rest, "m");
    if (!m || !rest.starts_with(","))
        return std::nullopt;
    rest.remove_prefix(1);
    const auto t = read_field(rest, "t");
    if (!t || !rest.starts_with(","))
        return std::nullopt;
    rest.remove_prefix(1);
    const auto p = read_field(rest, "p");
    if (!p || !rest.starts_with("$"))
        return std::nullopt;
    params.memory_kib = *m;
    params.passes = *t;
    params.lanes = *p;
    return params;
}

bool needs_rehash(std::string_view encoded, const PasswordParams& params) {
    const auto stored = encoded_params(encoded);
    if (!stored)
        return true;
    return stored->memory_kib < params.memory_kib || stored->passes < params.passes ||
           stored->lanes < params.lanes;
}

} // namespace server::auth
