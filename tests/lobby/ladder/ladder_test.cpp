#include "lobby/ladder/ladder.h"

#include <doctest/doctest.h>

using namespace std::chrono_literals;

// In the namespace under test, so that PlayerId is the ladder's own (a number) and not the
// lobby's (a string).
namespace lobby::ladder {

namespace {

const TimePoint day_one{};

// Players 1..n joined in order: 1 on top.
Ladder ladder_of(int players, LadderRules rules = {}, PlayerId organiser = 100) {
    Ladder ladder(rules, organiser);
    for (PlayerId p = 1; p <= players; ++p)
        REQUIRE(ladder.join(p, day_one).ok());
    return ladder;
}

// propose + add, with the id storage would have given.
ChallengeId challenge(Ladder& ladder, PlayerId from, PlayerId to, ChallengeId id,
                      TimePoint now = day_one) {
    auto proposed = ladder.propose(from, to, now);
    REQUIRE_MESSAGE(proposed.ok(), (proposed.ok() ? "" : proposed.error().code));
    Challenge c = proposed.value();
    c.id = id;
    ladder.add(c);
    return id;
}

std::vector<PlayerId> ids(std::initializer_list<PlayerId> list) {
    return list;
}

std::string refusal(const rules::Result<Challenge>& r) {
    return r.ok() ? "" : r.error().code;
}

} // namespace

TEST_CASE("ladder: players join at the bottom, once") {
    Ladder ladder({}, 100);
    const auto first = ladder.join(7, day_one);
    REQUIRE(first.ok());
    CHECK(first->changes[0].rung_after == 1);
    REQUIRE(ladder.join(3, day_one).ok());
    CHECK(ladder.standings() == ids({7, 3}));
    CHECK(ladder.rung_of(3) == 2);
    CHECK(ladder.rung_of(99) == 0);
    const auto again = ladder.join(7, day_one);
    REQUIRE_FALSE(again.ok());
    CHECK(again.error().code == "already_on_ladder");
}

TEST_CASE("ladder: a challenger's win takes the loser's rung and moves those between down") {
    Ladder ladder = ladder_of(6);
    const ChallengeId id = challenge(ladder, 6, 2, 11); // 4 rungs up
    REQUIRE(ladder.accept(id, 2, day_one + 1h).ok());
    const auto update = ladder.report(id, ChallengeResult::ChallengerWon, day_one + 2h);
    REQUIRE(update.ok());
    CHECK(ladder.standings() == ids({1, 6, 2, 3, 4, 5}));
    CHECK(update->challenge->status == ChallengeStatus::ChallengerWon);
    REQUIRE(update->changes.size() == 5);
    CHECK(update->changes[0].player == 6);
    CHECK(update->changes[0].rung_before == 6);
    CHECK(update->changes[0].rung_after == 2);
    CHECK(update->changes[0].event == "won_challenge");
    CHECK(update->changes[1].player == 2);
    CHECK(update->changes[1].rung_after == 3);
    CHECK(update->changes[4].player == 5);
    CHECK(update->changes[4].rung_after == 6);
    CHECK(ladder.challenges().empty());
}

TEST_CASE("ladder: a challenger's loss or draw moves nobody") {
    Ladder ladder = ladder_of(4);
    const ChallengeId id = challenge(ladder, 4, 1, 1);
    REQUIRE(ladder.accept(id, 1, day_one).ok());
    const auto update = ladder.report(id, ChallengeResult::ChallengerLostOrDrew, day_one + 1h);
    REQUIRE(update.ok());
    CHECK(ladder.standings() == ids({1, 2, 3, 4}));
    CHECK(update->challenge->status == ChallengeStatus::ChallengerLost);
    REQUIRE(update->changes.size() == 2);
    CHECK(update->changes[0].event == "lost_challenge");
    CHECK(update->changes[0].rung_before == update->changes[0].rung_after);
    CHECK(update->changes[1].event == "defended");
}

TEST_CASE("ladder: a game that decided nothing cancels its challenge, which may be made again") {
    Ladder ladder = ladder_of(4);
    const ChallengeId id = challenge(ladder, 4, 3, 1);
    REQUIRE(ladder.accept(id, 3, day_one).ok());
    CHECK(refusal(ladder.propose(4, 3, day_one)) == "already_challenged");
    const auto update = ladder.report(id, ChallengeResult::NoResult, day_one + 1h);
    REQUIRE(update.ok());
    CHECK(ladder.standings() == ids({1, 2, 3, 4}));
    REQUIRE(update->challenge.has_value());
    CHECK(update->challenge->status == ChallengeStatus::Cancelled);
    CHECK(update->changes.empty()); // nobody won, nobody defended: no history line
    CHECK(ladder.challenges().empty());
    CHECK(ladder.open_challenges_of(4) == 0);
    CHECK(ladder.propose(4, 3, day_one + 1h).ok());
    CHECK(ladder.report(id, ChallengeResult::ChallengerWon, day_one + 2h).error().code ==
          "unknown_challenge");
}

TEST_CASE("ladder: challenges reach at most N rungs up and never down") {
    Ladder ladder = ladder_of(8, {.max_rungs_up = 3});
    CHECK(ladder.propose(8, 5, day_one).ok());
    CHECK(refusal(ladder.propose(8, 4, day_one)) == "too_far_above");
    CHECK(refusal(ladder.propose(5, 8, day_one)) == "not_above");
    CHECK(refusal(ladder.propose(5, 5, day_one)) == "self_challenge");
    CHECK(refusal(ladder.propose(5, 42, day_one)) == "not_on_ladder");
    CHECK(refusal(ladder.propose(42, 5, day_one)) == "not_on_ladder");

    Ladder by_default = ladder_of(8);
    CHECK(by_default.propose(8, 3, day_one).ok()); // 5 rungs up, the default
    CHECK(refusal(by_default.propose(8, 2, day_one)) == "too_far_above");
}

TEST_CASE("ladder: at most two open challenges, and one per pair") {
    Ladder ladder = ladder_of(6);
    challenge(ladder, 6, 5, 1);
    CHECK(refusal(ladder.propose(6, 5, day_one)) == "already_challenged");
    challenge(ladder, 6, 4, 2);
    CHECK(ladder.open_challenges_of(6) == 2);
    CHECK(refusal(ladder.propose(6, 3, day_one)) == "too_many_challenges");
    CHECK(ladder.propose(5, 3, day_one).ok()); // others are not limited by 6's challenges
    REQUIRE(ladder.withdraw(1, 6).ok());
    CHECK(ladder.propose(6, 3, day_one).ok());
}

TEST_CASE("ladder: only the challenged player accepts, only before the deadline") {
    Ladder ladder = ladder_of(3, {.response_time = 48h});
    const ChallengeId id = challenge(ladder, 3, 1, 5);
    CHECK(ladder.accept(id, 3, day_one).error().code == "not_challenged");
    CHECK(ladder.accept(99, 1, day_one).error().code == "unknown_challenge");
    CHECK(ladder.accept(id, 1, day_one + 48h).error().code == "expired");
    CHECK(ladder.report(id, ChallengeResult::ChallengerWon, day_one).error().code ==
          "not_accepted");
    const auto accepted = ladder.accept(id, 1, day_one + 47h);
    REQUIRE(accepted.ok());
    CHECK(accepted->status == ChallengeStatus::Accepted);
    CHECK(accepted->deadline == day_one + 47h + LadderRules{}.start_time); // to start the game
    REQUIRE(ladder.start(id).ok());
    CHECK(ladder.withdraw(id, 3).error().code == "not_open");
    CHECK(ladder.withdraw(id, 1).error().code == "not_open");
}

TEST_CASE("ladder: either player withdraws an accepted challenge until its game starts") {
    for (const PlayerId who : {PlayerId{3}, PlayerId{1}}) {
        Ladder ladder = ladder_of(3);
        const ChallengeId id = challenge(ladder, 3, 1, 5);
        CHECK(ladder.withdraw(id, 1).error().code == "not_challenger"); // open: challenger only
        REQUIRE(ladder.accept(id, 1, day_one).ok());
        CHECK(ladder.withdraw(id, 2).error().code == "not_challenged");
        const auto withdrawn = ladder.withdraw(id, who);
        REQUIRE(withdrawn.ok());
        CHECK(withdrawn->status == ChallengeStatus::Cancelled);
        CHECK(ladder.challenges().empty());
        CHECK(ladder.propose(3, 1, day_one).ok()); // the pair may play again
        CHECK(ladder.standings() == ids({1, 2, 3}));
    }
}

TEST_CASE("ladder: an accepted challenge whose game does not start in time is cancelled") {
    Ladder ladder = ladder_of(3, {.start_time = 10min});
    const ChallengeId idle = challenge(ladder, 3, 2, 1);
    const ChallengeId played = challenge(ladder, 2, 1, 2);
    REQUIRE(ladder.accept(idle, 2, day_one).ok());
    REQUIRE(ladder.accept(played, 1, day_one).ok());
    REQUIRE(ladder.start(played).ok());
    CHECK(ladder.expire(day_one + 10min - 1ms).empty());
    const auto updates = ladder.expire(day_one + 10min);
    REQUIRE(updates.size() == 1);
    CHECK(updates[0].challenge->id == idle);
    CHECK(updates[0].challenge->status == ChallengeStatus::Cancelled);
    CHECK(updates[0].changes.empty()); // nobody moves
    CHECK(ladder.standings() == ids({1, 2, 3}));
    REQUIRE(ladder.challenges().size() == 1); // a started game settles its own challenge
    CHECK(ladder.challenges()[0].id == played);
    CHECK(ladder.start(idle).error().code == "unknown_challenge");
}

TEST_CASE("ladder: an unanswered challenge is forfeited by the challenged player at expiry") {
    Ladder ladder = ladder_of(4, {.response_time = 24h});
    const ChallengeId late = challenge(ladder, 4, 2, 1, day_one);
    const ChallengeId answered = challenge(ladder, 3, 1, 2, day_one);
    REQUIRE(ladder.accept(answered, 1, day_one + 1h).ok());
    REQUIRE(ladder.start(answered).ok());

    CHECK(ladder.expire(day_one + 24h - 1ms).empty());
    const auto updates = ladder.expire(day_one + 24h);
    REQUIRE(updates.size() == 1);
    CHECK(updates[0].challenge->id == late);
    CHECK(updates[0].challenge->status == ChallengeStatus::Forfeited);
    CHECK(updates[0].changes[0].event == "won_by_forfeit");
    CHECK(updates[0].changes[1].event == "forfeited");
    CHECK(ladder.standings() == ids({1, 4, 2, 3}));
    // The accepted challenge whose game started is not touched by the clock; its game decides.
    REQUIRE(ladder.challenges().size() == 1);
    CHECK(ladder.challenges()[0].id == answered);
    CHECK(ladder.expire(day_one + 100h).empty());
}

TEST_CASE("ladder: a forfeit found late is recorded at its deadline, in deadline order") {
    Ladder ladder = ladder_of(5, {.response_time = 24h});
    challenge(ladder, 5, 4, 1, day_one);
    challenge(ladder, 3, 2, 2, day_one + 2h);
    const auto updates = ladder.expire(day_one + 240h); // nobody looked for ten days
    REQUIRE(updates.size() == 2);
    CHECK(updates[0].challenge->id == 1);
    for (const auto& change : updates[0].changes)
        CHECK(change.at == day_one + 24h);
    for (const auto& change : updates[1].changes)
        CHECK(change.at == day_one + 26h);
    CHECK(ladder.standings() == ids({1, 3, 2, 5, 4}));
}

TEST_CASE("ladder: a challenger who is already above the loser moves nobody") {
    Ladder ladder = ladder_of(4);
    const ChallengeId a = challenge(ladder, 4, 3, 1);
    const ChallengeId b = challenge(ladder, 3, 1, 2);
    REQUIRE(ladder.accept(a, 3, day_one).ok());
    REQUIRE(ladder.accept(b, 1, day_one).ok());
    REQUIRE(ladder.report(b, ChallengeResult::ChallengerWon, day_one).ok()); // 3 to the top
    CHECK(ladder.standings() == ids({3, 1, 2, 4}));
    REQUIRE(ladder.report(a, ChallengeResult::ChallengerWon, day_one).ok()); // 4 takes 3's rung 1
    CHECK(ladder.standings() == ids({4, 3, 1, 2}));
}

TEST_CASE("ladder: the organiser removes a player, those below move up, challenges go") {
    Ladder ladder = ladder_of(4, {}, 100);
    challenge(ladder, 4, 2, 1);
    CHECK(ladder.remove(4, 2, day_one).error().code == "not_organiser");
    const auto update = ladder.remove(100, 2, day_one);
    REQUIRE(update.ok());
    CHECK(ladder.standings() == ids({1, 3, 4}));
    REQUIRE(update->changes.size() == 3);
    CHECK(update->changes[0].event == "removed");
    CHECK(update->changes[0].rung_after == 0);
    CHECK(update->changes[2].player == 4);
    CHECK(update->changes[2].rung_after == 3);
    REQUIRE(update->cancelled.size() == 1);
    CHECK(update->cancelled[0].status == ChallengeStatus::Cancelled);
    CHECK(ladder.challenges().empty());
    CHECK(ladder.remove(100, 2, day_one).error().code == "not_on_ladder");
    Ladder operator_made({}, std::nullopt, {1, 2});
    CHECK(operator_made.remove(1, 2, day_one).error().code == "not_organiser");
}

TEST_CASE("ladder: the operator removes a player from any ladder, organiser or not") {
    Ladder operator_made({}, std::nullopt, {1, 2, 3});
    const auto update = operator_made.remove_by_operator(1, day_one);
    REQUIRE(update.ok());
    CHECK(operator_made.standings() == ids({2, 3}));
    CHECK(update->changes[0].event == "removed");
    CHECK(operator_made.remove_by_operator(1, day_one).error().code == "not_on_ladder");
    Ladder organised = ladder_of(3, {}, 100);
    REQUIRE(organised.remove_by_operator(3, day_one).ok());
    CHECK(organised.standings() == ids({1, 2}));
}

TEST_CASE("ladder: status keys round-trip, a restored ladder keeps only live challenges") {
    for (auto s :
         {ChallengeStatus::Open, ChallengeStatus::Accepted, ChallengeStatus::ChallengerWon,
          ChallengeStatus::ChallengerLost, ChallengeStatus::Forfeited, ChallengeStatus::Cancelled})
        CHECK(status_from_key(status_key(s)) == s);
    CHECK_FALSE(status_from_key("won"));
    Ladder restored({}, 1, {1, 2, 3},
                    {{1, 3, 2, day_one, day_one + 1h, ChallengeStatus::Open},
                     {2, 3, 1, day_one, day_one + 1h, ChallengeStatus::ChallengerLost}});
    REQUIRE(restored.challenges().size() == 1);
    CHECK(restored.open_challenges_of(3) == 1);
}

} // namespace lobby::ladder
