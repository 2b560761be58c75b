#include "server/http/origin_check.h"

#include <doctest/doctest.h>

using server::http::origin_allowed;

TEST_CASE("origin: without allowed_origins only the request's own host passes") {
    const std::vector<std::string> none;
    CHECK(origin_allowed("http://localhost:8080", "localhost:8080", none));
    CHECK(origin_allowed("https://Chess.Example.org", "chess.example.org", none));
    CHECK_FALSE(origin_allowed("http://evil.example", "localhost:8080", none));
    CHECK_FALSE(origin_allowed("http://localhost:9999", "localhost:8080", none));
    CHECK_FALSE(origin_allowed("null", "localhost:8080", none));
    CHECK_FALSE(origin_allowed("file://", "localhost:8080", none));
    CHECK_FALSE(origin_allowed("http://localhost:8080", "", none));
}

TEST_CASE("origin: a request without Origin (not a browser) passes") {
    CHECK(origin_allowed("", "localhost:8080", {}));
    CHECK(origin_allowed("", "localhost:8080", {"https://a.example"}));
}

TEST_CASE("origin: allowed_origins replaces the same-host rule") {
    const std::vector<std::string> allowed{"https://a.example", "http://b.example:8080/"};
    CHECK(origin_allowed("https://a.example", "localhost:8080", allowed));
    CHECK(origin_allowed("HTTPS://A.EXAMPLE/", "localhost:8080", allowed));
    CHECK(origin_allowed("http://b.example:8080", "localhost:8080", allowed));
    CHECK_FALSE(origin_allowed("http://a.example", "a.example", allowed));
    CHECK_FALSE(origin_allowed("http://localhost:8080", "localhost:8080", allowed));
}
