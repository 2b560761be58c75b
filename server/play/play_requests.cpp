// The requests of the game protocol (docs/protocol.md, section 7), one function each, on the
// lobby strand; table actions continue on the table's strand.
#include "lobby/errors.h"
#include "rules/variant.h"
#include "server/auth/session_token.h"
#include "server/play/play_service.h"
#include "server/play/table_requests.h"
#include "server/protocol/envelope.h"
#include "server/protocol/replies_json.h"
#include "server/protocol/values_json.h"

#include <cmath>

namespace server::play {

namespace {

using protocol::ChallengeAnswerKind;

} // namespace

void PlayService::handle(const std::shared_ptr<net::Connection>& conn,
                         const protocol::Request& request) {
    const auto found = visitors_.find(conn->id());
    if (found == visitors_.end()) {
        send_error(conn, request.id, lobby::errc::internal_error, "the connection is not open");
        return;
    }
    const Caller c{conn, &found->second, request.id};
    if (const auto* table = std::get_if<protocol::TableRequest>(&request.body))
        return table_request(c, *table);
    std::visit([&](const auto& body) { serve(c, body); },
               std::get<protocol::LobbyRequest>(request.body));
}

void PlayService::serve(const Caller& r, const protocol::Identify& request) {
    const std::string& token = request.token;
    // Guests are known by the hash of their token only (it survives a restart in the rows of
    // their games). Hashing bounded input (the frame limit) cannot fail but for OpenSSL itself.
    std::string token_hash;
    try {
        token_hash = auth::hash_session_token(token);
    } catch (const std::exception& e) {
        return send_error(r.conn, r.id, lobby::errc::internal_error, e.what());
    }
    const auto guest = guests_by_token_.find(token_hash);
    if (guest == guests_by_token_.end() || r.visitor->player.registered())
        return send_error(r.conn, r.id, lobby::errc::not_allowed,
                          "this token does not name a guest of this server");
    // The connection takes back the guest it had before; the fresh guest name is dropped.
    const Guest earlier = guest->second;
    const std::string fresh_hash(r.visitor->player.identity.guest_token_hash.hex());
    auto& conns = players_[r.visitor->player.id];
    conns.erase(r.conn->id());
    if (conns.empty() && fresh_hash != token_hash) {
        players_.erase(r.visitor->player.id);
        guest_ids_.erase(r.visitor->player.id);
        guests_by_token_.erase(fresh_hash);
    }
    r.visitor->player = earlier.player; // its identity: this token's hash
    guests_by_token_[token_hash].gone_since.reset();
    if (players_[r.visitor->player.id].empty())
        feed_->player_online(r.visitor->player.id);
    players_[r.visitor->player.id].insert(r.conn->id());
    r.visitor->tables->set_player(r.visitor->player);
    nlohmann::json welcome = protocol::reply("welcome", r.id);
    welcome["player"] = protocol::player_json(r.visitor->player);
    welcome["token"] = token;
    welcome["tables"] = seated_tables(r.visitor->player.id);
    welcome["challenges"] = open_challenges(r.visitor->player.id);
    send(r.conn, welcome);
}

// The public list is the feed's (lobby_feed.h): a page built once and shared, the changes
// pushed in batches.
void PlayService::serve(const Caller& r, const protocol::LobbySubscribe& request) {
    if (!request.on) {
        feed_->unsubscribe(r.conn);
        return send(r.conn, protocol::reply("ok", r.id));
    }
    feed_->subscribe(r.conn, r.id, request.query);
}

void PlayService::serve(const Caller& r, const protocol::LobbyPage& request) {
    feed_->page(r.conn, r.id, request.query);
}

rules::Result<PlayService::CreatedTable>
PlayService::open_created_table(const Caller& r, const lobby::TableSetup& setup) {
    const lobby::Player& creator = r.visitor->player;
    auto code = lobby_.open_table(creator, setup);
    if (!code)
        return code.error();
    auto opened = open_hosted_table({.code = code.value(),
                                     .setup = setup,
                                     .first = seated_player(creator, setup),
                                     .limits = options_.table_limits,
                                     .blocks = options_.blocks.get()});
    if (!opened)
        return opened.error();
    return CreatedTable{.code = std::move(code).value(), .live_table = std::move(opened).value()};
}

void PlayService::serve(const Caller& r, const protocol::CreateTable& request) {
    if (request.computer)
        return create_computer_table(r, request);
    // Open public tables are bounded per address, whatever the number of guests it makes.
    const std::string& address = r.conn->remote_address();
    if (const auto refused = feed_->admit(address, request.setup))
        return send_error(r.conn, r.id, refused->code, refused->detail);
    auto created = open_created_table(r, request.setup);
    if (!created)
        return send_error(r.conn, r.id, created.error().code, created.error().detail);
    const auto& [code, live_table] = created.value();
    if (request.setup.is_public)
        feed_->note_address(code, address);
    live_table->post([conn = r.conn, who = r.visitor->player.id, id = r.id](LiveTable& h) {
        h.add_audience(conn, who);
        auto message = h.state_message(who, id, "table_created", [&](protocol::JsonText& out) {
            out.member("code", h.table().code());
            out.member("link", "/t/" + h.table().code());
        });
        h.reply_before(0, conn, std::move(message)); // before the creation's `player_seated`
    });
    enter_table(r, code, live_table);
}

std::shared_ptr<LiveTable> PlayService::find_table(const Caller& r, std::string_view written,
                                                   std::string* code_out) {
    // A join link "/t/<CODE>" (or a whole URL ending in it) names its code.
    std::string_view text = written;
    if (const auto link = text.rfind("/t/"); link != std::string_view::npos)
        text.remove_prefix(link + 3);
    auto code = lobby_.find_by_code(text);
    if (!code) {
        send_error(r.conn, r.id, code.error().code, code.error().detail);
        return nullptr;
    }
    const auto live_table = tables_.find(code.value());
    if (live_table == tables_.end()) {
        send_error(r.conn, r.id, lobby::errc::bad_join_code, "no table has this code");
        return nullptr;
    }
    if (code_out)
        *code_out = code.value();
    return live_table->second;
}

void PlayService::enter_table(const Caller& r, const std::string& code,
                              const std::shared_ptr<LiveTable>& live_table) {
    r.visitor->tables->enter(code, live_table);
}

void PlayService::serve(const Caller& r, const protocol::EnterTable& request) {
    std::string code;
    const auto live_table = find_table(r, request.code, &code);
    if (!live_table)
        return;
    const auto summary = lobby_.summary(code);
    auto player = summary ? seated_player(r.visitor->player, summary->setup) : r.visitor->player;
    live_table->post(
        [conn = r.conn, player = std::move(player), id = r.id, join = request.join](LiveTable& h) {
            // The table may have been swept between the lookup and now.
            if (h.closed())
                return answer_table_gone(conn, id);
            lobby::Table& table = h.table();
            const auto mark = h.outbox_mark();
            const bool seated = table.seat_of(player.id).has_value();
            if (!seated) {
                if (join) {
                    auto color = table.join(player, h.now());
                    if (!color)
                        return h.reply_error(conn, id, color.error());
                } else if (!table.is_spectator(player.id)) {
                    if (auto refused = table.watch(player, h.now()))
                        return h.reply_error(conn, id, *refused);
                }
            }
            h.add_audience(conn, player.id);
            h.reply_before(mark, conn, h.state_message(player.id, id));
        });
    enter_table(r, code, live_table);
}

void PlayService::table_request(const Caller& r, const protocol::TableRequest& request) {
    // The connection's first request to this table (or one written as a link): the table is
    // found here once; the connection's next requests to it go straight to its strand.
    std::string code;
    const auto live_table = find_table(r, request.table, &code);
    if (!live_table)
        return;
    post_table_request(live_table, TableCaller{r.conn, r.visitor->player, r.id}, request.body);
    enter_table(r, code, live_table);
}

void PlayService::serve(const Caller& r, const protocol::Seek& request) {
    const lobby::SeekPool pool{.variant = request.setup.variant,
                               .time_control = request.setup.time_control,
                               .rated = request.setup.rated};
    // A match found at once is pushed ("matched") from inside the lobby call, so it goes just
    // before this reply (docs/protocol.md §7.8).
    // A table of more than two: a seat in a group of seekers ("group_matched" push).
    const lobby::Player seeker = seated_player(r.visitor->player, request.setup);
    bool matched = false;
    if (lobby::seat_count(request.setup) > 2) {
        auto sought = lobby_.seek_seats(seeker, pool, now());
        if (!sought)
            return send_error(r.conn, r.id, sought.error().code, sought.error().detail);
        matched = sought.value().has_value();
    } else {
        auto sought = lobby_.seek(seeker, pool, now());
        if (!sought)
            return send_error(r.conn, r.id, sought.error().code, sought.error().detail);
        matched = sought.value().has_value();
    }
    nlohmann::json message = protocol::reply("seeking", r.id);
    message["matched"] = matched;
    send(r.conn, message);
}

void PlayService::serve(const Caller& r, const protocol::CancelSeek&) {
    nlohmann::json message = protocol::reply("ok", r.id);
    message["cancelled"] = lobby_.cancel_seek(r.visitor->player.id);
    send(r.conn, message);
}

void PlayService::serve(const Caller& r, const protocol::Challenge& request) {
    if (!request.group.empty())
        return challenge_group(r, request);
    if (const int seats = lobby::seat_count(request.setup); seats > 2)
        return send_error(r.conn, r.id, lobby::errc::bad_setup,
                          std::string(rules::variant_name(request.setup.variant)) + " seats " +
                              std::to_string(seats) + ": \"to\" must be an array of the " +
                              std::to_string(seats - 1) + " players you invite");
    auto invitee = challenge_invitee(request.to, request.setup.rated);
    if (!invitee)
        return send_error(r.conn, r.id, invitee.error().code, invitee.error().detail);
    if (invitee.value().id == r.visitor->player.id)
        return send_error(r.conn, r.id, lobby::errc::not_allowed, "you cannot challenge yourself");
    auto opened = lobby_.challenge(r.visitor->player, invitee.value().id, request.setup, now(),
                                   std::move(invitee.value().name));
    if (!opened)
        return send_error(r.conn, r.id, opened.error().code, opened.error().detail);
    nlohmann::json message = protocol::reply("challenge_sent", r.id);
    message["challenge"] = opened.value();
    send(r.conn, message);
}

int PlayService::pairing_rating(const lobby::Player& player, const lobby::TableSetup& setup) const {
    const int fallback = lobby::Player{}.rating;
    if (!player.identity.account || !options_.accounts.rating)
        return fallback;
    const auto rating = options_.accounts.rating(
        *player.identity.account, std::string(rules::variant_name(setup.variant)),
        std::string(lobby::speed_name(lobby::speed_of(setup.time_control))));
    return rating ? static_cast<int>(std::lround(*rating)) : fallback;
}

lobby::Player PlayService::seated_player(lobby::Player player,
                                         const lobby::TableSetup& setup) const {
    player.rating = pairing_rating(player, setup);
    return player;
}

rules::Result<PlayService::Invitee> PlayService::challenge_invitee(const std::string& to,
                                                                   bool rated) const {
    if (lobby::is_guest_id(to)) {
        if (!guest_ids_.contains(to))
            return lobby::refuse(lobby::errc::no_such_player, "no player is called " + to);
        if (rated)
            return lobby::refuse(lobby::errc::not_allowed,
                                 to + " is a guest: rated games are for registered players");
        return Invitee{.id = to, .name = to};
    }
    if (!options_.accounts.find)
        return Invitee{.id = to, .name = to};
    const auto account = options_.accounts.find(to);
    if (!account)
        return lobby::refuse(lobby::errc::no_such_player, "no player is called " + to);
    if (account->name != to)
        return lobby::refuse(lobby::errc::no_such_player, "no player is called " + to +
                                                              " (names are exact: did you mean " +
                                                              account->name + "?)");
    return Invitee{.id = lobby::account_player_id(account->id), .name = account->name};
}

void PlayService::serve(const Caller& r, const protocol::ChallengeAnswer& request) {
    if (request.group)
        return answer_group_challenge(r, request);
    const lobby::Player& me = r.visitor->player;
    lobby::Refusal refused;
    switch (request.kind) {
    case ChallengeAnswerKind::Accept:
        if (auto accepted = lobby_.accept_challenge(request.challenge, me, now()); !accepted)
            refused = accepted.error();
        break;
    case ChallengeAnswerKind::Decline:
        refused = lobby_.decline_challenge(request.challenge, me.id, request.reason);
        break;
    case ChallengeAnswerKind::Counter:
        refused = lobby_.counter_challenge(request.challenge, me, *request.counter, now());
        break;
    case ChallengeAnswerKind::Cancel:
        refused = lobby_.cancel_challenge(request.challenge, me.id);
        break;
    }
    if (refused)
        return send_error(r.conn, r.id, refused->code, refused->detail);
    send(r.conn, protocol::reply("ok", r.id));
}

} // namespace server::play
