#include "server/protocol/envelope.h"
#include "server/protocol/fields.h"

#include <doctest/doctest.h>

using namespace server::protocol;

namespace {

ProtocolError error_of(std::string_view text) {
    auto parsed = parse_envelope(text);
    REQUIRE(std::holds_alternative<ProtocolError>(parsed));
    return std::get<ProtocolError>(parsed);
}

Envelope envelope_of(std::string_view text) {
    auto parsed = parse_envelope(text);
    REQUIRE(std::holds_alternative<Envelope>(parsed));
    return std::get<Envelope>(parsed);
}

} // namespace

TEST_CASE("protocol: an object with a string t is an envelope, id kept for the reply") {
    const auto message = envelope_of(R"({"t":"move","id":7,"table":"K7QF","ply":14})");
    CHECK(message.type == "move");
    CHECK(message.id == 7);
    CHECK(string_field(message.body, "table") == "K7QF");
    CHECK(integer_field(message.body, "ply") == 14);
    CHECK(envelope_of(R"({"t":"ping","id":"abc"})").id == "abc");
    CHECK(envelope_of(R"({"t":"ping"})").id.is_null());
}

TEST_CASE("protocol: each kind of malformed message gets its stable code") {
    CHECK(error_of("not json").code == code::bad_json);
    CHECK(error_of("{\"t\":").code == code::bad_json);
    CHECK(error_of("").code == code::bad_json);
    CHECK(error_of("\xff\xfe").code == code::bad_json);
    CHECK(error_of("[1,2]").code == code::bad_message);
    CHECK(error_of("\"ping\"").code == code::bad_message);
    CHECK(error_of("42").code == code::bad_message);
    CHECK(error_of("{}").code == code::bad_message);
    CHECK(error_of(R"({"t":5})").code == code::bad_message);
    CHECK(error_of(R"({"t":null})").code == code::bad_message);
    CHECK(error_of(R"({"t":"ping","id":[1]})").code == code::bad_message);
    CHECK(error_of(R"({"t":"ping","id":{"a":1}})").code == code::bad_message);
    CHECK(error_of(R"({"t":"ping","id":true})").code == code::bad_message);
}

TEST_CASE("protocol: an error echoes a valid id, and never an invalid one") {
    CHECK(error_of(R"({"id":3})").id == 3);
    CHECK(error_of(R"({"id":"x","t":1})").id == "x");
    CHECK(error_of(R"({"id":[3],"t":"ping"})").id.is_null());
}

TEST_CASE("protocol: field readers refuse the wrong type instead of throwing") {
    const auto body = nlohmann::json::parse(R"({"s":"x","n":3,"f":1.5,"b":true,"big":1e300})");
    CHECK(string_field(body, "n") == std::nullopt);
    CHECK(string_field(body, "missing") == std::nullopt);
    CHECK(integer_field(body, "s") == std::nullopt);
    CHECK(integer_field(body, "f") == std::nullopt);
    CHECK(integer_field(body, "big") == std::nullopt);
    CHECK(bool_field(body, "b") == true);
    CHECK(bool_field(body, "n") == std::nullopt);
    CHECK(any_field(nlohmann::json::array(), "s") == nullptr);
    CHECK(body.size() == 5); // reading never inserted anything
}

TEST_CASE("protocol: hello, pong and error have the documented shape") {
    const auto hello = nlohmann::json::parse(make_hello("1.2.3"));
    CHECK(hello == nlohmann::json{{"t", "hello"}, {"protocol", 1}, {"server", "tabula 1.2.3"}});
    CHECK(nlohmann::json::parse(make_pong(5)) == nlohmann::json{{"t", "pong"}, {"id", 5}});
    CHECK(nlohmann::json::parse(make_pong(nullptr)) == nlohmann::json{{"t", "pong"}});
    const auto error = nlohmann::json::parse(make_error("q", "bad_json", "not JSON"));
    CHECK(error == nlohmann::json{
                       {"t", "error"}, {"id", "q"}, {"code", "bad_json"}, {"message", "not JSON"}});
    CHECK_FALSE(nlohmann::json::parse(make_error(nullptr, "x", "y")).contains("id"));
}
