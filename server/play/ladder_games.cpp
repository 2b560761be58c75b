#include "server/play/ladder_games.h"

#include "lobby/time_control_text.h"
#include "server/accounts/accounts_service.h"
#include "server/log.h"
#include "server/play/stored_game.h"

#include <algorithm>

namespace server::play {

void LadderGames::start_ladder_game(const accounts::LadderGame& game) {
    if (auto play = play_.lock())
        play->start_ladder_game(game);
}

LadderHooks ladder_hooks(accounts::AccountsService& accounts) {
    LadderHooks hooks;
    // No `attach`: the game writer stores the game's id on the challenge with the game's row
    // (storage/game_writer.h, create_game).
    hooks.report = [&accounts](storage::LadderId ladder, storage::ChallengeId challenge,
                               lobby::ladder::ChallengeResult result) {
        accounts.report_ladder_result(ladder, challenge, result,
                                      [ladder, challenge](const auto& r) {
                                          if (!r)
                                              log::error("play: ladder " + std::to_string(ladder) +
                                                         " challenge " + std::to_string(challenge) +
                                                         ": result not taken: " + r.error().detail);
                                      });
    };
    return hooks;
}

void PlayService::open_ladder_table(const accounts::LadderGame& game) {
    const auto variant = rules::variant_from_name(game.variant);
    const auto control = lobby::parse_time_control_text(game.time_control);
    if (!variant || !control) {
        log::error("play: ladder challenge " + std::to_string(game.challenge_id) +
                   ": unplayable variant or time control " + game.variant + " / " +
                   game.time_control);
        return;
    }
    const lobby::TableSetup setup{.variant = *variant,
                                  .start_position = {},
                                  .time_control = *control,
                                  .rated = true,
                                  .is_public = false,
                                  .color = lobby::ColorChoice::Random};
    const lobby::Player challenger{
        .id = lobby::account_player_id(game.challenger_id),
        .display_name = game.challenger_name,
        .identity = {.account = game.challenger_id, .guest_token_hash = {}}};
    const lobby::Player challenged{
        .id = lobby::account_player_id(game.challenged_id),
        .display_name = game.challenged_name,
        .identity = {.account = game.challenged_id, .guest_token_hash = {}}};
    auto code = lobby_.open_arranged_table(challenger, setup);
    if (!code) {
        log::error("play: ladder challenge " + std::to_string(game.challenge_id) +
                   ": no table: " + code.error().detail);
        return;
    }
    auto limits = options_.table_limits;
    limits.first_move_timeout = options_.ladder_first_move_window;
    limits.host_away_close.reset(); // the ladder's deadlines decide a challenge nobody plays
    auto opened = open_hosted_table({.code = code.value(),
                                     .setup = setup,
                                     .first = challenger,
                                     .limits = limits,
                                     // the challenge was agreed: a block does not undo it
                                     .blocks = nullptr});
    if (!opened) {
        log::error("play: ladder challenge " + std::to_string(game.challenge_id) +
                   ": no table: " + opened.error().detail);
        return;
    }
    const auto live_table = std::move(opened).value();
    live_table->set_ladder(LadderLink{.ladder_id = game.ladder_id,
                                      .challenge_id = game.challenge_id,
                                      .challenger = challenger.id});
    seat_arranged_pair(live_table, code.value(), challenger.id, challenged,
                       {{"t", "ladder_game"},
                        {"ladder", game.ladder_id},
                        {"challenge", game.challenge_id},
                        {"challenger", game.challenger_name},
                        {"challenged", game.challenged_name}},
                       "play: ladder challenge " + std::to_string(game.challenge_id));
}

void PlayService::seat_arranged_pair(const std::shared_ptr<LiveTable>& live_table,
                                     const std::string& code, const lobby::PlayerId& first,
                                     const lobby::Player& second, nlohmann::json notice,
                                     std::string what,
                                     std::function<void(LiveTable&, const lobby::Refusal&)> after) {
    std::vector<std::pair<std::shared_ptr<net::Connection>, lobby::PlayerId>> members;
    std::vector<std::shared_ptr<ConnectionTables>> entering; // after the seating is posted
    for (const auto* player : {&first, &second.id}) {
        const auto conns = players_.find(*player);
        if (conns == players_.end())
            continue;
        for (const auto id : conns->second) {
            auto& visitor = visitors_.at(id);
            entering.push_back(visitor.tables);
            members.emplace_back(visitor.conn, *player);
        }
    }
    live_table->post([first, second, members, notice = std::move(notice), what = std::move(what),
                      after = std::move(after)](LiveTable& h) mutable {
        lobby::Table& seated = h.table();
        if (auto joined = seated.join(second, h.now()); !joined) {
            log::error(what + ": the second player could not be seated: " + joined.error().detail);
            if (after)
                after(h, joined.error());
            return;
        }
        for (const auto& player : {first, second.id}) {
            const bool present = std::any_of(members.begin(), members.end(),
                                             [&](const auto& m) { return m.second == player; });
            if (!present)
                (void)seated.set_connected(player, false, h.now());
        }
        // The notice and the state go ahead of the events that made the table (the creation's
        // and the join's `player_seated`, `game_started`, `connection_changed`), as for
        // create_table and join: the state already includes them, so a client ignores them by
        // version (section 7.13).
        notice["table"] = seated.code();
        std::size_t ahead = 0;
        for (const auto& [conn, player] : members) {
            h.add_audience(conn, player);
            h.reply_before(ahead++, conn, notice);
            h.reply_before(ahead++, conn, h.state_message(player, nullptr));
        }
        if (after)
            after(h, std::nullopt);
    });
    for (const auto& tables : entering)
        tables->enter(code, live_table);
}

} // namespace server::play
