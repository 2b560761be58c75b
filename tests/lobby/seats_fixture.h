#pragma once
// Tables of more than two seats for the tests: over the fake game or the real chinese checkers.

#include "table_fixture.h"

#include <array>

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

} // namespace lobby::testing
