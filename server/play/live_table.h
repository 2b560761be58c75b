#pragma once
// One table on its own strand (STYLE.md §4): the lobby::Table, the connections that receive
// its events (seats and spectators), its timer, and the way to storage.
//
// The audience and the outbox, with the rules of their order, are table_outbox.h (no strand,
// timer or storage); this file adds the strand, the timer and the way to storage.
//
// Events: the table calls nothing back. After each piece of work (and before queueing any
// reply) the live table takes the events the table produced and queues each, serialized once, in
// the outbox: the same string goes to every connection, in the order things happened.
//
// Durability (issues 6 and 11; docs/architecture.md, "the path of one move"): a move's events
// wait in the table's one PendingWrite (a move's, or a leave's: below), that moves through
//   Pending: the writer is storing the move (or will try again after a failure, with the
//            StorageRetryPolicy pauses: 1 s, 2 s, 4 s); nothing of it is sent, and the table
//            takes no other work meanwhile (it waits in `deferred_`), so nothing builds on it;
//   OnDisk:  the writer said it is committed: it goes out with the next flush, after whatever
//            was queued before it, and the opponent's time starts then;
//   Sent:    handed to every connection of the audience: acknowledged. The mover's copy of the
//            move event carries its request's id and is its answer (docs/protocol.md 7.5): the
//            event is serialised once, and the mover's copy is that text with the id spliced in.
// A seat leaving a game of more than two (resigned, flagged, abandoned: lobby::PlayerRetired)
// is a PendingWrite as a move is, its row written with GameWriter::append_leave in
// order with the moves; should every attempt fail, the game ends for everyone as aborted
// ("storage_failed"), the leave shown (the table keeps it) but never stored.
// A move whose every attempt fails is never shown: it is withdrawn from the table and the game
// ends for everyone as aborted, reason "storage_failed"; the mover's request is answered
// "storage_failed" after that `game_ended`. The table is never rolled back by a replay.
//
// Other storage failures (issues 5 and 6; docs/protocol.md section 7.5):
// - A game's row (at the start, or the new row after a takeback) that storage refuses is tried
//   again after a pause that doubles (StorageRetryPolicy); moves wait for it. When every
//   attempt failed, a game still in play ends for everyone as aborted with the reason
//   "storage_failed" (no rating change, nothing reported to a ladder).
// - A game's end that storage refuses is logged and tried again for as long as the server
//   runs: the `game_ended` event goes out after the first attempt, the table keeps the ended game
//   meanwhile and is not swept, and a ladder hears of the result only once the end is on disk
//   (the ratings are written in the same transaction as the end).
//
// Sweeping: a finished table is dropped (reported `gone`) when nobody has been connected to
// it for `finished_idle`, or `finished_kept` after its game ended, whichever comes first.
// A rematch (a new game) keeps it.
//
// Fencing (cluster): a write answered `fenced` (storage/game_writer.h) means another node owns
// the table now: it stops at once, sending, retrying and ending nothing, and reports `fenced`.
//
// Threading: every member runs on strand(); use post(). The live table is made on the lobby strand
// and handed over before anything runs on its own strand.

#include "lobby/ladder/ladder_types.h"
#include "lobby/table.h"
#include "lobby/time.h"
#include "server/net/connection.h"
#include "server/observability/metrics.h"
#include "server/play/table_outbox.h"
#include "server/protocol/json_text.h"
#include "storage/game_writer.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

