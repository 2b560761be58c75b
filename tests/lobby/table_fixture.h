#pragma once
// Shared pieces of the table tests: players, a recorder of the events a table returns, a block
// list, and a fixture with a two-player table over the fake game.

#include "fake_game.h"
#include "lobby/table.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <set>
#include <utility>

#include <doctest/doctest.h>

namespace lobby::testing {

using namespace std::chrono_literals;
using rules::Color;

inline const TimePoint t0{};
// The seats of a two-player game (lobby/seats.h).
inline constexpr int white_seat = seat_of_color(Color::White);
inline constexpr int black_seat = seat_of_color(Color::Black);

// A registered player has an account (its number made from the id: the lobby only asks whether
// there is one); a guest has none.
inline Player player(const std::string& id, int rating = 1500, bool registered = true) {
    Identity identity;
    if (registered)
        identity.account = static_cast<std::int64_t>(std::hash<std::string>{}(id) >> 1);
    return Player{.id = id, .display_name = id, .identity = identity, .rating = rating};
}

// The events a table returned, in order. Every read first takes what the table produced since
// the last one: the table calls nobody, its caller takes the events (as the server does after
// each request).
class EventRecorder {
public:
    explicit EventRecorder(const std::unique_ptr<Table>& table) : table_(table) {}
    const std::vector<EventPtr>& all() {
        if (table_) {
            table_->take_events(taken_);
            events_.insert(events_.end(), taken_.begin(), taken_.end());
        }
        return events_;
    }
    std::vector<std::string> names() {
        std::vector<std::string> out;
        for (const auto& e : all())
            out.emplace_back(event_name(e->body));
        return out;
    }
    template <class T> const T& last() {
        const auto& events = all();
        for (auto it = events.rbegin(); it != events.rend(); ++it)
            if (const T* body = std::get_if<T>(&(*it)->body))
                return *body;
        FAIL("no event of the asked type");
        throw 0;
    }
    template <class T> std::size_t count() {
        std::size_t n = 0;
        for (const auto& e : all())
            n += std::holds_alternative<T>(e->body) ? 1U : 0U;
        return n;
    }

private:
    const std::unique_ptr<Table>& table_;
    std::vector<EventPtr> events_;
    std::vector<EventPtr> taken_;
};

class FakeBlocks final : public BlockList {
public:
    std::set<std::pair<PlayerId, PlayerId>> pairs; // (blocker, blocked)
    bool blocks(const PlayerId& blocker, const PlayerId& other) const override {
        return pairs.contains({blocker, other});
    }
};

// alice hosts as White, bob joins as Black: the game is on at t0.
struct TableFixture {
    std::shared_ptr<FakeScript> script = std::make_shared<FakeScript>();
    FakeBlocks blocks;
    SeededRandom random{1};
    Player alice = player("alice", 1600);
    Player bob = player("bob", 1500);
    Player carol = player("carol", 1400);
    std::unique_ptr<Table> table;
    EventRecorder events{table};

    TableContext context() {
        TableContext c;
        c.make_game = fake_factory(script);
        c.blocks = &blocks;
        c.limits.lag = LagPolicy{.initial_quota = 0ms, .quota_gain = 0ms, .max_quota = 0ms};
        return c;
    }
    TableSetup setup(TimeControl control = fischer(5min, 3s), bool rated = false) {
        return TableSetup{.time_control = control, .rated = rated, .color = ColorChoice::White};
    }
    void open(TableSetup s) {
        auto created = Table::create("ABCDEF", std::move(s), alice, context(), random, t0);
        REQUIRE(created.ok());
        table = std::move(created).value();
    }
    void start(TableSetup s) {
        open(std::move(s));
        REQUIRE(table->join(bob, t0).ok());
        REQUIRE(table->status() == TableStatus::Playing);
    }
    void start() { start(setup()); }
    // Plays the next move of whoever is to move (the first legal one) at `at`.
    void move(TimePoint at) {
        const PlayerId& who = table->game().seat_to_move() == white_seat ? alice.id : bob.id;
        const auto ply = static_cast<int>(table->recorded_moves().size());
        const auto legal = table->game().legal_moves();
        REQUIRE_FALSE(legal.empty());
        REQUIRE(table->play(who, ply, legal.front(), at).ok());
    }
};

// Everything a refusal must leave alone, to compare before and after.
struct Fingerprint {
    std::uint64_t version;
    TableStatus status;
    std::string position;
    std::size_t moves;
    std::optional<int> draw_offer;
    std::optional<int> takeback;
    std::optional<ClockState> clock;
    friend bool operator==(const Fingerprint&, const Fingerprint&) = default;
};

inline Fingerprint fingerprint(const Table& table, TimePoint now) {
    const TableState s = table.state(now);
    return Fingerprint{s.version,    s.status,           s.position,         s.moves.size(),
                       s.draw_offer, s.takeback_request, table.clock_state()};
}

} // namespace lobby::testing
