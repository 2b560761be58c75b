// The tournament store (storage/tournament_store.h) on every backend, and the design it
// stands on: a game's end is the standings' change, because the pairings are read joined with
// their games' results.
#include "storage/sqlite/sqlite_backend.h"
#include "tests/storage/backends.h"
#include "tests/storage/writer_helpers.h"

#include <array>
#include <cstddef>
#include <future>

#include <doctest/doctest.h>

using namespace storage;
using storage_test::at_ms;

namespace {

TournamentRow sample_tournament(std::optional<UserId> organiser) {
    return TournamentRow{.name = "Saturday Swiss",
                         .format = "swiss",
                         .variant = "chess",
                         .time_control = "300+3",
                         .rated = true,
                         .organiser_user_id = organiser,
                         .starts_at = at_ms(5000),
                         .rounds = 5,
                         .duration = {},
                         .min_players = 2,
                         .max_players = 3,
                         .is_public = false,
                         .join_code = "CLUB42",
                         .tiebreaks = "BH-C1,BH,SB",
                         .bye_points = 2,
                         .late_entry_points = 1,
                         .state = "ignored",
                         .created_at = at_ms(100)};
}

TournamentEntryRow entry(TournamentId t, UserId user, const char* name, int rating) {
    return TournamentEntryRow{.tournament_id = t,
                              .user_id = user,
                              .name = name,
                              .rating = rating,
                              .joined_at = at_ms(200)};
}

TournamentHistoryRow line(TournamentId t, const char* event) {
    return TournamentHistoryRow{.tournament_id = t, .at = at_ms(300), .event = event};
}

// Accounts of these names on `backend`, in their order.
template <std::size_t N>
std::array<UserId, N> accounts(Backend& backend, const char* const (&names)[N]) {
    auto users = backend.user_store();
    std::array<UserId, N> ids{};
    for (std::size_t i = 0; i < N; ++i)
        ids[i] = users->create_user(names[i], "h", at_ms(0)).value();
    return ids;
}

} // namespace

