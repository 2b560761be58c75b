#include "lobby/tournament/swiss.h"
#include "lobby/tournament/swiss_history.h"
#include "lobby/tournament/trf.h"
#include "tests/lobby/tournament/swiss_support.h"

#include <string>

#include <doctest/doctest.h>

namespace lobby::tournament {

TEST_CASE("swiss: 200 random tournaments keep the absolute criteria in every round") {
    int rounds_checked = 0;
    int failures = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        CAPTURE(seed);
        const testing::RandomTournament t = testing::play_random_swiss(seed);
        failures += t.pairing_failures;
        if (t.pairing_failures > 0) { // refused only when no legal pairing exists at all
            CAPTURE(t.unpairable.players.size());
            CHECK_FALSE(testing::legal_pairing_exists(t.unpairable));
        }
        const SwissRecord& record = t.swiss.record();
        for (int round = 1; round <= static_cast<int>(record.rounds.size()); ++round) {
            CAPTURE(round);
            const auto problems = testing::round_problems(record, round);
            for (const std::string& p : problems)
                CHECK_MESSAGE(problems.empty(), p);
            ++rounds_checked;
        }
        // The points kept as results came in equal the points recomputed from the record.
        std::vector<Points> recomputed;
        for (const PlayerHistory& h : build_histories(record))
            recomputed.push_back(h.points);
        CHECK(recomputed == t.swiss.all_points());
        // The TRF export reads back to the same tournament.
        const std::string text = write_trf(record);
        const auto back = read_trf(text);
        REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().detail));
        CHECK(*back == record);
        CHECK(write_trf(*back) == text);
    }
    MESSAGE("rounds checked: " << rounds_checked << ", no legal pairing: " << failures);
    CHECK(rounds_checked > 800);
    CHECK(failures < 20);
}

} // namespace lobby::tournament
