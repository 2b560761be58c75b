#include "tests/storage/backends.h"

#include <atomic>
#include <future>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;
using storage_test::at_ms;

TEST_CASE_TEMPLATE("a ladder, its standings, challenges and history round-trip", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = users->create_user("bob", "h", at_ms(0)).value();
    const UserId cid = users->create_user("cid", "h", at_ms(0)).value();
    auto ladders = backend.ladder_store();

    const LadderRow definition{.name = "Club blitz",
                               .variant = "international",
                               .time_control = "300+5",
                               .max_rungs_up = 3,
                               .response_time = std::chrono::hours(72),
                               .organiser_user_id = ann,
                               .created_at = at_ms(10)};
    const auto id = ladders->create_ladder(definition);
    REQUIRE(id);
    CHECK_FALSE(ladders->create_ladder(definition)); // name taken
    const auto found = ladders->find_ladder(*id);
    REQUIRE(found);
    CHECK(found->name == "Club blitz");
    CHECK(found->variant == "international");
    CHECK(found->max_rungs_up == 3);
    CHECK(found->response_time == std::chrono::hours(72));
    CHECK(found->organiser_user_id == ann);
    CHECK(ladders->list_ladders().size() == 1);

    ladders->save_standings(*id, {ann, bob, cid},
                            {{*id, cid, at_ms(11), "joined", 0, 3, std::nullopt}});
    auto standings = ladders->standings(*id);
    REQUIRE(standings.size() == 3);
    CHECK(standings[0].name == "ann");
    CHECK(standings[2].user_id == cid);
    CHECK(standings[2].rung == 3);

    LadderChallengeRow challenge{.ladder_id = *id,
                                 .challenger_user_id = cid,
                                 .challenged_user_id = ann,
                                 .created_at = at_ms(20),
                                 .deadline_at = at_ms(30),
                                 .game_id = std::nullopt,
                                 .status = "open"};
    challenge.id = ladders->add_challenge(challenge);
    CHECK(ladders->open_challenges(*id).size() == 1);
    challenge.status = "challenger_won";
    CHECK(ladders->update_challenge(challenge));
    CHECK(ladders->open_challenges(*id).empty());
    CHECK(ladders->challenges_of(*id, ann).size() == 1);
    CHECK(ladders->challenges_of(*id, bob).empty());

    ladders->save_standings(*id, {cid, ann, bob},
                            {{*id, cid, at_ms(40), "won_challenge", 3, 1, challenge.id},
                             {*id, ann, at_ms(40), "moved_down", 1, 2, challenge.id},
                             {*id, bob, at_ms(40), "moved_down", 2, 3, challenge.id}});
    standings = ladders->standings(*id);
    CHECK(standings[0].user_id == cid);
    CHECK(standings[1].user_id == ann);
    CHECK(standings[2].user_id == bob);
    const auto history = ladders->history(*id, cid);
    REQUIRE(history.size() == 2);
    CHECK(history[1].event == "won_challenge");
    CHECK(history[1].rung_before == 3);
    CHECK(history[1].rung_after == 1);
    CHECK(history[1].challenge_id == challenge.id);
}

TEST_CASE_TEMPLATE("an unknown challenge status and a self-challenge are refused", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const UserId ann = backend.user_store()->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = backend.user_store()->create_user("bob", "h", at_ms(0)).value();
    auto ladders = backend.ladder_store();
    const LadderId id = ladders
                            ->create_ladder({.name = "L",
                                             .variant = "chess",
                                             .time_control = "60+0",
                                             .response_time = std::chrono::hours(1),
                                             .organiser_user_id = std::nullopt,
                                             .created_at = at_ms(0)})
                            .value();
    LadderChallengeRow bad{.ladder_id = id,
                           .challenger_user_id = ann,
                           .challenged_user_id = bob,
                           .created_at = at_ms(0),
                           .deadline_at = at_ms(1),
                           .game_id = std::nullopt,
                           .status = "maybe"};
    CHECK_THROWS_AS((void)ladders->add_challenge(bad), StorageError);
    bad.status = "open";
    bad.challenged_user_id = ann;
    CHECK_THROWS_AS((void)ladders->add_challenge(bad), StorageError);
}

