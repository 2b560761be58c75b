#include "server/play/tournament_games.h"

#include "lobby/time_control_text.h"
#include "server/log.h"

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
    seat_arranged_pair(live_table, code.value(), white.id, black,
                       {{"t", "tournament_game"},
                        {"tournament", game.tournament_id},
                        {"name", game.tournament_name},
                        {"round", game.round},
                        {"board", game.board},
                        {"white", game.white_name},
                        {"black", game.black_name}},
                       what);
    opened(code.value());
}

} // namespace server::play
