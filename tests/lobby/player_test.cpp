#include "lobby/player.h"

#include <set>

#include <doctest/doctest.h>

using namespace lobby;

TEST_CASE("guest ids look like guest-XXXX and are recognised in any case") {
    SeededRandom random(1);
    const PlayerId id = make_guest_id(random, [](std::string_view) { return false; });
    CHECK(id.size() == 10);
    CHECK(id.rfind("guest-", 0) == 0);
    CHECK(is_guest_id(id));
    CHECK(is_guest_id("GUEST-abcd"));
    CHECK_FALSE(is_guest_id("guestfriend"));
    CHECK_FALSE(is_guest_id("alice"));
}

TEST_CASE("a guest id is never one that is already taken") {
    SeededRandom first(9);
    const PlayerId taken = make_guest_id(first, [](std::string_view) { return false; });
    SeededRandom replay(9); // would give the same id again
    const PlayerId next = make_guest_id(replay, [&](std::string_view id) { return id == taken; });
    CHECK(next != taken);
    CHECK(is_guest_id(next));
}
