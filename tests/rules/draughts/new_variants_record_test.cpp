// Records of the issue 39 variants read back: seeded random games played to their end (or a
// ply cap), written as PDN, read by the record reader and replayed move for move into a new
// game, which must reach the same position and the same result. Real records of these
// variants: one Frisian game (frisian_real_game_test.cpp); tests/data/README.md lists the real
// ones of the other variants.
#include "rules/game.h"
#include "rules/record/record_reader.h"
#include "tests/rules/draughts/test_helpers.h"

#include <random>

namespace {

std::string record_result_text(const rules::Outcome& outcome) {
    switch (outcome.status) {
    case rules::Outcome::Status::Win:
        return outcome.winner == 0 ? "2-0" : "0-2";
    case rules::Outcome::Status::Draw:
        return "1-1";
    case rules::Outcome::Status::Ongoing:
    case rules::Outcome::Status::Ranked:
        break;
    }
    return "*";
}

} // namespace

TEST_CASE("killer, breakthrough, frisian, frysk: random games read back from their records") {
    std::mt19937_64 random(20261202);
    for (const char* variant : {"killer", "breakthrough", "frisian", "frysk"}) {
        CAPTURE(variant);
        int finished = 0;
        for (int g = 0; g < 20; ++g) {
            auto game = draughts_test::game(variant);
            for (int ply = 0; ply < 400 && !game->outcome().over(); ++ply) {
                const auto moves = game->legal_moves();
                REQUIRE(game->play(moves[random() % moves.size()]).ok());
            }
            finished += game->outcome().over() ? 1 : 0;
            const auto records = rules::read_records(game->record({}));
            REQUIRE(records.size() == 1);
            REQUIRE(records.front().ok());
            const auto& record = *records.front();
            CHECK(record.result == record_result_text(game->outcome()));
            auto replayed = draughts_test::game(variant);
            draughts_test::play_all(*replayed, record.moves);
            CHECK(replayed->position() == game->position());
            CHECK(replayed->outcome() == game->outcome());
        }
        CHECK(finished >= 10);
    }
}
