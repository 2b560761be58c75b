#include "tests/storage/backends.h"

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
