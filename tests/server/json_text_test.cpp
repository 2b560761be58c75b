// protocol::JsonText: the writer every outgoing message goes through. Its text must parse as
// the JSON its calls describe, whatever the strings hold.
#include "server/protocol/json_text.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using nlohmann::json;
using server::protocol::JsonText;

namespace {

// The text `write` produces for one string value, parsed back.
std::string round_trip(std::string_view text) {
    JsonText out;
    out.value(text);
    return json::parse(out.view()).get<std::string>();
}

} // namespace

TEST_CASE("json text: commas, nesting and empty containers") {
    JsonText out;
    out.begin_object();
    out.member("t", "table_event");
    out.key("list");
    out.begin_array();
    out.value(1);
    out.begin_object();
    out.end_object();
    out.begin_array();
    out.end_array();
    out.value(nullptr);
    out.end_array();
    out.member("yes", true);
    out.member("no", false);
    out.member("none", std::optional<int>{});
    out.member("some", std::optional<int>{7});
    out.end_object();
    CHECK(out.view() == R"({"t":"table_event","list":[1,{},[],null],"yes":true,"no":false,)"
                        R"("none":null,"some":7})");
}

TEST_CASE("json text: numbers at both ends and around the two-digit shortcut") {
    JsonText out;
    out.begin_array();
    for (const std::int64_t n : {0L, 9L, 10L, 99L, 100L, -1L, -99L, 12345L})
        out.value(n);
    out.value(std::numeric_limits<std::int64_t>::min());
    out.value(std::numeric_limits<std::int64_t>::max());
    out.value(std::numeric_limits<std::uint64_t>::max());
    out.value(std::size_t{42});
    out.end_array();
    CHECK(out.view() == "[0,9,10,99,100,-1,-99,12345,-9223372036854775808,"
                        "9223372036854775807,18446744073709551615,42]");
}

TEST_CASE("json text: a list of numbers written at once, empty or long, beside other values") {
    JsonText out;
    out.begin_object();
    out.key("none");
    out.numbers(std::vector<int>{});
    out.key("cells");
    out.numbers(std::vector<int>{0, 9, 10, 99, 100, 255, -1});
    out.key("many");
    std::vector<std::int64_t> many(2000, std::numeric_limits<std::int64_t>::min());
    out.numbers(many);
    out.member("after", 1);
    out.end_object();
    const auto parsed = json::parse(out.view());
    CHECK(parsed.at("none") == json::array());
    CHECK(parsed.at("cells") == json::array({0, 9, 10, 99, 100, 255, -1}));
    CHECK(parsed.at("many") == json(many));
    CHECK(parsed.at("after") == 1);
    CHECK(out.view().substr(0, 32) == R"({"none":[],"cells":[0,9,10,99,10)");
}

TEST_CASE("json text: values written in one piece take their commas like any other") {
    JsonText out;
    out.begin_array();
    out.value(1);
    // The most a piece may take: 11 characters of punctuation and names, then the string's and
    // the numbers' room.
    const std::string name = "a\"b\x01\xff";
    const std::vector<int> cells{-5, 7, 1234567};
    for (int i = 0; i < 200; ++i) // past the first buffer
        out.value_in_one_piece(11 + JsonText::string_room(name.size()) +
                                   JsonText::numbers_room(cells.size()),
                               [&](char* p) {
                                   p = JsonText::put_raw(p, "{\"s\":");
                                   p = JsonText::put_string(p, name);
                                   p = JsonText::put_raw(p, ",\"n\":");
                                   p = JsonText::put_numbers(p, cells);
                                   return JsonText::put_raw(p, "}");
                               });
    out.value(nullptr);
    out.end_array();
    const auto parsed = json::parse(out.view());
    REQUIRE(parsed.size() == 202);
    CHECK(parsed.front() == 1);
    CHECK(parsed.back() == nullptr);
    for (std::size_t i = 1; i <= 200; ++i)
        CHECK(parsed[i] == json{{"s", "a\"b\x01\xEF\xBF\xBD"}, {"n", {-5, 7, 1234567}}});
    const std::string first_two = R"([1,{"s":"a\"b\u0001)"
                                  "\xEF\xBF\xBD"
                                  R"(","n":[-5,7,1234567]},{"s")";
    CHECK(out.view().substr(0, first_two.size()) == first_two);
}

TEST_CASE("json text: strings are escaped as JSON asks") {
    JsonText out;
    out.value("a \"quoted\"\\ line\n\tand\b\f\r \x01\x1f\x7f end");
    CHECK(out.view() == R"("a \"quoted\"\\ line\n\tand\b\f\r \u0001\u001f)"
                        "\x7f"
                        R"( end")");
    CHECK(round_trip("a \"quoted\"\\ line\n\t\x01 end") == "a \"quoted\"\\ line\n\t\x01 end");
}

TEST_CASE("json text: valid UTF-8 is kept, invalid UTF-8 replaced by U+FFFD") {
    const std::string replacement = "\xEF\xBF\xBD";
    // Two, three and four bytes: é, €, 𝄞, and the highest code point.
    const std::string valid = "\xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E \xF4\x8F\xBF\xBF";
    CHECK(round_trip(valid) == valid);
    CHECK(round_trip("a\x80z") == "a" + replacement + "z");     // a stray continuation
    CHECK(round_trip("\xC0\xAF") == replacement + replacement); // an overlong slash
    CHECK(round_trip("\xE0\x80\xAF") == replacement + replacement + replacement); // overlong
    CHECK(round_trip("\xED\xA0\x80") == replacement + replacement + replacement); // surrogate
    CHECK(round_trip("\xF4\x90\x80\x80") ==
          replacement + replacement + replacement + replacement); // past U+10FFFF
    CHECK(round_trip("\xF5\x80") == replacement + replacement);
    CHECK(round_trip("cut \xE2\x82") == "cut " + replacement + replacement); // cut short
    CHECK(round_trip("\xFF") == replacement);
}

TEST_CASE("json text: a text longer than the first buffer, and two writers at once") {
    const std::string long_text(100000, 'x');
    JsonText outer;
    outer.begin_object();
    outer.member("long", long_text);
    {
        // A second writer on the same thread while the first is open writes a text of its own.
        JsonText inner;
        inner.begin_array();
        inner.value("inner");
        inner.end_array();
        CHECK(inner.view() == R"(["inner"])");
        CHECK(*inner.shared() == R"(["inner"])");
    }
    outer.key("raw");
    outer.raw_value(R"({"id":[1,"two"]})");
    outer.end_object();
    const auto parsed = json::parse(*outer.shared());
    CHECK(parsed.at("long") == long_text);
    CHECK(parsed.at("raw") == json{{"id", {1, "two"}}});
    // The thread's buffer is reused by the next writer: it starts empty.
    JsonText next;
    next.value(1);
    CHECK(next.view() == "1");
}
