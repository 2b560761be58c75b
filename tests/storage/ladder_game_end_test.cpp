// A ladder game's end and its ladder change in one transaction (issue 34): the game writer
// decides the challenge with its LadderDecider while it stores the end, and a failure anywhere
// in it leaves the end, the rungs, the history and the challenge as they were.
#include "storage/errors.h"
#include "storage/sqlite/connection.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/storage/backends.h"
#include "tests/storage/temp_database.h"
#include "tests/storage/writer_helpers.h"

#include <future>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;
using storage_test::at_ms;
using storage_test::create_now;

namespace {

// Two players on a ladder, ann on top, and bob's challenge to ann accepted, on backend Db.
template <class Db> struct AcceptedLadder {
    Db db;
    Backend& backend = db.backend();
    UserId ann = 0;
    UserId bob = 0;
    LadderId ladder = 0;
    ChallengeId challenge = 0;

    AcceptedLadder() {
        auto users = backend.user_store();
        ann = users->create_user("ann", "h", at_ms(0)).value();
        bob = users->create_user("bob", "h", at_ms(0)).value();
        auto ladders = backend.ladder_store();
        ladder = ladders
                     ->create_ladder({.name = "L",
                                      .variant = "chess",
                                      .time_control = "180+2",
                                      .response_time = std::chrono::hours(1),
                                      .organiser_user_id = std::nullopt,
                                      .created_at = at_ms(0)})
                     .value();
        ladders->save_standings(ladder, {ann, bob}, {});
        challenge = ladders->add_challenge({.ladder_id = ladder,
                                            .challenger_user_id = bob,
                                            .challenged_user_id = ann,
                                            .created_at = at_ms(1),
                                            .deadline_at = at_ms(2),
                                            .game_id = std::nullopt,
                                            .status = "accepted"});
    }

    GameRow ladder_game() const {
        auto game = storage_test::sample_game(bob, ann, true);
        game.ladder = GameLadderLink{.ladder_id = ladder, .challenge_id = challenge};
        return game;
    }

    // What a decider returns for bob's win: bob takes rung 1, the challenge is won.
    LadderChange bob_won() const {
        LadderChallengeRow row = backend.ladder_store()->find_challenge(challenge).value();
        row.status = "challenger_won";
        return LadderChange{.ladder_id = ladder,
                            .top_first = std::vector<UserId>{bob, ann},
                            .history = {{ladder, bob, at_ms(5), "won_challenge", 2, 1, challenge},
                                        {ladder, ann, at_ms(5), "lost_defence", 1, 2, challenge}},
                            .challenges = {{row, "accepted"}}};
    }

    std::vector<UserId> top_first() const {
        std::vector<UserId> users;
        for (const auto& rung : backend.ladder_store()->standings(ladder))
            users.push_back(rung.user_id);
        return users;
    }

    // A trigger named `name` that refuses `event` ("BEFORE INSERT ON ladder_history") with
    // the message `message`: a write failing at that point.
    void refuse(const std::string& name, const std::string& event,
                const std::string& message) const {
        if constexpr (std::is_same_v<Db, storage_test::OnPostgres>) {
            db.connect().exec("CREATE FUNCTION " + name +
                              "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '" +
                              message + "'; END $$; CREATE TRIGGER " + name + " " + event +
                              " FOR EACH ROW EXECUTE FUNCTION " + name + "()");
        } else {
            sqlite::Connection raw(db.location(), sqlite::OpenOptions{});
            raw.exec("CREATE TRIGGER " + name + " " + event + " BEGIN SELECT RAISE(ABORT, '" +
                     message + "'); END");
        }
    }
    void allow(const std::string& name) const {
        if constexpr (std::is_same_v<Db, storage_test::OnPostgres>) {
            db.connect().exec("DROP FUNCTION " + name + " CASCADE");
        } else {
            sqlite::Connection raw(db.location(), sqlite::OpenOptions{});
            raw.exec("DROP TRIGGER " + name);
        }
    }
};

WriteStatus finish_ladder_game_now(GameWriter& writer, GameId game) {
    std::promise<WriteStatus> done;
    writer.finish_game(FinishGame{{game, "0-1", "resign", at_ms(5)}, {}, {}},
                       [&](const WriteStatus& s, const auto&) { done.set_value(s); });
    return done.get_future().get();
}

} // namespace

