// tabula replay <variant> <file>...
// One line per game: "game <n>: ok <plies> <outcome>" or "game <n>: illegal at ply <k>: <move>";
// <outcome> is the reason, and for the halma family the places ("finished places 1,2,3").
// Every move of the record is played, even past a claimable draw (DrawRules::ReportOnly), and
// the outcome describes the final position. Exit status 1 if any game is illegal or unreadable.
#include "rules/game.h"
#include "rules/record/record_reader.h"
#include "server/cli/commands.h"

#include <fstream>
#include <iostream>
#include <sstream>

namespace server::cli {
namespace {

// The reason the game ended ("ongoing" if it did not); games of more than two (the halma
// family) add the place of each seat in seat order: "finished places 1,3,2".
std::string outcome_word(const rules::Outcome& outcome) {
    if (!outcome.over())
        return "ongoing";
    std::string word = outcome.reason;
    for (std::size_t i = 0; i < outcome.places.size(); ++i) {
        word += i == 0 ? " places " : ",";
        word += std::to_string(outcome.places[i]);
    }
    return word;
}

// Replays one record; prints its line and returns whether every move was legal.
bool replay_one(rules::VariantId variant, const rules::GameRecord& record, int number) {
    const auto fen = record.tag("FEN");
    auto game = rules::make_game(variant, fen ? *fen : std::string_view{},
                                 {.draw_rules = rules::DrawRules::ReportOnly});
    if (!game.ok()) {
        std::cout << "game " << number << ": unreadable\n";
        std::cerr << "game " << number << " (line " << record.first_line
                  << "): " << game.error().detail << "\n";
        return false;
    }
    int ply = 0;
    for (const auto& move : record.moves) {
        ++ply;
        const auto played = (*game)->play(move);
        if (!played.ok()) {
            std::cout << "game " << number << ": illegal at ply " << ply << ": " << move << "\n";
            std::cerr << "game " << number << " (line " << record.first_line
                      << "): " << played.error().detail << "\n";
            return false;
        }
    }
    std::cout << "game " << number << ": ok " << ply << " " << outcome_word((*game)->outcome())
              << "\n";
    return true;
}

} // namespace

int run_replay(const Args& args) {
    if (args.size() < 2) {
        std::cerr << "usage: tabula replay <variant> <file>...\n";
        return 2;
    }
    const auto variant = rules::variant_from_name(args[0]);
    if (!variant) {
        std::cerr << "tabula replay: unknown variant '" << args[0] << "'\n";
        return 2;
    }
    bool all_good = true;
    int number = 0;
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::ifstream in(args[i], std::ios::binary);
        if (!in) {
            std::cerr << "tabula replay: cannot read " << args[i] << "\n";
            all_good = false;
            continue;
        }
        std::ostringstream text;
        text << in.rdbuf();
        for (const auto& record : rules::read_records(text.str())) {
            ++number;
            if (!record.ok()) {
                std::cout << "game " << number << ": unreadable\n";
                std::cerr << args[i] << ": game " << number << ": " << record.error().detail
                          << "\n";
                all_good = false;
                continue;
            }
            all_good = replay_one(*variant, *record, number) && all_good;
        }
    }
    return all_good ? 0 : 1;
}

} // namespace server::cli
