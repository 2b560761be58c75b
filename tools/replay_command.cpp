// tabula replay <variant> <file>...
// One line per game: "game <n>: ok <plies> <outcome>" or "game <n>: illegal at ply <k>: <move>";
// <outcome> is the reason, and for the halma family the places ("finished places 1,2,3").
// Every move of the record is played, even past a claimable draw (DrawRules::ReportOnly), and
// the outcome describes the final position. A [Left "2@14,3@40"] tag (games of more than two,
// rules/halma/record.h) makes seat 2 leave once 14 moves are played, then seat 3 after 40, as
// rules/game.h tells a table to rebuild a game (Game::retire). Exit status 1 if any game is
// illegal or unreadable.
#include "rules/game.h"
#include "rules/record/record_reader.h"
#include "tools/commands.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

namespace tools {
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

// A leave of the [Left] tag: the seat (from 0) and the moves played before it.
using Leave = std::pair<int, int>;

// "2@14,3@40" (seats from 1), in the order of the moves; nullopt if it is not that.
std::optional<std::vector<Leave>> read_leaves(std::string_view tag) {
    const auto whole = [](std::string_view text, int& value) {
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        return ec == std::errc{} && end == text.data() + text.size();
    };
    std::vector<Leave> leaves;
    for (std::size_t start = 0; start <= tag.size();) {
        const auto end = std::min(tag.find(',', start), tag.size());
        const auto item = tag.substr(start, end - start);
        const auto at = item.find('@');
        int seat = 0;
        int ply = 0;
        if (at == std::string_view::npos || !whole(item.substr(0, at), seat) ||
            !whole(item.substr(at + 1), ply) || seat < 1 || ply < 0 ||
            (!leaves.empty() && ply < leaves.back().second))
            return std::nullopt;
        leaves.emplace_back(seat - 1, ply);
        start = end + 1;
    }
    return leaves;
}

// Prints why a game cannot be replayed: "game <n>: <line>" and the detail on stderr.
bool refuse(int number, const rules::GameRecord& record, const std::string& line,
            std::string_view detail) {
    std::cout << "game " << number << ": " << line << "\n";
    std::cerr << "game " << number << " (line " << record.first_line << "): " << detail << "\n";
    return false;
}

// The leaves of the record's Left tag, replayed in order as rules/game.h tells a table to.
struct LeaveReplay {
    std::vector<Leave> leaves;
    std::size_t next = 0;

    // Plays the leaves due once `ply` moves are played; false (and says why) if one is refused.
    bool due(rules::Game& game, int ply, int number, const rules::GameRecord& record) {
        for (; next < leaves.size() && leaves[next].second == ply; ++next) {
            const auto left = game.retire(leaves[next].first);
            if (!left.ok())
                return refuse(number, record, describe(next), left.error().detail);
        }
        return true;
    }
    std::string describe(std::size_t i) const {
        return "illegal leave at ply " + std::to_string(leaves[i].second) + ": seat " +
               std::to_string(leaves[i].first + 1);
    }
};

// Replays one record; prints its line and returns whether every move was legal.
bool replay_one(rules::VariantId variant, const rules::GameRecord& record, int number) {
    const auto fen = record.tag("FEN");
    auto game = rules::make_game(variant, fen ? *fen : std::string_view{},
                                 {.draw_rules = rules::DrawRules::ReportOnly});
    if (!game.ok())
        return refuse(number, record, "unreadable", game.error().detail);
    const auto left_tag = record.tag("Left");
    const auto leaves = left_tag ? read_leaves(*left_tag) : std::vector<Leave>{};
    if (!leaves)
        return refuse(number, record, "unreadable",
                      "the Left tag \"" + std::string(*left_tag) +
                          "\" is not seat@moves, comma-separated in move order");
    LeaveReplay replay{*leaves};
    int ply = 0;
    for (const auto& move : record.moves) {
        if (!replay.due(**game, ply, number, record))
            return false;
        ++ply;
        const auto played = (*game)->play(move);
        if (!played.ok())
            return refuse(number, record, "illegal at ply " + std::to_string(ply) + ": " + move,
                          played.error().detail);
    }
    if (!replay.due(**game, ply, number, record))
        return false;
    if (replay.next < replay.leaves.size())
        return refuse(number, record, replay.describe(replay.next),
                      "the Left tag names a ply after the last move");
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

} // namespace tools