TEST_CASE_TEMPLATE("a tournament, its entries, rounds and history round-trip", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const auto [ann, bob, cid, dan] = accounts(backend, {"ann", "bob", "cid", "dan"});
    auto store = backend.tournament_store();

    const TournamentId id = store->create_tournament(sample_tournament(ann)).value();
    const auto found = store->find_tournament(id);
    REQUIRE(found);
    CHECK(found->name == "Saturday Swiss");
    CHECK(found->format == "swiss");
    CHECK(found->rated);
    CHECK(found->organiser_user_id == ann);
    CHECK(found->starts_at == at_ms(5000));
    CHECK(found->rounds == 5);
    CHECK(found->max_players == 3);
    CHECK_FALSE(found->is_public);
    CHECK(found->join_code == "CLUB42");
    CHECK(found->tiebreaks == "BH-C1,BH,SB");
    CHECK(found->late_entry_points == 1);
    CHECK(found->state == "created"); // whatever the row said
    CHECK_FALSE(found->schedule);
    CHECK_FALSE(found->ladder_id);
    CHECK_FALSE(found->started_at);
    CHECK_FALSE(store->find_tournament(id + 100));
    CHECK(store->list_tournaments("created").size() == 1);
    CHECK(store->list_tournaments("").size() == 1);
    CHECK(store->list_tournaments("running").empty());

    // Entries: in order of entry, once each, up to max_players not withdrawn.
    CHECK(store->add_entry(entry(id, bob, "bob", 1500)) == EntryAdded::Added);
    CHECK(store->add_entry(entry(id, bob, "bob", 1500)) == EntryAdded::AlreadyEntered);
    CHECK(store->add_entry(entry(id, cid, "cid", 1700)) == EntryAdded::Added);
    CHECK(store->add_entry(entry(id, ann, "ann", 1600)) == EntryAdded::Added);
    CHECK(store->add_entry(entry(id, dan, "dan", 1400)) == EntryAdded::Full);
    CHECK(store->add_entry(entry(id + 100, dan, "dan", 1400)) == EntryAdded::NotTakingEntries);
    auto entries = store->entries(id);
    REQUIRE(entries.size() == 3);
    CHECK(entries[0].user_id == bob);
    CHECK(entries[0].entry_number == 1);
    CHECK(entries[2].user_id == ann);
    CHECK(entries[2].rating == 1600);
    CHECK(store->set_paused(id, cid, true));
    CHECK(store->set_withdrawn(id, ann, 2)); // frees a place
    CHECK_FALSE(store->set_withdrawn(id, dan, 2));
    CHECK(store->add_entry(entry(id, dan, "dan", 1400)) == EntryAdded::Added);
    entries = store->entries(id);
    REQUIRE(entries.size() == 4);
    CHECK(entries[1].paused);
    CHECK(entries[2].withdrawn_from == 2);
    CHECK(entries[3].entry_number == 4);

    // States move only from the one named.
    CHECK(store->change_state(id, "created", "running", at_ms(6000), line(id, "started")));
    CHECK_FALSE(store->change_state(id, "created", "running", at_ms(6001), line(id, "started")));
    CHECK(store->find_tournament(id)->started_at == at_ms(6000));
    CHECK(store->list_tournaments("running").size() == 1);

    // A round is stored once, with its pairings and absences.
    const TournamentRoundRow round1{
        .round = 1,
        .paired_at = at_ms(6000),
        .set_by_hand = true,
        .pairings = {TournamentPairingRow{.board = 1, .white_user_id = cid, .black_user_id = bob},
                     TournamentPairingRow{.board = 2, .white_user_id = ann, .black_user_id = dan}},
        .absences = {}};
    CHECK(store->add_round(id, round1, {line(id, "paired_by_hand")}));
    auto again = round1;
    again.pairings.pop_back();
    CHECK_FALSE(store->add_round(id, again, {line(id, "paired")}));
    const TournamentRoundRow round2{
        .round = 2,
        .paired_at = at_ms(7000),
        .set_by_hand = false,
        .pairings = {TournamentPairingRow{.board = 1, .white_user_id = bob, .black_user_id = dan}},
        .absences = {TournamentAbsenceRow{.user_id = cid, .kind = "bye"},
                     TournamentAbsenceRow{.user_id = ann, .kind = "not_paired"}}};
    CHECK(store->add_round(id, round2, {}));
    auto rounds = store->rounds(id);
    REQUIRE(rounds.size() == 2);
    CHECK(rounds[0] == round1);
    // The listing's progress: four entries, Ann withdrawn; two rounds.
    const auto progress = store->list_progress("running");
    REQUIRE(progress.size() == 1);
    CHECK(progress[0].id == id);
    CHECK(progress[0].players == 3);
    CHECK(progress[0].rounds_paired == 2);
    CHECK(store->list_progress("created").empty());
    CHECK(rounds[1].absences.size() == 2);
    CHECK(rounds[1].pairings == round2.pairings);
    CHECK(store->set_pairing_table(id, 1, 1, "AB12"));
    CHECK_FALSE(store->set_pairing_table(id, 1, 1, "CD34"));
    CHECK_FALSE(store->set_pairing_table(id, 1, 9, "CD34"));
    CHECK(store->rounds(id)[0].pairings[0].table_code == "AB12");
    CHECK(store->link_games(id, "takeback") == 0); // no game at that table

    // A pairing's forfeit is its own outcome, with its history line, and the no-show paused
    // with it (an arena's) unless paused already; nothing of it for a pairing that is not.
    const TournamentPauseRow dan_paused{.user = dan, .history = line(id, "paused")};
    CHECK(store->set_pairing_outcome(id, 1, 2, "white_forfeit_win", line(id, "forfeit"),
                                     dan_paused));
    CHECK_FALSE(store->set_pairing_outcome(id, 1, 3, "white_forfeit_win", line(id, "forfeit"),
                                           TournamentPauseRow{.user = bob,
                                                              .history = line(id, "paused")}));
    CHECK(store->rounds(id)[0].pairings[1].outcome == "white_forfeit_win");
    CHECK(store->entries(id)[3].paused); // dan
    CHECK_FALSE(store->entries(id)[0].paused); // bob
    CHECK(store->set_pairing_outcome(id, 1, 2, "white_forfeit_win", line(id, "forfeit"),
                                     dan_paused));

    store->add_history(line(id, "note"));
    const auto history = store->history(id);
    REQUIRE(history.size() == 7); // created, started, paired_by_hand, forfeit, paused, forfeit,
                                  // note
    CHECK(history[0].event == "created");
    CHECK(history[0].actor_user_id == ann);
    CHECK(history[2].event == "paired_by_hand");
    CHECK(history[4].event == "paused");
    CHECK(history[5].event == "forfeit");
    CHECK(history[6].event == "note");

    CHECK(store->change_state(id, "running", "finished", at_ms(9000), line(id, "finished")));
    CHECK(store->find_tournament(id)->ended_at == at_ms(9000));
    CHECK(store->add_entry(entry(id, ann, "ann2", 1)) == EntryAdded::NotTakingEntries);
}

