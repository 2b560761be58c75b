// TLS: https/wss with a certificate made in the test, and the startup errors of bad TLS files.
#include "server/startup_error.h"
#include "server/tls/tls_context.h"
#include "tests/server/test_certificate.h"
#include "tests/server/test_support.h"
#include "tests/server/ws_test_client.h"

#include <boost/asio/ssl.hpp>
#include <doctest/doctest.h>
#include <openssl/ssl.h>

using namespace std::chrono_literals;

TEST_CASE("tls: wss round trip with a self-signed certificate, TLS 1.2 or newer") {
    const test::TempDir keys;
    const auto files = test::write_self_signed_certificate(keys.path());
    const test::RunningServer server([&files](server::Config& config) {
        config.tls_cert = files.cert.string();
        config.tls_key = files.key.string();
    });
    test::WsTestClient client(test::WsOptions(server.port()).over_tls(files.cert.string()));
    CHECK(client.read_json()["t"] == "hello");
    client.send_text(R"({"t":"ping","id":1})");
    CHECK(client.read_json() == nlohmann::json{{"t", "pong"}, {"id", 1}});
    const auto version = client.tls_version();
    CHECK((version == "TLSv1.3" || version == "TLSv1.2"));
}

TEST_CASE("tls: the server context refuses TLS 1.1 and offers only AEAD ciphers for 1.2") {
    const test::TempDir keys;
    const auto files = test::write_self_signed_certificate(keys.path());
    const auto context = server::tls::make_server_context(files.cert.string(), files.key.string());
    SSL_CTX* native = context->native_handle();
    CHECK(SSL_CTX_get_min_proto_version(native) == TLS1_2_VERSION);
    CHECK((SSL_CTX_get_options(native) & SSL_OP_NO_COMPRESSION) != 0);
    CHECK((SSL_CTX_get_options(native) & SSL_OP_CIPHER_SERVER_PREFERENCE) != 0);
    STACK_OF(SSL_CIPHER)* ciphers = SSL_CTX_get_ciphers(native);
    for (int i = 0; i < sk_SSL_CIPHER_num(ciphers); ++i) {
        const SSL_CIPHER* cipher = sk_SSL_CIPHER_value(ciphers, i);
        const std::string name = SSL_CIPHER_get_name(cipher);
        CAPTURE(name);
        CHECK(SSL_CIPHER_is_aead(cipher) == 1);
        if (name.rfind("TLS_", 0) != 0)
            CHECK(name.rfind("ECDHE-", 0) == 0); // 1.2: forward secret
    }
}

TEST_CASE("tls: a plain-text HTTP request to the TLS port gets no page") {
    const test::TempDir keys;
    const auto files = test::write_self_signed_certificate(keys.path());
    const test::RunningServer server([&files](server::Config& config) {
        config.tls_cert = files.cert.string();
        config.tls_key = files.key.string();
    });
    const auto reply = test::http_request(server.port(), "GET", "/");
    CHECK(reply.status != 200);
}

TEST_CASE("tls: missing or mismatched files stop startup naming tls_cert or tls_key") {
    const test::TempDir keys;
    const auto files = test::write_self_signed_certificate(keys.path());
    const test::TempDir other;
    const auto other_files = test::write_self_signed_certificate(other.path());
    auto message_of = [](const std::string& cert, const std::string& key) {
        try {
            (void)server::tls::make_server_context(cert, key);
        } catch (const server::StartupError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(message_of("/nonexistent.pem", files.key.string()).find("tls_cert") != std::string::npos);
    CHECK(message_of(files.cert.string(), "/nonexistent.pem").find("tls_key") != std::string::npos);
    CHECK(message_of(files.cert.string(), other_files.key.string()).find("tls_key") !=
          std::string::npos);
}
