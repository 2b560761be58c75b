// Auto-match for tables of more than two seats (Lobby::seek_seats, SeekPools::add_to_group and
// match_groups): seekers gathered oldest first until the table is full.
#include "lobby_fixture.h"

#include <algorithm>
#include <set>

using namespace lobby;
using namespace lobby::testing;

namespace {

SeekPool star(rules::VariantId variant, bool rated = false) {
    return SeekPool{.variant = variant, .time_control = fischer(5min, 3s), .rated = rated};
}
const SeekPool three = star(rules::VariantId::ChineseCheckers3);

std::set<PlayerId> ids(const std::vector<Player>& players) {
    std::set<PlayerId> out;
    for (const Player& p : players)
        out.insert(p.id);
    return out;
}

// "s3" for ("s", 3), built by appending (GCC 12 warns falsely on "s" + std::to_string(3)).
PlayerId numbered(std::string prefix, int n) {
    prefix += std::to_string(n);
    return prefix;
}

std::size_t group_matches(const RecordingLobbyListener& listener) {
    return listener.group_events.size();
}

const GroupMatch& last_group_match(const RecordingLobbyListener& listener) {
    REQUIRE_FALSE(listener.group_events.empty());
    return std::get<GroupMatched>(listener.group_events.back().body).match;
}

} // namespace

TEST_CASE("three seekers fill a three-player table, each told with the seat order") {
    LobbyFixture f;
    REQUIRE_FALSE(f.lobby.seek_seats(f.alice, three, t0).value());
    REQUIRE_FALSE(f.lobby.seek_seats(f.bob, three, t0 + 1s).value());
    CHECK(f.lobby.seeks().waiting(three) == 2);
    // alice 1600, bob 1500: carol at 1550 is within 100 of both
    const auto seated = f.lobby.seek_seats(player("carol", 1550), three, t0 + 2s);
    REQUIRE(seated.ok());
    REQUIRE(seated.value());
    const GroupMatch& match = *seated.value();
    CHECK(match.players.size() == 3);
    CHECK(ids(match.players) == std::set<PlayerId>{"alice", "bob", "carol"});
    CHECK(match.setup.variant == rules::VariantId::ChineseCheckers3);
    CHECK(match.setup.time_control == fischer(5min, 3s));
    CHECK(seat_count(match.setup) == 3);
    CHECK_FALSE(match.setup.is_public);
    CHECK(match.setup.color == ColorChoice::White); // players[0] hosts at seat 0
    CHECK(f.lobby.find_by_code(match.table_code).ok());
    // The code is held by a summary with every seat taken, in the match's seat order.
    const auto held = f.lobby.summary(match.table_code);
    REQUIRE(held);
    REQUIRE(held->seats.size() == 3);
    for (std::size_t i = 0; i < 3; ++i)
        CHECK(held->seats[i] == match.players[i]);
    CHECK(f.lobby.seeks().waiting(three) == 0);
    REQUIRE(group_matches(f.listener) == 1);
    CHECK(last_group_match(f.listener).table_code == match.table_code);
    CHECK(std::set<PlayerId>(f.listener.group_events.back().to.begin(),
                             f.listener.group_events.back().to.end()) ==
          std::set<PlayerId>{"alice", "bob", "carol"});
    CHECK(event_name(f.listener.group_events.back().body) == "group_matched");
    CHECK(f.listener.events.empty()); // nothing in the two-player events
    CHECK_FALSE(f.lobby.next_deadline());
    // the matched table is not a waiting table of its first seat
    for (int i = 0; i < 3; ++i)
        CHECK(f.lobby.open_table(match.players.front(), TableSetup{}).ok());
}

TEST_CASE("the seat order is drawn from the random source") {
    std::set<PlayerId> first_seats;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        std::vector<PlayerId> orders[2];
        for (auto& order : orders) { // the same seed twice: the same order
            SeededRandom random{seed};
            Lobby lobby{random, nullptr, nullptr};
            REQUIRE_FALSE(lobby.seek_seats(player("p1"), three, t0).value());
            REQUIRE_FALSE(lobby.seek_seats(player("p2"), three, t0).value());
            const auto match = lobby.seek_seats(player("p3"), three, t0);
            REQUIRE(match.value());
            for (const Player& p : match.value()->players)
                order.push_back(p.id);
        }
        CHECK(orders[0] == orders[1]);
        CHECK(std::set<PlayerId>(orders[0].begin(), orders[0].end()).size() == 3);
        first_seats.insert(orders[0].front());
    }
    CHECK(first_seats.size() == 3); // over twelve draws every seeker has had seat 0
}