TEST_CASE_TEMPLATE("the listing's progress counts a round finished once each of its pairings "
                   "has an ended game or a forfeit, and a round paired ahead as paired only",
                   Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const auto [ann, bob, cid, dan] = accounts(backend, {"ann", "bob", "cid", "dan"});
    auto store = backend.tournament_store();
    const TournamentId id = store->create_tournament(sample_tournament(std::nullopt)).value();
    const auto pairing = [](int board, UserId white, UserId black) {
        return TournamentPairingRow{.board = board, .white_user_id = white, .black_user_id = black};
    };
    // Round 1 of two games, and round 2 stored ahead of it (as a round robin stores its rounds).
    REQUIRE(store->add_round(
        id,
        TournamentRoundRow{.round = 1,
                           .paired_at = at_ms(1),
                           .pairings = {pairing(1, ann, bob), pairing(2, cid, dan)}},
        {}));
    REQUIRE(store->add_round(
        id,
        TournamentRoundRow{.round = 2, .paired_at = at_ms(1), .pairings = {pairing(1, ann, cid)}},
        {}));
    const auto progress = [&] {
        const auto all = store->list_progress("");
        REQUIRE(all.size() == 1);
        return all[0];
    };
    CHECK(progress().rounds_paired == 2);
    CHECK(progress().rounds_finished == 0);

    auto writer = backend.game_writer();
    const auto [created, game] =
        storage_test::create_now(*writer, storage_test::sample_game(ann, bob));
    REQUIRE(created.ok());
    REQUIRE(store->set_pairing_game(id, 1, 1, game));
    CHECK(progress().rounds_finished == 0); // being played
    std::promise<WriteStatus> done;
    writer->finish_game(FinishGame{{game, "1/2-1/2", "agreement", at_ms(50)}, {}, {}},
                        [&](const WriteStatus& s, const auto&) { done.set_value(s); });
    REQUIRE(done.get_future().get().ok());
    CHECK(progress().rounds_finished == 0); // board 2 not played yet
    REQUIRE(
        store->set_pairing_outcome(id, 1, 2, "double_forfeit", line(id, "forfeit"), std::nullopt));
    CHECK(progress().rounds_finished == 1);
    CHECK(progress().rounds_paired == 2);
    REQUIRE(store->set_pairing_outcome(id, 2, 1, "white_forfeit_win", line(id, "forfeit"),
                                       std::nullopt));
    CHECK(progress().rounds_finished == 2);
}

TEST_CASE("a tournament game's end is the standings' change: the pairing reads the result the "
          "game writer committed, and its game is set once") {
    storage_test::TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    const auto [ann, bob] = accounts(backend, {"ann", "bob"});
    auto store = backend.tournament_store();
    const TournamentId id = store->create_tournament(sample_tournament(std::nullopt)).value();
    REQUIRE(store->add_round(
        id,
        TournamentRoundRow{.round = 1,
                           .paired_at = at_ms(1),
                           .pairings = {TournamentPairingRow{
                               .board = 1, .white_user_id = ann, .black_user_id = bob}}},
        {}));

    auto writer = backend.game_writer();
    const auto [created, game] =
        storage_test::create_now(*writer, storage_test::sample_game(ann, bob));
    REQUIRE(created.ok());
    CHECK(store->set_pairing_game(id, 1, 1, game));
    CHECK_FALSE(store->set_pairing_game(id, 1, 1, game + 1)); // started once
    CHECK_FALSE(store->set_pairing_game(id, 1, 2, game));     // no such board
    auto pairing = store->rounds(id)[0].pairings[0];
    CHECK(pairing.game_id == game);
    CHECK(pairing.game_result.empty()); // still being played

    std::promise<WriteStatus> done;
    writer->finish_game(FinishGame{{game, "1-0", "checkmate", at_ms(50)}, {}, {}},
                        [&](const WriteStatus& s, const auto&) { done.set_value(s); });
    REQUIRE(done.get_future().get().ok());
    pairing = store->rounds(id)[0].pairings[0];
    CHECK(pairing.game_result == "1-0");
    CHECK(pairing.game_termination == "checkmate");
    CHECK(pairing.outcome.empty());
}

