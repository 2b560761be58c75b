#include "server/tls/tls_context.h"

#include "server/startup_error.h"

#include <openssl/err.h>
#include <openssl/ssl.h>

namespace server::tls {
namespace {

std::string openssl_reason() {
    const unsigned long code = ERR_get_error();
    ERR_clear_error();
    if (code == 0)
        return "unknown OpenSSL error";
    char text[256];
    ERR_error_string_n(code, text, sizeof text);
    return text;
}

} // namespace

std::unique_ptr<boost::asio::ssl::context> make_server_context(const std::string& cert_file,
                                                               const std::string& key_file) {
    namespace ssl = boost::asio::ssl;
    auto context = std::make_unique<ssl::context>(ssl::context::tls_server);
    SSL_CTX* native = context->native_handle();
    ERR_clear_error();
    SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION);
    SSL_CTX_set_options(native, SSL_OP_NO_COMPRESSION | SSL_OP_CIPHER_SERVER_PREFERENCE |
                                    SSL_OP_NO_RENEGOTIATION | SSL_OP_SINGLE_ECDH_USE);
    if (SSL_CTX_set_cipher_list(native, tls12_ciphers) != 1)
        throw StartupError("tls: cipher list rejected: " + openssl_reason());
    if (SSL_CTX_use_certificate_chain_file(native, cert_file.c_str()) != 1)
        throw StartupError("config: tls_cert: cannot load certificate chain \"" + cert_file +
                           "\": " + openssl_reason());
    if (SSL_CTX_use_PrivateKey_file(native, key_file.c_str(), SSL_FILETYPE_PEM) != 1)
        throw StartupError("config: tls_key: cannot load private key \"" + key_file +
                           "\": " + openssl_reason());
    if (SSL_CTX_check_private_key(native) != 1)
        throw StartupError("config: tls_key: \"" + key_file + "\" does not match tls_cert \"" +
                           cert_file + "\"");
    return context;
}

} // namespace server::tls
