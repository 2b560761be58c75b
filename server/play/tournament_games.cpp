#include "server/play/tournament_games.h"

#include "lobby/time_control_text.h"
#include "server/log.h"

#include <algorithm>

namespace server::play {

void TournamentGames::start_tournament_game(const tournaments::TournamentGame& game,
                                            tournaments::TableOpened opened) {
    if (auto play = play_.lock())
        play->start_tournament_game(game, std::move(opened));
    else
        opened({}); // no play service (stopping): asked again later
}

void PlayService::start_tournament_game(const tournaments::TournamentGame& game,
                                        std::function<void(const std::string&)> opened) {
    if (stopped_) {
        opened({});
        return;
    }
    post_lobby([self = shared_from_this(), game, opened = std::move(opened)] {
        self->open_tournament_table(game, opened);
    });
}

void PlayService::open_tournament_table(const tournaments::TournamentGame& game,
                                        const std::function<void(const std::string&)>& opened) {
    const std::string what = "play: tournament " + std::to_string(game.tournament_id) + " round " +
                             std::to_string(game.round) + " board " + std::to_string(game.board);
    const auto variant = rules::variant_from_name(game.variant);
    const auto control = lobby::parse_time_control_text(game.time_control);
    if (!variant || !control) {
        log::error(what + ": unplayable variant or time control " + game.variant + " / " +
                   game.time_control);
        opened({});
        return;
    }
    const lobby::TableSetup setup{.variant = *variant,
                                  .start_position = {},
                                  .time_control = *control,
                                  .rated = game.rated,
                                  .is_public = false,
                                  .color = lobby::ColorChoice::White}; // the first seated
    const lobby::Player white{.id = lobby::account_player_id(game.white_id),
                              .display_name = game.white_name,
                              .identity = {.account = game.white_id, .guest_token_hash = {}}};
    const lobby::Player black{.id = lobby::account_player_id(game.black_id),
                              .display_name = game.black_name,
                              .identity = {.account = game.black_id, .guest_token_hash = {}}};
    auto code = lobby_.open_arranged_table(white, setup);
    if (!code) {
        log::error(what + ": no table: " + code.error().detail);
        opened({});
        return;
    }
    auto limits = options_.table_limits; // the usual first-move timeout: a no-show forfeits
    limits.host_away_close.reset();      // both are seated at once
    auto made = open_hosted_table({.code = code.value(),
                                   .setup = setup,
                                   .first = white,
                                   .limits = limits,
                                   // the pairing was made by the tournament, not by a player
                                   .blocks = nullptr});
    if (!made) {
        log::error(what + ": no table: " + made.error().detail);
        opened({});
        return;
    }
    const auto live_table = std::move(made).value();
    std::vector<std::pair<std::shared_ptr<net::Connection>, lobby::PlayerId>> members;
    std::vector<std::shared_ptr<ConnectionTables>> entering; // after the seating is posted
    for (const auto* player : {&white, &black}) {
        const auto conns = players_.find(player->id);
        if (conns == players_.end())
            continue;
        for (const auto id : conns->second) {
            auto& visitor = visitors_.at(id);
            entering.push_back(visitor.tables);
            members.emplace_back(visitor.conn, player->id);
        }
    }
    live_table->post([white_id = white.id, black, members, game, what](LiveTable& h) {
        lobby::Table& seated = h.table();
        if (auto joined = seated.join(black, h.now()); !joined) {
            log::error(what + ": Black could not be seated: " + joined.error().detail);
            return;
        }
        for (const auto& player : {white_id, black.id}) {
            const bool present = std::any_of(members.begin(), members.end(),
                                             [&](const auto& m) { return m.second == player; });
            if (!present)
                (void)seated.set_connected(player, false, h.now());
        }
        // The notice and the state go ahead of the events that made the table, as for a
        // ladder game (ladder_games.cpp).
        std::size_t ahead = 0;
        for (const auto& [conn, player] : members) {
            h.add_audience(conn, player);
            nlohmann::json notice{{"t", "tournament_game"},
                                  {"table", seated.code()},
                                  {"tournament", game.tournament_id},
                                  {"name", game.tournament_name},
                                  {"round", game.round},
                                  {"board", game.board},
                                  {"white", game.white_name},
                                  {"black", game.black_name}};
            h.reply_before(ahead++, conn, notice);
            h.reply_before(ahead++, conn, h.state_message(player, nullptr));
        }
    });
    for (const auto& tables : entering)
        tables->enter(code.value(), live_table);
    opened(code.value());
}

} // namespace server::play
