// Games against the computer (issue 13; docs/protocol.md section 7.15): create_table with
// "opponent":"computer" makes a table like any other, with the computer of the chosen level
// in the other seat at once, so the game starts. At a table of more players (Chinese checkers
// for 3, 4 or 6, Halma for 4) a computer takes every other seat, each a player of its own
// ("Pip (Easy)", "Pip (Easy) 2", ...), or only "computers" of them: the rest stay open for
// players who join by code, and the game starts when they are full.
#include "lobby/errors.h"
#include "rules/game.h"
#include "rules/variant.h"
#include "server/log.h"
#include "server/play/computer_players.h"
#include "server/play/play_service.h"
#include "server/protocol/json_text.h"

namespace server::play {


void PlayService::create_computer_table(const Caller& r, const protocol::CreateTable& request) {
    if (!computer_pool_)
        return send_error(r.conn, r.id, lobby::errc::not_allowed,
                          "this server offers no computer opponent");
    if (request.setup.rated)
        return send_error(r.conn, r.id, lobby::errc::not_allowed,
                          "games against the computer are casual: \"rated\" must be false");
    // The seats of the variant, from the game itself (a bad setup is refused below as for any
    // table, so a game that cannot be made here counts as two seats).
    const auto game = rules::make_game(request.setup.variant);
    const int others = (game.ok() ? game.value()->players() : 2) - 1;
    const int computers = request.computers == 0 ? others : request.computers;
    if (computers > others)
        return send_error(r.conn, r.id, lobby::errc::bad_setup,
                          std::string(rules::variant_name(request.setup.variant)) + " seats " +
                              std::to_string(others + 1) + " players: \"computers\" may be 1 to " +
                              std::to_string(others));
    if (const auto refusal = computer_limit_reached(r); !refusal.empty())
        return send_error(r.conn, r.id, lobby::errc::too_many_computer_games, refusal);
    const lobby::Player& human = r.visitor->player;
    const auto level = *request.computer;
    auto created = open_created_table(r, request.setup);
    if (!created)
        return send_error(r.conn, r.id, created.error().code, created.error().detail);
    const auto& [code, live_table] = created.value();
    attach_computer(*live_table, level, human.id);
    computer_games_[code] = ComputerGame{human.id, r.conn->remote_address(), true};
    live_table->post([conn = r.conn, who = human.id, id = r.id, level, computers](LiveTable& h) {
        h.add_audience(conn, who);
        const auto mark = h.outbox_mark();
        std::vector<lobby::PlayerId> seated;
        for (int number = 1; number <= computers; ++number) {
            const lobby::Player computer = computer_player(level, number);
            if (auto joined = h.table().join(computer, h.now()); !joined) {
                // Nobody else may take the seat: the table closes.
                log::warn("play: the computer could not sit down: " + joined.error().detail);
                (void)h.table().cancel(who, h.now());
                return h.reply_error(conn, id, joined.error());
            }
            seated.push_back(computer.id);
        }
        // The reply (its state has the game started) goes ahead of the seating's events.
        auto message = h.state_message(who, id, "table_created", [&](protocol::JsonText& out) {
            out.member("code", h.table().code());
            out.member("link", "/t/" + h.table().code());
            const auto computer = [&](const lobby::PlayerId& player) {
                out.begin_object();
                out.member("player", player);
                out.member("level", engine::level_name(level));
                out.end_object();
            };
            out.key("computer"); // the first, as for two players
            computer(seated.front());
            out.key("computers");
            out.begin_array();
            for (const auto& player : seated)
                computer(player);
            out.end_array();
        });
        h.reply_before(mark, conn, std::move(message));
    });
    enter_table(r, code, live_table);
}

// Installs the one driver of every computer seated at the table (ComputerTable): the level
// each plays is read from its player id, so a restart that attaches once per computer seat
// ends with one driver that finds them all.
// Counted on the lobby strand, where every game against the computer is made and its table's
// summaries arrive: a game counts from its create_table until it finishes or its table goes.
std::string PlayService::computer_limit_reached(const Caller& r) const {
    const auto& limits = options_.computer;
    const std::string& player = r.visitor->player.id;
    const std::string& address = r.conn->remote_address();
    std::size_t all = 0;
    std::size_t players = 0;
    std::size_t addresses = 0;
    for (const auto& [code, game] : computer_games_) {
        if (!game.live)
            continue;
        ++all;
        if (game.player == player)
            ++players;
        if (!address.empty() && game.address == address)
            ++addresses;
    }
    if (players >= limits.max_games_per_player)
        return "you already play " + std::to_string(players) +
               " games against the computer, the most one player may (finish or leave one first)";
    if (addresses >= limits.max_games_per_address)
        return "your address already plays " + std::to_string(addresses) +
               " games against the computer, the most one address may";
    if (all >= limits.max_games)
        return "the server already runs " + std::to_string(all) +
               " games against the computer, all it takes; try again later";
    return {};
}

void PlayService::attach_computer(LiveTable& live_table, engine::Level level,
                                  const lobby::PlayerId& owner) {
    if (!computer_pool_)
        log::warn("play: a computer seat (" + std::string(engine::level_name(level)) +
                  ") without a computer opponent (threads 0): it will not move");
    auto computers =
        std::make_shared<ComputerTable>(computer_pool_, random_.next(), owner, options_.computer);
    live_table.set_settled_hook([computers](LiveTable& h) { computers->settled(h); });
}

} // namespace server::play
