#include "storage/sqlite/sqlite_backend.h"
#include "tests/storage/backends.h"
#include "tests/storage/temp_database.h"
#include "tests/storage/writer_helpers.h"

#include <future>

#include <doctest/doctest.h>

using namespace storage;
using namespace storage_test;

TEST_CASE_TEMPLATE("a game with its moves round-trips through the writer and the reader", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const UserId ann = backend.user_store()->create_user("ann", "h", at_ms(0)).value();
    auto writer = backend.game_writer();
    auto game = sample_game(ann, std::nullopt);
    game.start_position = "W:W31-50:B1-20";
    const auto [created, id] = create_now(*writer, game);
    REQUIRE(created.ok());
    REQUIRE(id > 0);
    CHECK(append_now(*writer, id, move_at(1, "e4")).ok());
    CHECK(append_now(*writer, id, move_at(2, "e5")).ok());

    const auto stored = backend.game_store()->find_game(id);
    REQUIRE(stored);
    CHECK(stored->game.variant == "chess");
    CHECK(stored->game.start_position == "W:W31-50:B1-20");
    CHECK(stored->game.seats[0].user_id == ann);
    CHECK_FALSE(stored->game.seats[1].user_id);
    CHECK(stored->game.seats[1].name == "guest-b");
    REQUIRE(stored->game.seats.size() == 2);
    CHECK(stored->game.seats[0].name == "white");
    CHECK_FALSE(stored->game.seats[0].place);
    CHECK(stored->game.time_control == "180+2");
    CHECK(stored->game.table_code == "K7QF");
    CHECK(stored->game.started_at == game.started_at);
    CHECK_FALSE(stored->game.ended_at);
    CHECK(stored->game.result.empty());
    REQUIRE(stored->moves.size() == 2);
    CHECK(stored->moves[0] == move_at(1, "e4"));
    CHECK(stored->moves[1] == move_at(2, "e5"));
    CHECK_FALSE(backend.game_store()->find_game(id + 1));
}

TEST_CASE_TEMPLATE("a stored ply is never overwritten and a finished game takes no moves", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto writer = backend.game_writer();
    const GameId id = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    REQUIRE(append_now(*writer, id, move_at(1, "e4")).ok());
    CHECK_FALSE(append_now(*writer, id, move_at(1, "d4")).ok());

    std::promise<WriteStatus> finished;
    writer->finish_game(FinishGame{{id, "1-0", "resign", at_ms(2'000'000)}, {}, {}},
                        [&](const WriteStatus& s, const auto&) { finished.set_value(s); });
    REQUIRE(finished.get_future().get().ok());
    const auto late = append_now(*writer, id, move_at(2, "e5"));
    CHECK_FALSE(late.ok());
    CHECK(late.error.find("not in progress") != std::string::npos);

    const auto stored = backend.game_store()->find_game(id);
    REQUIRE(stored->moves.size() == 1);
    CHECK(stored->moves[0].move == "e4");
    CHECK(stored->game.result == "1-0");
    CHECK(stored->game.termination == "resign");
    CHECK(stored->game.ended_at == at_ms(2'000'000));
}

TEST_CASE_TEMPLATE("finishing a rated game writes the result and both ratings in one go", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = users->create_user("bob", "h", at_ms(0)).value();
    backend.rating_store()->put_rating({{bob, "chess", "blitz"}, 1600, 90, 0.06, 30, at_ms(0)});
    auto writer = backend.game_writer();
    const GameId id = create_now(*writer, sample_game(ann, bob, true)).second;

    std::vector<std::optional<RatingRow>> seen;
    FinishGame finish{{id, "1-0", "checkmate", at_ms(9)},
                      {{ann, "chess", "blitz"}, {bob, "chess", "blitz"}},
                      [&](const std::vector<std::optional<RatingRow>>& current) {
                          seen = current;
                          return std::vector<RatingRow>{
                              {{ann, "chess", "blitz"}, 1700, 300, 0.09, 1, at_ms(9)},
                              {{bob, "chess", "blitz"}, 1580, 88, 0.06, 31, at_ms(9)}};
                      }};
    std::promise<std::pair<WriteStatus, std::size_t>> done;
    writer->finish_game(std::move(finish), [&](const WriteStatus& s, const auto& written) {
        done.set_value({s, written.size()});
    });
    const auto [status, written] = done.get_future().get();
    REQUIRE(status.ok());
    CHECK(written == 2);
    REQUIRE(seen.size() == 2);
    CHECK_FALSE(seen[0]);
    REQUIRE(seen[1]);
    CHECK(seen[1]->rating == 1600);
    auto ratings = backend.rating_store();
    CHECK(ratings->find_rating({ann, "chess", "blitz"})->rating == 1700);
    CHECK(ratings->find_rating({bob, "chess", "blitz"})->games == 31);
}

