// The requests of the game protocol (docs/protocol.md, section 7), one function each, on the
// lobby strand; table actions continue on the table's strand.
#include "lobby/errors.h"
#include "server/auth/session_token.h"
#include "server/play/play_json.h"
#include "server/play/play_service.h"
#include "server/play/setup_request.h"
#include "server/protocol/envelope.h"
#include "server/protocol/fields.h"

namespace server::play {

namespace {

using protocol::any_field;
using protocol::integer_field;
using protocol::string_field;

constexpr std::string_view bad_message = "bad_message";

lobby::Millis measured_lag(const net::Connection& conn) {
    // Half the WebSocket ping/pong round trip: the server's own measure, never the client's.
    const auto rtt = conn.round_trip();
    if (!rtt)
        return lobby::Millis{0};
    return std::chrono::duration_cast<lobby::Millis>(*rtt / 2);
}

// A table action that answers only yes or no.
using Action = lobby::Refusal (*)(lobby::Table&, const lobby::PlayerId&, lobby::TimePoint);

template <lobby::Refusal (lobby::Table::*method)(const lobby::PlayerId&, lobby::TimePoint)>
lobby::Refusal call(lobby::Table& table, const lobby::PlayerId& who, lobby::TimePoint now) {
    return (table.*method)(who, now);
}

// claim_win / claim_draw: against an absent opponent whose grace ran out; claim_draw is also
// the FIDE claim of a threefold or fifty-move draw while both are present.
lobby::Refusal claim_win(lobby::Table& table, const lobby::PlayerId& who, lobby::TimePoint now) {
    return table.claim_abandonment(who, lobby::AbandonmentClaim::Win, now);
}

lobby::Refusal claim_draw(lobby::Table& table, const lobby::PlayerId& who, lobby::TimePoint now) {
    const auto seat = table.seat_of(who);
    if (seat) {
        const auto state = table.state(now);
        const auto& other = state.seats[static_cast<std::size_t>(rules::opposite(*seat))];
        if (other && !other->connected)
            return table.claim_abandonment(who, lobby::AbandonmentClaim::Draw, now);
    }
    return table.claim_draw(who, now);
}

Action action_for(std::string_view type) {
    using lobby::Table;
    if (type == "offer_draw")
        return call<&Table::offer_draw>;
    if (type == "accept_draw")
        return call<&Table::accept_draw>;
    if (type == "decline_draw")
        return call<&Table::decline_draw>;
    if (type == "claim_draw")
        return claim_draw;
    if (type == "claim_win")
        return claim_win;
    if (type == "resign")
        return call<&Table::resign>;
    if (type == "abort")
        return call<&Table::abort>;
    if (type == "offer_rematch" || type == "accept_rematch")
        return call<&Table::offer_rematch>;
    if (type == "decline_rematch")
        return call<&Table::decline_rematch>;
    if (type == "request_takeback")
        return call<&Table::request_takeback>;
    if (type == "accept_takeback")
        return call<&Table::accept_takeback>;
    if (type == "decline_takeback")
        return call<&Table::decline_takeback>;
    if (type == "leave")
        return call<&Table::leave>;
    if (type == "cancel")
        return call<&Table::cancel>;
    return nullptr;
}

// A ladder game is decided by its one game (server/play/ladder_games.h): it cannot be
// aborted or rematched, and an absent player cannot be claimed against before both sides
// have moved (the first-move window decides then).
lobby::Refusal ladder_refusal(const lobby::Table& table, std::string_view type) {
    if (type == "abort")
        return lobby::refuse(lobby::errc::not_allowed,
                             "a ladder game cannot be aborted: resign or play");
    if (type == "offer_rematch" || type == "accept_rematch")
        return lobby::refuse(lobby::errc::not_allowed, "a ladder game has no rematch");
    if ((type == "claim_win" || type == "claim_draw") && table.recorded_moves().size() < 2 &&
        table.status() == lobby::TableStatus::Playing)
        return lobby::refuse(lobby::errc::not_allowed,
                             "in a ladder game the first-move window decides until both moved");
    return std::nullopt;
}

} // namespace

void PlayService::handle(const std::shared_ptr<net::Connection>& conn,
                         const protocol::Envelope& message) {
    const auto found = sessions_.find(conn->id());
    if (found == sessions_.end()) {
        send_error(conn, message.id, lobby::errc::internal_error, "the connection is not open");
        return;
    }
    const Request r{conn, &found->second, message, message.id};
    const std::string& type = message.type;
    if (type == "identify")
        return identify(r);
    if (type == "lobby_subscribe" || type == "lobby_unsubscribe")
        return lobby_subscribe(r, type == "lobby_subscribe");
    if (type == "create_table")
        return create_table(r);
    if (type == "join" || type == "watch")
        return join_or_watch(r, type == "join");
    if (type == "seek")
        return seek(r);
    if (type == "cancel_seek")
        return cancel_seek(r);
    if (type == "challenge")
        return challenge(r);
    if (type == "accept_challenge" || type == "decline_challenge" ||
        type == "counter_challenge" || type == "cancel_challenge")
        return answer_challenge(r);
    table_request(r);
}

void PlayService::identify(const Request& r) {
    const auto token = string_field(r.message.body, "token");
    if (!token)
        return send_error(r.conn, r.id, bad_message, "identify needs a string \"token\"");
    // Guests are known by the hash of their token only (it survives a restart in the rows of
    // their games). Hashing bounded input (the frame limit) cannot fail but for OpenSSL itself.
    std::string token_hash;
    try {
        token_hash = auth::hash_session_token(*token);
    } catch (const std::exception& e) {
        return send_error(r.conn, r.id, lobby::errc::internal_error, e.what());
    }
    const auto guest = guests_by_token_.find(token_hash);
    if (guest == guests_by_token_.end() || r.session->player.registered)
        return send_error(r.conn, r.id, lobby::errc::not_allowed,
                          "this token does not name a guest of this server");
    // The connection takes back the guest it had before; the fresh guest name is dropped.
    const Guest earlier = guest->second;
    auto& conns = players_[r.session->player.id];
    conns.erase(r.conn->id());
    if (conns.empty() && r.session->guest_token_hash != token_hash) {
        players_.erase(r.session->player.id);
        guest_ids_.erase(r.session->player.id);
        guests_by_token_.erase(r.session->guest_token_hash);
    }
    r.session->player = earlier.player;
    r.session->guest_token_hash = token_hash;
    guests_by_token_[token_hash].gone_since.reset();
    players_[r.session->player.id].insert(r.conn->id());
    nlohmann::json welcome = reply("welcome", r.id);
    welcome["player"] = player_json(r.session->player);
    welcome["token"] = *token;
    welcome["tables"] = seated_tables(r.session->player.id);
    send(r.conn, welcome);
}

void PlayService::lobby_subscribe(const Request& r, bool on) {
    r.session->in_lobby = on;
    if (!on)
        return send(r.conn, reply("ok", r.id));
    nlohmann::json message = reply("lobby", r.id);
    nlohmann::json tables = nlohmann::json::array();
    for (const auto& summary : lobby_.public_tables())
        tables.push_back(summary_json(summary));
    message["tables"] = std::move(tables);
    send(r.conn, message);
}

void PlayService::create_table(const Request& r) {
    auto setup = read_setup(r.message.body);
    if (!setup)
        return send_error(r.conn, r.id, setup.error().code, setup.error().detail);
    const lobby::Player& host_player = r.session->player;
    auto code = lobby_.open_table(host_player, setup.value());
    if (!code)
        return send_error(r.conn, r.id, code.error().code, code.error().detail);
    auto host = make_host();
    lobby::TableContext context;
    context.listener = host.get();
    context.limits = options_.table_limits;
    context.blocks = options_.blocks.get();
    lobby::SeededRandom colours(random_.next());
    auto table = lobby::Table::create(code.value(), setup.value(), host_player,
                                      std::move(context), colours, now());
    if (!table) {
        lobby_.table_gone(code.value());
        return send_error(r.conn, r.id, table.error().code, table.error().detail);
    }
    host->adopt(std::move(table).value(), identities_of({host_player.id}).accounts);
    if (!r.session->guest_token_hash.empty())
        host->add_guest_token(host_player.id, r.session->guest_token_hash);
    tables_[code.value()] = host;
    r.session->tables.insert(code.value());
    host->post([conn = r.conn, who = host_player.id, id = r.id](TableHost& h) {
        h.add_audience(conn, who);
        nlohmann::json message = h.state_message(who, id);
        message["t"] = "table_created";
        message["code"] = h.table().code();
        message["link"] = "/t/" + h.table().code();
        h.reply(conn, message);
    });
}

std::shared_ptr<TableHost> PlayService::find_table(const Request& r, std::string_view field) {
    const auto typed = string_field(r.message.body, field);
    if (!typed) {
        send_error(r.conn, r.id, bad_message,
                   r.message.type + " needs a string \"" + std::string(field) + "\"");
        return nullptr;
    }
    // A join link "/t/<CODE>" (or a whole URL ending in it) names its code.
    std::string_view text = *typed;
    if (const auto link = text.rfind("/t/"); link != std::string_view::npos)
        text.remove_prefix(link + 3);
    auto code = lobby_.find_by_code(text);
    if (!code) {
        send_error(r.conn, r.id, code.error().code, code.error().detail);
        return nullptr;
    }
    const auto host = tables_.find(code.value());
    if (host == tables_.end()) {
        send_error(r.conn, r.id, lobby::errc::bad_join_code, "no table has this code");
        return nullptr;
    }
    return host->second;
}

void PlayService::enter_table(const Request& r, const std::shared_ptr<TableHost>& host) {
    for (const auto& [code, candidate] : tables_)
        if (candidate == host)
            r.session->tables.insert(code);
}

void PlayService::join_or_watch(const Request& r, bool join) {
    const auto host = find_table(r, "code");
    if (!host)
        return;
    enter_table(r, host);
    host->post([conn = r.conn, player = r.session->player, account = r.session->account,
                token_hash = r.session->guest_token_hash, id = r.id, join](TableHost& h) {
        lobby::Table& table = h.table();
        const bool seated = table.seat_of(player.id).has_value();
        if (!seated) {
            if (join) {
                if (account)
                    h.add_account(player.id, *account);
                else if (!token_hash.empty())
                    h.add_guest_token(player.id, token_hash);
                auto color = table.join(player, h.now());
                if (!color)
                    return h.reply_error(conn, id, color.error());
            } else if (!table.is_spectator(player.id)) {
                if (auto refused = table.watch(player, h.now()))
                    return h.reply_error(conn, id, *refused);
            }
        }
        h.add_audience(conn, player.id);
        h.reply(conn, h.state_message(player.id, id));
    });
}

void PlayService::table_request(const Request& r) {
    const auto host = find_table(r, "table");
    if (!host)
        return;
    const std::string& type = r.message.type;
    const auto& body = r.message.body;
    const lobby::Player player = r.session->player;
    if (type == "resync") {
        std::uint64_t since = 0;
        if (any_field(body, "since")) {
            const auto value = integer_field(body, "since");
            if (!value || *value < 0)
                return send_error(r.conn, r.id, bad_message,
                                  "\"since\" must be a non-negative integer");
            since = static_cast<std::uint64_t>(*value);
        }
        enter_table(r, host);
        return host->post([conn = r.conn, player, since, id = r.id](TableHost& h) {
            lobby::Table& table = h.table();
            if (!table.seat_of(player.id) && !table.is_spectator(player.id))
                if (auto refused = table.watch(player, h.now()))
                    return h.reply_error(conn, id, *refused);
            h.add_audience(conn, player.id);
            h.resync(conn, player.id, since, id);
        });
    }
    if (type == "move") {
        const auto ply = integer_field(body, "ply");
        const auto move = string_field(body, "move");
        if (!ply || !move || *ply < 0 || *ply > 100000)
            return send_error(r.conn, r.id, bad_message,
                              "move needs an integer \"ply\" (0 or more) and a string \"move\"");
        return host->post([conn = r.conn, who = player.id, ply = static_cast<int>(*ply),
                           move = *move, id = r.id](TableHost& h) {
            h.play_move(conn, id, who, ply, move, measured_lag(*conn));
        });
    }
    if (type == "chat") {
        const auto text = string_field(body, "text");
        if (!text)
            return send_error(r.conn, r.id, bad_message, "chat needs a string \"text\"");
        return host->post([conn = r.conn, who = player.id, text = *text, id = r.id](TableHost& h) {
            if (auto refused = h.table().chat(who, text, h.now()))
                return h.reply_error(conn, id, *refused);
            h.reply(conn, reply("ok", id));
        });
    }
    const Action action = action_for(type);
    if (!action)
        return send_error(r.conn, r.id, protocol::code::unknown_type, "unknown type " + type);
    host->post([conn = r.conn, who = player.id, action, type, id = r.id](TableHost& h) {
        if (h.ladder())
            if (auto refused = ladder_refusal(h.table(), type))
                return h.reply_error(conn, id, *refused);
        if (auto refused = action(h.table(), who, h.now()))
            return h.reply_error(conn, id, *refused);
        h.reply(conn, reply("ok", id));
    });
}

void PlayService::seek(const Request& r) {
    auto setup = read_setup(r.message.body);
    if (!setup)
        return send_error(r.conn, r.id, setup.error().code, setup.error().detail);
    const lobby::SeekPool pool{.variant = setup.value().variant,
                               .time_control = setup.value().time_control,
                               .rated = setup.value().rated};
    // The reply goes first; a match found at once follows as a "matched" push.
    auto sought = lobby_.seek(r.session->player, pool, now());
    if (!sought)
        return send_error(r.conn, r.id, sought.error().code, sought.error().detail);
    nlohmann::json message = reply("seeking", r.id);
    message["matched"] = sought.value().has_value();
    send(r.conn, message);
}

void PlayService::cancel_seek(const Request& r) {
    nlohmann::json message = reply("ok", r.id);
    message["cancelled"] = lobby_.cancel_seek(r.session->player.id);
    send(r.conn, message);
}

void PlayService::challenge(const Request& r) {
    const auto to = string_field(r.message.body, "to");
    if (!to)
        return send_error(r.conn, r.id, bad_message, "challenge needs a string \"to\"");
    auto setup = read_setup(r.message.body);
    if (!setup)
        return send_error(r.conn, r.id, setup.error().code, setup.error().detail);
    if (*to == r.session->player.id)
        return send_error(r.conn, r.id, lobby::errc::not_allowed, "you cannot challenge yourself");
    auto opened = lobby_.challenge(r.session->player, *to, setup.value(), now());
    if (!opened)
        return send_error(r.conn, r.id, opened.error().code, opened.error().detail);
    nlohmann::json message = reply("challenge_sent", r.id);
    message["challenge"] = opened.value();
    send(r.conn, message);
}

void PlayService::answer_challenge(const Request& r) {
    const auto id = integer_field(r.message.body, "challenge");
    if (!id || *id <= 0)
        return send_error(r.conn, r.id, bad_message,
                          r.message.type + " needs a positive integer \"challenge\"");
    const auto challenge_id = static_cast<lobby::ChallengeId>(*id);
    const std::string& type = r.message.type;
    const lobby::Player& me = r.session->player;
    lobby::Refusal refused;
    if (type == "accept_challenge") {
        auto accepted = lobby_.accept_challenge(challenge_id, me, now());
        if (!accepted)
            refused = accepted.error();
    } else if (type == "decline_challenge") {
        auto reason = lobby::DeclineReason::Generic;
        if (any_field(r.message.body, "reason")) {
            const auto name = string_field(r.message.body, "reason");
            const auto known = name ? lobby::decline_reason_from_name(*name) : std::nullopt;
            if (!known)
                return send_error(r.conn, r.id, bad_message, "unknown decline \"reason\"");
            reason = *known;
        }
        refused = lobby_.decline_challenge(challenge_id, me.id, reason);
    } else if (type == "counter_challenge") {
        auto setup = read_setup(r.message.body);
        if (!setup)
            return send_error(r.conn, r.id, setup.error().code, setup.error().detail);
        refused = lobby_.counter_challenge(challenge_id, me, setup.value(), now());
    } else {
        refused = lobby_.cancel_challenge(challenge_id, me.id);
    }
    if (refused)
        return send_error(r.conn, r.id, refused->code, refused->detail);
    send(r.conn, reply("ok", r.id));
}

} // namespace server::play
