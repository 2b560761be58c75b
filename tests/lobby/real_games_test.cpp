// Tables over the real rules library (chess and international draughts), not the fake game.

#include "table_fixture.h"

using namespace lobby;
using namespace lobby::testing;

namespace {

struct RealTable {
    SeededRandom random{5};
    Player white = player("white");
    Player black = player("black");
    std::unique_ptr<Table> table;
    EventRecorder events{table};

    explicit RealTable(TableSetup setup) {
        setup.color = ColorChoice::White;
        TableContext context; // rules::make_game
        auto created = Table::create("REALXX", setup, white, context, random, t0);
        REQUIRE(created.ok());
        table = std::move(created).value();
        REQUIRE(table->join(black, t0).ok());
    }
    // Plays `moves` in turn, one second apart from `from`.
    void play(const std::vector<std::string>& moves, TimePoint from = t0) {
        for (const auto& m : moves) {
            const auto ply = static_cast<int>(table->recorded_moves().size());
            const PlayerId& who = table->game().seat_to_move() == 0 ? white.id : black.id;
            const auto ack = table->play(who, ply, m, from + std::chrono::seconds(ply + 1));
            REQUIRE_MESSAGE(ack.ok(), m << ": " << ack.error().detail);
        }
    }
};

TableSetup chess(TimeControl control = fischer(5min, 3s)) {
    return TableSetup{.variant = rules::VariantId::Chess, .time_control = control};
}

} // namespace

TEST_CASE("chess: fool's mate ends the game by checkmate for all at once") {
    RealTable t(chess());
    t.play({"f3", "e5", "g4", "Qh4#"});
    CHECK(t.table->status() == TableStatus::Finished);
    const auto& last = t.events.last<MovePlayed>();
    CHECK(last.move.notation == "d8h4");
    CHECK(last.move.display == "Qh4#");
    CHECK(last.board.check_cell >= 0);
    const auto& ended = t.events.last<GameEnded>();
    CHECK(ended.result == GameResult::win(1, "checkmate"));
    CHECK(ended.moves == std::vector<std::string>{"f2f3", "e7e5", "g2g4", "d8h4"});
    CHECK(ended.players[white_seat].id == "white");
    CHECK(ended.players[black_seat].id == "black");
    CHECK(t.events.names().back() == "game_ended");
}

