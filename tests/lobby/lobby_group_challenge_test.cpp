// Challenges for tables of more than two seats (Lobby::challenge_group and its answers): a
// match once every invitee has accepted, off for everyone at any decline.
#include "lobby_fixture.h"

#include <algorithm>
#include <set>

using namespace lobby;
using namespace lobby::testing;

namespace {

using Change = GroupChallengeChanged::Change;

TableSetup four_players(bool rated = false) {
    return TableSetup{.variant = rules::VariantId::ChineseCheckers4, .rated = rated};
}

const std::vector<PlayerId> bob_carol_dave{"bob", "carol", "dave"};

const GroupChallengeChanged& last_change(const RecordingLobbyListener& listener) {
    REQUIRE_FALSE(listener.group_events.empty());
    const auto* change = std::get_if<GroupChallengeChanged>(&listener.group_events.back().body);
    REQUIRE(change);
    return *change;
}

std::set<PlayerId> recipients(const RecordingLobbyListener& listener) {
    const auto& to = listener.group_events.back().to;
    return {to.begin(), to.end()};
}

const std::set<PlayerId> all_four{"alice", "bob", "carol", "dave"};

} // namespace

TEST_CASE("a group challenge becomes a match when every invitee has accepted") {
    LobbyFixture f;
    const auto id = f.lobby.challenge_group(f.alice, bob_carol_dave, four_players(), t0);
    REQUIRE(id.ok());
    CHECK(last_change(f.listener).change == Change::Issued);
    CHECK(recipients(f.listener) == all_four);
    CHECK(f.lobby.group_challenges_of("carol").size() == 1);

    const auto first = f.lobby.accept_group_challenge(id.value(), f.carol);
    REQUIRE(first.ok());
    CHECK_FALSE(first.value());
    CHECK(last_change(f.listener).change == Change::Accepted);
    CHECK(last_change(f.listener).by == "carol");
    CHECK(recipients(f.listener) == all_four);
    REQUIRE_FALSE(f.lobby.accept_group_challenge(id.value(), f.bob).value());
    CHECK(f.lobby.group_challenges_of("alice").front().accepted.size() == 2);

    const auto last = f.lobby.accept_group_challenge(id.value(), f.dave);
    REQUIRE(last.ok());
    REQUIRE(last.value());
    const GroupMatch& match = *last.value();
    CHECK(match.players.size() == 4);
    std::set<PlayerId> seated;
    for (const Player& p : match.players)
        seated.insert(p.id);
    CHECK(seated == all_four);
    // The challenge's setup, with the first player as the new table's host at seat 0.
    TableSetup hosted = four_players();
    hosted.color = ColorChoice::White;
    CHECK(match.setup == hosted);
    CHECK(f.lobby.find_by_code(match.table_code).ok());
    const auto& matched = last_change(f.listener);
    CHECK(matched.change == Change::Matched);
    REQUIRE(matched.match);
    CHECK(matched.match->table_code == match.table_code);
    CHECK(recipients(f.listener) == all_four);
    CHECK(event_name(f.listener.group_events.back().body) == "group_challenge");
    CHECK(change_name(Change::Matched) == "matched");
    CHECK(f.lobby.group_challenges_of("alice").empty());
    CHECK(f.lobby.accept_group_challenge(id.value(), f.bob).error().code == "no_such_challenge");
    CHECK(f.listener.events.empty()); // the two-player events are untouched
}

TEST_CASE("any decline, even after accepting, calls the group challenge off") {
    LobbyFixture f;
    const auto id = f.lobby.challenge_group(f.alice, bob_carol_dave, four_players(), t0).value();
    REQUIRE_FALSE(f.lobby.accept_group_challenge(id, f.bob).value());
    CHECK(f.lobby.decline_group_challenge(id, "alice", DeclineReason::Later)->code ==
          "not_your_challenge");
    CHECK(f.lobby.decline_group_challenge(id, "erin", DeclineReason::Later)->code ==
          "not_your_challenge");
    REQUIRE_FALSE(f.lobby.decline_group_challenge(id, "bob", DeclineReason::TooSlow));
    const auto& declined = last_change(f.listener);
    CHECK(declined.change == Change::Declined);
    CHECK(declined.by == "bob");
    CHECK(declined.reason == DeclineReason::TooSlow);
    CHECK(recipients(f.listener) == all_four);
    CHECK(f.lobby.group_challenges_of("carol").empty());
    CHECK(f.lobby.accept_group_challenge(id, f.carol).error().code == "no_such_challenge");
    CHECK(f.lobby.decline_group_challenge(id, "dave", DeclineReason::Generic)->code ==
          "no_such_challenge");
}

