// What the full table state adds for a (re)joining client: the last move with its cells and
// the recent chat lines. Real rules (chess, Russian draughts) for the cells, the fake game for
// the chat.

#include "table_fixture.h"

#include <algorithm>

using namespace lobby;
using namespace lobby::testing;

namespace {

// Cell of an algebraic square on an 8x8 board as rules::BoardView numbers it (row 0 = rank 8).
int cell(std::string_view square) {
    const int col = square[0] - 'a';
    const int rank = square[1] - '0';
    return (8 - rank) * 8 + col;
}

struct RealTable {
    SeededRandom random{5};
    Player white = player("white");
    Player black = player("black");
    std::unique_ptr<Table> table;
    EventRecorder events{table};

    explicit RealTable(rules::VariantId variant) {
        TableContext context; // rules::make_game
        auto created =
            Table::create("STATEX", TableSetup{.variant = variant, .color = ColorChoice::White},
                          white, context, random, t0);
        REQUIRE(created.ok());
        table = std::move(created).value();
        REQUIRE(table->join(black, t0).ok());
    }
    const PlayerId& to_move() const {
        return table->game().seat_to_move() == 0 ? white.id : black.id;
    }
    void play(const std::vector<std::string>& moves) {
        for (const auto& m : moves) {
            const auto ply = static_cast<int>(table->recorded_moves().size());
            const auto ack = table->play(to_move(), ply, m, t0 + std::chrono::seconds(ply + 1));
            REQUIRE_MESSAGE(ack.ok(), m << ": " << ack.error().detail);
        }
    }
    std::optional<rules::MoveView> last_move() const { return table->state(t0 + 1h).last_move; }
};

// Russian draughts (the browser test's line): 1. c3-d4 d6-c5 2. b2-c3 c7-d6 3. d4-e5, and
// Black takes twice with f6:d4:b2, over e5 and then over c3.
const std::vector<std::string> russian_double_capture{"c3-d4", "d6-c5", "b2-c3",
                                                      "c7-d6", "d4-e5", "f6:d4:b2"};

} // namespace

TEST_CASE("the state has no last move before the first move, then the move with its cells") {
    RealTable t(rules::VariantId::Chess);
    CHECK_FALSE(t.last_move());
    t.play({"e4"});
    const auto last = t.last_move();
    REQUIRE(last);
    CHECK(last->notation == "e2e4");
    CHECK(last->display == "e4");
    CHECK(last->path == std::vector<int>{cell("e2"), cell("e4")});
    CHECK(last->captures.empty());
}

TEST_CASE("chess: the state's last move is the one its move event carried, capture included") {
    RealTable t(rules::VariantId::Chess);
    t.play({"e4", "d5", "exd5"});
    const auto last = t.last_move();
    REQUIRE(last);
    CHECK(last->notation == "e4d5");
    CHECK(last->path == std::vector<int>{cell("e4"), cell("d5")});
    CHECK(last->captures == std::vector<int>{cell("d5")});
    const auto& event = t.events.last<MovePlayed>();
    CHECK(last->path == event.move.path);
    CHECK(last->captures == event.move.captures);
    CHECK(last->display == event.move.display);
}

TEST_CASE("russian draughts: a double capture's state has every landing square and both "
          "captured men") {
    RealTable t(rules::VariantId::Russian);
    t.play(russian_double_capture);
    const auto last = t.last_move();
    REQUIRE(last);
    CHECK(last->path == std::vector<int>{cell("f6"), cell("d4"), cell("b2")});
    auto captures = last->captures;
    std::sort(captures.begin(), captures.end());
    CHECK(captures == std::vector<int>{cell("e5"), cell("c3")});
    CHECK(last->notation == t.events.last<MovePlayed>().move.notation);
}