TEST_CASE("six seekers fill a six-player table and other pools do not mix in") {
    LobbyFixture f;
    const SeekPool six = star(rules::VariantId::ChineseCheckers6);
    const SeekPool four = star(rules::VariantId::ChineseCheckers4);
    SeekPool six_bullet = six;
    six_bullet.time_control = fischer(1min, 0s);
    REQUIRE_FALSE(f.lobby.seek_seats(player("x4"), four, t0).value());
    REQUIRE_FALSE(f.lobby.seek_seats(player("xb"), six_bullet, t0).value());
    for (int i = 1; i <= 5; ++i)
        REQUIRE_FALSE(f.lobby.seek_seats(player(numbered("s", i)), six, t0).value());
    const auto full = f.lobby.seek_seats(player("s6"), six, t0);
    REQUIRE(full.value());
    CHECK(ids(full.value()->players) == std::set<PlayerId>{"s1", "s2", "s3", "s4", "s5", "s6"});
    CHECK(f.lobby.seeks().waiting(four) == 1);
    CHECK(f.lobby.seeks().waiting(six_bullet) == 1);
    const SeekPool halma = star(rules::VariantId::Halma4);
    for (int i = 1; i <= 3; ++i)
        REQUIRE_FALSE(f.lobby.seek_seats(player(numbered("h", i)), halma, t0).value());
    CHECK(f.lobby.seek_seats(player("h4"), halma, t0).value()->players.size() == 4);
}

TEST_CASE("the oldest seeker is seated first, with the next seekers who fit everyone") {
    LobbyFixture f;
    // Reaches: 100 + 10 a second. a-b and b-c, c-d, a-d are 300 apart, a-c 600, b-d 0.
    REQUIRE_FALSE(f.lobby.seek_seats(player("a", 1000), three, t0).value());
    REQUIRE_FALSE(f.lobby.seek_seats(player("b", 1300), three, t0 + 1s).value());
    REQUIRE_FALSE(f.lobby.seek_seats(player("c", 1600), three, t0 + 2s).value());
    REQUIRE_FALSE(f.lobby.seek_seats(player("d", 1300), three, t0 + 3s).value());
    // b and d fit at once but make no table. Then pairs meet: a-b at 21 s (b's reach), b-c at
    // 22 s, a-d and c-d at 23 s. Only at 23 s do three fit each other: a, b, d (and b, c, d),
    // and a has waited longest.
    CHECK(f.lobby.next_deadline() == t0 + 21s);
    f.lobby.check_timeouts(t0 + 21s);
    CHECK(group_matches(f.listener) == 0);
    CHECK(f.lobby.next_deadline() == t0 + 22s);
    f.lobby.check_timeouts(t0 + 22s);
    CHECK(group_matches(f.listener) == 0);
    CHECK(f.lobby.next_deadline() == t0 + 23s);
    f.lobby.check_timeouts(t0 + 23s - 1ms); // early: nothing
    CHECK(group_matches(f.listener) == 0);
    f.lobby.check_timeouts(t0 + 23s);
    REQUIRE(group_matches(f.listener) == 1);
    CHECK(ids(last_group_match(f.listener).players) == std::set<PlayerId>{"a", "b", "d"});
    CHECK(f.lobby.seeks().pool_of("c") == three);
    CHECK_FALSE(f.lobby.next_deadline()); // c alone
}