TEST_CASE_TEMPLATE("a failing rating update leaves the game unfinished and the ratings untouched",
                   Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const UserId ann = backend.user_store()->create_user("ann", "h", at_ms(0)).value();
    auto writer = backend.game_writer();
    const GameId id = create_now(*writer, sample_game(ann, std::nullopt, true)).second;
    FinishGame finish{
        {id, "0-1", "flag", at_ms(9)}, {{ann, "chess", "blitz"}}, [&](const auto&) {
            // deviation 0 breaks the CHECK constraint: the write must fail
            return std::vector<RatingRow>{{{ann, "chess", "blitz"}, 1400, 0, 0.09, 1, at_ms(9)}};
        }};
    std::promise<WriteStatus> done;
    writer->finish_game(std::move(finish),
                        [&](const WriteStatus& s, const auto&) { done.set_value(s); });
    CHECK_FALSE(done.get_future().get().ok());
    CHECK_FALSE(backend.game_store()->find_game(id)->game.ended_at);
    CHECK_FALSE(backend.rating_store()->find_rating({ann, "chess", "blitz"}));
}

TEST_CASE_TEMPLATE("history pages newest first with a keyset, and counts both colours", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = users->create_user("bob", "h", at_ms(0)).value();
    auto writer = backend.game_writer();
    std::vector<GameId> ids;
    for (int i = 0; i < 5; ++i)
        ids.push_back(
            create_now(*writer, i % 2 == 0 ? sample_game(ann, bob) : sample_game(bob, ann)).second);
    create_now(*writer, sample_game(bob, std::nullopt)); // not ann's

    auto games = backend.game_store();
    CHECK(games->count_games(ann) == 5);
    CHECK(games->count_games(bob) == 6);
    const auto first = games->history(ann, {.limit = 2, .before_game_id = std::nullopt});
    REQUIRE(first.size() == 2);
    CHECK(first[0].id == ids[4]);
    CHECK(first[1].id == ids[3]);
    const auto second = games->history(ann, {.limit = 2, .before_game_id = first[1].id});
    REQUIRE(second.size() == 2);
    CHECK(second[0].id == ids[2]);
    CHECK(second[1].id == ids[1]);
    const auto last = games->history(ann, {.limit = 2, .before_game_id = second[1].id});
    REQUIRE(last.size() == 1);
    CHECK(last[0].id == ids[0]);
}

TEST_CASE_TEMPLATE("unfinished games are loaded with their moves: finished ones are not", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto writer = backend.game_writer();
    const GameId open = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    const GameId done = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    for (int ply = 1; ply <= 3; ++ply)
        REQUIRE(append_now(*writer, open, move_at(ply, "m")).ok());
    writer->finish_game({{done, "1/2-1/2", "agreement", at_ms(5)}, {}, {}}, {});
    writer->flush();

    const auto unfinished = backend.game_store()->load_unfinished_games();
    REQUIRE(unfinished.size() == 1);
    CHECK(unfinished[0].game.id == open);
    REQUIRE(unfinished[0].moves.size() == 3);
    CHECK(unfinished[0].moves[2].ply == 3);
    CHECK(unfinished[0].moves[2] == move_at(3, "m"));
}

namespace {

LadderRow ladder_row(const char* name) {
    LadderRow row;
    row.name = name;
    row.variant = "chess";
    row.time_control = "180+2";
    row.response_time = std::chrono::hours(1);
    row.created_at = at_ms(0);
    return row;
}

LadderChallengeRow accepted_challenge(LadderId ladder, UserId challenger, UserId challenged) {
    LadderChallengeRow row;
    row.ladder_id = ladder;
    row.challenger_user_id = challenger;
    row.challenged_user_id = challenged;
    row.created_at = at_ms(1);
    row.deadline_at = at_ms(2);
    row.status = "accepted";
    return row;
}

GameLadderLink link_to(LadderId ladder, ChallengeId challenge) {
    GameLadderLink link;
    link.ladder_id = ladder;
    link.challenge_id = challenge;
    return link;
}

} // namespace

