#pragma once
// The game service: carries lobby/ over the WebSocket protocol (docs/protocol.md, section 7).
// Each request is parsed once on its connection's strand (protocol/requests.h). A table's
// request (move, offers, resign, chat, resync, ...) goes straight to that table's strand when
// the connection knows the table (ConnectionTables); everything else, and a table's first
// request, goes through the lobby strand, which holds the lobby (codes, lists, seeks,
// challenges), the connections' players and the table directory. Each table lives on its own
// strand (LiveTable). No lock is shared between connections or tables.
//
//   auto play = std::make_shared<server::play::PlayService>(app.io_context(), time, writer);
//   play->restore(game_store.load_unfinished_games());   // before app.start()
//   app.add_message_handler(play);
//   app.start(); ... app.stop(); play->stop();           // stop() before the App goes
//
// `time` is the only clock the service reads (SystemTimeSource in production, a manual one
// in tests); the timers wait real time for the deadlines it gives.

#include "lobby/ladder/ladder_types.h"
#include "lobby/lobby.h"
#include "lobby/random.h"
#include "lobby/time.h"
#include "server/net/message_handler.h"
#include "server/play/computer_seat.h"
#include "server/play/connection_tables.h"
#include "server/play/live_table.h"
#include "server/play/lobby_feed.h"
#include "server/protocol/requests.h"
#include "server/tournaments/arena_clocks.h"
#include "storage/cluster_store.h"
#include "storage/game_writer.h"
#include "storage/records.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

namespace server::accounts {
struct LadderGame;
}
namespace server::tournaments {
struct TournamentGame;
struct TableAnswer;
} // namespace server::tournaments