namespace server::play {

// The ladder challenge a table plays (server/play/ladder_games.h): its first game decides it.
struct LadderLink {
    storage::LadderId ladder_id = 0;
    storage::ChallengeId challenge_id = 0;
    lobby::PlayerId challenger;
};

// How long finished tables are kept (see the file comment). `tabula serve` sets both from the
// configuration (finished_table_idle_seconds, finished_table_kept_seconds; config/README.md).
struct SweepPolicy {
    lobby::Millis finished_idle = std::chrono::minutes(5);
    lobby::Millis finished_kept = std::chrono::hours(1);
};

// How storage writes that failed are tried again (see the file comment). The pause before
// retry n is first_pause * 2^(n-1), at most longest_pause.
struct StorageRetryPolicy {
    lobby::Millis first_pause = std::chrono::seconds(1);
    lobby::Millis longest_pause = std::chrono::minutes(1);
    int row_attempts = 4;  // a game's row: 1 s, 2 s, 4 s, then the game is aborted
    int move_attempts = 4; // a move: 1 s, 2 s, 4 s, then it is withdrawn, the game aborted
};

// What a live table uses from the service. The callbacks post to the lobby strand.
struct LiveTableContext {
    const lobby::TimeSource* time = nullptr;
    storage::GameWriter* writer = nullptr; // null: nothing is stored
    SweepPolicy sweep{};
    StorageRetryPolicy retry{};
    std::function<void(const lobby::TableSummary&)> summary_changed;
    std::function<void(const std::string& code)> gone;
    std::function<void(const lobby::PlayerId&)> did_not_start;
    // A ladder table's game row exists / its first game ended (stored) with this result.
    std::function<void(const LadderLink&, storage::GameId)> ladder_game_stored;
    std::function<void(const LadderLink&, lobby::ladder::ChallengeResult)> ladder_game_ended;
    // The writer answered `fenced` (storage/game_writer.h): this node no longer owns the table.
    // The live table has stopped, sending nothing more and ending nothing; the owner of the
    // callback drops it and its connections' interest in it. On the strand.
    std::function<void(const std::string& code)> fenced;
};

// Whether the table's timer, armed for `armed` (nullopt: not armed), can stay as it is when
// the table is next due at `due` (nullopt: nothing due). One armed for earlier than needed
// stays: it fires early, finds nothing due and is armed again. Re-arming it on every move
// (nothing is due while a move is stored, and the next deadline is nearly always later than
// the last) cost a cancelled wait run as a handler and a new wait each time (issue 11). With
// nothing due and no move pending, it goes, so that it holds the live table no longer.
bool armed_timer_serves(std::optional<lobby::TimePoint> armed, std::optional<lobby::TimePoint> due,
                        bool move_pending);

class LiveTable final : public std::enable_shared_from_this<LiveTable> {
public:
    using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
    // On the strand's concrete type: re-armed on every move, and a steady_timer's type-erased
    // executor would copy the strand to the heap for every wait (issue 11).
    using Timer = boost::asio::basic_waitable_timer<
        std::chrono::steady_clock, boost::asio::wait_traits<std::chrono::steady_clock>, Strand>;

    LiveTable(boost::asio::io_context& io, LiveTableContext context);

    // Installs the table (and queues the events its making produced). `stored_game`: the row of
    // a restored game. The game rows take each seat's account or guest token hash from the
    // seated lobby::Player (its identity).
    void adopt(std::unique_ptr<lobby::Table> table,
               std::optional<storage::GameId> stored_game = std::nullopt);
    // Makes this the table of a ladder challenge (before anything runs on the strand).
    void set_ladder(LadderLink link) { ladder_ = std::move(link); }
    // Makes this the table of a tournament pairing (tournament_games.h): on the strand, or
    // before anything runs there.
    void set_tournament() { tournament_ = true; }

    // Called on the strand after every change once it is settled (no move being written):
    // the computer's seat (computer_seat.h) looks whether it is to move. Before anything runs.
    void set_settled_hook(std::function<void(LiveTable&)> hook) { settled_ = std::move(hook); }

    // Runs `work(live_table)` on the table's strand (after a move being stored, if one is), then
    // re-arms the timer, reports the summary and sends what is ready.
    template <class Work> void post(Work work) {
        boost::asio::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable {
            self->run(std::move(work));
        });
    }

    // Like post(), for a resync: one from a connection already in the audience changes nothing
    // at the table, so it is served at once even while a move is being written (it sends only
    // the events that went out before that move, which follows it).
    template <class Work> void post_resync(net::ConnectionId conn, Work work) {
        boost::asio::post(
            strand_, [self = shared_from_this(), conn, work = std::move(work)]() mutable {
                if (self->move_pending() && !self->stopped_ && self->audience_.contains(conn))
                    return work(*self);
                self->run(std::move(work));
            });
    }