TEST_CASE("no two players who block each other are seated together") {
    LobbyFixture f;
    f.blocks.pairs.insert({"b", "c"}); // b blocks c
    f.blocks.pairs.insert({"d", "b"}); // d blocks b
    REQUIRE_FALSE(f.lobby.seek_seats(player("a"), three, t0).value());
    REQUIRE_FALSE(f.lobby.seek_seats(player("b"), three, t0).value());
    REQUIRE_FALSE(f.lobby.seek_seats(player("c"), three, t0).value()); // b and c: no table
    // a, b then neither c nor d fits b; the search goes back and seats a with c and d.
    const auto seated = f.lobby.seek_seats(player("d"), three, t0);
    REQUIRE(seated.value());
    CHECK(ids(seated.value()->players) == std::set<PlayerId>{"a", "c", "d"});
    CHECK(f.lobby.seeks().pool_of("b") == three);
    f.lobby.check_timeouts(t0 + 1h);
    CHECK(group_matches(f.listener) == 1);
}

TEST_CASE("a seeker who leaves takes their place out of the table being gathered") {
    LobbyFixture f;
    REQUIRE_FALSE(f.lobby.seek_seats(f.alice, three, t0).value());
    REQUIRE_FALSE(f.lobby.seek_seats(f.bob, three, t0).value());
    CHECK(f.lobby.cancel_seek("alice"));
    REQUIRE_FALSE(f.lobby.seek_seats(f.carol, three, t0).value()); // bob and carol only
    f.lobby.forget_player("carol");
    CHECK(f.lobby.seeks().waiting(three) == 1);
    REQUIRE_FALSE(f.lobby.seek_seats(player("erin", 1500), three, t0).value());
    const auto seated = f.lobby.seek_seats(player("fay", 1500), three, t0);
    REQUIRE(seated.value());
    CHECK(ids(seated.value()->players) == std::set<PlayerId>{"bob", "erin", "fay"});
    // Seeking another pool replaces the seek in this one.
    REQUIRE_FALSE(f.lobby.seek_seats(f.alice, three, t0).value());
    REQUIRE_FALSE(
        f.lobby.seek_seats(f.alice, star(rules::VariantId::ChineseCheckers4), t0).value());
    CHECK(f.lobby.seeks().waiting(three) == 0);
    REQUIRE_FALSE(f.lobby.seek(f.alice, f.blitz, t0).value()); // a two-player seek too
    CHECK(f.lobby.seeks().waiting(star(rules::VariantId::ChineseCheckers4)) == 0);
    // A missed first move takes a group seek out as it does a pair's.
    REQUIRE_FALSE(f.lobby.seek_seats(f.dave, three, t0).value());
    f.lobby.record_no_start("dave", t0 + 1s);
    CHECK_FALSE(f.lobby.seeks().pool_of("dave"));
}

TEST_CASE("rated tables of more than two seat registered players only") {
    LobbyFixture f;
    const SeekPool rated = star(rules::VariantId::ChineseCheckers3, true);
    CHECK(f.lobby.seek_seats(f.guest, rated, t0).error().code == "not_allowed");
    REQUIRE_FALSE(f.lobby.seek_seats(f.alice, rated, t0).value());
    REQUIRE_FALSE(f.lobby.seek_seats(f.bob, rated, t0).value());
    const auto seated = f.lobby.seek_seats(player("carol", 1550), rated, t0);
    REQUIRE(seated.value());
    CHECK(seated.value()->setup.rated);
    // casual: guests welcome
    REQUIRE_FALSE(f.lobby.seek_seats(f.guest, three, t0).value());
    REQUIRE_FALSE(f.lobby.seek_seats(player("guest-WXYZ", 1500, false), three, t0).value());
    const auto casual = f.lobby.seek_seats(player("guest-MNPQ", 1520, false), three, t0);
    REQUIRE(casual.value());
    CHECK(ids(casual.value()->players) ==
          std::set<PlayerId>{"guest-ABCD", "guest-WXYZ", "guest-MNPQ"});
}

