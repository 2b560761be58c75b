// The lobby's events as the game service hears them (LobbyListener): each goes out to the
// players it concerns (or to everyone in the lobby), and a match of two or a group match is
// seated at a new table once the lobby call that made it has returned. And the lobby's timer,
// which widens seek ranges and expires challenges.
#include "server/log.h"
#include "server/play/play_service.h"
#include "server/protocol/lobby_events_json.h"

namespace server::play {

void PlayService::on_lobby_event(const lobby::LobbyEvent& event) {
    // The public list's changes go out in batches, to the subscribers whose filter they match.
    if (const auto* changed = std::get_if<lobby::TableListChanged>(&event.body))
        return feed_->on_change(*changed);
    const auto message = protocol::lobby_event_message(event);
    for (const auto& player : event.to)
        send_to_player(player, message);
    // Seat the pair after the lobby call that found it has returned.
    const lobby::Match* match = nullptr;
    if (const auto* matched = std::get_if<lobby::SeekMatched>(&event.body))
        match = &matched->match;
    if (const auto* accepted = std::get_if<lobby::ChallengeAccepted>(&event.body))
        match = &accepted->match;
    if (match)
        post_lobby([self = shared_from_this(), m = *match] { self->seat_match(m); });
}

void PlayService::on_group_event(const lobby::GroupEvent& event) {
    const auto message = protocol::group_event_message(event);
    for (const auto& player : event.to)
        send_to_player(player, message);
    // Seat the group after the lobby call that made it has returned.
    const lobby::GroupMatch* match = nullptr;
    if (const auto* matched = std::get_if<lobby::GroupMatched>(&event.body))
        match = &matched->match;
    if (const auto* changed = std::get_if<lobby::GroupChallengeChanged>(&event.body))
        if (changed->match)
            match = &*changed->match;
    if (match)
        post_lobby([self = shared_from_this(), m = *match] { self->seat_group(m); });
}

void PlayService::readmit_guest(const lobby::Player& guest) {
    // Away since the restart: forgotten a day later like any guest who does not come back.
    guests_by_token_.try_emplace(std::string(guest.identity.guest_token_hash.hex()),
                                 Guest{guest, now()});
    guest_ids_.insert(guest.id);
}

void PlayService::seat_match(const lobby::Match& match) {
    seat_group({.table_code = match.table_code,
                .setup = match.setup,
                .players = {match.white, match.black}});
}

void PlayService::seat_group(const lobby::GroupMatch& match) {
    // Every player as they sought or challenged, with their identities (accounts, tokens): the
    // first at seat 0 (the match's setup has the live table White), the others joining in order (a
    // join takes the first open seat; the last one starts the game).
    // Each with its rating for this table's variant and speed (a challenge's players carry none).
    std::vector<lobby::Player> players;
    players.reserve(match.players.size());
    for (const auto& player : match.players)
        players.push_back(seated_player(player, match.setup));
    auto opened = open_hosted_table({.code = match.table_code,
                                     .setup = match.setup,
                                     .first = players.front(),
                                     .limits = options_.table_limits,
                                     .blocks = options_.blocks.get()});
    if (!opened) {
        log::warn("play: a matched table could not be made: " + opened.error().detail);
        return;
    }
    const auto live_table = std::move(opened).value();
    std::vector<std::pair<std::shared_ptr<net::Connection>, lobby::PlayerId>> members;
    std::vector<std::shared_ptr<ConnectionTables>> entering; // after the seating is posted
    for (const auto& player : match.players) {
        const auto conns = players_.find(player.id);
        if (conns == players_.end())
            continue;
        for (const auto id : conns->second) {
            auto& visitor = visitors_.at(id);
            entering.push_back(visitor.tables);
            members.emplace_back(visitor.conn, player.id);
        }
    }
    live_table->post([players = std::move(players), members](LiveTable& h) {
        for (std::size_t seat = 1; seat < players.size(); ++seat)
            if (auto joined = h.table().join(players[seat], h.now()); !joined)
                log::warn("play: a matched player could not be seated: " + joined.error().detail);
        // The state goes ahead of everything the table has queued, the creation's
        // `player_seated` included: `table` first, then the events that made it
        // (docs/protocol.md §7.8).
        for (const auto& [conn, player] : members) {
            h.add_audience(conn, player);
            h.reply_before(0, conn, h.state_message(player, nullptr));
        }
    });
    for (const auto& tables : entering)
        tables->enter(match.table_code, live_table);
}

void PlayService::after_lobby_change() {
    if (!stopped_)
        arm_lobby_timer();
}

void PlayService::arm_lobby_timer() {
    const auto deadline = lobby_.next_deadline();
    if (deadline == lobby_armed_for_)
        return;
    lobby_armed_for_ = deadline;
    lobby_timer_->cancel();
    if (!deadline)
        return;
    const auto wait = std::max(lobby::Millis{0}, *deadline - now());
    lobby_timer_->expires_after(wait + std::chrono::milliseconds(1));
    lobby_timer_->async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec)
            return;
        self->lobby_armed_for_.reset();
        self->lobby_.check_timeouts(self->now());
        self->after_lobby_change();
    });
}

} // namespace server::play