TEST_CASE_TEMPLATE("a ladder game's row names its game on the challenge, in the same transaction",
                   Db, STORAGE_BACKENDS) {
    AcceptedLadder<Db> l;
    auto writer = l.backend.game_writer();
    const auto [status, game] = create_now(*writer, l.ladder_game());
    REQUIRE(status.ok());
    const auto challenge = l.backend.ladder_store()->find_challenge(l.challenge);
    CHECK(challenge->game_id == game);
    CHECK(challenge->status == "accepted");
    const auto stored = l.backend.game_store()->find_game(game);
    REQUIRE(stored);
    CHECK(stored->game.ladder == GameLadderLink{.ladder_id = l.ladder,
                                                .challenge_id = l.challenge,
                                                .challenger_user_id = l.bob});
    CHECK_FALSE(stored->game.ended_at);
}

TEST_CASE_TEMPLATE("a ladder game's row is refused for a challenge that is not accepted", Db,
                   STORAGE_BACKENDS) {
    AcceptedLadder<Db> l;
    auto row = l.backend.ladder_store()->find_challenge(l.challenge).value();
    row.status = "cancelled"; // withdrawn while the row was on its way
    REQUIRE(l.backend.ladder_store()->update_challenge(row));
    auto writer = l.backend.game_writer();
    const auto refused = create_now(*writer, l.ladder_game());
    CHECK_FALSE(refused.first.ok());
    CHECK(refused.first.error.find("not accepted") != std::string::npos);
    CHECK(l.backend.game_store()->load_unfinished_games().empty());
}

TEST_CASE_TEMPLATE(
    "a ladder game's end, rungs, history and challenge are written in one transaction", Db,
    STORAGE_BACKENDS) {
    AcceptedLadder<Db> l;
    auto seen = std::make_shared<std::optional<LadderGameEnd>>();
    auto writer = l.backend.game_writer([&l, seen](const LadderGameEnd& end) {
        *seen = end;
        return std::optional<LadderChange>(l.bob_won());
    });
    const GameId game = create_now(*writer, l.ladder_game()).second;
    REQUIRE(storage_test::append_now(*writer, game, storage_test::move_at(1, "e4")).ok());
    const GameId casual = create_now(*writer, storage_test::sample_game(l.ann, l.bob)).second;
    REQUIRE(finish_ladder_game_now(*writer, casual).ok());
    CHECK_FALSE(seen->has_value()); // a game without a ladder decides nothing

    REQUIRE(finish_ladder_game_now(*writer, game).ok());
    REQUIRE(seen->has_value());
    const LadderGameEnd& end = **seen;
    CHECK(end.ladder.id == l.ladder);
    CHECK(end.top_first == std::vector<UserId>{l.ann, l.bob});
    CHECK(end.challenge.id == l.challenge);
    CHECK(end.challenge.status == "accepted");
    CHECK(end.game.id == game);
    CHECK(end.game.result == "0-1");
    CHECK(end.game.ended_at == at_ms(5)); // the end is visible to the decider
    CHECK(end.moves == 1);

    CHECK(l.top_first() == std::vector<UserId>{l.bob, l.ann});
    auto ladders = l.backend.ladder_store();
    CHECK(ladders->find_challenge(l.challenge)->status == "challenger_won");
    CHECK(ladders->history(l.ladder, l.bob).size() == 1);
}

