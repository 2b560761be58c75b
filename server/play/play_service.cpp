#include "server/play/play_service.h"

#include "server/accounts/ladder_service.h"
#include "server/auth/session_token.h"
#include "server/log.h"
#include "server/net/message_dispatcher.h"
#include "server/play/computer_players.h"
#include "server/play/computer_seat.h"
#include "server/play/stored_game.h"
#include "server/play/table_requests.h"
#include "server/protocol/envelope.h"
#include "server/protocol/replies_json.h"
#include "server/protocol/values_json.h"

#include <string_view>

#include <boost/asio/post.hpp>

namespace server::play {

PlayService::PlayService(boost::asio::io_context& io, const lobby::TimeSource& time,
                         std::unique_ptr<storage::GameWriter> writer, PlayOptions options)
    : io_(io), time_(time), writer_(std::move(writer)), options_(options),
      strand_(boost::asio::make_strand(io)), lobby_timer_(std::in_place, *strand_),
      lobby_(random_, options.blocks.get(), this, options.lobby_limits),
      feed_(std::make_shared<LobbyFeed>(*strand_, time, options.lobby_feed)) {
    computer_pool_ = make_computer_pool(options_.computer);
}

PlayService::~PlayService() = default;

rules::Result<std::shared_ptr<LiveTable>> PlayService::open_hosted_table(NewTable opening) {
    if (handed_over_) {
        lobby_.table_gone(opening.code);
        return lobby::refuse(lobby::errc::storage_failed,
                             "this server is stopping; try again in a moment");
    }
    if (options_.cluster_node && !writer_) {
        lobby_.table_gone(opening.code);
        return lobby::refuse(lobby::errc::storage_failed,
                             "this server is joining its cluster; try again in a moment");
    }
    auto live_table = make_live_table();
    lobby::TableContext context;
    context.limits = opening.limits;
    context.blocks = opening.blocks;
    lobby::SeededRandom colours(random_.next());
    auto table = lobby::Table::create(opening.code, std::move(opening.setup), opening.first,
                                      std::move(context), colours, now());
    if (!table) {
        lobby_.table_gone(opening.code);
        return table.error();
    }
    live_table->adopt(std::move(table).value());
    tables_[opening.code] = live_table;
    return live_table;
}

std::shared_ptr<LiveTable> PlayService::make_live_table() {
    std::weak_ptr<PlayService> weak = weak_from_this();
    LiveTableContext context;
    context.time = &time_;
    context.writer = writer_.get();
    context.sweep = options_.sweep;
    context.summary_changed = [weak](const lobby::TableSummary& summary) {
        if (auto self = weak.lock())
            self->post_lobby([self, summary] {
                self->lobby_.table_changed(summary);
                self->note_seats(summary);
                self->note_computer_game(summary);
            });
    };
    context.gone = [weak](const std::string& code) {
        if (auto self = weak.lock())
            self->post_lobby([self, code] {
                self->lobby_.table_gone(code);
                self->tables_.erase(code);
                self->forget_seats(code);
                self->computer_games_.erase(code);
            });
    };
    context.ladder_game_stored = [hooks = options_.ladder](const LadderLink& link,
                                                           storage::GameId id) {
        if (hooks.attach)
            hooks.attach(link.ladder_id, link.challenge_id, id);
    };
    context.ladder_game_ended = [hooks = options_.ladder](const LadderLink& link,
                                                          lobby::ladder::ChallengeResult result) {
        if (hooks.report)
            hooks.report(link.ladder_id, link.challenge_id, result);
    };
    context.fenced = [weak, epoch = writer_epoch_](const std::string&) {
        if (auto self = weak.lock())
            self->drop_fenced_tables(epoch);
    };
    context.did_not_start = [weak](const lobby::PlayerId& player) {
        if (auto self = weak.lock())
            self->post_lobby([self, player] { self->lobby_.record_no_start(player, self->now()); });
    };
    return std::make_shared<LiveTable>(io_, std::move(context));
}

std::size_t PlayService::restore(const std::vector<storage::GameWithMoves>& games,
                                 const PausesByGame& pauses) {
    std::size_t restored = 0;
    // Versions continue far beyond anything issued before the restart (Unix milliseconds), so
    // a client that resyncs from an old version gets the full state.
    const auto version = static_cast<std::uint64_t>(protocol::unix_ms(now()));
    for (const auto& stored : games) {
        const auto paused = pauses.find(stored.game.id);
        auto record = table_record(stored, version,
                                   paused == pauses.end()
                                       ? std::span<const storage::GamePause>{}
                                       : std::span<const storage::GamePause>(paused->second));
        if (!record) {
            log::warn("play: game " + std::to_string(stored.game.id) +
                      " not restored: " + record.error().detail);
            continue;
        }
        const auto ladder = stored_ladder_link(stored.game);
        if (stored.game.ladder && !ladder)
            log::warn("play: game " + std::to_string(stored.game.id) +
                      ": its ladder challenge names neither player; restored without it");
        auto live_table = make_live_table();
        lobby::TableContext context;
        context.limits = options_.table_limits;
        context.blocks = options_.blocks.get();
        if (ladder) {
            // As open_ladder_table made it (ladder_games.cpp).
            context.limits.first_move_timeout = options_.ladder_first_move_window;
            context.blocks = nullptr;
        }
        auto table = lobby::Table::restore(record.value(), std::move(context), now());
        if (!table) {
            log::warn("play: game " + std::to_string(stored.game.id) +
                      " not restored: " + table.error().detail);
            continue;
        }
        if (!lobby_.adopt_table(table.value()->summary())) {
            log::warn("play: game " + std::to_string(stored.game.id) + " not restored: code " +
                      record.value().code + " is taken");
            continue;
        }
        live_table->adopt(std::move(table).value(), stored.game.id);
        // The game's owner for the computer's turns and limits: its first person.
        lobby::PlayerId owner;
        for (const auto& seat : record.value().seats)
            if (seat && !computer_level(seat->id) && owner.empty())
                owner = seat->id;
        for (const auto& seat : record.value().seats) {
            if (!seat)
                continue;
            if (const auto level = computer_level(seat->id)) {
                attach_computer(*live_table, *level, owner);
                computer_games_[record.value().code] = ComputerGame{owner, {}, true};
            }
            // A guest can take the seat back with its token (the seat keeps the token's hash).
            if (!seat->identity.guest_token_hash.empty())
                readmit_guest(*seat);
        }
        if (ladder) {
            live_table->set_ladder(*ladder);
            // Attached already unless the restart came between the row and the attachment.
            if (options_.ladder.attach)
                options_.ladder.attach(ladder->ladder_id, ladder->challenge_id, stored.game.id);
        }
        tables_[record.value().code] = live_table;
        live_table->post([](LiveTable&) {});
        ++restored;
    }
    return restored;
}

void PlayService::start_ladder_game(const accounts::LadderGame& game) {
    post_lobby([self = shared_from_this(), game] { self->open_ladder_table(game); });
}

void PlayService::recheck_timers() {
    post_lobby([self = shared_from_this()] {
        self->lobby_.check_timeouts(self->now());
        self->feed_->check_now();
        for (auto& [code, live_table] : self->tables_)
            live_table->post([](LiveTable& h) { h.check_timeouts(); });
    });
}

void PlayService::stop() {
    if (stopped_)
        return;
    stopped_ = true;
    if (writer_)
        writer_->flush();
    for (const auto& retired : retired_writers_)
        retired->flush();
    // The threads have stopped: nothing else touches these now.
    writer_.reset();
    retired_writers_.clear();
    for (auto& [code, live_table] : tables_)
        live_table->shut_down();
    tables_.clear();
    // Cancels every search and waits for the running ones: their answers are posted to
    // strands that no longer run, and no worker thread outlives the service.
    computer_pool_.reset();
    visitors_.clear();
    players_.clear();
    feed_->stop();
    lobby_timer_.reset();
    strand_.reset();
}

// --- connections ----------------------------------------------------------------------------

void PlayService::on_open(const std::shared_ptr<net::Connection>& conn) {
    auto tables = std::make_shared<ConnectionTables>();
    conn->handler_state = tables;
    post_lobby([self = shared_from_this(), conn, tables = std::move(tables)]() mutable {
        self->open_session(conn, std::move(tables));
    });
}

bool PlayService::on_message(const std::shared_ptr<net::Connection>& conn,
                             const protocol::Envelope& message) {
    // Parsed once, here on the connection's strand; the rest sees only the typed request.
    auto parsed = protocol::parse_request(message);
    if (!parsed)
        return false;
    if (auto* error = std::get_if<protocol::ProtocolError>(&*parsed)) {
        conn->send(std::make_shared<const std::string>(protocol::make_error(*error)));
        return true;
    }
    route(conn, std::get<protocol::Request>(std::move(*parsed)));
    return true;
}

bool PlayService::on_request(const std::shared_ptr<net::Connection>& conn,
                             protocol::Request& request) {
    route(conn, std::move(request));
    return true;
}

void PlayService::route(const std::shared_ptr<net::Connection>& conn, protocol::Request request) {
    const auto tables = std::static_pointer_cast<ConnectionTables>(conn->handler_state);
    // A table's request goes straight to its strand when this connection knows the table.
    if (auto* to_table = std::get_if<protocol::TableRequest>(&request.body); to_table && tables)
        if (auto direct = tables->direct(to_table->table)) {
            post_table_request(direct->first,
                               TableCaller{conn, std::move(direct->second), request.id},
                               std::move(to_table->body));
            return;
        }
    if (tables)
        tables->lobby_request_posted();
    post_lobby([self = shared_from_this(), conn, tables, request = std::move(request)] {
        // A lookup in the database (a challenge's invitee, a seek's rating) may throw: the
        // client is answered, and the connection's table requests go straight again.
        try {
            self->handle(conn, request);
        } catch (const std::exception& e) {
            net::answer_handler_failure(conn, "lobby request", request.id, e);
        }
        if (tables)
            tables->lobby_request_done();
    });
}

void PlayService::on_close(const std::shared_ptr<net::Connection>& conn) {
    post_lobby([self = shared_from_this(), id = conn->id()] { self->close_session(id); });
}

void PlayService::on_load_gone() {
    // On the lobby strand: it runs only while the threads do, so before stop() resets writer_.
    post_lobby([self = shared_from_this()] {
        if (self->writer_)
            self->writer_->release_memory({});
    });
}

void PlayService::open_session(const std::shared_ptr<net::Connection>& conn,
                               std::shared_ptr<ConnectionTables> tables) {
    Visitor visitor;
    visitor.tables = std::move(tables);
    std::string token; // a guest's, for the welcome only
    visitor.conn = conn;
    const auto principal = conn->principal();
    if (principal && principal->account) {
        const auto account = *principal->account;
        visitor.player = lobby::Player{.id = lobby::account_player_id(account),
                                       .display_name = principal->display_name,
                                       .identity = {.account = account, .guest_token_hash = {}}};
    } else {
        if (++sessions_opened_ % 256 == 0)
            forget_old_guests();
        const auto id = lobby::make_guest_id(random_, [this](std::string_view candidate) {
            return players_.contains(candidate) || guest_ids_.contains(candidate);
        });
        visitor.player = lobby::Player{.id = id, .display_name = id};
        guest_ids_.insert(id);
        try {
            // Random from OpenSSL, stored only hashed (in memory, and in the game rows).
            auto fresh = auth::new_session_token();
            const auto hash = lobby::TokenHash::parse(fresh.hash);
            if (!hash)
                throw std::runtime_error("the token's hash is not 64 hex digits");
            token = std::move(fresh.token);
            visitor.player.identity.guest_token_hash = *hash;
            guests_by_token_[std::move(fresh.hash)] = Guest{visitor.player, std::nullopt};
        } catch (const std::exception& e) {
            log::error(std::string("play: a guest gets no reconnection token: ") + e.what());
        }
    }
    nlohmann::json welcome{{"t", "welcome"},
                           {"player", protocol::player_json(visitor.player)},
                           {"tables", seated_tables(visitor.player.id)},
                           {"challenges", open_challenges(visitor.player.id)}};
    if (!token.empty())
        welcome["token"] = token;
    if (players_[visitor.player.id].empty())
        feed_->player_online(visitor.player.id);
    players_[visitor.player.id].insert(conn->id());
    visitor.tables->set_player(visitor.player);
    visitors_[conn->id()] = std::move(visitor);
    send(conn, welcome);
}

void PlayService::close_session(net::ConnectionId id) {
    const auto found = visitors_.find(id);
    if (found == visitors_.end())
        return;
    const Visitor visitor = std::move(found->second);
    visitors_.erase(found);
    feed_->closed(id);
    auto& conns = players_[visitor.player.id];
    conns.erase(id);
    if (conns.empty()) {
        players_.erase(visitor.player.id);
        feed_->player_offline(visitor.player.id);
        lobby_.forget_player(visitor.player.id);
        const auto guest = guests_by_token_.find(visitor.player.identity.guest_token_hash.hex());
        if (guest != guests_by_token_.end()) {
            // A guest that entered no table and holds no seat or challenge has nothing to come
            // back to: it goes now, so that connections opened and closed in a loop leave
            // nothing behind (issue 34, "Every connection counted"). The others are kept a day.
            const bool holds_nothing = visitor.tables->entered().empty() &&
                                       !seated_.contains(visitor.player.id) &&
                                       lobby_.challenges_of(visitor.player.id).empty() &&
                                       lobby_.group_challenges_of(visitor.player.id).empty();
            if (holds_nothing) {
                guest_ids_.erase(visitor.player.id);
                guests_by_token_.erase(guest);
            } else {
                guest->second.gone_since = now();
            }
        }
    }
    for (const auto& live_table : visitor.tables->entered())
        live_table->post([id](LiveTable& h) { h.remove_audience(id); });
}

void PlayService::note_seats(const lobby::TableSummary& summary) {
    const bool unfinished = summary.status == lobby::TableStatus::Waiting ||
                            summary.status == lobby::TableStatus::Playing;
    for (const auto& seat : summary.seats) {
        if (!seat)
            continue;
        if (unfinished) {
            seated_[seat->id].insert(summary.code);
        } else if (const auto found = seated_.find(seat->id); found != seated_.end()) {
            found->second.erase(summary.code);
            if (found->second.empty())
                seated_.erase(found);
        }
    }
}

void PlayService::note_computer_game(const lobby::TableSummary& summary) {
    if (const auto found = computer_games_.find(summary.code); found != computer_games_.end())
        found->second.live = summary.status == lobby::TableStatus::Waiting ||
                             summary.status == lobby::TableStatus::Playing;
}

void PlayService::forget_seats(const std::string& code) {
    for (auto it = seated_.begin(); it != seated_.end();) {
        it->second.erase(code);
        it = it->second.empty() ? seated_.erase(it) : std::next(it);
    }
}

nlohmann::json PlayService::seated_tables(const lobby::PlayerId& player) const {
    nlohmann::json codes = nlohmann::json::array();
    if (const auto found = seated_.find(player); found != seated_.end())
        for (const auto& code : found->second)
            codes.push_back(code);
    return codes;
}

nlohmann::json PlayService::open_challenges(const lobby::PlayerId& player) const {
    nlohmann::json open = nlohmann::json::array();
    for (const auto& challenge : lobby_.challenges_of(player))
        open.push_back(protocol::challenge_json(challenge));
    for (const auto& challenge : lobby_.group_challenges_of(player))
        open.push_back(protocol::group_challenge_json(challenge));
    return open;
}

// A guest away for a day does not come back (its seats were claimable long before).
void PlayService::forget_old_guests() {
    const auto cutoff = now() - std::chrono::hours(24);
    for (auto it = guests_by_token_.begin(); it != guests_by_token_.end();) {
        const auto& guest = it->second;
        if (guest.gone_since && *guest.gone_since < cutoff && !players_.contains(guest.player.id)) {
            guest_ids_.erase(guest.player.id);
            it = guests_by_token_.erase(it);
        } else {
            ++it;
        }
    }
}

void PlayService::send(const std::shared_ptr<net::Connection>& conn,
                       const nlohmann::json& message) {
    conn->send(protocol::shared_text(message));
}

void PlayService::send_error(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                             std::string_view code, std::string_view detail) {
    conn->send(std::make_shared<const std::string>(protocol::make_error(id, code, detail)));
}

void PlayService::send_to_player(const lobby::PlayerId& player,
                                 const std::shared_ptr<const std::string>& message) {
    const auto found = players_.find(player);
    if (found == players_.end())
        return;
    for (const auto id : found->second) {
        const auto visitor = visitors_.find(id);
        if (visitor != visitors_.end())
            visitor->second.conn->send(message);
    }
}

} // namespace server::play