TEST_CASE("after a takeback the state and the event have the move now last, with its cells") {
    RealTable t(rules::VariantId::Russian);
    t.play(russian_double_capture);
    // Black asks right after its own move: one ply goes, 3. d4-e5 is the last move again.
    REQUIRE_FALSE(t.table->request_takeback(t.black.id, t0 + 10s));
    REQUIRE_FALSE(t.table->accept_takeback(t.white.id, t0 + 11s));
    auto last = t.last_move();
    REQUIRE(last);
    CHECK(last->path == std::vector<int>{cell("d4"), cell("e5")});
    CHECK(last->captures.empty());
    const auto& done = t.events.last<TakebackDone>();
    REQUIRE(done.last_move);
    CHECK(done.last_move->path == last->path);
    CHECK(done.last_move->notation == last->notation);
    // Back to the start: no last move at all.
    RealTable u(rules::VariantId::Chess);
    u.play({"e4"});
    REQUIRE_FALSE(u.table->request_takeback(u.white.id, t0 + 5s));
    REQUIRE_FALSE(u.table->accept_takeback(u.black.id, t0 + 6s));
    CHECK(u.table->recorded_moves().empty());
    CHECK_FALSE(u.last_move());
    CHECK_FALSE(u.events.last<TakebackDone>().last_move);
}

TEST_CASE("a restored table's state has the last move's cells from the replay") {
    RealTable t(rules::VariantId::Russian);
    t.play(russian_double_capture);
    TableSnapshot record = t.table->snapshot();
    record.chat.clear(); // as storage gives it
    auto restored = Table::restore(record, TableContext{}, t0 + 1min);
    REQUIRE(restored.ok());
    const auto last = restored.value()->state(t0 + 1min).last_move;
    REQUIRE(last);
    CHECK(last->path == t.last_move()->path);
    CHECK(last->captures == t.last_move()->captures);
    CHECK(last->notation == t.last_move()->notation);
}

TEST_CASE("a rematch starts with no last move") {
    RealTable t(rules::VariantId::Chess);
    t.play({"f3", "e5", "g4", "Qh4#"});
    REQUIRE(t.table->status() == TableStatus::Finished);
    CHECK(t.last_move()); // the mate stays visible after the game
    REQUIRE_FALSE(t.table->offer_rematch(t.white.id, t0 + 1min));
    REQUIRE_FALSE(t.table->offer_rematch(t.black.id, t0 + 1min));
    REQUIRE(t.table->status() == TableStatus::Playing);
    CHECK_FALSE(t.last_move());
}

TEST_CASE("the state carries the chat lines with author, text and server time, oldest first") {
    TableFixture f;
    f.start();
    REQUIRE_FALSE(f.table->watch(f.carol, t0));
    REQUIRE_FALSE(f.table->chat("alice", "good luck", t0 + 1s));
    REQUIRE_FALSE(f.table->chat("carol", "hello from the rail", t0 + 2s));
    REQUIRE_FALSE(f.table->chat("bob", "thanks", t0 + 3s));
    const auto chat = f.table->state(t0 + 4s).chat;
    REQUIRE(chat.size() == 3);
    CHECK(chat[0] == ChatLine{.from = "alice",
                              .display_name = "alice",
                              .spectator = false,
                              .text = "good luck",
                              .at = t0 + 1s});
    CHECK(chat[1] == ChatLine{.from = "carol",
                              .display_name = "carol",
                              .spectator = true,
                              .text = "hello from the rail",
                              .at = t0 + 2s});
    CHECK(chat[2].from == "bob");
    CHECK(chat[2].text == "thanks");
}

TEST_CASE("the chat history keeps only the newest lines up to its limit") {
    TableFixture f;
    TableContext context = f.context();
    context.limits.chat_history = 3;
    auto created = Table::create("ABCDEF", f.setup(), f.alice, context, f.random, t0);
    REQUIRE(created.ok());
    f.table = std::move(created).value();
    Table& table = *f.table;
    for (int i = 0; i < 7; ++i)
        REQUIRE_FALSE(
            table.chat("alice", "line " + std::to_string(i), t0 + std::chrono::minutes(i)));
    const auto chat = table.state(t0 + 10min).chat;
    REQUIRE(chat.size() == 3);
    CHECK(chat[0].text == "line 4");
    CHECK(chat[1].text == "line 5");
    CHECK(chat[2].text == "line 6");
    CHECK(chat[2].at == t0 + 6min);
    // Every line was still sent as an event.
    CHECK(f.events.count<ChatPosted>() == 7);
}