TEST_CASE_TEMPLATE("a failed standings save changes nothing", Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const UserId ann = backend.user_store()->create_user("ann", "h", at_ms(0)).value();
    auto ladders = backend.ladder_store();
    const LadderId id = ladders
                            ->create_ladder({.name = "L",
                                             .variant = "chess",
                                             .time_control = "60+0",
                                             .response_time = std::chrono::hours(1),
                                             .organiser_user_id = std::nullopt,
                                             .created_at = at_ms(0)})
                            .value();
    ladders->save_standings(id, {ann}, {});
    CHECK_THROWS_AS(ladders->save_standings(id, {ann, 12345}, {}), StorageError); // no user
    const auto standings = ladders->standings(id);
    REQUIRE(standings.size() == 1);
    CHECK(standings[0].user_id == ann);
}

namespace {

// A ladder "L" with no players, made on `backend`.
LadderId empty_ladder(Backend& backend) {
    return backend.ladder_store()
        ->create_ladder({.name = "L",
                         .variant = "chess",
                         .time_control = "60+0",
                         .response_time = std::chrono::hours(1),
                         .organiser_user_id = std::nullopt,
                         .created_at = at_ms(0)})
        .value();
}

// `user` joins at the bottom, computed from the standings as `ladders` reads them now; the
// change carries them as what it was computed from (as server/accounts/ladder_records.cpp
// builds its changes).
LadderChange join_change(LadderStore& ladders, LadderId ladder, UserId user, TimePoint at) {
    std::vector<UserId> read;
    for (const auto& rung : ladders.standings(ladder))
        read.push_back(rung.user_id);
    auto after = read;
    after.push_back(user);
    const int rung = static_cast<int>(after.size());
    return LadderChange{.ladder_id = ladder,
                        .top_first = after,
                        .history = {{ladder, user, at, "joined", 0, rung, std::nullopt}},
                        .challenges = {},
                        .computed_from = read};
}

// Joins as the ladder service does: read, compute, write; refused (another writer changed the
// standings meanwhile), again from a fresh read. How many tries it took.
int join_retrying(LadderStore& ladders, LadderId ladder, UserId user, TimePoint at) {
    for (int tries = 1; tries < 10000; ++tries) {
        if (ladders.apply_change(join_change(ladders, ladder, user, at)))
            return tries;
        std::this_thread::yield();
    }
    FAIL("a join was refused 10000 times in a row");
    return 0;
}

} // namespace

TEST_CASE_TEMPLATE("a ladder change computed from standings no longer stored is refused whole", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = users->create_user("bob", "h", at_ms(0)).value();
    const UserId cid = users->create_user("cid", "h", at_ms(0)).value();
    auto ladders = backend.ladder_store();
    const LadderId id = empty_ladder(backend);
    REQUIRE(ladders->apply_change(join_change(*ladders, id, ann, at_ms(1))));
    LadderChallengeRow challenge{.ladder_id = id,
                                 .challenger_user_id = ann,
                                 .challenged_user_id = cid,
                                 .created_at = at_ms(2),
                                 .deadline_at = at_ms(100),
                                 .game_id = std::nullopt,
                                 .status = "open"};
    challenge.id = ladders->add_challenge(challenge);

    // Two writers read [ann]; bob's join is computed first, cid's is written first.
    auto bob_joins = join_change(*ladders, id, bob, at_ms(3));
    auto cancelled = challenge;
    cancelled.status = "cancelled";
    bob_joins.challenges.push_back({cancelled, "open"}); // a challenge that is still "open"
    REQUIRE(ladders->apply_change(join_change(*backend.ladder_store(), id, cid, at_ms(4))));

    CHECK_FALSE(ladders->apply_change(bob_joins));
    const auto standings = ladders->standings(id);
    REQUIRE(standings.size() == 2);
    CHECK(standings[0].user_id == ann);
    CHECK(standings[1].user_id == cid);
    CHECK(standings[1].rung == 2);
    CHECK(ladders->history(id, bob).empty());
    CHECK(ladders->find_challenge(challenge.id).value().status == "open");

    // Computed again from what is stored, it is written.
    auto again = join_change(*ladders, id, bob, at_ms(5));
    again.challenges.push_back({cancelled, "open"});
    CHECK(ladders->apply_change(again));
    CHECK(ladders->standings(id).size() == 3);
    CHECK(ladders->history(id, bob).at(0).rung_after == 3);
    CHECK(ladders->find_challenge(challenge.id).value().status == "cancelled");

    // Without `computed_from` (an operator's save_standings) a change is written whatever the
    // standings are.
    ladders->save_standings(id, {cid, bob, ann}, {});
    CHECK(ladders->standings(id).front().user_id == cid);
}

