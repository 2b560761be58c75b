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

TEST_CASE("a player is registered exactly when its identity has an account") {
    Player guest{.id = "guest-AB12", .display_name = "guest-AB12"};
    CHECK_FALSE(guest.registered());
    guest.identity.guest_token_hash = TokenHash::parse(std::string(64, 'f')).value();
    CHECK_FALSE(guest.registered());
    const Player ann{.id = "ann", .display_name = "ann", .identity = {.account = 7}};
    CHECK(ann.registered());
    // The identity is part of who the player is: the same id with another account is another
    // player value.
    Player other = ann;
    other.identity.account = 8;
    CHECK(other != ann);
}

TEST_CASE("a token hash is exactly 64 hex digits, as given") {
    const std::string digits = "0123456789abcdef0123456789ABCDEF0123456789abcdef0123456789abcdef";
    const auto hash = TokenHash::parse(digits);
    REQUIRE(hash);
    CHECK(hash->hex() == digits);
    CHECK_FALSE(hash->empty());
    CHECK(TokenHash{}.empty());
    CHECK(TokenHash{}.hex().empty());
    CHECK_FALSE(TokenHash::parse(""));
    CHECK_FALSE(TokenHash::parse(digits.substr(1)));
    CHECK_FALSE(TokenHash::parse(digits + "0"));
    CHECK_FALSE(TokenHash::parse(std::string(63, 'a') + "g"));
    CHECK(*hash != *TokenHash::parse(std::string(64, 'a')));
}

TEST_CASE("an account's player id is u and its number, and only such an id names an account") {
    CHECK(account_player_id(42) == "u42");
    CHECK(account_in_player_id("u42") == 42);
    CHECK(account_in_player_id(account_player_id(9'000'000'000)) == 9'000'000'000);
    CHECK_FALSE(account_in_player_id("u"));
    CHECK_FALSE(account_in_player_id("u042"));
    CHECK_FALSE(account_in_player_id("u-4"));
    CHECK_FALSE(account_in_player_id("U42"));
    CHECK_FALSE(account_in_player_id("u42x"));
    CHECK_FALSE(account_in_player_id("alice"));
    CHECK_FALSE(account_in_player_id("guest-AB12"));
    CHECK_FALSE(account_in_player_id("u99999999999999999999"));
}