TEST_CASE("chess: a threefold repetition ends the game drawn") {
    RealTable t(chess());
    t.play({"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
    CHECK(t.events.last<GameEnded>().result == GameResult::draw("threefold"));
}

TEST_CASE("chess: under claim rules the threefold repetition is claimed") {
    TableSetup setup = chess();
    setup.draw_rules = rules::DrawRules::Claim;
    RealTable t(setup);
    t.play({"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
    CHECK(t.table->claim_draw("black", t0 + 10s)->code == "nothing_to_claim");
    t.play({"Ng8"});
    CHECK(t.table->status() == TableStatus::Playing);
    REQUIRE_FALSE(t.table->claim_draw("white", t0 + 20s));
    CHECK(t.events.last<GameEnded>().result.reason == "threefold");
}

TEST_CASE("chess: illegal and malformed moves get illegal_move with the rules' reason") {
    RealTable t(chess());
    const auto before = fingerprint(*t.table, t0 + 1s);
    const auto illegal = t.table->play("white", 0, "e2e5", t0 + 1s);
    CHECK(illegal.error().code == "illegal_move");
    CHECK_FALSE(illegal.error().detail.empty());
    CHECK(t.table->play("white", 0, "hello", t0 + 1s).error().code == "illegal_move");
    CHECK(t.table->play("white", 0, "Ke2", t0 + 1s).error().code == "illegal_move");
    CHECK(fingerprint(*t.table, t0 + 1s) == before);
    // a SAN move and its UCI resend are the same move
    REQUIRE(t.table->play("white", 0, "e4", t0 + 2s).ok());
    CHECK(t.table->play("white", 0, "e2e4", t0 + 3s).value().duplicate);
}

TEST_CASE("chess: flag fall against a lone king is a draw, against material a loss") {
    TableSetup setup = chess(fischer(1min, 0s));
    setup.start_position = "8/8/8/8/8/2k5/8/4K2Q w - - 0 1";
    SUBCASE("White flags: Black cannot win with a lone king") {
        RealTable t(setup);
        t.play({"Qh2", "Kb3"});
        t.table->check_timeouts(t0 + 2s + 61s);
        CHECK(t.events.last<GameEnded>().result == GameResult::draw("flag-vs-insufficient"));
    }
    SUBCASE("Black flags: White wins") {
        RealTable t(setup);
        t.play({"Qh2", "Kb3", "Qg2"});
        t.table->check_timeouts(t0 + 3s + 61s);
        CHECK(t.events.last<GameEnded>().result == GameResult::win(0, "flag"));
    }
}

TEST_CASE("chess: a takeback replays the game from the start without the last moves") {
    RealTable t(chess());
    t.play({"e4", "e5", "Nf3"});
    REQUIRE_FALSE(t.table->request_takeback("white", t0 + 10s));
    REQUIRE_FALSE(t.table->accept_takeback("black", t0 + 11s));
    const auto& done = t.events.last<TakebackDone>();
    CHECK(done.moves == std::vector<std::string>{"e2e4", "e7e5"});
    CHECK(done.position == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    CHECK(t.table->play("white", 2, "Nc3", t0 + 12s).ok());
}

TEST_CASE("chess: a move taken back is no longer a resend of the last move") {
    RealTable t(chess());
    t.play({"e4", "e5", "Nf3", "Nc6"});
    // White takes back its Nf3, and so Black's Nc6 after it.
    REQUIRE_FALSE(t.table->request_takeback("white", t0 + 10s));
    REQUIRE_FALSE(t.table->accept_takeback("black", t0 + 11s));
    REQUIRE(t.events.last<TakebackDone>().moves == std::vector<std::string>{"e2e4", "e7e5"});
    // Black's taken-back Nc6, sent again with its old ply, is a stale move, not a duplicate.
    const auto stale = t.table->play("black", 1, "Nc6", t0 + 12s);
    REQUIRE_FALSE(stale.ok());
    CHECK(stale.error().code == "not_your_turn");
    // The last move still standing (Black's e5) is still recognised when resent as it stands.
    CHECK(t.table->play("black", 1, "e7e5", t0 + 12s).value().duplicate);
}

TEST_CASE("chess: a restored table replays its moves and goes on") {
    RealTable t(chess());
    t.play({"e4", "c5", "Nf3", "d6"});
    auto restored = Table::restore(t.table->snapshot(), TableContext{}, t0 + 10s);
    REQUIRE(restored.ok());
    CHECK(restored.value()->game().position() == t.table->game().position());
    CHECK(restored.value()->clock_state() == t.table->clock_state());
    CHECK(restored.value()->play("white", 4, "d4", t0 + 11s).ok());
}

TEST_CASE("international draughts: a game played to a win at a table") {
    TableSetup setup{.variant = rules::VariantId::International,
                     .start_position = "W:W32,37,38:B19,13",
                     .time_control = fischer(5min, 3s)};
    RealTable t(setup);
    t.play({"32-27", "13-18", "27-21", "18-22", "21-16", "19-23", "16-11", "22-27", "11-6", "23-28",
            "6-1", "27-31", "37x26", "28-32", "38x27"});
    const auto& ended = t.events.last<GameEnded>();
    CHECK(ended.result.won_by(0));
    CHECK(ended.result.reason == "no-moves");
    const auto& capture = t.events.last<MovePlayed>();
    CHECK(capture.move.notation == "38x27");
    CHECK(capture.move.captures.size() == 1);
    CHECK(capture.move.path.size() == 2);
}

TEST_CASE("international draughts: the standard start has White's nine opening moves") {
    RealTable t(TableSetup{.variant = rules::VariantId::International});
    CHECK(t.events.last<GameStarted>().legal_moves.size() == 9);
    CHECK(t.table->state(t0).board.rows == 10);
    CHECK(t.table->play("white", 0, "32-27", t0 + 1s).ok());
}