TEST_CASE_TEMPLATE("two nodes joining one ladder at once lose no join", Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const LadderId id = empty_ladder(backend);
    constexpr int per_node = 40;
    std::vector<std::vector<UserId>> players(2);
    {
        auto users = backend.user_store();
        for (int node = 0; node < 2; ++node)
            for (int i = 0; i < per_node; ++i)
                players[static_cast<std::size_t>(node)].push_back(
                    users->create_user(std::to_string(1000 * node + i) + "p", "h", at_ms(0))
                        .value());
    }
    // Each node opens the database for itself (its own connections), as two servers would;
    // a third writer meanwhile swaps the two players on top, as a challenge's result does,
    // each swap also retried until it is written. (Opened before the threads start, as a
    // server opens its storage before it serves.)
    std::vector<std::unique_ptr<Backend>> nodes;
    std::vector<std::unique_ptr<LadderStore>> stores;
    for (int i = 0; i < 3; ++i) {
        nodes.push_back(storage::open(db.location()));
        stores.push_back(nodes.back()->ladder_store());
    }
    std::atomic<int> refused{0};
    const auto node = [&](std::size_t which) {
        for (const UserId user : players[which])
            refused += join_retrying(*stores[which], id, user, at_ms(10)) - 1;
    };
    constexpr int swaps = 20;
    const auto swapper = [&] {
        auto& ladders = *stores[2];
        for (int done = 0; done < swaps;) {
            std::vector<UserId> read;
            for (const auto& rung : ladders.standings(id))
                read.push_back(rung.user_id);
            auto after = read;
            if (after.size() >= 2)
                std::swap(after[0], after[1]);
            if (after.size() >= 2 && ladders.apply_change({.ladder_id = id,
                                                           .top_first = after,
                                                           .history = {},
                                                           .challenges = {},
                                                           .computed_from = read}))
                ++done;
            std::this_thread::yield();
        }
    };
    {
        auto swapped = std::async(std::launch::async, swapper);
        auto first = std::async(std::launch::async, node, std::size_t{0});
        auto second = std::async(std::launch::async, node, std::size_t{1});
        first.get();
        second.get();
        swapped.get();
    }
    MESSAGE("joins read again after a refusal: " << refused.load());

    auto ladders = backend.ladder_store();
    const auto standings = ladders->standings(id);
    REQUIRE(standings.size() == 2 * per_node); // no join lost
    std::set<UserId> on_ladder;
    for (std::size_t i = 0; i < standings.size(); ++i) {
        CHECK(standings[i].rung == static_cast<int>(i) + 1); // 1..n, no gap
        on_ladder.insert(standings[i].user_id);
    }
    // Each join was written from the standings as they were: it took the next rung.
    std::set<int> joined_at;
    for (const auto& group : players)
        for (const UserId user : group) {
            CHECK(on_ladder.count(user) == 1);
            const auto lines = ladders->history(id, user);
            REQUIRE(lines.size() == 1);
            joined_at.insert(lines[0].rung_after);
        }
    CHECK(joined_at.size() == 2 * per_node);
    CHECK(*joined_at.begin() == 1);
    CHECK(*joined_at.rbegin() == 2 * per_node);
}