TEST_CASE("a tournament pairing is linked to the newest game of its table with its players in "
          "their seats, and again after a takeback closed that row") {
    storage_test::TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    const auto [ann, bob] = accounts(backend, {"ann", "bob"});
    auto store = backend.tournament_store();
    const TournamentId id = store->create_tournament(sample_tournament(std::nullopt)).value();
    REQUIRE(store->add_round(
        id,
        TournamentRoundRow{.round = 1,
                           .paired_at = at_ms(1),
                           .pairings = {TournamentPairingRow{
                               .board = 1, .white_user_id = ann, .black_user_id = bob}}},
        {}));
    auto writer = backend.game_writer();
    const auto create = [&](std::optional<UserId> white, std::optional<UserId> black,
                            const char* code) {
        auto row = storage_test::sample_game(white, black);
        row.table_code = code;
        const auto [status, game] = storage_test::create_now(*writer, row);
        REQUIRE(status.ok());
        return game;
    };
    const auto finish = [&](GameId game, const char* result, const char* termination) {
        std::promise<WriteStatus> done;
        writer->finish_game(FinishGame{{game, result, termination, at_ms(2'000'000)}, {}, {}},
                            [&](const WriteStatus& s, const auto&) { done.set_value(s); });
        REQUIRE(done.get_future().get().ok());
    };

    create(ann, bob, "T1");                        // a game of theirs at another table
    create(bob, ann, "T2");                        // colours swapped: not this pairing's game
    CHECK(store->link_games(id, "takeback") == 0); // no table yet
    CHECK(store->set_pairing_table(id, 1, 1, "T2"));
    CHECK_FALSE(store->set_pairing_table(id, 1, 1, "T3")); // made once
    CHECK(store->link_games(id, "takeback") == 0);
    const GameId first = create(ann, bob, "T2");
    CHECK(store->link_games(id, "takeback") == 1);
    CHECK(store->link_games(id, "takeback") == 0);
    CHECK(store->rounds(id)[0].pairings[0].game_id == first);
    CHECK(store->rounds(id)[0].pairings[0].table_code == "T2");

    // A takeback closes the row and the game goes on in a new one: the pairing follows it.
    finish(first, "aborted", "takeback");
    const GameId second = create(ann, bob, "T2");
    CHECK(store->link_games(id, "takeback") == 1);
    CHECK(store->rounds(id)[0].pairings[0].game_id == second);
    // A game that really ended keeps its pairing, whatever is played at the table afterwards.
    finish(second, "0-1", "resign");
    create(ann, bob, "T2");
    CHECK(store->link_games(id, "takeback") == 0);
    const auto pairing = store->rounds(id)[0].pairings[0];
    CHECK(pairing.game_id == second);
    CHECK(pairing.game_result == "0-1");
}

TEST_CASE_TEMPLATE("a Swiss's half-point byes and forbidden pairs round-trip, each once, a bye "
                   "only for a round not stored, and a reserved table code is replaced only "
                   "while its pairing has no game",
                   Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const auto [ann, bob, cid] = accounts(backend, {"ann", "bob", "cid"});
    auto store = backend.tournament_store();
    const TournamentId id = store->create_tournament(sample_tournament(ann)).value();

    CHECK(store->add_half_bye(id, bob, 3, line(id, "half_bye")));
    CHECK_FALSE(store->add_half_bye(id, bob, 3, line(id, "half_bye"))); // asked already
    CHECK(store->add_half_bye(id, bob, 2, line(id, "half_bye")));
    CHECK(store->add_half_bye(id, ann, 1, line(id, "half_bye")));
    const TournamentRoundRow round1{
        .round = 1,
        .paired_at = at_ms(6000),
        .set_by_hand = false,
        .pairings = {TournamentPairingRow{.board = 1, .white_user_id = bob, .black_user_id = cid}},
        .absences = {TournamentAbsenceRow{.user_id = ann, .kind = "half_bye"}}};
    REQUIRE(store->add_round(id, round1, {}));
    CHECK_FALSE(store->add_half_bye(id, cid, 1, line(id, "half_bye"))); // round 1 is stored
    CHECK(store->half_byes(id) ==
          std::vector<TournamentHalfByeRow>{{ann, 1}, {bob, 2}, {bob, 3}});

    CHECK(store->add_forbidden_pair(id, cid, ann, line(id, "pair_forbidden")));
    CHECK_FALSE(store->add_forbidden_pair(id, ann, cid, line(id, "pair_forbidden")));
    CHECK(store->add_forbidden_pair(id, bob, cid, line(id, "pair_forbidden")));
    CHECK(store->forbidden_pairs(id) ==
          std::vector<TournamentForbiddenPairRow>{{std::min(ann, cid), std::max(ann, cid)},
                                                  {std::min(bob, cid), std::max(bob, cid)}});
    CHECK(store->remove_forbidden_pair(id, ann, cid, line(id, "pair_allowed")));
    CHECK_FALSE(store->remove_forbidden_pair(id, cid, ann, line(id, "pair_allowed")));
    CHECK(store->forbidden_pairs(id).size() == 1);
    CHECK(store->forbidden_pairs(id + 1).empty());

    // Each change that was made wrote its history line, and only those.
    int lines = 0;
    for (const auto& h : store->history(id))
        lines += h.event == "half_bye" || h.event == "pair_forbidden" || h.event == "pair_allowed";
    CHECK(lines == 3 + 2 + 1);

    // A reserved code: replaced while the pairing has no game, from the code it has.
    REQUIRE(store->set_pairing_table(id, 1, 1, "AAAAAA"));
    CHECK_FALSE(store->replace_pairing_table(id, 1, 1, "ZZZZZZ", "BBBBBB"));
    CHECK(store->replace_pairing_table(id, 1, 1, "AAAAAA", "BBBBBB"));
    CHECK(store->rounds(id)[0].pairings[0].table_code == "BBBBBB");
}

