// The lobby's calls for games of more than two seats (the halma family): seeking a seat and
// making the GroupMatch that seats a full table.
#include "lobby/lobby.h"

#include <algorithm>

namespace lobby {

void Lobby::emit(std::vector<PlayerId> to, GroupEventBody body) {
    if (listener_)
        listener_->on_group_event(GroupEvent{std::move(to), std::move(body)});
}

rules::Result<std::optional<GroupMatch>> Lobby::seek_seats(const Player& player,
                                                           const SeekPool& pool, TimePoint now) {
    const TableSetup setup{.variant = pool.variant,
                           .time_control = pool.time_control,
                           .rated = pool.rated,
                           .is_public = false};
    if (seat_count(setup) <= 2)
        return refuse(errc::bad_setup, std::string(rules::variant_name(pool.variant)) +
                                           " is a game for two: seek it as one");
    if (auto error = validate_game(setup))
        return *error;
    if (auto error = check_seeker(player, pool, now))
        return *error;
    std::optional<GroupMatch> theirs;
    for (GroupMatch& match : seat_groups(seeks_.add_to_group(player, pool, now))) {
        const bool seated = std::any_of(match.players.begin(), match.players.end(),
                                        [&](const Player& p) { return p.id == player.id; });
        if (seated)
            theirs = std::move(match);
    }
    return theirs;
}

// Reserves a code for each full group, draws its seat order and tells its players.
std::vector<GroupMatch> Lobby::seat_groups(std::vector<SeekGroup> groups) {
    std::vector<GroupMatch> matches;
    matches.reserve(groups.size());
    for (SeekGroup& group : groups) {
        const TableSetup setup{.variant = group.pool.variant,
                               .time_control = group.pool.time_control,
                               .rated = group.pool.rated,
                               .is_public = false};
        matches.push_back(make_group_match(std::move(group.players), setup));
        std::vector<PlayerId> to;
        for (const Player& p : matches.back().players)
            to.push_back(p.id);
        emit(std::move(to), GroupMatched{matches.back()});
    }
    return matches;
}

// The seat order is a uniform shuffle (Fisher-Yates) from the injected RandomSource: nobody
// chooses a seat, and seat 0 moves first.
GroupMatch Lobby::make_group_match(std::vector<Player> players, TableSetup setup) {
    for (std::size_t i = players.size(); i > 1; --i)
        std::swap(players[i - 1], players[random_.below(i)]);
    setup.color = ColorChoice::White; // the host of the new table, players[0], takes seat 0
    GroupMatch match{.table_code = codes_.issue(random_),
                     .setup = std::move(setup),
                     .players = std::move(players)};
    // Held as a table that is playing, every seat taken (not a host's waiting one), until the
    // table made for the match reports its own summary.
    TableSummary summary{.code = match.table_code,
                         .setup = match.setup,
                         .host = match.players.front(),
                         .status = TableStatus::Playing};
    summary.seats = PerSeat<std::optional<Player>>(static_cast<int>(match.players.size()));
    for (std::size_t i = 0; i < match.players.size(); ++i)
        summary.seats[i] = match.players[i];
    tables_.emplace(match.table_code, std::move(summary));
    return match;
}

} // namespace lobby
