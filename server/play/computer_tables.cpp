// Games against the computer (issue 13; docs/protocol.md section 7.15): create_table with
// "opponent":"computer" makes a table like any other, with the computer of the chosen level
// in the other seat at once, so the game starts.
#include "lobby/errors.h"
#include "rules/variant.h"
#include "server/log.h"
#include "server/play/computer_players.h"
#include "server/play/play_json.h"
#include "server/play/play_service.h"

namespace server::play {

void PlayService::create_computer_table(const Caller& r, const protocol::CreateTable& request) {
    if (!computer_pool_)
        return send_error(r.conn, r.id, lobby::errc::not_allowed,
                          "this server offers no computer opponent");
    if (request.setup.rated)
        return send_error(r.conn, r.id, lobby::errc::not_allowed,
                          "games against the computer are casual: \"rated\" must be false");
    if (rules::family_of(request.setup.variant) == rules::Family::Halma)
        return send_error(r.conn, r.id, lobby::errc::not_allowed,
                          "the computer does not play " +
                              std::string(rules::variant_name(request.setup.variant)) +
                              ": Chinese checkers and Halma have no computer opponent yet");
    const lobby::Player& human = r.session->player;
    const auto level = *request.computer;
    auto created = open_created_table(r, request.setup);
    if (!created)
        return send_error(r.conn, r.id, created.error().code, created.error().detail);
    const auto& [code, host] = created.value();
    attach_computer(*host, level);
    host->post([conn = r.conn, who = human.id, id = r.id, computer = computer_player(level),
                level](TableHost& h) {
        h.add_audience(conn, who);
        const auto mark = h.outbox_mark();
        if (auto joined = h.table().join(computer, h.now()); !joined) {
            // Nobody else may take the seat: the table closes.
            log::warn("play: the computer could not sit down: " + joined.error().detail);
            (void)h.table().cancel(who, h.now());
            return h.reply_error(conn, id, joined.error());
        }
        // The reply (its state has the game started) goes ahead of the seating's events.
        nlohmann::json message = h.state_message(who, id);
        message["t"] = "table_created";
        message["code"] = h.table().code();
        message["link"] = "/t/" + h.table().code();
        message["computer"] = {{"player", computer.id},
                               {"level", std::string(engine::level_name(level))}};
        h.reply_before(mark, conn, message);
    });
    enter_table(r, code, host);
}

void PlayService::attach_computer(TableHost& host, engine::Level level) {
    if (!computer_pool_)
        log::warn(
            "play: a computer seat without a computer opponent (threads 0): it will not move");
    auto seat =
        std::make_shared<ComputerSeat>(computer_pool_, level, random_.next(), options_.computer);
    host.set_settled_hook([seat](TableHost& h) { seat->settled(h); });
}

} // namespace server::play