TEST_CASE("a reserved table code is not replaced once its pairing has a game") {
    storage_test::TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    const auto [ann, bob] = accounts(backend, {"ann", "bob"});
    auto store = backend.tournament_store();
    const TournamentId id = store->create_tournament(sample_tournament(std::nullopt)).value();
    REQUIRE(store->add_round(
        id,
        TournamentRoundRow{.round = 1,
                           .paired_at = at_ms(1),
                           .pairings = {TournamentPairingRow{
                               .board = 1, .white_user_id = ann, .black_user_id = bob}}},
        {}));
    REQUIRE(store->set_pairing_table(id, 1, 1, "AAAAAA"));
    auto writer = backend.game_writer();
    auto row = storage_test::sample_game(ann, bob);
    row.table_code = "AAAAAA";
    const auto [status, game] = storage_test::create_now(*writer, row);
    REQUIRE(status.ok());
    CHECK(store->link_games(id, "takeback") == 1);
    CHECK(store->rounds(id)[0].pairings[0].game_id == game);
    CHECK_FALSE(store->replace_pairing_table(id, 1, 1, "AAAAAA", "BBBBBB"));
    CHECK(store->rounds(id)[0].pairings[0].table_code == "AAAAAA");
}

TEST_CASE_TEMPLATE("a schedule's tournament of one start is stored once, also when two nodes "
                   "store it at once, and tournaments made by hand are not limited",
                   Db, STORAGE_BACKENDS) {
    Db db;
    (void)db.backend(); // migrated before the two openers below
    auto scheduled = sample_tournament(std::nullopt);
    scheduled.schedule = "hourly blitz";
    for (int round = 0; round < 5; ++round) {
        scheduled.starts_at = at_ms(10'000 + round);
        // Two nodes: each its own backend on the same database, storing at once.
        auto first_node = storage::open(db.location());
        auto second_node = storage::open(db.location());
        auto first = std::async(std::launch::async, [&] {
            return first_node->tournament_store()->create_tournament(scheduled);
        });
        auto second = std::async(std::launch::async, [&] {
            return second_node->tournament_store()->create_tournament(scheduled);
        });
        const auto a = first.get();
        const auto b = second.get();
        CHECK(a.has_value() != b.has_value());
    }
    auto store = db.backend().tournament_store();
    CHECK(store->list_tournaments("").size() == 5);
    for (const auto& t : store->list_tournaments("")) {
        CHECK(t.schedule == "hourly blitz");
        CHECK(store->history(t.id).size() == 1); // one "created" line: nothing of the other
    }
    // Another schedule at the same start, and two made by hand alike, are all stored.
    scheduled.schedule = "daily rapid";
    CHECK(store->create_tournament(scheduled));
    CHECK_FALSE(store->create_tournament(scheduled));
    auto by_hand = sample_tournament(std::nullopt);
    by_hand.starts_at = scheduled.starts_at;
    const auto one = store->create_tournament(by_hand);
    const auto two = store->create_tournament(by_hand);
    REQUIRE(one);
    REQUIRE(two);
    CHECK(*one != *two);
    CHECK_FALSE(store->find_tournament(*one)->schedule);
    CHECK(store->list_tournaments("").size() == 8);
}
