// Table::summary_revision(): it moves with every change of what summary() shows, so a caller may
// build the summary only when it moved (server/play's LiveTable does, after each change), and a
// plain move leaves both as they were.

#include "table_fixture.h"

using namespace lobby;
using namespace lobby::testing;

namespace {

// Watches a table through its summary. Each step says whether the revision moved since the last
// one, and fails when the summary changed while the revision stayed.
class SummaryWatch {
public:
    explicit SummaryWatch(const Table& table)
        : table_(table), last_(table.summary()), revision_(table.summary_revision()) {}

    bool moved() {
        TableSummary now = table_.summary();
        const bool changed = now != last_;
        const bool moved = table_.summary_revision() != revision_;
        CHECK_MESSAGE((moved || !changed), "the summary changed and its revision stayed");
        last_ = std::move(now);
        revision_ = table_.summary_revision();
        return moved;
    }

private:
    const Table& table_;
    TableSummary last_;
    std::uint64_t revision_;
};

} // namespace

TEST_CASE("a plain move leaves the summary revision, and seating, watching, leaving and the end "
          "move it") {
    TableFixture f;
    f.open(f.setup());
    SummaryWatch watch(*f.table);
    REQUIRE(f.table->join(f.bob, t0).ok());
    CHECK(watch.moved()); // seated: the game starts
    REQUIRE_FALSE(f.table->watch(f.carol, t0 + 1s));
    CHECK(watch.moved());
    f.move(t0 + 2s);
    CHECK_FALSE(watch.moved());
    f.move(t0 + 3s);
    CHECK_FALSE(watch.moved());
    REQUIRE_FALSE(f.table->leave(f.carol.id, t0 + 4s)); // the spectator goes
    CHECK(watch.moved());
    REQUIRE_FALSE(f.table->resign(f.alice.id, t0 + 5s));
    CHECK(watch.moved());
    CHECK(f.table->summary().status == TableStatus::Finished);
    REQUIRE_FALSE(f.table->leave(f.alice.id, t0 + 6s));
    CHECK(watch.moved());
}

TEST_CASE("a move that ends the game, and its withdrawal when it could not be stored, move the "
          "summary revision") {
    TableFixture f;
    f.script->outcome_after[3] = rules::Outcome::win(0, "checkmate");
    f.start();
    SummaryWatch watch(*f.table);
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    CHECK_FALSE(watch.moved());
    f.move(t0 + 3s); // mate: `ended` comes with the move
    CHECK(watch.moved());
    CHECK(f.table->summary().status == TableStatus::Finished);
    // Its write failed for good: the move is withdrawn and the game ends aborted instead.
    f.table->abort_unstored(/*withdraw_last_move=*/true, t0 + 4s);
    CHECK(watch.moved());
    CHECK(f.table->summary().status == TableStatus::Finished);
}

TEST_CASE("a flag fall moves the summary revision, the clock running down does not") {
    TableFixture f;
    f.start(f.setup(fischer(1min, 0s)));
    SummaryWatch watch(*f.table);
    f.move(t0 + 1s);
    f.move(t0 + 2s); // both clocks run from here
    f.table->check_timeouts(t0 + 30s);
    CHECK_FALSE(watch.moved());
    f.table->check_timeouts(t0 + 2min); // alice's flag
    CHECK(watch.moved());
    CHECK(f.table->summary().status == TableStatus::Finished);
}