TEST_CASE("a group challenge is checked when issued and refused ones change nothing") {
    LobbyFixture f;
    const auto code = [&](const Player& from, const std::vector<PlayerId>& to,
                          const TableSetup& setup) {
        const auto result = f.lobby.challenge_group(from, to, setup, t0);
        REQUIRE_FALSE(result.ok());
        return result.error();
    };
    CHECK(code(f.alice, {"bob", "carol"}, four_players()).detail ==
          "chinese-checkers-4 seats 4: invite 3 players, not 2");
    CHECK(code(f.alice, {"bob"}, TableSetup{}).detail ==
          "chess is a game for two: challenge one player");
    CHECK(code(f.alice, {"bob", "alice", "carol"}, four_players()).code == "not_allowed");
    CHECK(code(f.alice, {"bob", "carol", "bob"}, four_players()).detail == "bob is invited twice");
    CHECK(code(f.guest, bob_carol_dave, four_players(true)).code == "not_allowed");
    TableSetup no_clock = four_players();
    no_clock.time_control = TimeControl{};
    CHECK(code(f.alice, bob_carol_dave, no_clock).code == "bad_setup");
    f.blocks.pairs.insert({"carol", "alice"});
    CHECK(code(f.alice, bob_carol_dave, four_players()).detail == "you cannot challenge carol");
    f.blocks.pairs.clear();
    f.blocks.pairs.insert({"bob", "dave"});
    const auto blocked = code(f.alice, bob_carol_dave, four_players());
    CHECK(blocked.code == "blocked");
    CHECK(blocked.detail == "these players cannot all be seated together");
    CHECK(f.listener.group_events.empty());
    CHECK(f.lobby.group_challenges_of("alice").empty());
    CHECK_FALSE(f.lobby.next_deadline());
    // the two-player challenge refuses the family: challenge_group seats it
    CHECK(f.lobby.challenge(f.alice, "bob", four_players(), t0).error().code == "not_allowed");
}

TEST_CASE("only an invitee who has not accepted may accept, and a guest not a rated game") {
    LobbyFixture f;
    const std::vector<PlayerId> with_guest{"bob", "guest-ABCD", "carol"};
    const auto id = f.lobby.challenge_group(f.alice, with_guest, four_players(true), t0).value();
    CHECK(f.lobby.accept_group_challenge(id + 1, f.bob).error().code == "no_such_challenge");
    CHECK(f.lobby.accept_group_challenge(id, f.alice).error().code == "not_your_challenge");
    CHECK(f.lobby.accept_group_challenge(id, f.dave).error().code == "not_your_challenge");
    REQUIRE_FALSE(f.lobby.accept_group_challenge(id, f.bob).value());
    const auto again = f.lobby.accept_group_challenge(id, f.bob);
    CHECK(again.error().code == "not_allowed");
    CHECK(again.error().detail == "you have accepted this challenge already");
    CHECK(f.lobby.accept_group_challenge(id, f.guest).error().code == "not_allowed");
    CHECK(f.lobby.group_challenges_of("alice").front().accepted.size() == 1);
    CHECK(f.listener.group_events.size() == 2); // issued, bob's acceptance
}

TEST_CASE("a block that comes up before the last acceptance stops the match") {
    LobbyFixture f;
    const auto id = f.lobby.challenge_group(f.alice, bob_carol_dave, four_players(), t0).value();
    REQUIRE_FALSE(f.lobby.accept_group_challenge(id, f.bob).value());
    REQUIRE_FALSE(f.lobby.accept_group_challenge(id, f.carol).value());
    f.blocks.pairs.insert({"carol", "bob"});
    CHECK(f.lobby.accept_group_challenge(id, f.dave).error().code == "blocked");
    CHECK(f.lobby.group_challenges_of("dave").front().accepted.size() == 2);
    REQUIRE_FALSE(f.lobby.decline_group_challenge(id, "dave", DeclineReason::Generic));
    CHECK(f.lobby.group_challenges_of("alice").empty());
}