TEST_CASE_TEMPLATE("a game's public flag, ladder link and guest token hashes round-trip (schema 3)",
                   Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = users->create_user("bob", "h", at_ms(0)).value();
    auto ladders = backend.ladder_store();
    const auto ladder = ladders->create_ladder(ladder_row("L"));
    REQUIRE(ladder);
    const ChallengeId challenge = ladders->add_challenge(accepted_challenge(*ladder, bob, ann));
    auto writer = backend.game_writer();

    auto guests = sample_game(std::nullopt, std::nullopt);
    guests.is_public = true;
    guests.seats[0].guest_token_hash = std::string(64, 'a');
    guests.seats[1].guest_token_hash = std::string(64, 'b');
    const GameId guest_game = create_now(*writer, guests).second;
    auto laddered = sample_game(ann, bob, true);
    // The challenger is read from the challenge: what the row says about it is not written.
    laddered.ladder = link_to(*ladder, challenge);
    const GameId ladder_game = create_now(*writer, laddered).second;
    const GameId plain = create_now(*writer, sample_game(ann, std::nullopt)).second;

    auto games = backend.game_store();
    const auto unfinished = games->load_unfinished_games();
    REQUIRE(unfinished.size() == 3);
    CHECK(unfinished[0].game.id == guest_game);
    CHECK(unfinished[0].game.is_public);
    CHECK_FALSE(unfinished[0].game.ladder);
    CHECK(unfinished[0].game.seats[0].guest_token_hash == std::string(64, 'a'));
    CHECK(unfinished[0].game.seats[1].guest_token_hash == std::string(64, 'b'));
    CHECK(unfinished[1].game.id == ladder_game);
    CHECK_FALSE(unfinished[1].game.is_public);
    auto expected = link_to(*ladder, challenge);
    expected.challenger_user_id = bob;
    CHECK(unfinished[1].game.ladder == expected);
    CHECK(unfinished[1].game.seats[0].guest_token_hash.empty());
    CHECK(unfinished[2].game.id == plain);
    CHECK_FALSE(unfinished[2].game.is_public);
    CHECK_FALSE(unfinished[2].game.ladder);
    CHECK(unfinished[2].game.seats[1].guest_token_hash.empty());
    CHECK(games->history(bob, {})[0].ladder == unfinished[1].game.ladder);

    // Once the game has ended its guests need no way back: the hashes are cleared.
    std::promise<WriteStatus> finished;
    writer->finish_game(FinishGame{{guest_game, "1-0", "resign", at_ms(2'000'000)}, {}, {}},
                        [&](const WriteStatus& s, const auto&) { finished.set_value(s); });
    REQUIRE(finished.get_future().get().ok());
    const auto ended = games->find_game(guest_game);
    REQUIRE(ended);
    CHECK(ended->game.is_public);
    CHECK(ended->game.seats[0].guest_token_hash.empty());
    CHECK(ended->game.seats[1].guest_token_hash.empty());
}

TEST_CASE_TEMPLATE("a game whose ladder link names no challenge of that ladder is refused", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto users = backend.user_store();
    const UserId ann = users->create_user("ann", "h", at_ms(0)).value();
    const UserId bob = users->create_user("bob", "h", at_ms(0)).value();
    auto ladders = backend.ladder_store();
    const auto first = ladders->create_ladder(ladder_row("first"));
    const auto other = ladders->create_ladder(ladder_row("other"));
    REQUIRE(first);
    REQUIRE(other);
    const ChallengeId challenge = ladders->add_challenge(accepted_challenge(*first, bob, ann));
    auto writer = backend.game_writer();
    auto wrong_ladder = sample_game(ann, bob, true);
    wrong_ladder.ladder = link_to(*other, challenge);
    const auto refused = create_now(*writer, wrong_ladder);
    CHECK_FALSE(refused.first.ok());
    CHECK(refused.first.error.find("has no challenge") != std::string::npos);
    auto unknown = sample_game(ann, bob, true);
    unknown.ladder = link_to(*first, challenge + 100);
    CHECK_FALSE(create_now(*writer, unknown).first.ok());
    CHECK(backend.game_store()->load_unfinished_games().empty());
}