    // --- on the strand -------------------------------------------------------------------
    lobby::Table& table() { return *table_; }
    lobby::TimePoint now() const { return context_.time->now(); }
    const std::optional<LadderLink>& ladder() const { return ladder_; }
    bool tournament() const { return tournament_; }
    // Closed, swept or shut down: the service forgets it (requests get bad_join_code).
    bool closed() const { return gone_ || stopped_; }
    // Plays a move and answers the mover: its copy of the move event, with `id`, once stored;
    // "ok" with "duplicate": true for a resend of the last move; "storage_failed" if storage
    // never took it (the move is withdrawn and the game aborted, see the file comment). A null
    // `conn` (the computer's move) gets no answer.
    void play_move(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                   const lobby::PlayerId& who, int ply, const std::string& move, lobby::Millis lag);
    // The connection receives every event from now on.
    void add_audience(const std::shared_ptr<net::Connection>& conn, const lobby::PlayerId& who);
    // The connection went away: a seated player without another connection here is marked
    // disconnected, a spectator without one stops watching.
    void remove_audience(net::ConnectionId id);
    // After `who` left the table by request: once `who` is neither seated nor watching (a
    // spectator, a guest who freed a seat before the start), the connection receives what the
    // leave caused and nothing after it. A player still seated (after the game) keeps it.
    void after_leave(net::ConnectionId id, const lobby::PlayerId& who);
    bool has_connection_of(const lobby::PlayerId& player) const;
    // Queues a message for one connection after everything queued before (so a move's reply
    // follows its stored, broadcast event).
    void reply(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& message);
    void reply(const std::shared_ptr<net::Connection>& conn,
               std::shared_ptr<const std::string> text);
    void reply_error(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                     const rules::Error& error);
    // The outbox's length now. reply_before(mark, ...) queues a reply ahead of everything queued
    // since: the events its request caused (seated, started) then follow the reply, whose
    // state already includes them (a client ignores them by version, section 7.7).
    std::size_t outbox_mark() const { return outbox_.mark(); }
    void reply_before(std::size_t mark, const std::shared_ptr<net::Connection>& conn,
                      const nlohmann::json& message);
    void reply_before(std::size_t mark, const std::shared_ptr<net::Connection>& conn,
                      std::shared_ptr<const std::string> text);
    // {"t":type,"id":id,"table":code,"you":seat or null,"state":state} (`id` left out when
    // null; docs/protocol.md 7.4), written without a document: the state is a table's largest
    // message, sent on every join (issue 11). `more` writes members of its own after these (a
    // created table's code and link).
    std::shared_ptr<const std::string>
    state_message(const lobby::PlayerId& viewer, const nlohmann::json& id,
                  std::string_view type = "table",
                  const std::function<void(protocol::JsonText&)>& more = {}) const;
    // Sends the events after `since` that have gone out to the audience (or the full state),
    // then the reply; later events reach the connection as they go out, each once.
    void resync(const std::shared_ptr<net::Connection>& conn, const lobby::PlayerId& who,
                std::uint64_t since, const nlohmann::json& id);
    // Checks the table's deadlines now (the timer does it too), the sweep included.
    void check_timeouts();
    void after_change();
    // Tells the service the table's summary (what the lobby lists) when it changed; built only
    // when the table's summary revision moved, so not after a plain move.
    void report_summary();
    // Cancels the timer and drops pending work (writes waiting to be tried again included);
    // the live table does nothing more.
    void shut_down();
    // The node no longer owns the table (a cluster's fencing): at once, even with a move being
    // stored, it stops as shut_down() does, ending, sending and storing nothing more; its game
    // goes on at its new owner. Any thread. `then`, if given, runs on the table's strand once
    // it has stopped.
    void drop_unended(std::function<void()> then = {});

private:
    // A game row being created: moves wait for its id.
    struct StoredGame {
        std::optional<storage::GameId> id;
        bool failed = false; // the row could not be stored: nothing of this game can be
        std::vector<std::function<void(std::optional<storage::GameId>)>> waiting;
        storage::GameRow row{};                  // what each attempt creates
        std::vector<storage::MoveRow> moves{};   // stored with it (the game after a takeback)
        std::vector<storage::LeaveRow> leaves{}; // the same, after the moves
        int attempts = 0;
    };
    // A game's end being written, again after each failure until it is on disk.
    struct EndWrite {
        storage::FinishGame finish;
        std::optional<lobby::GameResult> ladder_result; // reported once stored
        int failures = 0;
    };
    // A write to try again at `at`.
    struct Retry {
        lobby::TimePoint at;
        std::function<void(LiveTable&)> attempt;
    };
    // The write of the last move or leave and the events that wait for it (see the file comment
    // for its stages).
    struct PendingWrite {
        enum class Stage : std::uint8_t { Pending, OnDisk, Sent };
        Stage stage = Stage::Pending;
        std::vector<OutgoingPtr> items; // its events: the move first (with the
                                                      // mover's answer), then what it caused
                                                      // (draw_offer_withdrawn, game_ended)
        nlohmann::json answer_id;                     // the mover's request id, for a refusal
        storage::MoveRow row;                         // what each attempt writes
        // A game of more than two: a seat that left (lobby::PlayerRetired) is stored and
        // released like a move; each attempt writes this instead of `row`.
        std::optional<storage::LeaveRow> leave = std::nullopt;
        std::uint64_t version_before = 0; // the table's version before the move
        int failures = 0;
        std::vector<std::function<void()>> after; // writes that follow it (the game's end)
    };

