#include "rules/halma/fen.h"

#include "rules/halma/game_end.h"
#include "rules/halma/movegen.h"
#include "rules/text.h"

#include <algorithm>
#include <charconv>
#include <vector>

namespace rules::halma {
namespace {

Error bad(std::string detail) {
    return Error{"bad_fen", std::move(detail)};
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end - start));
        if (end == std::string_view::npos)
            return parts;
        start = end + 1;
    }
}

// A whole number without sign or leading zeros, at most `max`.
std::optional<std::uint32_t> number(std::string_view text, std::uint32_t max) {
    if (text.empty() || (text.size() > 1 && text.front() == '0'))
        return std::nullopt;
    std::uint32_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value > max)
        return std::nullopt;
    return value;
}

std::optional<int> seat_number(std::string_view text, int players) {
    const auto value = number(text, static_cast<std::uint32_t>(players));
    if (!value || *value == 0)
        return std::nullopt;
    return static_cast<int>(*value) - 1;
}

std::optional<Error> read_pieces(const Layout& layout, std::string_view field, int seat,
                                 Position& position) {
    const std::string which = join({"seat ", std::to_string(seat + 1)});
    const auto names = field.empty() ? std::vector<std::string_view>{} : split(field, ',');
    if (static_cast<int>(names.size()) != layout.rules.pieces)
        return bad(join({which, " has ", std::to_string(names.size()), " pieces, this variant ",
                         std::to_string(layout.rules.pieces)}));
    for (const auto name : names) {
        const auto cell = layout.board->cell_named(name);
        if (!cell)
            return bad(join({which, ": \"", name, "\" is not a cell of this board"}));
        if (!position.empty(*cell))
            return bad(join({which, ": ", name, " is taken twice"}));
        position.cell[static_cast<std::size_t>(*cell)] = static_cast<std::uint8_t>(seat + 1);
    }
    return std::nullopt;
}

// A seat that finished has not moved since, so its pieces then in the goal are there still:
// all of them, or (AntiSpoiling::FilledGoal) at least one, or none when it finished next to a
// goal held wholly by settled pieces, which have not moved either. The other cells of its goal
// may have emptied since.
bool may_have_finished(const Layout& layout, const Position& position, int seat) {
    int own = 0;
    for (int c = 0; c < layout.board->cells; ++c)
        if (position.holds(c, seat) && layout.in_goal(seat, c))
            ++own;
    if (own == layout.rules.pieces)
        return true;
    return layout.rules.anti_spoiling == AntiSpoiling::FilledGoal &&
           (own > 0 || reached_goal(layout, position, seat));
}

// A list of seats, comma-separated, each once; `what` names the field in errors.
Result<std::vector<int>> read_seats(const Layout& layout, std::string_view field,
                                    std::string_view what) {
    std::vector<int> seats;
    for (const auto part : split(field, ',')) {
        const auto seat = seat_number(part, layout.players());
        if (!seat)
            return bad(join({what, ": \"", part, "\" is not a seat from 1 to ",
                             std::to_string(layout.players())}));
        if (std::find(seats.begin(), seats.end(), *seat) != seats.end())
            return bad(join({what, ": seat ", part, " is listed twice"}));
        seats.push_back(*seat);
    }
    return seats;
}

std::optional<Error> read_finished(const Layout& layout, std::string_view field,
                                   Position& position) {
    if (field == "-")
        return std::nullopt;
    const auto seats = read_seats(layout, field, "finished seats");
    if (!seats.ok())
        return seats.error();
    for (const int seat : *seats)
        position.finished[position.finished_count++] = static_cast<std::uint8_t>(seat);
    return std::nullopt;
}

// The seats that left, in order. Present only when one has: "-" is not written.
std::optional<Error> read_left(const Layout& layout, std::string_view field, Position& position) {
    if (field == "-")
        return bad("left seats: \"-\" is not written; leave the field out when nobody has left");
    const auto seats = read_seats(layout, field, "left seats");
    if (!seats.ok())
        return seats.error();
    if (static_cast<int>(seats->size()) >= layout.players())
        return bad("left seats: not every seat can have left (the game ends when one is left "
                   "playing)");
    for (const int seat : *seats) {
        if (position.has_finished(seat))
            return bad(join({"left seats: seat ", std::to_string(seat + 1),
                             " has finished, so it cannot have left"}));
        position.left_mask = static_cast<std::uint8_t>(position.left_mask | (1U << seat));
        position.left[position.left_count++] = static_cast<std::uint8_t>(seat);
    }
    return std::nullopt;
}

