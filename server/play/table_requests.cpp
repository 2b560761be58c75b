#include "server/play/table_requests.h"

#include "lobby/errors.h"
#include "server/net/message_dispatcher.h"
#include "server/play/live_table.h"
#include "server/protocol/replies_json.h"

namespace server::play {

namespace {

using protocol::TableActionKind;

lobby::Millis measured_lag(const net::Connection& conn) {
    // Half the WebSocket ping/pong round trip: the server's own measure, never the client's.
    const auto rtt = conn.round_trip();
    if (!rtt)
        return lobby::Millis{0};
    return std::chrono::duration_cast<lobby::Millis>(*rtt / 2);
}

// claim_draw: the FIDE claim of a threefold or fifty-move draw, whether or not the opponent is
// connected; when the position gives nothing to claim and the opponent is absent, the claim of
// a draw against an absent opponent (granted once its grace ran out, else too_early).
lobby::Refusal claim_draw(lobby::Table& table, const lobby::PlayerId& who, lobby::TimePoint now) {
    auto by_rule = table.claim_draw(who, now);
    if (!by_rule || by_rule->code != lobby::errc::nothing_to_claim)
        return by_rule;
    const auto seat = table.seat_of(who);
    if (!seat || table.seat_count() != 2) // past two, claim_draw refuses
        return by_rule;
    const auto state = table.state(now);
    const auto& other = state.seats[1 - *seat];
    if (other && !other->connected)
        return table.claim_abandonment(who, lobby::AbandonmentClaim::Draw, now);
    return by_rule;
}

lobby::Refusal act(lobby::Table& table, TableActionKind kind, const lobby::PlayerId& who,
                   lobby::TimePoint now) {
    switch (kind) {
    case TableActionKind::OfferDraw:
        return table.offer_draw(who, now);
    case TableActionKind::AcceptDraw:
        return table.accept_draw(who, now);
    case TableActionKind::DeclineDraw:
        return table.decline_draw(who, now);
    case TableActionKind::ClaimDraw:
        return claim_draw(table, who, now);
    case TableActionKind::ClaimWin:
        return table.claim_abandonment(who, lobby::AbandonmentClaim::Win, now);
    case TableActionKind::Resign:
        return table.resign(who, now);
    case TableActionKind::Abort:
        return table.abort(who, now);
    case TableActionKind::OfferRematch:
    case TableActionKind::AcceptRematch:
        return table.offer_rematch(who, now);
    case TableActionKind::DeclineRematch:
        return table.decline_rematch(who, now);
    case TableActionKind::RequestTakeback:
        return table.request_takeback(who, now);
    case TableActionKind::AcceptTakeback:
        return table.accept_takeback(who, now);
    case TableActionKind::DeclineTakeback:
        return table.decline_takeback(who, now);
    case TableActionKind::Leave:
        return table.leave(who, now);
    case TableActionKind::Cancel:
        return table.cancel(who, now);
    }
    return lobby::refuse(lobby::errc::internal_error, "unknown table action");
}

// A ladder game is decided by its one game (server/play/ladder_games.h): it cannot be
// aborted or rematched, and an absent player cannot be claimed against before both sides
// have moved (the first-move window decides then).
lobby::Refusal ladder_refusal(const lobby::Table& table, TableActionKind kind) {
    if (kind == TableActionKind::Abort)
        return lobby::refuse(lobby::errc::not_allowed,
                             "a ladder game cannot be aborted: resign or play");
    if (kind == TableActionKind::OfferRematch || kind == TableActionKind::AcceptRematch)
        return lobby::refuse(lobby::errc::not_allowed, "a ladder game has no rematch");
    if ((kind == TableActionKind::ClaimWin || kind == TableActionKind::ClaimDraw) &&
        table.recorded_moves().size() < 2 && table.status() == lobby::TableStatus::Playing)
        return lobby::refuse(lobby::errc::not_allowed,
                             "in a ladder game the first-move window decides until both moved");
    return std::nullopt;
}

// A tournament game is decided by its one game (server/play/tournament_games.h): an abort
// would leave the pairing without a result (a double forfeit) and a rematch would count for
// nothing, so both are refused. A player who does not want to play resigns; one who does not
// make the first move in time loses by forfeit.
lobby::Refusal tournament_refusal(TableActionKind kind) {
    if (kind == TableActionKind::Abort)
        return lobby::refuse(lobby::errc::not_allowed,
                             "a tournament game cannot be aborted: resign or play");
    if (kind == TableActionKind::OfferRematch || kind == TableActionKind::AcceptRematch)
        return lobby::refuse(lobby::errc::not_allowed,
                             "a tournament game has no rematch: the tournament pairs the next one");
    return std::nullopt;
}

struct Serve {
    LiveTable& h;
    const TableCaller& c;

    void operator()(const protocol::Move& m) const {
        h.play_move(c.conn, c.id, c.player.id, m.ply, m.move, measured_lag(*c.conn));
    }
    void operator()(const protocol::Chat& chat) const {
        if (auto refused = h.table().chat(c.player.id, chat.text, h.now()))
            return h.reply_error(c.conn, c.id, *refused);
        h.reply(c.conn, protocol::reply("ok", c.id));
    }
    void operator()(const protocol::Resync& r) const {
        lobby::Table& table = h.table();
        if (!table.seat_of(c.player.id) && !table.is_spectator(c.player.id))
            if (auto refused = table.watch(c.player, h.now()))
                return h.reply_error(c.conn, c.id, *refused);
        h.add_audience(c.conn, c.player.id);
        h.resync(c.conn, c.player.id, r.since, c.id);
    }
    void operator()(const protocol::TableAction& a) const {
        if (h.ladder())
            if (auto refused = ladder_refusal(h.table(), a.kind))
                return h.reply_error(c.conn, c.id, *refused);
        if (h.tournament())
            if (auto refused = tournament_refusal(a.kind))
                return h.reply_error(c.conn, c.id, *refused);
        if (auto refused = act(h.table(), a.kind, c.player.id, h.now()))
            return h.reply_error(c.conn, c.id, *refused);
        h.reply(c.conn, protocol::reply("ok", c.id));
        if (a.kind == TableActionKind::Leave)
            h.after_leave(c.conn->id(), c.player.id);
    }
};

void serve(LiveTable& live_table, const TableCaller& caller,
           const protocol::TableRequestBody& body) {
    // Reached straight from the connection, the table may have closed or been swept since.
    if (live_table.closed())
        return answer_table_gone(caller.conn, caller.id);
    std::visit(Serve{live_table, caller}, body);
}

} // namespace

void answer_table_gone(const std::shared_ptr<net::Connection>& conn, const protocol::json& id) {
    conn->send(std::make_shared<const std::string>(
        protocol::make_error(id, lobby::errc::bad_join_code, "no table has this code")));
}

void post_table_request(const std::shared_ptr<LiveTable>& live_table, TableCaller caller,
                        protocol::TableRequestBody body) {
    const auto conn = caller.conn->id();
    const bool resync = std::holds_alternative<protocol::Resync>(body);
    auto work = [caller = std::move(caller), body = std::move(body)](LiveTable& h) {
        try {
            serve(h, caller, body);
        } catch (const std::exception& e) {
            net::answer_handler_failure(caller.conn, "table request", caller.id, e);
        }
    };
    if (resync)
        live_table->post_resync(conn, std::move(work));
    else
        live_table->post(std::move(work));
}

} // namespace server::play
