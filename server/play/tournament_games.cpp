#include "server/play/tournament_games.h"

#include "lobby/errors.h"
#include "lobby/time_control_text.h"
#include "server/log.h"

namespace server::play {
namespace {

using tournaments::TableAnswer;

// A seating refused for the player, not for the table: that player forfeits (a table closed
// under it, the server stopping, is tried again instead).
bool refused_for_player(const rules::Error& error) {
    return error.code != lobby::errc::table_closed && error.code != lobby::errc::internal_error;
}

// The table found with a pairing's code is the pairing's: White (the host) at seat 0 and
// Black, if seated yet, at seat 1 (a table restored after a restart, or made before).
bool pairing_table(const lobby::TableSummary& summary, const lobby::PlayerId& white,
                   const lobby::PlayerId& black) {
    const bool white_hosts = summary.seats.size() >= 2 && summary.seats[0]
                                 ? summary.seats[0]->id == white
                                 : summary.host.id == white;
    const bool black_fits =
        summary.seats.size() >= 2 && (!summary.seats[1] || summary.seats[1]->id == black);
    return white_hosts && black_fits && !summary.setup.is_public;
}

} // namespace

void TournamentGames::start_tournament_game(const tournaments::TournamentGame& game,
                                            tournaments::TableOpened opened) {
    if (auto play = play_.lock())
        play->start_tournament_game(game, std::move(opened));
    else
        opened(TableAnswer::of(TableAnswer::Kind::NotNow)); // no play service (stopping)
}

void PlayService::start_tournament_game(const tournaments::TournamentGame& game,
                                        tournaments::TableOpened opened) {
    if (stopped_) {
        opened(TableAnswer::of(TableAnswer::Kind::NotNow));
        return;
    }
    post_lobby([self = shared_from_this(), game, opened = std::move(opened)] {
        self->open_tournament_table(game, opened);
    });
}

void PlayService::open_tournament_table(const tournaments::TournamentGame& game,
                                        const tournaments::TableOpened& opened) {
    const std::string what = "play: tournament " + std::to_string(game.tournament_id) + " round " +
                             std::to_string(game.round) + " board " + std::to_string(game.board);
    const auto variant = rules::variant_from_name(game.variant);
    const auto control = lobby::parse_time_control_text(game.time_control);
    if (!variant || !control) {
        log::error(what + ": unplayable variant or time control " + game.variant + " / " +
                   game.time_control);
        opened(TableAnswer::of(TableAnswer::Kind::NotNow));
        return;
    }
    const lobby::Player white{.id = lobby::account_player_id(game.white_id),
                              .display_name = game.white_name,
                              .identity = {.account = game.white_id, .guest_token_hash = {}}};
    const lobby::Player black{.id = lobby::account_player_id(game.black_id),
                              .display_name = game.black_name,
                              .identity = {.account = game.black_id, .guest_token_hash = {}}};
    const std::string& code = game.table_code;
    // Asked again for a code the lobby holds: the pairing's table is there already (restored
    // from its game row after a restart). It becomes a tournament's table again; nothing else
    // is made. A code held by another table is refused: the service reserves another.
    if (const auto summary = lobby_.summary(code)) {
        if (!pairing_table(*summary, white.id, black.id)) {
            opened(TableAnswer::of(TableAnswer::Kind::CodeTaken));
            return;
        }
        if (const auto found = tables_.find(code); found != tables_.end())
            found->second->post([](LiveTable& h) { h.set_tournament(); });
        opened(TableAnswer::of(TableAnswer::Kind::Opened));
        return;
    }
    const lobby::TableSetup setup{.variant = *variant,
                                  .start_position = {},
                                  .time_control = *control,
                                  .rated = game.rated,
                                  .is_public = false,
                                  .color = lobby::ColorChoice::White}; // the first seated
    // The tournament's code, reserved as a reloaded table's is (lobby.h, adopt_table).
    if (!lobby::normalize_join_code(code) ||
        !lobby_.adopt_table(lobby::TableSummary{.code = code, .setup = setup, .host = white})) {
        opened(TableAnswer::of(TableAnswer::Kind::CodeTaken));
        return;
    }
    auto limits = options_.table_limits; // the usual first-move timeout: a no-show forfeits
    limits.host_away_close.reset();      // both are seated at once
    auto made = open_hosted_table({.code = code,
                                   .setup = setup,
                                   .first = white,
                                   .limits = limits,
                                   // the pairing was made by the tournament, not by a player
                                   .blocks = nullptr});
    if (!made) {
        log::error(what + ": no table: " + made.error().detail);
        if (refused_for_player(made.error()))
            opened(TableAnswer::unseated(0, made.error().detail));
        else
            opened(TableAnswer::of(TableAnswer::Kind::NotNow));
        return;
    }
    const auto live_table = std::move(made).value();
    live_table->set_tournament();
    seat_arranged_pair(
        live_table, code, white.id, black,
        {{"t", "tournament_game"},
         {"tournament", game.tournament_id},
         {"name", game.tournament_name},
         {"round", game.round},
         {"board", game.board},
         {"white", game.white_name},
         {"black", game.black_name}},
        what, [opened, host = white.id](LiveTable& h, const lobby::Refusal& refused) {
            if (!refused) {
                opened(TableAnswer::of(TableAnswer::Kind::Opened));
                return;
            }
            // White sits alone at a table that will not be played: it closes, and Black
            // forfeits (or, the table having closed under it, the pairing is asked again).
            (void)h.table().cancel(host, h.now());
            if (refused_for_player(*refused))
                opened(TableAnswer::unseated(1, refused->detail));
            else
                opened(TableAnswer::of(TableAnswer::Kind::NotNow));
        });
}

} // namespace server::play
