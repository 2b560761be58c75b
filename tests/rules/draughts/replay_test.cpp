// Real game records replayed through the face, checked against the manifest in the shared
// reference data (draughts_games_manifest.tsv: plies, final FEN and number of legal moves at
// the end, computed by pydraughts and Scan; Czech games by the PlyCount tag only).
#include "rules/game.h"
#include "rules/record/record_reader.h"
#include "tests/rules/rules_test_support.h"

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in, "cannot open " << path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

struct Expected {
    int plies = -1;
    std::string fen;
    int legal = -1;
};

rules::VariantId variant_of_file(const std::string& file) {
    if (file.rfind("english", 0) == 0)
        return rules::VariantId::English;
    if (file.rfind("russian", 0) == 0)
        return rules::VariantId::Russian;
    if (file.rfind("czech", 0) == 0)
        return rules::VariantId::Czech;
    return rules::VariantId::International;
}

} // namespace

TEST_CASE("draughts: real games replay to the manifest's plies, final position and moves") {
    const std::string dir = std::string(TABULA_TEST_DATA_DIR) + "/games/";
    std::istringstream manifest(read_text(dir + "draughts_games_manifest.tsv"));
    std::map<std::string, std::map<int, Expected>> expected;
    std::string line;
    std::getline(manifest, line); // header
    while (std::getline(manifest, line)) {
        const auto f = rules_test::split_tabs(line);
        REQUIRE(f.size() >= 12);
        Expected e;
        if (!f[9].empty())
            e.plies = std::stoi(f[9]);
        e.fen = f[10];
        if (!f[11].empty())
            e.legal = std::stoi(f[11]);
        expected[f[0]][std::stoi(f[3])] = e;
    }
    REQUIRE(expected.size() == 8);
    int games = 0;
    for (const auto& [file, by_index] : expected) {
        const auto variant = variant_of_file(file);
        const auto records = rules::read_records(read_text(dir + file));
        REQUIRE(records.size() == by_index.size());
        for (const auto& [index, e] : by_index) {
            CAPTURE(file);
            CAPTURE(index);
            const auto& record = records[static_cast<std::size_t>(index)];
            REQUIRE(record.ok());
            const auto fen = record->tag("FEN");
            auto game = rules::make_game(variant, fen ? *fen : std::string_view{},
                                         {.draw_rules = rules::DrawRules::ReportOnly});
            REQUIRE(game.ok());
            int plies = 0;
            for (const auto& move : record->moves) {
                const auto played = (*game)->play(move);
                REQUIRE_MESSAGE(played.ok(), "ply " << plies + 1 << " " << move << ": "
                                                    << played.error().detail);
                ++plies;
            }
            if (e.plies >= 0)
                CHECK(plies == e.plies);
            if (!e.fen.empty()) {
                const auto final_position = rules::make_game(variant, e.fen);
                REQUIRE(final_position.ok());
                CHECK((*game)->position() == (*final_position)->position());
            }
            if (e.legal >= 0)
                CHECK(static_cast<int>((*game)->legal_moves().size()) == e.legal);
            ++games;
        }
    }
    CHECK(games == 379);
}