TEST_CASE("seek_seats refuses two-seat pools and bad ones, and seek still refuses the family") {
    LobbyFixture f;
    const auto two = f.lobby.seek_seats(f.alice, f.blitz, t0);
    CHECK(two.error().code == "bad_setup");
    CHECK(two.error().detail == "chess is a game for two: seek it as one");
    CHECK(f.lobby.seek_seats(f.alice, star(rules::VariantId::Halma2), t0).error().code ==
          "bad_setup");
    SeekPool bad = three;
    bad.time_control = TimeControl{};
    CHECK(f.lobby.seek_seats(f.alice, bad, t0).error().code == "bad_setup");
    // seek() seats two: the family goes through seek_seats
    CHECK(f.lobby.seek(f.alice, three, t0).error().code == "not_allowed");
    f.lobby.record_no_start("bob", t0);
    CHECK(f.lobby.seek_seats(f.bob, three, t0 + 1s).error().code == "cooldown");
    CHECK(f.lobby.seeks().waiting(three) == 0); // nothing refused was added
    CHECK_FALSE(f.lobby.seeks().pool_of("alice"));
}

TEST_CASE("two-seat pairing and N-seat gathering run side by side") {
    LobbyFixture f;
    REQUIRE_FALSE(f.lobby.seek(player("low", 1200), f.blitz, t0).value());
    REQUIRE_FALSE(f.lobby.seek(player("high", 1500), f.blitz, t0).value()); // meet at 20 s
    REQUIRE_FALSE(f.lobby.seek_seats(player("x", 1000), three, t0).value());
    REQUIRE_FALSE(f.lobby.seek_seats(player("y", 1200), three, t0).value());
    REQUIRE_FALSE(f.lobby.seek_seats(player("z", 1400), three, t0).value()); // x-z at 30 s
    CHECK(f.lobby.next_deadline() == t0 + 10s); // x-y, y-z: pairs, but no table yet
    f.lobby.check_timeouts(t0 + 10s);
    CHECK(group_matches(f.listener) == 0);
    CHECK(f.lobby.next_deadline() == t0 + 20s);
    f.lobby.check_timeouts(t0 + 20s);
    CHECK(f.listener.count<SeekMatched>() == 1);
    CHECK(group_matches(f.listener) == 0);
    CHECK(f.lobby.next_deadline() == t0 + 30s);
    f.lobby.check_timeouts(t0 + 30s);
    REQUIRE(group_matches(f.listener) == 1);
    CHECK(ids(last_group_match(f.listener).players) == std::set<PlayerId>{"x", "y", "z"});
    CHECK(f.listener.count<SeekMatched>() == 1);
    CHECK_FALSE(f.lobby.next_deadline());
}

TEST_CASE("SeekPools keeps two-seat and group pools to their own calls") {
    SeekPools pools(SeekRange{}, nullptr);
    CHECK(pools.add_to_group(player("a"), SeekPool{}, t0).empty()); // chess: add's
    CHECK_FALSE(pools.pool_of("a"));
    CHECK_FALSE(pools.add(player("a"), three, t0)); // chinese-checkers-3: add_to_group's
    CHECK_FALSE(pools.pool_of("a"));
    CHECK(pools.add_to_group(player("a"), three, t0).empty());
    CHECK(pools.add_to_group(player("b"), three, t0).empty());
    CHECK(pools.match_waiting(t0 + 1h).empty()); // never pairs two of a group pool
    CHECK(pools.waiting(three) == 2);
    const auto groups = pools.add_to_group(player("c"), three, t0 + 1h);
    REQUIRE(groups.size() == 1);
    // a group lists its players in seek order (the Lobby draws the seats)
    CHECK(groups[0].players[0].id == "a");
    CHECK(groups[0].players[1].id == "b");
    CHECK(groups[0].players[2].id == "c");
    CHECK(seat_count(three) == 3);
}

TEST_CASE("validate_game checks a setup of any seat count, validate_for_two seats two") {
    for (const auto id : rules::all_variants()) {
        CAPTURE(rules::variant_name(id));
        TableSetup setup{.variant = id, .rated = true};
        CHECK(seat_count(setup) == rules::player_count(id));
        CHECK_FALSE(validate_game(setup));
        CHECK(validate_for_two(setup).has_value() == (rules::player_count(id) > 2));
    }
    TableSetup custom{.variant = rules::VariantId::ChineseCheckers6, .rated = true};
    custom.start_position = "anything";
    CHECK(validate_game(custom)->code == "not_allowed");
    TableSetup no_clock{.variant = rules::VariantId::Halma4};
    no_clock.time_control = TimeControl{};
    CHECK(validate_game(no_clock)->code == "bad_setup");
}
