#include "server/accounts/game_download.h"

#include "rules/game.h"
#include "rules/variant.h"

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace server::accounts {
namespace {

// "YYYY.MM.DD", the PGN date form (PGN standard 8.1.1.3).
std::string record_date(storage::TimePoint at) {
    const std::chrono::year_month_day day{std::chrono::floor<std::chrono::days>(at)};
    char text[16];
    std::snprintf(text, sizeof text, "%04d.%02u.%02u", static_cast<int>(day.year()),
                  static_cast<unsigned>(day.month()), static_cast<unsigned>(day.day()));
    return text;
}

// The stored result as an outcome; nullopt for an unfinished or aborted game ("*").
std::optional<rules::Outcome> stored_outcome(const storage::GameRow& game) {
    if (game.result == "1-0")
        return rules::Outcome::win(0, game.termination);
    if (game.result == "0-1")
        return rules::Outcome::win(1, game.termination);
    if (game.result == "1/2-1/2")
        return rules::Outcome::draw(game.termination);
    return std::nullopt;
}

} // namespace

std::string_view record_extension(std::string_view variant) {
    const auto id = rules::variant_from_name(variant);
    if (!id)
        return {};
    return rules::family_of(*id) == rules::Family::Chess ? "pgn" : "pdn";
}

rules::Result<std::string> game_record(const storage::GameWithMoves& stored) {
    const auto& row = stored.game;
    const auto variant = rules::variant_from_name(row.variant);
    if (!variant)
        return rules::Error{"unknown_variant", "the stored variant \"" + row.variant +
                                                   "\" is not one this server knows"};
    auto made = rules::make_game(*variant, row.start_position);
    if (!made)
        return rules::Error{"bad_position", made.error().detail};
    auto& game = *made.value();
    // The leaves are replayed as rules/game.h tells a table to rebuild a game: each once ply()
    // reaches its ply, before the move stored at that ply; those after the last move at the end.
    std::size_t next_leave = 0;
    const auto leave_due = [&]() -> std::optional<rules::Error> {
        for (; next_leave < stored.leaves.size() && stored.leaves[next_leave].ply == game.ply();
             ++next_leave) {
            const auto& leave = stored.leaves[next_leave];
            const auto left = game.retire(leave.seat);
            if (!left)
                return rules::Error{"bad_stored_leave", "seat " + std::to_string(leave.seat) +
                                                            " at ply " + std::to_string(leave.ply) +
                                                            ": " + left.error().detail};
        }
        return std::nullopt;
    };
    for (const auto& move : stored.moves) {
        if (auto refused = leave_due())
            return *refused;
        const auto played = game.play(move.move);
        if (!played)
            return rules::Error{"bad_stored_move", "ply " + std::to_string(move.ply) + " (" +
                                                       move.move + "): " + played.error().detail};
    }
    if (auto refused = leave_due())
        return *refused;
    if (next_leave < stored.leaves.size())
        return rules::Error{"bad_stored_leave", "a leave at ply " +
                                                    std::to_string(stored.leaves[next_leave].ply) +
                                                    ", after the last move"};
    rules::RecordTags tags;
    tags.event = row.rated ? "Tabula rated game" : "Tabula casual game";
    tags.date = record_date(row.started_at);
    const auto name_of = [&row](std::size_t seat) -> std::string {
        return seat < row.seats.size() && !row.seats[seat].name.empty() ? row.seats[seat].name
                                                                        : "?";
    };
    tags.white = name_of(0);
    tags.black = name_of(1);
    if (row.seat_count() > 2) {
        // More than two players: every seat by name, and the stored places decide (the rules
        // give the same places when the leaves explain the end; else the table ended it).
        std::vector<int> places;
        for (std::size_t seat = 0; seat < row.seats.size(); ++seat) {
            tags.seats.push_back(name_of(seat));
            if (row.seats[seat].place)
                places.push_back(*row.seats[seat].place);
        }
        if (places.size() != row.seats.size()) // stored for every seat or for none
            places.clear();
        if (!places.empty() && places != game.outcome().places)
            tags.outcome = rules::Outcome::ranked(places, row.termination);
    } else {
        const auto outcome = stored_outcome(row);
        const auto by_rules = game.outcome();
        if (outcome && (outcome->status != by_rules.status || outcome->winner != by_rules.winner))
            tags.outcome = outcome; // ended outside the rules: flag, resignation, agreement
    }
    tags.termination = row.termination;
    tags.extra.emplace_back("GameId", std::to_string(row.id));
    if (!row.time_control.empty())
        tags.extra.emplace_back("TabulaTimeControl", row.time_control);
    return game.record(tags);
}

} // namespace server::accounts
