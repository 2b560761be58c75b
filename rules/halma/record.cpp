#include "rules/halma/record.h"

#include "rules/record/record_writer.h"
#include "rules/text.h"

namespace rules::halma {
namespace {

constexpr std::size_t max_line = 79;

// More than two players: the places say who won, the marker stays "*".
std::string_view result_token(const Outcome& outcome, int players) {
    return players == 2 ? result_marker(outcome) : "*";
}

std::string seat_name(const RecordTags& tags, int seat, int players) {
    const auto index = static_cast<std::size_t>(seat);
    if (index < tags.seats.size())
        return tags.seats[index];
    if (players == 2)
        return seat == 0 ? tags.white : tags.black;
    return "?";
}

std::string places_text(const Outcome& outcome) {
    std::string text;
    for (const int place : outcome.places)
        text += join({text.empty() ? "" : ",", std::to_string(place)});
    return text;
}

// "2@14,3@40": each leave as its seat (from 1) and the moves played before it.
std::string leaves_text(const std::vector<Leave>& leaves) {
    std::string text;
    for (const auto& leave : leaves)
        text += join({text.empty() ? "" : ",", std::to_string(leave.seat + 1), "@",
                      std::to_string(leave.ply)});
    return text;
}

std::string movetext(const RecordInput& input, std::string_view result) {
    std::string text;
    std::string line;
    const auto add = [&](const std::string& token) {
        if (!line.empty() && line.size() + 1 + token.size() > max_line) {
            text += line + '\n';
            line.clear();
        }
        line += join({line.empty() ? "" : " ", token});
    };
    std::size_t next_leave = 0;
    const auto add_leaves_before = [&](std::size_t ply) {
        for (; next_leave < input.leaves.size() &&
               static_cast<std::size_t>(input.leaves[next_leave].ply) <= ply;
             ++next_leave)
            add(join({"{seat ", std::to_string(input.leaves[next_leave].seat + 1), " left}"}));
    };
    int round = 0;
    for (std::size_t i = 0; i < input.moves.size(); ++i) {
        add_leaves_before(i);
        if (i == 0 || input.movers[i] <= input.movers[i - 1])
            add(join({std::to_string(++round), "."}));
        add(input.moves[i]);
    }
    add_leaves_before(input.moves.size());
    add(std::string(result));
    return text + line + '\n';
}

} // namespace

std::string write_record(const RecordInput& input) {
    const Outcome& outcome = input.tags.outcome ? *input.tags.outcome : input.outcome;
    const std::string_view result = result_token(outcome, input.players);
    std::string out = tag_line("Event", input.tags.event) + tag_line("Site", input.tags.site) +
                      tag_line("Date", input.tags.date) + tag_line("Round", input.tags.round);
    for (int seat = 0; seat < input.players; ++seat)
        out += tag_line(join({"Seat", std::to_string(seat + 1)}),
                        seat_name(input.tags, seat, input.players));
    out += tag_line("Result", result) + tag_line("Variant", input.variant);
    if (!input.start_fen.empty())
        out += tag_line("FEN", input.start_fen);
    if (outcome.over() && !outcome.places.empty())
        out += tag_line("Places", places_text(outcome));
    if (!input.leaves.empty())
        out += tag_line("Left", leaves_text(input.leaves));
    if (!input.tags.termination.empty())
        out += tag_line("Termination", input.tags.termination);
    for (const auto& [name, value] : input.tags.extra)
        out += tag_line(name, value);
    out += '\n';
    return out + movetext(input, result);
}

} // namespace rules::halma
