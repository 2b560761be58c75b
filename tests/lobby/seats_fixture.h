#pragma once
// Tables of more than two seats for the tests: over the fake game or the real chinese checkers.

#include "table_fixture.h"

#include <array>
#include <string>

namespace lobby::testing {

inline rules::VariantId variant_for(int seats) {
    switch (seats) {
    case 3:
        return rules::VariantId::ChineseCheckers3;
    case 4:
        return rules::VariantId::ChineseCheckers4;
    default:
        return rules::VariantId::ChineseCheckers6;
    }
}

// A table of `seats` over the fake game (or the real chinese checkers game of that many players,
// with `real`): p0 hosts on seat 0, p1 … join in order; one more player (p<seats>) is left over.
struct SeatsFixture {
    std::shared_ptr<FakeScript> script = std::make_shared<FakeScript>();
    SeededRandom random{1};
    std::vector<Player> people;
    std::unique_ptr<Table> table;
    EventRecorder events{table};
    int seats;
    bool real;

    explicit SeatsFixture(int seat_count, bool real_game = false)
        : seats(seat_count), real(real_game) {
        script->players = seats;
        const std::array<const char*, max_seats + 1> names{"p0", "p1", "p2", "p3",
                                                           "p4", "p5", "p6"};
        for (int i = 0; i <= seats; ++i)
            people.push_back(player(names[static_cast<std::size_t>(i)]));
    }
    TableContext context() {
        TableContext c;
        c.make_game = real ? rules_game_factory() : fake_factory(script);
        c.limits.lag = LagPolicy{.initial_quota = 0ms, .quota_gain = 0ms, .max_quota = 0ms};
        return c;
    }
    TableSetup setup(TimeControl control = fischer(1min, 2s)) {
        return TableSetup{
            .variant = variant_for(seats), .time_control = control, .color = ColorChoice::White};
    }
    void open(TableSetup s) {
        auto created = Table::create("SEATS6", std::move(s), people[0], context(), random, t0);
        REQUIRE(created.ok());
        table = std::move(created).value();
    }
    void start(TableSetup s) {
        open(std::move(s));
        for (int i = 1; i < seats; ++i)
            REQUIRE(table->join(people[static_cast<std::size_t>(i)], t0).ok());
        REQUIRE(table->status() == TableStatus::Playing);
    }
    void start() { start(setup()); }
    // Who sits at `seat` now (a rematch moves everyone round).
    PlayerId at(int seat) const { return table->summary().seats[seat]->id; }
    // The seat to move plays its first legal move at `at`.
    void move(TimePoint when) {
        const int seat = table->game().seat_to_move();
        const auto ply = static_cast<int>(table->recorded_moves().size());
        const auto legal = table->game().legal_moves();
        REQUIRE_FALSE(legal.empty());
        REQUIRE(table->play(at(seat), ply, legal.front(), when).ok());
    }
    Millis left(int seat) const { return table->clock_state()->remaining[seat]; }
};

// A real Chinese checkers game for three where seat 0 (p0) is one move from its goal (e5-d1,
// rules/halma tests, "finishing order"): seat 0 moves without finishing (t0 + 1 s), seats 1 and 2
// play their first legal moves (t0 + 2 s, 3 s), and seat 0 finishes at ply 3 (t0 + 4 s). The
// moves are found on copies of the game. After it seat 1 is to move and the game goes on.
inline void finish_seat_zero_at_ply_three(SeatsFixture& f) {
    TableSetup setup = f.setup();
    setup.start_position = "1:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5:i9,k10,k11,l10,l11,l12,m10,m11,"
                           "m12,m13:f5,f6,g2,g3,g4,g5,g6,g7,g8,g9:0:-";
    f.start(setup);
    const auto finishes = [](const rules::Game& game, const std::string& move) {
        auto copy = game.clone();
        return copy->play(move).ok() && !copy->retire(0).ok(); // "bad_seat": it has finished
    };
    std::string first;
    std::string finish;
    for (const auto& candidate : f.table->game().legal_moves()) {
        if (finishes(f.table->game(), candidate))
            continue;
        auto copy = f.table->game().clone();
        REQUIRE(copy->play(candidate).ok());
        REQUIRE(copy->play(copy->legal_moves().front()).ok());
        REQUIRE(copy->play(copy->legal_moves().front()).ok());
        for (const auto& last : copy->legal_moves())
            if (finishes(*copy, last))
                finish = last;
        if (!finish.empty()) {
            first = candidate;
            break;
        }
    }
    REQUIRE_FALSE(first.empty());
    REQUIRE(f.table->play("p0", 0, first, t0 + 1s).ok());
    f.move(t0 + 2s);
    f.move(t0 + 3s);
    REQUIRE(f.table->play("p0", 3, finish, t0 + 4s).ok());
    REQUIRE(f.table->status() == TableStatus::Playing);
    REQUIRE(f.table->game().seat_to_move() == 1);
}

} // namespace lobby::testing