// Every finished seat must be able to have finished, the finished list must name every seat
// still playing that meets its goal condition, and the seat to move must be playing and able
// to move while the game goes on.
std::optional<Error> check_consistent(const Layout& layout, const Position& position) {
    for (std::size_t i = 0; i < position.finished_count; ++i)
        if (!may_have_finished(layout, position, position.finished[i]))
            return bad(join({"finished seats: seat ", std::to_string(position.finished[i] + 1),
                             " has not reached its goal"}));
    for (int seat = 0; seat < layout.players(); ++seat)
        if (position.playing(seat) && reached_goal(layout, position, seat))
            return bad(join({"seat ", std::to_string(seat + 1),
                             " has reached its goal but is not listed as finished"}));
    if (!game_goes_on(layout, position))
        return std::nullopt;
    const std::string who = join({"seat ", std::to_string(position.to_move + 1)});
    if (position.has_finished(position.to_move))
        return bad(join({who, " is to move but has finished"}));
    if (position.has_left(position.to_move))
        return bad(join({who, " is to move but has left"}));
    if (!has_move(layout, position, position.to_move))
        return bad(join({who, " is to move but has no move (it would pass)"}));
    return std::nullopt;
}

// The list of `count` seats in `seats`, 1-based, comma-separated.
void write_seats(std::string& text, const std::array<std::uint8_t, max_seats>& seats,
                 std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0)
            text += ',';
        text += std::to_string(seats[i] + 1);
    }
}

} // namespace

// Two players never leave (Game::retire): their positions have no left field.
Result<Position> parse_position(const Layout& layout, std::string_view text) {
    const int players = layout.players();
    const auto fields = split(text, ':');
    const auto count = static_cast<int>(fields.size());
    const bool with_left = players > 2 && count == players + 4;
    if (count != players + 3 && !with_left)
        return bad(join({"expected ", std::to_string(players + 3),
                         players > 2 ? join({" or ", std::to_string(players + 4)}) : "",
                         " fields separated by ':' (seat to move, the pieces of ",
                         std::to_string(players), " seats, moves played, finished seats",
                         players > 2 ? ", then the seats that left if any" : "", "), found ",
                         std::to_string(fields.size())}));
    Position position;
    const auto to_move = seat_number(fields[0], players);
    if (!to_move)
        return bad(join({"seat to move: \"", fields[0], "\" is not a seat from 1 to ",
                         std::to_string(players)}));
    position.to_move = static_cast<std::uint8_t>(*to_move);
    for (int seat = 0; seat < players; ++seat)
        if (auto error =
                read_pieces(layout, fields[static_cast<std::size_t>(seat + 1)], seat, position))
            return *error;
    const auto ply = number(fields[static_cast<std::size_t>(players + 1)], 1'000'000);
    if (!ply)
        return bad(join({"moves played: \"", fields[static_cast<std::size_t>(players + 1)],
                         "\" is not a whole number up to 1000000"}));
    position.ply = *ply;
    if (auto error = read_finished(layout, fields[static_cast<std::size_t>(players + 2)], position))
        return *error;
    if (with_left)
        if (auto error = read_left(layout, fields[static_cast<std::size_t>(players + 3)], position))
            return *error;
    if (auto error = check_consistent(layout, position))
        return *error;
    return position;
}

std::string write_position(const Layout& layout, const Position& position) {
    std::string text = std::to_string(position.to_move + 1);
    for (int seat = 0; seat < layout.players(); ++seat) {
        text += ':';
        bool first = true;
        for (int c = 0; c < layout.board->cells; ++c) {
            if (!position.holds(c, seat))
                continue;
            if (!first)
                text += ',';
            text += layout.board->name(c);
            first = false;
        }
    }
    text += ':';
    text += std::to_string(position.ply);
    text += ':';
    if (position.finished_count == 0)
        text += '-';
    write_seats(text, position.finished, position.finished_count);
    if (position.left_count > 0) {
        text += ':';
        write_seats(text, position.left, position.left_count);
    }
    return text;
}

} // namespace rules::halma
