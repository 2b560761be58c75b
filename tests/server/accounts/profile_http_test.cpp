// Profiles, game history with paging, PGN/PDN downloads and leaderboards. Games are written
// through storage's GameWriter, as the play service writes them.
#include "rules/game.h"
#include "rules/record/record_reader.h"
#include "rules/variant.h"
#include "tests/server/accounts/accounts_test_support.h"

#include <future>

#include <doctest/doctest.h>

using test::AccountsServer;
using test::error_code;
using test::json_of;

namespace {

// Stores a finished game through the writer and returns its id.
storage::GameId store_game(AccountsServer& s, storage::GameWriter& writer,
                           const std::string& variant, const std::string& white,
                           const std::string& black, const std::vector<std::string>& moves,
                           const std::string& result, const std::string& termination) {
    storage::GameRow row;
    row.variant = variant;
    row.seats = {storage::SeatRow{.user_id = s.user_id(white), .name = white},
                 storage::SeatRow{.user_id = s.user_id(black), .name = black}};
    row.time_control = "base_ms=300000 increment_ms=3000 delay_ms=0 per_move_ms=0 days=0";
    row.rated = true;
    row.started_at = s.now();
    std::promise<storage::GameId> created;
    writer.create_game(row, [&](const storage::WriteStatus& status, storage::GameId id) {
        created.set_value(status.ok() ? id : 0);
    });
    const auto id = created.get_future().get();
    REQUIRE(id > 0);
    int ply = 0;
    for (const auto& move : moves) {
        ++ply;
        writer.append_move(id,
                           {.ply = ply,
                            .move = move,
                            .seat = (ply - 1) % 2,
                            .remaining = std::chrono::seconds(290),
                            .at = s.now()},
                           [](const storage::WriteStatus&) {});
    }
    writer.finish_game({{id, result, termination, s.now()}, {}, {}},
                       [](const storage::WriteStatus&, const std::vector<storage::RatingRow>&) {});
    writer.flush();
    return id;
}

} // namespace

TEST_CASE("a stored chess game downloads as PGN that reads back and replays") {
    AccountsServer s;
    s.register_user("Alice");
    s.register_user("Boris");
    auto writer = s.backend.game_writer();
    const auto id = store_game(s, *writer, "chess", "Alice", "Boris",
                               {"f2f3", "e7e5", "g2g4", "d8h4"}, "0-1", "checkmate");
    const auto reply = s.get("/api/games/" + std::to_string(id) + ".pgn");
    REQUIRE(reply.status == 200);
    CHECK(reply.header("content-type") == "application/x-chess-pgn");
    const auto records = rules::read_records(reply.body);
    REQUIRE(records.size() == 1);
    REQUIRE(records[0].ok());
    const auto& record = *records[0];
    CHECK(record.tag("White") == "Alice");
    CHECK(record.tag("Black") == "Boris");
    CHECK(record.result == "0-1");
    auto game = rules::make_game(rules::VariantId::Chess);
    REQUIRE(game.ok());
    for (const auto& move : record.moves)
        REQUIRE((*game)->play(move).ok());
    CHECK((*game)->outcome().won_by(1));
    CHECK((*game)->moves() == std::vector<std::string>{"f2f3", "e7e5", "g2g4", "d8h4"});

    CHECK(error_code(s.get("/api/games/" + std::to_string(id) + ".pdn")) == "wrong_format");
    CHECK(error_code(s.get("/api/games/999.pgn")) == "unknown_game");
    CHECK(error_code(s.get("/api/games/abc.pgn")) == "unknown_game");
    CHECK(s.get("/api/games/1").status == 404);
}

TEST_CASE("a resigned draughts game downloads as PDN, a user's games come as one file") {
    AccountsServer s;
    s.register_user("Cees");
    s.register_user("Dirk");
    auto writer = s.backend.game_writer();
    const auto draughts = store_game(s, *writer, "international", "Cees", "Dirk",
                                     {"32-28", "19-23", "28x19", "14x23"}, "1-0", "resign");
    const auto chess =
        store_game(s, *writer, "chess", "Dirk", "Cees", {"e2e4", "e7e5"}, "1/2-1/2", "agreement");
    const auto pdn = s.get("/api/games/" + std::to_string(draughts) + ".pdn");
    REQUIRE(pdn.status == 200);
    const auto records = rules::read_records(pdn.body);
    REQUIRE(records.size() == 1);
    REQUIRE(records[0].ok());
    CHECK(records[0]->result.starts_with("2-0") + records[0]->result.starts_with("1-0") == 1);
    CHECK(records[0]->moves.size() == 4);

    const auto all = s.get("/api/users/cees/games.pgn");
    REQUIRE(all.status == 200);
    const auto both = rules::read_records(all.body);
    REQUIRE(both.size() == 2);
    CHECK(both[0].ok());
    CHECK(both[1].ok());
    CHECK(both[0]->tag("GameId") == std::to_string(chess)); // chess first, then draughts
    CHECK(both[1]->tag("GameId") == std::to_string(draughts));
    const auto only = s.get("/api/users/cees/games.pdn?variant=international");
    REQUIRE(rules::read_records(only.body).size() == 1);
    CHECK(error_code(s.get("/api/users/cees/games.pgn?variant=nope")) == "unknown_variant");
    CHECK(error_code(s.get("/api/users/nobody/games.pgn")) == "unknown_user");
}

