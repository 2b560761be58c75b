// Every refusal of a table answers with its stable code and changes nothing at all.

#include "table_fixture.h"

#include <functional>

using namespace lobby;
using namespace lobby::testing;

namespace {

struct Case {
    const char* what;
    const char* code;
    std::function<std::optional<Error>(Table&)> attempt;
};

template <class T> std::optional<Error> error_of(const rules::Result<T>& r) {
    return r.ok() ? std::nullopt : std::optional<Error>(r.error());
}

} // namespace

TEST_CASE("a battery of bad inputs during a game: right code, no change of state") {
    TableFixture f;
    f.start(f.setup(fischer(5min, 3s), true)); // rated
    f.move(t0 + 1s);                           // alice a1; bob to move at ply 1
    const TimePoint now = t0 + 2s;
    const std::vector<Case> cases = {
        {"out of turn", "not_your_turn",
         [&](Table& t) { return error_of(t.play("alice", 1, "a1", now)); }},
        {"old ply", "stale_ply", [&](Table& t) { return error_of(t.play("bob", 0, "a1", now)); }},
        {"future ply", "stale_ply",
         [&](Table& t) { return error_of(t.play("bob", 7, "a1", now)); }},
        {"huge ply", "stale_ply",
         [&](Table& t) { return error_of(t.play("bob", 2147483647, "a1", now)); }},
        {"negative ply", "stale_ply",
         [&](Table& t) { return error_of(t.play("bob", -2147483647, "a1", now)); }},
        {"replay of the opponent's move", "not_your_turn",
         [&](Table& t) { return error_of(t.play("alice", 0, "b2", now)); }},
        {"illegal move", "illegal_move",
         [&](Table& t) { return error_of(t.play("bob", 1, "h8", now)); }},
        {"empty move", "illegal_move",
         [&](Table& t) { return error_of(t.play("bob", 1, "", now)); }},
        {"oversized move", "illegal_move",
         [&](Table& t) { return error_of(t.play("bob", 1, std::string(100000, 'a'), now)); }},
        {"binary move", "illegal_move",
         [&](Table& t) { return error_of(t.play("bob", 1, std::string("a\0b", 3), now)); }},
        {"stranger moves", "not_seated",
         [&](Table& t) { return error_of(t.play("eve", 1, "a1", now)); }},
        {"stranger resigns", "not_seated", [&](Table& t) { return t.resign("eve", now); }},
        {"join a full table", "table_full",
         [&](Table& t) { return error_of(t.join(f.carol, now)); }},
        {"join twice", "already_seated", [&](Table& t) { return error_of(t.join(f.bob, now)); }},
        {"watch own table", "already_seated", [&](Table& t) { return t.watch(f.alice, now); }},
        {"cancel a started table", "already_started",
         [&](Table& t) { return t.cancel("alice", now); }},
        {"non-host cancels", "not_host", [&](Table& t) { return t.cancel("bob", now); }},
        {"leave during the game", "already_started", [&](Table& t) { return t.leave("bob", now); }},
        {"accept a draw nobody offered", "nothing_to_accept",
         [&](Table& t) { return t.accept_draw("bob", now); }},
        {"decline a draw nobody offered", "nothing_to_accept",
         [&](Table& t) { return t.decline_draw("alice", now); }},
        {"takeback in a rated game", "not_allowed",
         [&](Table& t) { return t.request_takeback("alice", now); }},
        {"accept a takeback nobody asked", "nothing_to_accept",
         [&](Table& t) { return t.accept_takeback("bob", now); }},
        {"claim with nothing to claim", "nothing_to_claim",
         [&](Table& t) { return t.claim_draw("bob", now); }},
        {"rematch during the game", "not_allowed",
         [&](Table& t) { return t.offer_rematch("bob", now); }},
        {"decline a rematch nobody offered", "nothing_to_accept",
         [&](Table& t) { return t.decline_rematch("bob", now); }},
        {"abandonment claim against a connected player", "not_allowed",
         [&](Table& t) { return t.claim_abandonment("bob", AbandonmentClaim::Win, now); }},
        {"oversized chat", "message_too_long",
         [&](Table& t) { return t.chat("bob", std::string(10000, 'x'), now); }},
        {"empty chat", "empty_message", [&](Table& t) { return t.chat("bob", "\n\t ", now); }},
        {"stranger chats", "not_seated", [&](Table& t) { return t.chat("eve", "hi", now); }},
        {"connection of a stranger", "not_seated",
         [&](Table& t) { return t.set_connected("eve", false, now); }},
    };
    for (const Case& c : cases) {
        CAPTURE(c.what);
        const Fingerprint before = fingerprint(*f.table, now);
        const std::size_t events = f.events.all().size();
        const auto error = c.attempt(*f.table);
        REQUIRE(error.has_value());
        CHECK(error->code == c.code);
        CHECK_FALSE(error->detail.empty());
        CHECK(fingerprint(*f.table, now) == before);
        CHECK(f.events.all().size() == events);
    }
    CHECK(f.table->play("bob", 1, "a1", now).ok()); // and the game goes on
}

TEST_CASE("every table event's protocol name is the snake_case of its type") {
    // docs/protocol.md 7.6: the wire's `type` of each event, one pair per TableEventBody.
    const std::vector<std::pair<TableEventBody, std::string_view>> pairs = {
        {PlayerSeated{}, "player_seated"},
        {PlayerLeft{}, "player_left"},
        {SpectatorJoined{}, "spectator_joined"},
        {SpectatorLeft{}, "spectator_left"},
        {GameStarted{}, "game_started"},
        {MovePlayed{}, "move_played"},
        {DrawOffered{}, "draw_offered"},
        {DrawDeclined{}, "draw_declined"},
        {DrawOfferWithdrawn{}, "draw_offer_withdrawn"},
        {TakebackRequested{}, "takeback_requested"},
        {TakebackAccepted{}, "takeback_accepted"},
        {TakebackDeclined{}, "takeback_declined"},
        {TakebackDone{}, "takeback_done"},
        {RematchOffered{}, "rematch_offered"},
        {RematchDeclined{}, "rematch_declined"},
        {ConnectionChanged{}, "connection_changed"},
        {AbandonmentClaimable{}, "abandonment_claimable"},
        {ChatPosted{}, "chat_posted"},
        {PlayerRetired{}, "player_retired"},
        {Berserked{}, "berserked"},
        {GameEnded{}, "game_ended"},
        {TableClosed{}, "table_closed"}};
    std::set<std::size_t> types;
    for (const auto& [body, name] : pairs) {
        CAPTURE(name);
        CHECK(event_name(body) == name);
        types.insert(body.index());
    }
    CHECK(types.size() == std::variant_size_v<TableEventBody>); // every type, each once
}

TEST_CASE("a result is stored by its old words: 1-0 when seat 0 wins, 0-1 when seat 1 does") {
    CHECK(result_name(GameResult::win(0, "checkmate")) == "1-0");
    CHECK(result_name(GameResult::win(1, "resign")) == "0-1");
    CHECK(result_name(GameResult::draw("agreement")) == "1/2-1/2");
    CHECK(result_name(GameResult::aborted("abort")) == "aborted");
    CHECK(result_name(GameResult::ranked({2, 1, 3}, "finished")) == "ranked");
    CHECK(GameResult::win(1, "flag").won_by(1));
    CHECK_FALSE(GameResult::win(1, "flag").won_by(0));
    CHECK_FALSE(GameResult::draw("agreement").won_by(0));
    CHECK(GameResult::win(0, "flag").winner == 0);
    CHECK(GameResult::draw("agreement").winner == -1);
}
