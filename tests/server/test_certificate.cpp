#include "tests/server/test_certificate.h"

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

namespace test {
namespace {

struct KeyFree {
    void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
struct CertFree {
    void operator()(X509* cert) const { X509_free(cert); }
};
struct FileClose {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

void check(bool ok, const char* what) {
    if (!ok)
        throw std::runtime_error(std::string("OpenSSL: ") + what);
}

void add_extension(X509* cert, int nid, const char* value) {
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, cert, cert, nullptr, nullptr, 0);
    X509_EXTENSION* extension = X509V3_EXT_conf_nid(nullptr, &context, nid, value);
    check(extension != nullptr, "extension");
    X509_add_ext(cert, extension, -1);
    X509_EXTENSION_free(extension);
}

std::unique_ptr<std::FILE, FileClose> open_for_writing(const std::filesystem::path& path) {
    std::unique_ptr<std::FILE, FileClose> file(std::fopen(path.c_str(), "wb"));
    check(file != nullptr, "cannot write PEM file");
    return file;
}

} // namespace

CertificateFiles write_self_signed_certificate(const std::filesystem::path& dir) {
    std::unique_ptr<EVP_PKEY, KeyFree> key(EVP_EC_gen("P-256"));
    check(key != nullptr, "key generation");
    std::unique_ptr<X509, CertFree> cert(X509_new());
    check(cert != nullptr, "X509_new");
    X509_set_version(cert.get(), 2);
    ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 1);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -60);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 24 * 3600);
    X509_set_pubkey(cert.get(), key.get());
    X509_NAME* name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                               reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
    X509_set_issuer_name(cert.get(), name);
    add_extension(cert.get(), NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1");
    add_extension(cert.get(), NID_basic_constraints, "critical,CA:TRUE");
    check(X509_sign(cert.get(), key.get(), EVP_sha256()) > 0, "X509_sign");

    CertificateFiles files{dir / "cert.pem", dir / "key.pem"};
    check(PEM_write_X509(open_for_writing(files.cert).get(), cert.get()) == 1, "write cert");
    check(PEM_write_PrivateKey(open_for_writing(files.key).get(), key.get(), nullptr, nullptr, 0,
                               nullptr, nullptr) == 1,
          "write key");
    return files;
}

} // namespace test