TEST_CASE("a stored 4-seat game with leaves downloads as a record whose Left tag replays to "
          "the stored places") {
    AccountsServer s;
    s.register_user("Gus");
    s.register_user("Hana");
    // A real game: the first legal move each turn; seat 2 leaves after 4 moves, then seats 1
    // and 3 after 7, which leaves one player and ends the game (rules/game.h retire).
    auto made = rules::make_game(rules::VariantId::ChineseCheckers4);
    REQUIRE(made.ok());
    auto& rules_game = **made;
    std::vector<std::string> moves;
    std::vector<int> movers;
    std::vector<storage::LeaveRow> leaves;
    const auto play = [&](int count) {
        for (int i = 0; i < count; ++i) {
            movers.push_back(rules_game.seat_to_move());
            moves.push_back(rules_game.legal_moves().front());
            REQUIRE(rules_game.play(moves.back()).ok());
        }
    };
    const auto leave = [&](int seat) {
        leaves.push_back({.seat = seat, .ply = rules_game.ply()});
        REQUIRE(rules_game.retire(seat).ok());
    };
    play(4);
    leave(2);
    play(3);
    leave(1);
    leave(3);
    const auto end = rules_game.outcome();
    REQUIRE(end.over());
    REQUIRE(end.places.size() == 4);

    storage::GameRow row;
    row.variant = "chinese-checkers-4";
    row.seats = {{.user_id = s.user_id("Gus"), .name = "Gus"},
                 {.user_id = s.user_id("Hana"), .name = "Hana"},
                 {.user_id = std::nullopt, .name = "Ida", .guest_token_hash = "h2"},
                 {.user_id = std::nullopt, .name = "Jo", .guest_token_hash = "h3"}};
    row.time_control = "base_ms=300000 increment_ms=0 delay_ms=0 per_move_ms=0 days=0";
    row.started_at = s.now();
    auto writer = s.backend.game_writer();
    std::promise<storage::GameId> created;
    writer->create_game(row, [&](const storage::WriteStatus& status, storage::GameId id) {
        created.set_value(status.ok() ? id : 0);
    });
    const auto id = created.get_future().get();
    REQUIRE(id > 0);
    std::size_t next_leave = 0;
    const auto store_leaves_at = [&](int ply) {
        for (; next_leave < leaves.size() && leaves[next_leave].ply == ply; ++next_leave)
            writer->append_leave(id, leaves[next_leave],
                                 [](const storage::WriteStatus& st) { CHECK(st.ok()); });
    };
    for (std::size_t i = 0; i < moves.size(); ++i) {
        store_leaves_at(static_cast<int>(i));
        const storage::MoveRow move{.ply = static_cast<int>(i) + 1,
                                    .move = moves[i],
                                    .seat = movers[i],
                                    .remaining = std::chrono::seconds(290 - movers[i] * 10),
                                    .at = s.now()};
        writer->append_move(id, move, [](const storage::WriteStatus& st) { CHECK(st.ok()); });
    }
    store_leaves_at(static_cast<int>(moves.size()));
    writer->finish_game({{id, "*", end.reason, s.now(), end.places}, {}, {}},
                        [](const storage::WriteStatus& st, const auto&) { CHECK(st.ok()); });
    writer->flush();

    const auto reply = s.get("/api/games/" + std::to_string(id) + ".pdn");
    REQUIRE(reply.status == 200);
    const auto records = rules::read_records(reply.body);
    REQUIRE(records.size() == 1);
    REQUIRE(records[0].ok());
    const auto& record = *records[0];
    CHECK(record.tag("Seat1") == "Gus");
    CHECK(record.tag("Seat2") == "Hana");
    CHECK(record.tag("Seat3") == "Ida");
    CHECK(record.tag("Seat4") == "Jo");
    CHECK(record.tag("Left") == "3@4,2@7,4@7"); // seats from 1, the moves played before
    CHECK(record.moves == moves);
    // Replayed as `tabula replay` does (tools/replay_command.cpp): the same places.
    auto replay = rules::make_game(rules::VariantId::ChineseCheckers4);
    REQUIRE(replay.ok());
    std::size_t due = 0;
    const auto retire_due = [&] {
        for (; due < leaves.size() && leaves[due].ply == (*replay)->ply(); ++due)
            REQUIRE((*replay)->retire(leaves[due].seat).ok());
    };
    for (const auto& move : record.moves) {
        retire_due();
        REQUIRE((*replay)->play(move).ok());
    }
    retire_due();
    CHECK((*replay)->outcome() == end);
    std::string places;
    for (const int place : end.places)
        places.append(places.empty() ? "" : ",").append(std::to_string(place));
    CHECK(record.tag("Places") == places);

    // The history of the account at seat 1 lists all four players by seat and its own place.
    const auto history = json_of(s.get("/api/users/hana/games"));
    REQUIRE(history["games"].size() == 1);
    const auto& game = history["games"][0];
    CHECK(game["white"] == "Gus");
    REQUIRE(game["players"].size() == 4);
    for (std::size_t seat = 0; seat < 4; ++seat) {
        CHECK(game["players"][seat]["seat"] == seat);
        CHECK(game["players"][seat]["place"] == end.places[seat]);
    }
    CHECK(game["players"][2]["name"] == "Ida");
    CHECK(game["place"] == end.places[1]);
}