TEST_CASE_TEMPLATE("a refused challenge update leaves the game's end, the rungs and the history",
                   Db, STORAGE_BACKENDS) {
    AcceptedLadder<Db> l;
    auto writer = l.backend.game_writer(
        [&l](const LadderGameEnd&) { return std::optional<LadderChange>(l.bob_won()); });
    const GameId game = create_now(*writer, l.ladder_game()).second;
    l.refuse("refuse_status", "BEFORE UPDATE OF status ON ladder_challenges", "status refused");

    const auto failed = finish_ladder_game_now(*writer, game);
    CHECK_FALSE(failed.ok());
    CHECK(failed.error.find("status refused") != std::string::npos);
    CHECK(l.top_first() == std::vector<UserId>{l.ann, l.bob});
    auto ladders = l.backend.ladder_store();
    CHECK(ladders->history(l.ladder, l.bob).empty());
    CHECK(ladders->find_challenge(l.challenge)->status == "accepted");
    const auto stored = l.backend.game_store()->find_game(game);
    REQUIRE(stored);
    CHECK_FALSE(stored->game.ended_at); // the end waits for its ladder change
}

TEST_CASE_TEMPLATE("a history write that fails half-way is undone, and the retried end applies all",
                   Db, STORAGE_BACKENDS) {
    AcceptedLadder<Db> l;
    auto writer = l.backend.game_writer(
        [&l](const LadderGameEnd&) { return std::optional<LadderChange>(l.bob_won()); });
    const GameId game = create_now(*writer, l.ladder_game()).second;
    // The challenge and the rungs are written before the history: this fails after them.
    l.refuse("refuse_history", "BEFORE INSERT ON ladder_history", "history refused");
    const auto failed = finish_ladder_game_now(*writer, game);
    CHECK_FALSE(failed.ok());
    CHECK(failed.error.find("history refused") != std::string::npos);
    CHECK(l.top_first() == std::vector<UserId>{l.ann, l.bob});
    CHECK(l.backend.ladder_store()->find_challenge(l.challenge)->status == "accepted");
    CHECK_FALSE(l.backend.game_store()->find_game(game)->game.ended_at);

    l.allow("refuse_history");
    REQUIRE(finish_ladder_game_now(*writer, game)
                .ok()); // the live table writes an end until it is stored
    CHECK(l.top_first() == std::vector<UserId>{l.bob, l.ann});
    CHECK(l.backend.ladder_store()->find_challenge(l.challenge)->status == "challenger_won");
    CHECK(l.backend.ladder_store()->history(l.ladder, l.ann).size() == 1);
    CHECK(l.backend.game_store()->find_game(game)->game.ended_at);
}

TEST_CASE_TEMPLATE("a ladder change is refused whole when its challenge was settled meanwhile", Db,
                   STORAGE_BACKENDS) {
    AcceptedLadder<Db> l;
    auto ladders = l.backend.ladder_store();
    auto change = l.bob_won();
    change.challenges[0].from = "open"; // read before it was accepted
    CHECK_FALSE(ladders->apply_change(change));
    CHECK(l.top_first() == std::vector<UserId>{l.ann, l.bob});
    CHECK(ladders->history(l.ladder, l.bob).empty());
    CHECK(ladders->find_challenge(l.challenge)->status == "accepted");

    l.refuse("refuse_status", "BEFORE UPDATE OF status ON ladder_challenges", "status refused");
    CHECK_THROWS_AS((void)ladders->apply_change(l.bob_won()), StorageError);
    CHECK(l.top_first() == std::vector<UserId>{l.ann, l.bob});
    CHECK(ladders->history(l.ladder, l.bob).empty());

    l.allow("refuse_status");
    CHECK(ladders->apply_change(l.bob_won()));
    CHECK(l.top_first() == std::vector<UserId>{l.bob, l.ann});
    CHECK(ladders->history(l.ladder, l.bob).size() == 1);
    CHECK(ladders->find_challenge(l.challenge)->status == "challenger_won");
}
