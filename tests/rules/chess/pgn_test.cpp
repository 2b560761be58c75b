// PGN export (seven-tag roster, SetUp/FEN, SAN movetext under 80 columns, result) and import
// through the shared record reader, including real games with a manifest of how each ends.
#include "rules/record/record_reader.h"
#include "tests/rules/chess/chess_test_support.h"
#include "tests/rules/rules_test_support.h"

#include <sstream>

using chess_test::game_from;
using chess_test::Moves;
using chess_test::play_all;
using chess_test::start_position;

namespace {

std::string outcome_word(const rules::Outcome& outcome) {
    return outcome.over() ? outcome.reason : "ongoing";
}

// Replays a record the way `tabula replay` does: every move, draws reported, not enforced.
std::unique_ptr<rules::Game> replay(const rules::GameRecord& record) {
    const auto fen = record.tag("FEN");
    auto game = rules::make_game(rules::VariantId::Chess, fen ? *fen : std::string_view{},
                                 {.draw_rules = rules::DrawRules::ReportOnly});
    REQUIRE(game.ok());
    play_all(**game, record.moves);
    return std::move(game.value());
}

std::string result_token(const rules::Outcome& outcome) {
    switch (outcome.status) {
    case rules::Outcome::Status::Win:
        return outcome.winner == 0 ? "1-0" : "0-1";
    case rules::Outcome::Status::Draw:
        return "1/2-1/2";
    case rules::Outcome::Status::Ongoing:
    case rules::Outcome::Status::Ranked:
        break;
    }
    return "*";
}

} // namespace

TEST_CASE("chess PGN: export has the seven-tag roster, numbered SAN moves and the result") {
    auto game = game_from(start_position);
    play_all(*game, {"e4", "e5", "Nf3", "Nc6", "Bb5"});
    rules::RecordTags tags;
    tags.white = "Alice";
    tags.black = "Bob \"the\" Builder";
    tags.date = "2026.11.21";
    CHECK(game->record(tags) == "[Event \"Tabula game\"]\n[Site \"Tabula\"]\n"
                                "[Date \"2026.11.21\"]\n[Round \"-\"]\n[White \"Alice\"]\n"
                                "[Black \"Bob \\\"the\\\" Builder\"]\n[Result \"*\"]\n\n"
                                "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
}

TEST_CASE("chess PGN: a game from a set-up position carries SetUp and FEN, and the result "
          "and termination given by the table") {
    const std::string fen = "4k3/8/8/8/8/8/4P3/4K2R b K - 0 30";
    auto game = game_from(fen);
    play_all(*game, {"Kd7", "O-O"});
    rules::RecordTags tags;
    tags.outcome = rules::Outcome::win(0, "");
    tags.termination = "time forfeit";
    const std::string pgn = game->record(tags);
    CHECK(pgn.find("[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"" + fen +
                   "\"]\n[Termination \"time forfeit\"]\n") != std::string::npos);
    CHECK(pgn.ends_with("\"]\n\n30... Kd7 31. O-O 1-0\n"));
}

TEST_CASE("chess PGN: the result comes from the outcome") {
    auto game = game_from(start_position);
    play_all(*game, {"f3", "e5", "g4", "Qh4#"});
    CHECK(game->record({}).find("[Result \"0-1\"]") != std::string::npos);
    CHECK(game->record({}).find("\n\n1. f3 e5 2. g4 Qh4# 0-1\n") != std::string::npos);
}

TEST_CASE("chess PGN: every real game replays to the final position and state of the "
          "manifest, and exports and reads back to the same moves and result") {
    const std::string dir = std::string(TABULA_TEST_DATA_DIR) + "/games/";
    const auto records =
        rules::read_records(chess_test::read_text_file(dir + "chess_real_games.pgn"));
    std::istringstream manifest(chess_test::read_text_file(dir + "chess_real_games_manifest.tsv"));
    std::string line;
    std::getline(manifest, line); // header
    std::size_t checked = 0;
    while (std::getline(manifest, line)) {
        const auto fields = rules_test::split_tabs(line);
        REQUIRE(fields.size() >= 15);
        const std::size_t n = std::stoul(fields[0]);
        REQUIRE(n >= 1);
        REQUIRE(n <= records.size());
        const auto& record = records[n - 1];
        REQUIRE_MESSAGE(record.ok(), "game " << n);
        INFO("game " << n);
        const auto game = replay(*record);
        CHECK(std::to_string(game->ply()) == fields[8]);
        CHECK(game->position() == fields[14]);
        const std::string& state = fields[13];
        const std::string expected = state == "-"         ? "ongoing"
                                     : state == "50-move" ? "fifty-move"
                                                          : state;
        CHECK(outcome_word(game->outcome()) == expected);

        const auto exported = rules::read_records(game->record({}));
        REQUIRE(exported.size() == 1);
        REQUIRE(exported[0].ok());
        const auto again = replay(*exported[0]);
        CHECK(again->moves() == game->moves());
        CHECK(again->outcome() == game->outcome());
        CHECK(exported[0]->result == result_token(game->outcome()));
        std::istringstream lines(game->record({}));
        for (std::string text; std::getline(lines, text);)
            CHECK(text.size() < 80);
        ++checked;
    }
    CHECK(checked == 45);
}

TEST_CASE("chess PGN: python-chess sample games replay, one ending in mate") {
    const auto records = rules::read_records(chess_test::read_text_file(
        std::string(TABULA_TEST_DATA_DIR) + "/games/chess_extra_python-chess.pgn"));
    REQUIRE(records.size() == 2);
    REQUIRE(records[0].ok());
    REQUIRE(records[1].ok());
    CHECK(replay(*records[0])->outcome() == rules::Outcome::win(1, "checkmate"));
    CHECK(replay(*records[1])->ply() == 97);
}

TEST_CASE("chess PGN: a null move in a record is refused as a move, not played") {
    const auto records = rules::read_records(chess_test::read_text_file(
        std::string(TABULA_TEST_DATA_DIR) +
        "/games/pgn_format_edge_cases/nullmove_Z0_anastasian-lewis.pgn"));
    REQUIRE(!records.empty());
    REQUIRE(records[0].ok());
    auto game = game_from(start_position);
    bool refused = false;
    for (const auto& move : records[0]->moves) {
        const auto played = game->play(move);
        if (!played.ok()) {
            CHECK(move == "Z0");
            CHECK(played.error().code == "bad_move_syntax");
            refused = true;
            break;
        }
    }
    CHECK(refused);
}