TEST_CASE("profiles show ratings with a provisional mark, history pages newest first") {
    AccountsServer s;
    s.register_user("Eva");
    s.register_user("Finn");
    auto ratings = s.backend.rating_store();
    ratings->put_rating({{s.user_id("Eva"), "chess", "blitz"}, 1720.5, 60, 0.06, 40, s.now()});
    ratings->put_rating(
        {{s.user_id("Eva"), "international", "rapid"}, 1500, 350, 0.09, 1, s.now()});
    auto writer = s.backend.game_writer();
    std::vector<storage::GameId> ids;
    for (int i = 0; i < 5; ++i)
        ids.push_back(store_game(s, *writer, "chess", "Eva", "Finn", {"e2e4"}, "1-0", "resign"));

    const auto profile = json_of(s.get("/api/users/EVA"));
    CHECK(profile["name"] == "Eva");
    CHECK(profile["games"] == 5);
    REQUIRE(profile["ratings"].size() == 2);
    for (const auto& r : profile["ratings"]) {
        if (r["variant"] == "chess") {
            CHECK(r["speed"] == "blitz");
            CHECK(r["rating"] == doctest::Approx(1720.5));
            CHECK(r["provisional"] == false);
        } else {
            CHECK(r["provisional"] == true);
        }
    }

    const auto first = json_of(s.get("/api/users/Eva/games?limit=2"));
    REQUIRE(first["games"].size() == 2);
    CHECK(first["games"][0]["id"] == ids[4]);
    CHECK(first["games"][1]["id"] == ids[3]);
    const auto before = first["next_before"].get<std::int64_t>();
    const auto second =
        json_of(s.get("/api/users/Eva/games?limit=2&before=" + std::to_string(before)));
    CHECK(second["games"][0]["id"] == ids[2]);
    const auto last = json_of(s.get("/api/users/Eva/games?limit=10&before=" +
                                    std::to_string(second["next_before"].get<std::int64_t>())));
    CHECK(last["games"].size() == 1);
    CHECK(last["next_before"].is_null());
    CHECK(error_code(s.get("/api/users/Eva/games?limit=0")) == "bad_limit");
    CHECK(error_code(s.get("/api/users/Eva/games?limit=1000")) == "bad_limit");
    CHECK(error_code(s.get("/api/users/Eva/games?before=x")) == "bad_before");
    CHECK(error_code(s.get("/api/users/Nobody")) == "unknown_user");
}

TEST_CASE("the leaderboard lists established ratings only, best first") {
    AccountsServer s;
    for (const char* name : {"Gus", "Hana", "Ivo"})
        s.register_user(name);
    auto ratings = s.backend.rating_store();
    ratings->put_rating({{s.user_id("Gus"), "chess", "blitz"}, 1800, 70, 0.06, 50, s.now()});
    ratings->put_rating({{s.user_id("Hana"), "chess", "blitz"}, 1900, 45, 0.06, 80, s.now()});
    ratings->put_rating({{s.user_id("Ivo"), "chess", "blitz"}, 2400, 200, 0.09, 3, s.now()});
    const auto board = json_of(s.get("/api/leaderboard?variant=chess&speed=blitz"));
    REQUIRE(board["players"].size() == 2);
    CHECK(board["players"][0]["name"] == "Hana");
    CHECK(board["players"][0]["rank"] == 1);
    CHECK(board["players"][1]["name"] == "Gus");
    CHECK(json_of(s.get("/api/leaderboard?variant=chess&speed=rapid"))["players"].empty());
    CHECK(error_code(s.get("/api/leaderboard?variant=chess")) == "unknown_speed");
    CHECK(error_code(s.get("/api/leaderboard?variant=go&speed=blitz")) == "unknown_variant");
    CHECK(error_code(s.get("/api/leaderboard?variant=chess&speed=blitz&limit=0")) == "bad_limit");
}
