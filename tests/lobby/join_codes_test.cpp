#include "lobby/join_codes.h"

#include <set>

#include <doctest/doctest.h>

using namespace lobby;

TEST_CASE("the join code alphabet has no look-alike characters") {
    for (const char c : std::string_view("0O1IL"))
        CHECK(join_code_alphabet.find(c) == std::string_view::npos);
    CHECK(join_code_alphabet.size() == 31);
}

TEST_CASE("issued join codes have 6 characters of the alphabet and are all different") {
    SeededRandom random(7);
    JoinCodeRegistry codes;
    std::set<std::string> seen;
    for (int i = 0; i < 2000; ++i) {
        const std::string code = codes.issue(random);
        REQUIRE(code.size() == 6);
        for (const char c : code)
            CHECK(join_code_alphabet.find(c) != std::string_view::npos);
        CHECK(seen.insert(code).second);
    }
    CHECK(codes.size() == 2000);
}

TEST_CASE("join codes are random, not sequential: two generators give different codes") {
    SeededRandom a(1);
    SeededRandom b(2);
    JoinCodeRegistry codes;
    const std::string first = codes.issue(a);
    const std::string second = codes.issue(a);
    const std::string other = codes.issue(b);
    CHECK(first != second);
    CHECK(first != other);
    // no common prefix pattern as a counter would give
    CHECK(first.substr(0, 4) != second.substr(0, 4));
}

TEST_CASE("a join code stays unique among live tables even when the generator repeats") {
    JoinCodeRegistry codes;
    SeededRandom a(42);
    const std::string first = codes.issue(a);
    SeededRandom replay(42); // the same sequence again: the registry must skip the live code
    const std::string second = codes.issue(replay);
    CHECK(first != second);
    codes.release(first);
    SeededRandom again(42);
    CHECK(codes.issue(again) == first); // released codes may come back
}

TEST_CASE("join codes are case-insensitive and typed codes are checked") {
    CHECK(normalize_join_code("k7qfzx").value() == "K7QFZX");
    CHECK(normalize_join_code("  K7qFzX ").value() == "K7QFZX");
    CHECK(normalize_join_code("K7QF").error().code == "bad_join_code");
    CHECK(normalize_join_code("K7QF0X").error().code == "bad_join_code"); // 0 is not in it
    CHECK(normalize_join_code("K7QFIX").error().code == "bad_join_code");
    CHECK(normalize_join_code("K7QF-X").error().code == "bad_join_code");
    CHECK(normalize_join_code("").error().code == "bad_join_code");
}

TEST_CASE("a reloaded table can reserve its code once") {
    JoinCodeRegistry codes;
    CHECK(codes.reserve("ABCDEF"));
    CHECK_FALSE(codes.reserve("ABCDEF"));
    CHECK(codes.live("ABCDEF"));
}

TEST_CASE("random numbers below a bound stay below it and cover it") {
    SeededRandom random(3);
    std::set<std::uint64_t> seen;
    for (int i = 0; i < 1000; ++i) {
        const auto v = random.below(5);
        CHECK(v < 5);
        seen.insert(v);
    }
    CHECK(seen.size() == 5);
    SystemRandom system;
    CHECK(system.below(1) == 0);
}
