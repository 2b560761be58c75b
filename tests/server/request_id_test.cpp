// peek_request_id: the id of a message refused before it is parsed (rate and size limits).
#include "server/net/request_id.h"

#include <doctest/doctest.h>

using nlohmann::json;
using server::net::peek_request_id;

TEST_CASE("request id: a number or string id at the top level is found") {
    CHECK(peek_request_id(R"({"t":"move","id":7,"move":"e4"})") == json(7));
    CHECK(peek_request_id(R"({"id":"abc","t":"move"})") == json("abc"));
    CHECK(peek_request_id(R"({"id":-3})") == json(-3));
    CHECK(peek_request_id(R"({"id":2.5})") == json(2.5));
    CHECK(peek_request_id(R"({"id":18446744073709551615})") == json(18446744073709551615ULL));
    // Nested objects and arrays before it are skipped, and their own "id" keys are not it.
    CHECK(peek_request_id(R"({"a":{"id":1,"b":[{"id":2}]},"c":[1,[2]],"id":3})") == json(3));
}

TEST_CASE("request id: nothing when there is no usable top-level id") {
    CHECK(peek_request_id(R"({"t":"move"})").is_null());
    CHECK(peek_request_id(R"({"t":{"id":4}})").is_null());
    CHECK(peek_request_id(R"({"id":null})").is_null());
    CHECK(peek_request_id(R"({"id":true})").is_null());
    CHECK(peek_request_id(R"({"id":[1]})").is_null());
    CHECK(peek_request_id(R"({"id":{"n":1}})").is_null());
    CHECK(peek_request_id(R"([{"id":1}])").is_null());
    CHECK(peek_request_id("5").is_null());
    CHECK(peek_request_id("not json").is_null());
    CHECK(peek_request_id("").is_null());
    CHECK(peek_request_id(R"({"t":"x", broken "id":1})").is_null());
}

TEST_CASE("request id: reading stops at the id, so what follows it is never read") {
    CHECK(peek_request_id(R"({"id":9, this part is not even JSON)") == json(9));
}
