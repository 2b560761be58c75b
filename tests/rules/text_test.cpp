#include "rules/text.h"

#include <doctest/doctest.h>

TEST_CASE("trim takes the spaces and tabs around typed text, and nothing else") {
    CHECK(rules::trim("  e2e4\t") == "e2e4");
    CHECK(rules::trim("\t32-28 ") == "32-28");
    CHECK(rules::trim("Nf3 Nf6") == "Nf3 Nf6"); // inside stays
    CHECK(rules::trim(" \t ").empty());
    CHECK(rules::trim("").empty());
    CHECK(rules::trim("e4\n") == "e4\n"); // a line break is not a blank typed around a move
}

TEST_CASE("join appends the parts of a message in order") {
    CHECK(rules::join({"\"", "e9", "\" is not a square"}) == "\"e9\" is not a square");
    CHECK(rules::join({}).empty());
    CHECK(rules::join({"", "seat ", "", "2"}) == "seat 2");
}
