#include "rules/halma/game_end.h"

#include "rules/halma/movegen.h"

namespace rules::halma {
namespace {

// Places: finished seats 1, 2, … in their order; then the seats still playing, by goal
// distance (equal distances share a place); then the seats that left, the last to leave best.
std::vector<int> places_of(const Layout& layout, const Position& position) {
    const int players = layout.players();
    std::vector<int> places(static_cast<std::size_t>(players), 0);
    for (std::size_t i = 0; i < position.finished_count; ++i)
        places[position.finished[i]] = static_cast<int>(i) + 1;
    std::vector<int> distance(static_cast<std::size_t>(players), 0);
    for (int s = 0; s < players; ++s)
        distance[static_cast<std::size_t>(s)] = goal_distance(layout, position, s);
    for (int s = 0; s < players; ++s) {
        if (!position.playing(s))
            continue;
        int ahead = position.finished_count;
        for (int other = 0; other < players; ++other)
            if (position.playing(other) &&
                distance[static_cast<std::size_t>(other)] < distance[static_cast<std::size_t>(s)])
                ++ahead;
        places[static_cast<std::size_t>(s)] = ahead + 1;
    }
    const int behind_the_race = position.finished_count + position.playing_count(players);
    for (std::size_t i = 0; i < position.left_count; ++i)
        places[position.left[i]] = behind_the_race + position.left_count - static_cast<int>(i);
    return places;
}

// More than two players: ranked by the places. Two: a win of the seat placed first, or a
// draw when they tie, with the places as well.
Outcome ended(const Layout& layout, const Position& position, std::string reason) {
    std::vector<int> places = places_of(layout, position);
    if (layout.players() > 2)
        return Outcome::ranked(std::move(places), std::move(reason));
    if (places[0] == places[1])
        return Outcome::draw(std::move(reason), std::move(places));
    Outcome won = Outcome::win(places[0] == 1 ? 0 : 1, std::move(reason));
    won.places = std::move(places);
    return won;
}

} // namespace

int goal_distance(const Layout& layout, const Position& position, int seat) {
    int sum = 0;
    for (int c = 0; c < layout.board->cells; ++c)
        if (position.holds(c, seat))
            sum += layout.distance[static_cast<std::size_t>(seat)][static_cast<std::size_t>(c)];
    return sum;
}

std::optional<Outcome> game_end(const Layout& layout, const Position& position) {
    const int players = layout.players();
    if (position.playing_count(players) <= 1)
        return ended(layout, position, position.finished_count > 0 ? "finished" : "retired");
    if (position.ply >= layout.move_limit)
        return ended(layout, position, "move-limit");
    if (position.playing(position.to_move) && has_move(layout, position, position.to_move))
        return std::nullopt;
    for (int s = 0; s < players; ++s)
        if (position.playing(s) && has_move(layout, position, s))
            return std::nullopt;
    return ended(layout, position, "no-moves");
}

} // namespace rules::halma
