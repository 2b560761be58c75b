#pragma once
// The server's TLS configuration (OpenSSL through boost::asio::ssl): TLS 1.2 and 1.3 only,
// forward-secret AEAD ciphers for TLS 1.2 (ECDHE with AES-GCM or ChaCha20-Poly1305), OpenSSL's
// defaults for TLS 1.3, no compression, no renegotiation, the server's cipher order.

#include <memory>
#include <string>
#include <utility>

#include <boost/asio/ssl/context.hpp>

namespace server::tls {

// The cipher list offered for TLS 1.2.
inline constexpr const char* tls12_ciphers =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
    "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
    "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

// Loads the PEM certificate chain and private key; a StartupError names tls_cert or tls_key
// when a file is missing, unreadable or the two do not match.
std::unique_ptr<boost::asio::ssl::context> make_server_context(const std::string& cert_file,
                                                               const std::string& key_file);

} // namespace server::tls
