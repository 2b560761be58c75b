#pragma once
// A throwaway self-signed certificate for "localhost" / 127.0.0.1 (EC P-256, valid one day),
// made with the OpenSSL API and written as PEM files for the TLS tests.

#include <filesystem>

namespace test {

struct CertificateFiles {
    std::filesystem::path cert;
    std::filesystem::path key;
};

// Writes cert.pem and key.pem into `dir`; throws std::runtime_error when OpenSSL fails.
CertificateFiles write_self_signed_certificate(const std::filesystem::path& dir);

} // namespace test