namespace server::play {

// Where ladder games are reported (server/play/ladder_games.h wires them to accounts). Called
// from table strands; each must be thread-safe. Empty: not reported.
struct LadderHooks {
    std::function<void(storage::LadderId, storage::ChallengeId, storage::GameId)> attach;
    std::function<void(storage::LadderId, storage::ChallengeId, lobby::ladder::ChallengeResult)>
        report;
};

// What the service reads of the accounts (account_lookup.h wires the database). Called on the
// lobby strand; each may be empty (then nothing is known: a challenge's name is taken for the
// invitee's id, every seek rates 1500).
struct AccountLookup {
    struct Account {
        storage::UserId id = 0;
        std::string name; // as registered
    };
    // The account called `name` in any case; nullopt: no such account.
    std::function<std::optional<Account>(const std::string& name)> find;
    // An account's rating for a variant and speed ("chess", "blitz"); nullopt: none yet.
    std::function<std::optional<double>(storage::UserId, const std::string& variant,
                                        const std::string& speed)>
        rating;
};

struct PlayOptions {
    lobby::TableLimits table_limits{};
    lobby::LobbyLimits lobby_limits{};
    // Who blocks whom (thread-safe; server/accounts keeps it): a blocked player cannot
    // challenge, join or be paired with the blocker. Null means nobody blocks anybody.
    std::shared_ptr<const lobby::BlockList> blocks;
    // Finished tables: how long they are kept (live_table.h).
    SweepPolicy sweep{};
    // Ladder games: the first-move window (a player may not be online when the game is made;
    // not moving within it loses the challenge), and where results go.
    lobby::Millis ladder_first_move_window = std::chrono::hours(24);
    LadderHooks ladder{};
    AccountLookup accounts{};
    // The computer opponent (computer_seat.h): its worker threads and limits.
    ComputerOptions computer{};
    // The public table list: pages, pushes, bounds (lobby_feed.h).
    LobbyFeedOptions lobby_feed{};
    // A node of a cluster (node_tables.cpp): its writer is its incarnation's, given by
    // use_writer; until the first one comes, no table opens (storage_failed).
    bool cluster_node = false;
};

class PlayService final : public net::MessageHandler,
                          public lobby::LobbyListener,
                          public std::enable_shared_from_this<PlayService> {
public:
    // `writer` may be null (nothing stored). `time` must outlive the service.
    PlayService(boost::asio::io_context& io, const lobby::TimeSource& time,
                std::unique_ptr<storage::GameWriter> writer, PlayOptions options = {});
    ~PlayService() override;

    // Rebuilds the tables of unfinished stored games (before the App starts). Returns how many
    // came back; games whose moves no longer replay are logged and skipped.
    // A cluster's failovers of a game (storage/cluster_store.h) by its id: not charged to the
    // player to move (stored_game.h, table_record).
    using PausesByGame = std::map<storage::GameId, std::vector<storage::GamePause>>;
    std::size_t restore(const std::vector<storage::GameWithMoves>& games,
                        const PausesByGame& pauses = {});
    // Checks every table's and the lobby's deadlines now: what the timers do, for tests that
    // move an injected clock.
    void recheck_timers();
    // Makes the table of an accepted ladder challenge (ladder_games.cpp). Any thread.
    void start_ladder_game(const accounts::LadderGame& game);
    // Makes the table of a tournament pairing and calls `opened` with its code (empty: none
    // could be made) (tournament_games.cpp). Any thread.
    void start_tournament_game(const tournaments::TournamentGame& game,
                               std::function<void(const tournaments::TableAnswer&)> opened);
    // Berserk for `user` at the arena game's table `code` (arena_berserk.cpp); `done` with the
    // table's refusal, or "table_closed" when there is no such table. Any thread.
    void berserk_tournament_game(const std::string& code, storage::UserId user, bool restoring,
                                 tournaments::BerserkApplied done);
    // After App::stop(): waits for storage, cancels the timers, drops the tables.
    void stop();

    // A node of a cluster (node_tables.cpp; server/cluster/README.md). Any thread; each is
    // done on the lobby strand in the order of the calls.
    // Tables opened from now on write through `writer`, the fenced writer of the node's
    // incarnation `epoch`; the tables opened before keep theirs.
    void use_writer(std::shared_ptr<storage::GameWriter> writer, std::int64_t epoch);
    // The incarnation `epoch` is fenced: another node owns its tables now. Every table of it is
    // dropped without ending its game (nothing more is sent or stored), and every player's
    // connection is closed with "service restart" (1012), so that its client reconnects.
    // Once per incarnation: a later call for it, or for an older one, does nothing.
    void drop_fenced_tables(std::int64_t epoch);
    // The games of tables this node has claimed (a dead node's, or its own previous
    // incarnation's) come back as restore() brings them back at a start.
    void restore_claimed(std::vector<storage::GameWithMoves> games, PausesByGame pauses);
    // A node stopping (SIGTERM) hands its tables to the others: every table is dropped without
    // ending its game, once the request it is serving is done (a move being stored is stored:
    // the writers are flushed), and no table opens any more. Connections stay open: the caller
    // closes them once another node has claimed the tables. Blocks until done; the number of
    // tables dropped. Not on an I/O thread.
    std::size_t hand_over_tables();

    void on_open(const std::shared_ptr<net::Connection>& conn) override;
    bool on_message(const std::shared_ptr<net::Connection>& conn,
                    const protocol::Envelope& message) override;
    // A plain move the dispatcher read without an envelope: routed like any request.
    bool on_request(const std::shared_ptr<net::Connection>& conn,
                    protocol::Request& request) override;
    void on_close(const std::shared_ptr<net::Connection>& conn) override;
    // Gives back what the load grew: the writer's page cache (issue 11's return to idle).
    void on_load_gone() override;
    void on_lobby_event(const lobby::LobbyEvent& event) override;
    // Games of more than two seats: pushes to the players concerned, and the table of a
    // GroupMatch.
    void on_group_event(const lobby::GroupEvent& event) override;

private:
    // A parsed request to its table's strand (when this connection knows the table) or to the
    // lobby's.
    void route(const std::shared_ptr<net::Connection>& conn, protocol::Request request);
    using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
    // A connection's visitor: who is behind it, and the tables it has entered.
    struct Visitor {
        std::shared_ptr<net::Connection> conn;
        lobby::Player player; // with its identity: the account, or the guest's token hash
        std::shared_ptr<ConnectionTables> tables; // shared with the connection's strand
    };
    // Who sent the request being served, and the id its reply echoes.
    struct Caller {
        std::shared_ptr<net::Connection> conn;
        Visitor* visitor;
        const nlohmann::json& id;
    };

    boost::asio::io_context& io_;
    const lobby::TimeSource& time_;
    std::shared_ptr<storage::GameWriter> writer_;
    PlayOptions options_;
    // A cluster node's: the incarnation writer_ writes for, the last one whose tables were
    // dropped, and the writers of earlier incarnations (their tables may still be finishing
    // a callback; each is flushed and goes at stop()).
    std::int64_t writer_epoch_ = 0;
    std::optional<std::int64_t> dropped_epoch_;
    std::vector<std::shared_ptr<storage::GameWriter>> retired_writers_;
    bool handed_over_ = false; // hand_over_tables() ran: no table opens any more
    void drop_every_table();
    // Drops every table without ending its game (LiveTable::drop_unended), then runs `then`
    // on the lobby strand once each table's strand has stopped it.
    void drop_tables(std::function<void()> then);
    // Reset by stop(): strands and timers must go before the io_context does.
    std::optional<Strand> strand_;
    std::optional<boost::asio::steady_timer> lobby_timer_;
    bool stopped_ = false;
    std::optional<lobby::TimePoint> lobby_armed_for_;
    lobby::SystemRandom random_;
    // Searches for the computer's moves (null: no computer opponent); reset by stop(), which
    // cancels what is queued or running and joins the threads.
    std::shared_ptr<engine::WorkerPool> computer_pool_;
    lobby::Lobby lobby_;
    // The public list's subscribers, pages and pushes; reset by stop() with the strand.
    std::shared_ptr<LobbyFeed> feed_;
    std::map<std::string, std::shared_ptr<LiveTable>, std::less<>> tables_;
    std::map<net::ConnectionId, Visitor> visitors_;
    std::map<lobby::PlayerId, std::set<net::ConnectionId>, std::less<>> players_;
    // Guests by the hash of their reconnection token (the token itself is kept nowhere: a
    // restored guest is known only by the hash in its game's row, which its Player carries);
    // kept a day after their last connection closed, but a guest that entered no table and
    // holds no seat or challenge is forgotten when its last connection closes.
    struct Guest {
        lobby::Player player; // identity.guest_token_hash is the key
        std::optional<lobby::TimePoint> gone_since;
    };
    std::map<std::string, Guest, std::less<>> guests_by_token_;
    std::set<lobby::PlayerId, std::less<>> guest_ids_;
    // Unfinished tables by seated player, for the welcome's "tables" (from the summaries).
    std::map<lobby::PlayerId, std::set<std::string>, std::less<>> seated_;
    void note_seats(const lobby::TableSummary& summary);
    void forget_seats(const std::string& code);
    nlohmann::json seated_tables(const lobby::PlayerId& player) const;
    // The welcome's "challenges": the open ones the player made or is invited to, of two
    // seats and group ones ("group": true).
    nlohmann::json open_challenges(const lobby::PlayerId& player) const;
    std::uint64_t sessions_opened_ = 0;
    void forget_old_guests();

    lobby::TimePoint now() const { return time_.now(); }
    template <class Work> void post_lobby(Work work);

    // play_service.cpp: visitors (a connection and its player); lobby_matches.cpp: the lobby's
    // events, seats for matches
    void open_session(const std::shared_ptr<net::Connection>& conn,
                      std::shared_ptr<ConnectionTables> tables);
    void close_session(net::ConnectionId id);
    void handle(const std::shared_ptr<net::Connection>& conn, const protocol::Request& request);
    void send(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& message);
    void send_error(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                    std::string_view code, std::string_view detail);
    void send_to_player(const lobby::PlayerId& player, const std::shared_ptr<const std::string>& m);
    std::shared_ptr<LiveTable> make_live_table();
    // A table whose code the lobby has reserved, with its first player seated, in a new live table
    // registered under the code (the one way every table is opened: create_table, a seek's
    // match, a ladder challenge, a game against the computer). When the table cannot be made
    // the code is released and the error returned.
    struct NewTable {
        std::string code;
        lobby::TableSetup setup;
        lobby::Player first; // seated at creation (the creator, White of a match, the challenger)
        lobby::TableLimits limits;
        const lobby::BlockList* blocks = nullptr;
    };
    rules::Result<std::shared_ptr<LiveTable>> open_hosted_table(NewTable table);
    // A table the caller creates (create_table, against a person or the computer): its code
    // from the lobby, then open_hosted_table with the caller seated first. The error of either
    // step, for the caller to send.
    struct CreatedTable {
        std::string code;
        std::shared_ptr<LiveTable> live_table;
    };
    rules::Result<CreatedTable> open_created_table(const Caller& r, const lobby::TableSetup& setup);
    void open_ladder_table(const accounts::LadderGame& game);
    // An arranged table of two (a ladder or a tournament game), opened with `first` seated:
    // seats `second` on the table's strand, marks whichever of the two is not connected, and
    // sends each connection of theirs `notice` (its "table" set to the code) and then the
    // table's state, ahead of the events that made the table (protocol.md §7.13, §7.15).
    // `what` names the game in the log.
    // `after` (may be empty) is called on the table's strand with the second player's
    // seating: nullopt when seated, else the table's refusal (the table is then as it was).
    void seat_arranged_pair(const std::shared_ptr<LiveTable>& live_table, const std::string& code,
                            const lobby::PlayerId& first, const lobby::Player& second,
                            nlohmann::json notice, std::string what,
                            std::function<void(LiveTable&, const lobby::Refusal&)> after = {});
    void open_tournament_table(
        const tournaments::TournamentGame& game,
        const std::function<void(const tournaments::TableAnswer&)>& opened);
    // The table of a Match (White seat 0) or a GroupMatch, every player seated in the match's
    // order (players[i] at seat i) and shown the table's state.
    void seat_match(const lobby::Match& match);
    void seat_group(const lobby::GroupMatch& match);
    void after_lobby_change();
    void arm_lobby_timer();
    // Makes the guest seated in a restored game known again by its token hash.
    void readmit_guest(const lobby::Player& guest);

    // play_requests.cpp: one function per lobby request; a table's requests go on to its
    // strand (table_requests.h).
    void serve(const Caller& r, const protocol::Identify& request);
    void serve(const Caller& r, const protocol::LobbySubscribe& request);
    void serve(const Caller& r, const protocol::LobbyPage& request);
    void serve(const Caller& r, const protocol::CreateTable& request);
    void serve(const Caller& r, const protocol::EnterTable& request);
    void serve(const Caller& r, const protocol::Seek& request);
    void serve(const Caller& r, const protocol::CancelSeek& request);
    void serve(const Caller& r, const protocol::Challenge& request);
    void serve(const Caller& r, const protocol::ChallengeAnswer& request);
    // group_lobby.cpp: a challenge whose "to" is an array, and the answers with "group": true.
    void challenge_group(const Caller& r, const protocol::Challenge& request);
    void answer_group_challenge(const Caller& r, const protocol::ChallengeAnswer& request);
    void table_request(const Caller& r, const protocol::TableRequest& request);
    // computer_tables.cpp: create_table with "opponent":"computer".
    void create_computer_table(const Caller& r, const protocol::CreateTable& request);
    // Seats the computer of `level` at `live_table`: its moves and answers from now on.
    // `owner`: the player whose game it is (the pool serves owners in turn).
    void attach_computer(LiveTable& live_table, engine::Level level, const lobby::PlayerId& owner);
    // The unfinished games against the computer, by table code: whose (the creator, and the
    // address it came from; empty for a restored game), counted against the limits of
    // ComputerOptions. A table's summary marks its game finished or live again (a rematch),
    // and its entry goes with the table.
    struct ComputerGame {
        lobby::PlayerId player;
        std::string address;
        bool live = true;
    };
    std::map<std::string, ComputerGame, std::less<>> computer_games_;
    // Why one more game against the computer for this caller is refused; empty: it is not.
    std::string computer_limit_reached(const Caller& r) const;
    void note_computer_game(const lobby::TableSummary& summary);
    // The rating a seek pairs by: the player's account's for the setup's variant and speed,
    // else the default (guests, no rating yet).
    int pairing_rating(const lobby::Player& player, const lobby::TableSetup& setup) const;
    // `player` as it sits at a table of `setup`: with that rating, which everyone at the table
    // sees (docs/protocol.md 7.1, Player).
    lobby::Player seated_player(lobby::Player player, const lobby::TableSetup& setup) const;
    // Who a challenge's `to` names (a person's words: an account's name, exactly, or a guest's
    // id, which is its name), as its id and name; or why it cannot be challenged: nobody has
    // this name (or only in another case), or a rated challenge to a guest.
    struct Invitee {
        lobby::PlayerId id;
        std::string name;
    };
    rules::Result<Invitee> challenge_invitee(const std::string& to, bool rated) const;
    // The table a request names by its code or link (as written), or an error reply.
    // Returns the table's code too.
    std::shared_ptr<LiveTable> find_table(const Caller& r, std::string_view written,
                                          std::string* code = nullptr);
    // The connection's table requests for `code` go straight to `live_table` from now on.
    void enter_table(const Caller& r, const std::string& code,
                     const std::shared_ptr<LiveTable>& live_table);
};

// Work for the lobby strand, then the lobby's timer re-armed for what it changed.
template <class Work> void PlayService::post_lobby(Work work) {
    if (stopped_)
        return;
    boost::asio::post(*strand_, [self = shared_from_this(), work = std::move(work)]() mutable {
        work();
        self->after_lobby_change();
    });
}

} // namespace server::play