TEST_CASE("the default chat history is 50 lines") {
    TableFixture f;
    f.start();
    CHECK(TableLimits{}.chat_history == 50);
    for (int i = 0; i < 60; ++i)
        REQUIRE_FALSE(f.table->chat(i % 2 ? "alice" : "bob", std::to_string(i),
                                    t0 + std::chrono::minutes(i)));
    const auto chat = f.table->state(t0 + 2h).chat;
    REQUIRE(chat.size() == 50);
    CHECK(chat.front().text == "10");
    CHECK(chat.back().text == "59");
}

TEST_CASE("a refused chat line is not kept") {
    TableFixture f;
    f.start();
    CHECK(f.table->chat("eve", "hi", t0)->code == "not_seated");
    CHECK(f.table->chat("alice", " \n", t0)->code == "empty_message");
    CHECK(f.table->chat("alice", std::string(401, 'x'), t0)->code == "message_too_long");
    CHECK(f.table->state(t0).chat.empty());
}

TEST_CASE("chat survives a rematch and a rebuild in place, not a record without it") {
    TableFixture f;
    f.start();
    REQUIRE_FALSE(f.table->chat("alice", "before", t0 + 1s));
    f.move(t0 + 2s);
    const TableSnapshot record = f.table->snapshot();
    REQUIRE(record.chat.size() == 1);
    auto rebuilt = Table::restore(record, f.context(), t0 + 3s);
    REQUIRE(rebuilt.ok());
    CHECK(rebuilt.value()->state(t0 + 3s).chat == f.table->state(t0 + 3s).chat);
    TableSnapshot stored = record;
    stored.chat.clear();
    auto restarted = Table::restore(stored, f.context(), t0 + 3s);
    REQUIRE(restarted.ok());
    CHECK(restarted.value()->state(t0 + 3s).chat.empty());
    REQUIRE_FALSE(f.table->resign("bob", t0 + 4s));
    REQUIRE_FALSE(f.table->offer_rematch("alice", t0 + 5s));
    REQUIRE_FALSE(f.table->offer_rematch("bob", t0 + 5s));
    REQUIRE(f.table->game_number() == 2);
    REQUIRE(f.table->state(t0 + 6s).chat.size() == 1);
    CHECK(f.table->state(t0 + 6s).chat[0].text == "before");
}

TEST_CASE("the state's history has every move with the cells its move event carried, and the "
          "game's start time once both seats are taken") {
    RealTable t(rules::VariantId::Russian);
    CHECK(t.table->state(t0).started_at == t0);
    CHECK(t.table->state(t0).history.empty());
    // 1. a3-b4 b6-a5 2. c3-d4 a5:c3:e5 3. g3-h4: Black's capture turns at c3.
    t.play({"a3-b4", "b6-a5", "c3-d4", "a5:c3:e5", "g3-h4"});
    std::vector<rules::MoveView> carried;
    for (const auto& event : t.events.all())
        if (const auto* move = std::get_if<MovePlayed>(&event->body))
            carried.push_back(move->move);
    const auto state = t.table->state(t0 + 1h);
    REQUIRE(state.history.size() == 5);
    REQUIRE(carried.size() == 5);
    for (std::size_t i = 0; i < 5; ++i) {
        CAPTURE(i);
        CHECK(state.history[i].notation == carried[i].notation);
        CHECK(state.history[i].display == carried[i].display);
        CHECK(state.history[i].path == carried[i].path);
        CHECK(state.history[i].captures == carried[i].captures);
        CHECK(state.history[i].notation == state.moves[i]);
    }
    CHECK(state.history[3].path == std::vector<int>{cell("a5"), cell("c3"), cell("e5")});
    auto captures = state.history[3].captures;
    std::sort(captures.begin(), captures.end());
    CHECK(captures == std::vector<int>{cell("b4"), cell("d4")});
}

TEST_CASE("a table with an open seat has no start time") {
    SeededRandom random{5};
    TableContext context;
    auto created = Table::create("STATEY", TableSetup{.variant = rules::VariantId::Chess},
                                 player("host"), context, random, t0);
    REQUIRE(created.ok());
    CHECK_FALSE(created.value()->state(t0 + 1h).started_at);
}