TEST_CASE("the challenger withdraws a group challenge, by leaving too, and it expires") {
    LobbyFixture f;
    const auto id = f.lobby.challenge_group(f.alice, bob_carol_dave, four_players(), t0).value();
    CHECK(f.lobby.cancel_group_challenge(id, "bob")->code == "not_your_challenge");
    REQUIRE_FALSE(f.lobby.cancel_group_challenge(id, "alice"));
    CHECK(last_change(f.listener).change == Change::Cancelled);
    CHECK(last_change(f.listener).by == "alice");
    CHECK(f.lobby.cancel_group_challenge(id, "alice")->code == "no_such_challenge");

    REQUIRE(f.lobby.challenge_group(f.alice, bob_carol_dave, four_players(), t0).ok());
    f.lobby.forget_player("bob"); // an invitee leaving changes nothing
    CHECK(f.lobby.group_challenges_of("alice").size() == 1);
    f.lobby.forget_player("alice");
    CHECK(last_change(f.listener).change == Change::Cancelled);
    CHECK(f.lobby.group_challenges_of("bob").empty());

    REQUIRE(f.lobby.challenge_group(f.alice, bob_carol_dave, four_players(), t0).ok());
    TableSetup slow = four_players();
    slow.time_control = correspondence(3);
    REQUIRE(f.lobby.challenge_group(f.bob, {"alice", "carol", "dave"}, slow, t0).ok());
    CHECK(f.lobby.next_deadline() == t0 + 5min);
    f.lobby.check_timeouts(t0 + 5min - 1ms);
    CHECK(f.lobby.group_challenges_of("carol").size() == 2);
    f.lobby.check_timeouts(t0 + 5min);
    CHECK(last_change(f.listener).change == Change::Expired);
    CHECK(last_change(f.listener).challenge.challenger.id == "alice");
    CHECK(f.lobby.group_challenges_of("carol").size() == 1);
    CHECK(f.lobby.next_deadline() == t0 + std::chrono::days(7));
}

TEST_CASE("a player can have only a few open group challenges") {
    LobbyFixture f;
    for (int i = 0; i < 5; ++i)
        REQUIRE(f.lobby.challenge_group(f.alice, bob_carol_dave, four_players(), t0).ok());
    CHECK(f.lobby.challenge_group(f.alice, bob_carol_dave, four_players(), t0).error().code ==
          "rate_limited");
    CHECK(f.lobby.challenge_group(f.bob, {"alice", "carol", "dave"}, four_players(), t0).ok());
}

TEST_CASE("a group challenge keeps the invitees' names as shown and names them in its refusals") {
    LobbyFixture f;
    const std::vector<std::string> names{"Bob", "Carol", "Dave"};
    const auto id = f.lobby.challenge_group(f.alice, bob_carol_dave, four_players(), t0, names);
    REQUIRE(id.ok());
    CHECK(last_change(f.listener).challenge.invited_names == names);
    CHECK(f.lobby.group_challenges_of("bob").at(0).invited_names == names);
    // Without names the ids are the names (a guest's id is its name).
    REQUIRE(f.lobby.challenge_group(f.bob, {"alice", "carol", "dave"}, four_players(), t0).ok());
    CHECK(last_change(f.listener).challenge.invited_names ==
          std::vector<std::string>{"alice", "carol", "dave"});
    const auto twice = f.lobby.challenge_group(f.carol, {"bob", "dave", "bob"}, four_players(), t0,
                                               {"Bob", "Dave", "Bob"});
    CHECK(twice.error().detail == "Bob is invited twice");
    f.blocks.pairs.insert({"dave", "carol"});
    const auto blocked = f.lobby.challenge_group(f.carol, {"alice", "bob", "dave"}, four_players(),
                                                 t0, {"Alice", "Bob", "Dave"});
    CHECK(blocked.error().detail == "you cannot challenge Dave");
}
