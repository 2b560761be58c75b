#pragma once
// One table: 2 to 6 seats (the game's players(), lobby/seats.h), spectators, chat and the game
// played at it, with its clock, offers and endings. Pure logic: time comes in as `now`; the events
// a call produces are kept in the table's own history (for reconnecting clients) and in a list its
// caller takes after the call (take_events). The table calls nobody back.
//
// Threading: a Table is single-threaded. The server owns each one on its own strand and calls
// every method there.
//
// Every refusal (a Refusal or an Error in a Result) changes nothing. Exception by design: a
// move that arrives after the flag fell (or after the first-move window closed) ends the game
// on the clock first, emits GameEnded, and is then refused with "game_over".

#include "lobby/block_list.h"
#include "lobby/errors.h"
#include "lobby/event_log.h"
#include "lobby/game_clock.h"
#include "lobby/random.h"
#include "lobby/table_events.h"
#include "lobby/table_setup.h"
#include "lobby/table_state.h"
#include "lobby/token_bucket.h"

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lobby {

// Makes games: rules::make_game in the server, a scripted fake in tests.
using GameFactory = std::function<rules::Result<std::unique_ptr<rules::Game>>(
    rules::VariantId, std::string_view position, const rules::GameOptions&)>;
GameFactory rules_game_factory();

// What a table uses but does not own. `blocks` may be null (no blocks); it must outlive the
// table.
struct TableContext {
    GameFactory make_game = rules_game_factory();
    const BlockList* blocks = nullptr;
    TableLimits limits{};
};

// The reason of a game the server could not store (docs/protocol.md 7.5): aborted, no rating
// change, and a ladder challenge is not decided by it (the server cancels it: ladder.h).
inline constexpr std::string_view storage_failed_reason = "storage_failed";

// The answer to an accepted move.
struct MoveAck {
    bool duplicate = false; // a resend of the last move: nothing happened
    EventPtr event{};       // the MovePlayed event (for a duplicate: the original one, or
                            // null when the table was restored since)
};

enum class AbandonmentClaim : std::uint8_t { Win, Draw };

class Table {
public:
    // A new table with `host` seated: on the chosen colour (White seat 0, Black seat 1), or a
    // seat drawn from `random`. "bad_setup" / "not_allowed" for a setup that makes no game (bad
    // position included; validate_game).
    static rules::Result<std::unique_ptr<Table>> create(std::string code, TableSetup setup,
                                                        Player host, TableContext context,
                                                        RandomSource& random, TimePoint now);
    // Rebuilds a stored table (see TableSnapshot); the players are marked disconnected as of
    // `now` until they come back. Refuses a record whose moves do not replay.
    static rules::Result<std::unique_ptr<Table>> restore(const TableSnapshot& record,
                                                         TableContext context, TimePoint now);

    // --- seats, spectators, chat ------------------------------------------------------------
    // Takes the first open seat; the game starts when every seat is taken. Returns the seat.
    rules::Result<int> join(const Player& player, TimePoint now);
    // A spectator stops watching. Before the start the host leaving closes the table, another
    // player leaving frees the seat (the last player starts the game by joining). After the
    // game: the player goes and no rematch can follow. During the game: "already_started"
    // (resign or abort instead).
    [[nodiscard]] Refusal leave(const PlayerId& player, TimePoint now);
    [[nodiscard]] Refusal cancel(const PlayerId& host, TimePoint now); // host, before the start
    [[nodiscard]] Refusal watch(const Player& spectator, TimePoint now);
    [[nodiscard]] Refusal chat(const PlayerId& from, std::string_view text, TimePoint now);

    // --- the game ---------------------------------------------------------------------------
    // `ply` is the number of plies played before this move (0 for the first move). A resend
    // of the last move with its ply is a duplicate success. `measured_lag` comes from the
    // server's ping/pong, never from the client.
    rules::Result<MoveAck> play(const PlayerId& player, int ply, std::string_view move,
                                TimePoint now, Millis measured_lag = Millis{0});
    // The last move was delivered to the next player at `at` (the server sends a move once it
    // is stored): that player's thinking time, and its first-move window, start then rather than
    // when the move arrived, so the time storage took is charged to nobody. Nothing to do when
    // the game is not in play or `at` is not later.
    void move_released(TimePoint at);
    // The server could not store the game: it ends for everyone as aborted with the reason
    // storage_failed_reason. With `withdraw_last_move` the last move never went out (its write
    // failed for good): it is taken back first (a replay from the start, as a takeback does) and
    // the events it produced leave the history, their versions going to the events that follow,
    // so nothing unstored is ever shown as played. Nothing to do when no game is in play and no
    // move is to be withdrawn.
    void abort_unstored(bool withdraw_last_move, TimePoint now);
    // Draws are for two-player games: "not_allowed" at more seats (issue 14). Takebacks are for
    // casual games; past two seats a player still playing takes back its own last move (every
    // move since goes with it) once every other player still playing has accepted, and a
    // decline, a move, a leave or the end calls it off (issue 14; request_group_takeback).
    [[nodiscard]] Refusal offer_draw(const PlayerId& player, TimePoint now); // or accept one
    [[nodiscard]] Refusal accept_draw(const PlayerId& player, TimePoint now);
    [[nodiscard]] Refusal decline_draw(const PlayerId& player, TimePoint now);
    [[nodiscard]] Refusal claim_draw(const PlayerId& player, TimePoint now); // DrawRules::Claim
    // Two players: the opponent wins. More: the player leaves and the others play on
    // (leave_game in table_leaving.cpp).
    [[nodiscard]] Refusal resign(const PlayerId& player, TimePoint now);
    [[nodiscard]] Refusal abort(const PlayerId& player, TimePoint now); // before all have moved
    [[nodiscard]] Refusal request_takeback(const PlayerId& player, TimePoint now); // casual
    [[nodiscard]] Refusal accept_takeback(const PlayerId& player, TimePoint now);
    [[nodiscard]] Refusal decline_takeback(const PlayerId& player, TimePoint now);
    // Berserk (an arena tournament's game; GameClock::berserk): the player's own time is halved
    // and earns no increment; emits Berserked. Refused: "not_seated", "not_started",
    // "game_over", and "not_allowed" once the player has moved or went berserk already. With
    // `restoring`, a berserk stored before a restart is applied again to the restored clock,
    // whether or not the player has moved since: nothing happens when it is in force already.
    [[nodiscard]] Refusal berserk(const PlayerId& player, bool restoring, TimePoint now);
    // A rematch starts when every seated player has offered it; seats move round by one.
    [[nodiscard]] Refusal offer_rematch(const PlayerId& player, TimePoint now); // or accept
    [[nodiscard]] Refusal decline_rematch(const PlayerId& player, TimePoint now);

    // --- connections and timers -------------------------------------------------------------
    // A seated player's socket went away or came back; the seat and the clock stay.
    [[nodiscard]] Refusal set_connected(const PlayerId& player, bool connected, TimePoint now);
    // After the absent opponent's grace period (abandonment_grace): win or draw. At more than
    // two seats a player still in claims a win only: every seat still in whose grace has run out
    // leaves the game ("abandonment"), and the others play on.
    [[nodiscard]] Refusal claim_abandonment(const PlayerId& player, AbandonmentClaim claim,
                                            TimePoint now);
    // What the server's timer calls: flag fall, first-move timeout, abandonment notices, and a
    // waiting table's closing once its host has been away (TableLimits::host_away_close).
    void check_timeouts(TimePoint now);
    // When check_timeouts() next has something to do; nullopt: nothing is pending.
    std::optional<TimePoint> next_deadline() const;

    // --- events -----------------------------------------------------------------------------
    // The events produced since the last call, oldest first, moved into `into` (what it held
    // is dropped). The two buffers swap, so a caller that keeps its vector allocates nothing
    // once both have grown.
    void take_events(std::vector<EventPtr>& into);

    // --- reading ----------------------------------------------------------------------------
    // The events after version `seen`, or nullopt: too far behind, send state() instead.
    std::optional<std::vector<EventPtr>> events_since(std::uint64_t seen) const;
    TableState state(TimePoint now) const;
    TableSummary summary() const;
    // Moves on whenever what summary() shows may have changed: with every event but a move's (a
    // move alone seats, leaves, starts, ends and closes nothing; one that ends the game comes
    // with `game_ended`) and when a move is withdrawn. A caller that reports the summary after each
    // change compares this, and builds the summary only when it moved.
    std::uint64_t summary_revision() const { return summary_revision_; }
    TableSnapshot snapshot() const;

    const std::string& code() const { return code_; }
    const TableSetup& setup() const { return setup_; }
    const Player& host() const { return host_; }
    TableStatus status() const { return status_; }
    std::uint64_t version() const { return log_.version(); }
    int game_number() const { return game_number_; }
    std::optional<int> seat_of(const PlayerId& player) const;
    int seat_count() const { return seats_.size(); }
    bool is_spectator(const PlayerId& player) const { return spectators_.contains(player); }
    const rules::Game& game() const { return *game_; }
    const std::vector<RecordedMove>& recorded_moves() const { return moves_; }
    // Who has left this game of more than two while it went on, in order.
    const std::vector<RecordedLeave>& recorded_leaves() const { return leaves_; }
    bool has_left(int seat) const;
    // Whether the seat still takes turns in the game on: it has not left and, past two seats,
    // has not finished. A seat out of the game is nobody's to claim, and may leave the table.
    bool still_in_game(int seat) const;
    // The seat's leave in this game (a game of more than two), or null while it plays.
    const RecordedLeave* leave_of(int seat) const;
    std::optional<ClockState> clock_state() const;
    const std::optional<GameResult>& result() const { return result_; }

private:
    struct Seat {
        Player player{};
        bool connected = true;
        std::optional<TimePoint> disconnected_since{};
        bool abandonment_announced = false;
        bool left = false; // went away after the game
    };

    Table(std::string code, TableSetup setup, Player host, TableContext context,
          std::unique_ptr<rules::Game> game);

    std::string code_;
    TableSetup setup_;
    Player host_;
    TableContext context_;
    TableStatus status_ = TableStatus::Waiting;
    int game_number_ = 1;
    PerSeat<std::optional<Seat>> seats_; // by seat, sized by the game's players()
    std::map<PlayerId, Player, std::less<>> spectators_;
    std::map<PlayerId, TokenBucket, std::less<>> chat_buckets_;
    std::unique_ptr<rules::Game> game_;
    GameClock clock_;
    std::vector<RecordedMove> moves_;
    std::vector<std::string> moves_display_;
    std::vector<RecordedLeave> leaves_;        // games of more than two: seats that left, in order
    int first_seat_ = 0;                       // the seat to move at the start of this game
    int unmoved_leavers_ = 0;                  // seats that left before their first move
    std::optional<rules::MoveView> last_move_; // with its cells, for the full state
    std::deque<ChatLine> chat_;                // the last limits.chat_history lines
    TimePoint started_at_;
    TimePoint turn_started_; // of the seat to move; for the first-move window
    std::optional<int> draw_offer_;
    std::optional<int> takeback_by_;
    int takeback_plies_ = 0;
    // Past two seats, while takeback_by_ is set: who has still to answer and who has accepted.
    std::vector<int> takeback_waiting_;
    std::vector<int> takeback_accepted_;
    PerSeat<bool> rematch_offers_;
    std::optional<GameResult> result_;
    EventPtr last_move_event_;     // for recognising a resend
    int last_mover_ = 0;           // the seat that made the last move
    std::string last_move_sent_;   // the last move as its sender wrote it
    ClockState clock_before_move_; // as it was before the last move, to withdraw it
    EventLog log_;
    std::vector<EventPtr> produced_; // since the caller last took them
    std::uint64_t summary_revision_ = 0;

    // table.cpp
    void emit(TimePoint now, TableEventBody body);
    EventPtr emit_and_get(TimePoint now, TableEventBody body);
    ClockView clock_view(TimePoint now) const;
    std::vector<rules::MoveView> played_moves() const;
    Seat* seat_for(const PlayerId& player);
    const Seat* seat_for(const PlayerId& player) const;
    bool blocked_from(const PlayerId& player) const;
    rules::GameOptions game_options() const;
    void keep_chat_line(ChatLine line);
    bool all_seated() const;
    // How long the others wait before claiming the game of an absent player (abandonment_grace).
    std::optional<Millis> claim_grace() const;
    std::vector<Player> players() const;
    // Moves before the clocks run: each seat's first move (the first-move windows), but for the
    // seats that left before making theirs.
    std::size_t opening_moves() const {
        return static_cast<std::size_t>(seat_count() - unmoved_leavers_);
    }
    // table_play.cpp
    void start_game(TimePoint now);
    std::optional<TimePoint> first_move_deadline() const;
    bool end_on_time(TimePoint now, Millis measured_lag);
    void end_game(GameResult result, TimePoint now);
    // Closes the table (TableClosed with `reason`: "cancelled", "host-left").
    void close(TimePoint now, std::string reason);
    // A waiting table's host disconnected: when the table closes for it; else nullopt.
    std::optional<TimePoint> host_away_deadline() const;
    bool is_resend(int seat, int ply, std::string_view move) const;
    void record_move(int mover, const rules::MoveView& view, TimePoint now, Millis lag);
    GameResult result_of(const rules::Outcome& outcome) const;
    // table_actions.cpp
    rules::Result<int> playing_seat(const PlayerId& player) const;
    // The seat of a player in a two-player game that is on: draws (and two-seat takebacks).
    rules::Result<int> two_player_seat(const PlayerId& player, std::string_view what) const;
    // Takebacks past two seats: the requester's own last move and every move since.
    [[nodiscard]] Refusal request_group_takeback(int seat, TimePoint now);
    [[nodiscard]] Refusal answer_group_takeback(int seat, bool accept, TimePoint now);
    // table_leaving.cpp
    [[nodiscard]] Refusal leave_game(int seat, std::string reason, TimePoint now);
    // Retires in `game` (rebuilt move by move, `ply` moves played) every leave stored at that
    // ply, from leaves_[next] on; advances `next`. False if the rules refuse one.
    bool retire_stored(rules::Game& game, std::size_t ply, std::size_t& next) const;
    // Whether `seat` has made its first move of this game.
    bool has_moved(int seat) const;
    // After a leave at `at`: counts a seat that had not moved, and starts the clocks when that
    // leave completes the first moves.
    void opening_after_leave(bool had_moved, TimePoint at);
    [[nodiscard]] Refusal claim_abandonment_of_others(int claimant, TimePoint now);
    void end_by_flag(TimePoint now);
    [[nodiscard]] Refusal take_back(TimePoint now);
    bool withdraw_last_move();
    void start_rematch(TimePoint now);
    struct Replayed {
        std::unique_ptr<rules::Game> game;
        std::optional<rules::MoveView> last_move; // the last replayed move, none for 0 plies
        int last_mover;                           // the seat that made it
    };
    // With `movers`: the seat that made each replayed move, in order.
    rules::Result<Replayed> replay(std::size_t plies, std::vector<int>* movers = nullptr) const;
    // table_restore.cpp
    [[nodiscard]] Refusal replay_record(const TableSnapshot& record, TimePoint now);
    [[nodiscard]] Refusal replay_leaves(const TableSnapshot& record, std::size_t ply,
                                        std::size_t& next);
};

} // namespace lobby