    LiveTableContext context_;
    Strand strand_;
    Timer timer_;
    std::unique_ptr<lobby::Table> table_;
    Audience audience_;
    TableOutbox outbox_;
    // The `game_ended` events as sent, with their game's stored id, by version: a resync resends
    // them so (the table's events do not know the id). One per game played at the table; the
    // event is kept to tell it from a later one of the same version (after a refused move).
    std::map<std::uint64_t, std::pair<lobby::EventPtr, std::shared_ptr<const std::string>>>
        ended_with_id_;
    std::shared_ptr<StoredGame> game_;
    std::optional<lobby::TableSummary> reported_;
    std::uint64_t reported_revision_ = 0; // the table's summary revision when reported_ was made
    std::optional<lobby::TimePoint> armed_for_;
    std::optional<LadderLink> ladder_;
    bool ladder_reported_ = false;
    bool tournament_ = false;
    std::optional<PendingWrite> move_;
    observability::Clock::time_point move_received_{}; // for the move latency metric
    observability::GaugeHold live_table_{observability::metrics().live_tables};
    std::deque<std::function<void(LiveTable&)>> deferred_;
    std::function<void(LiveTable&)> settled_;
    std::optional<lobby::TimePoint> finished_at_;
    std::optional<lobby::TimePoint> unwatched_since_;
    std::vector<Retry> retries_;
    int ends_unstored_ = 0; // ends not yet on disk: the table is not swept before they are
    bool gone_ = false;
    bool stopped_ = false;

    std::vector<lobby::EventPtr> taken_; // the buffer take_table_events() reuses

    // Does `work` now, or after the pending move (kept in `deferred_`, and only then wrapped
    // in a std::function: a move's request runs at once, with no allocation for it).
    template <class Work> void run(Work&& work) {
        if (must_wait()) {
            deferred_.emplace_back(std::forward<Work>(work));
            return;
        }
        work(*this);
        after_change();
    }
    // Tries the storage writes that are due, then says whether a move is pending (its next
    // attempt's timer armed), so that new work must wait for it.
    bool must_wait();
    bool move_pending() const { return move_ && move_->stage == PendingWrite::Stage::Pending; }
    // after_change(), then the work that waited for a pending move, until one is pending again.
    void settle();
    // Takes the events the table produced since the last call and queues (and stores) them in
    // order. Called after each piece of work and before anything else is queued, so the outbox
    // keeps the order in which things happened.
    void take_table_events();
    void handle_event(const lobby::EventPtr& event);
    // A game's end: queued, stored, and named by the stored game's id.
    void handle_end(const lobby::EventPtr& event, const lobby::GameEnded& ended);
    void track_finish();
    std::optional<lobby::TimePoint> sweep_deadline() const;
    void flush();
    void arm_timer();

    // live_table_storage.cpp: the way to storage, and what happens when it fails.
    void write_move();
    void move_written(const storage::WriteStatus& status);
    void give_up_move(const std::string& why);
    // A write answered `fenced`: the table is another node's now. Stops without sending,
    // retrying or ending anything (live_table_storage.cpp). Answers true when it stopped.
    bool stop_if_fenced(const storage::WriteStatus& status);
    void report_ladder_end(const lobby::GameResult& result);
    // Runs `work` with the game row's id once it is known (nullopt: the row failed). Known,
    // the usual case on a move, `work` runs at once without being wrapped in a std::function.
    template <class Work> void with_game_id(Work&& work) {
        if (!game_)
            return;
        if (game_->id || game_->failed)
            work(game_->id);
        else
            game_->waiting.emplace_back(std::forward<Work>(work));
    }
    void store_start(lobby::TimePoint at);
    // Whether a move or a leave is to be stored: not without a writer, nor before the game has a
    // row (a game that is not stored), in which case `item` is ready to go out at once.
    bool stores(Outgoing& item);
    void store_move(const lobby::MovePlayed& move, lobby::TimePoint at, std::uint64_t version,
                    OutgoingPtr item);
    void store_end(const lobby::GameEnded& ended, lobby::TimePoint at,
                   OutgoingPtr item);
    // live_table_leaves.cpp: a seat leaving a game of more than two, stored like a move.
    void store_leave(const lobby::PlayerRetired& retired, lobby::TimePoint at,
                     std::uint64_t version, OutgoingPtr item);
    void give_up_leave(const std::string& why);
    void store_takeback(lobby::TimePoint at);
    void create_row(const std::shared_ptr<StoredGame>& game);
    void row_written(const std::shared_ptr<StoredGame>& game, const storage::WriteStatus& status,
                     storage::GameId id);
    void abort_unstored(const std::shared_ptr<StoredGame>& game);
    void write_end(const std::shared_ptr<EndWrite>& end, OutgoingPtr item);
    void end_written(const std::shared_ptr<EndWrite>& end, const OutgoingPtr& item,
                     const storage::WriteStatus& status);
    lobby::Millis retry_pause(int failures) const;
    void retry_later(int failures, std::function<void(LiveTable&)> attempt);
    void retry_due_writes();
    std::optional<lobby::TimePoint> next_retry() const;
};

} // namespace server::play
