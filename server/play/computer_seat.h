#pragma once
// The computer at one seat of a table (issue 13): when it is to move, it asks the engine's
// worker pool for a move and plays the answer at the table like any player's move (validated,
// stored, released with the clock). It answers the human's offers too: a takeback is granted
// (the games are casual), a draw offer declined, a rematch accepted. ComputerTable (below)
// holds every computer seated at one table: a table of more players can seat up to five.
//
// Threading: settled() and what the pool answers run on the table's strand only; the search
// runs on a worker thread of the pool, never on a network thread or a strand. The job in hand
// is cancelled (its ticket) as soon as the table moves past the position it was asked about:
// resign, abort, takeback, flag, the table closed. An answer that comes back for a job that
// is no longer the one in hand is dropped. Server stop: the pool cancels every job.

#include "engine/level.h"
#include "engine/worker_pool.h"
#include "lobby/player.h"
#include "lobby/time.h"
#include "rules/game.h"
#include "server/play/computer_players.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace server::play {

class LiveTable;

// What happened to one of the computer's searches, for logs and tests.
struct ComputerReport {
    enum class Kind : std::uint8_t {
        Started,   // a search was asked for
        Played,    // its move was played
        Cancelled, // the table moved on (or the server stops): the job was cancelled
        Dropped,   // an answer came back for a job no longer in hand: nothing was played
        Failed     // the engine or the table refused: the computer resigned
    };
    Kind kind = Kind::Started;
    std::string table;
    std::size_t ply = 0; // plies played before the computer's move
    std::string move;    // Played: the move
};

struct ComputerOptions {
    // Worker threads that search (0: the server offers no computer opponent).
    std::size_t threads = 1;
    // The binary whose `engine-worker` runs the searches in a process of their own
    // (engine/search_process.h; the server passes "/proc/self/exe"). Empty: they run on the
    // pool's threads in this process.
    std::string search_process;
    // The longest one move may take, whatever the clock: a game with days on the clock gets
    // this as its time per move instead of a thirtieth of the days.
    lobby::Millis max_think = std::chrono::seconds(10);
    // Told of every search (on table strands: must be thread-safe). Empty: nobody.
    std::function<void(const ComputerReport&)> report;
    // Games against the computer at once (unfinished tables with a computer seated): for one
    // player, for the players of one IP address, and on the whole server (issue 34; config
    // keys computer_games_per_player, computer_games_per_address, computer_games). One more
    // create_table is refused with too_many_computer_games (docs/protocol.md section 7.14).
    std::size_t max_games_per_player = 3;
    std::size_t max_games_per_address = 12;
    std::size_t max_games = 200;
};

// The pool the computer's searches queue in (null when `threads` is 0): `threads` threads and
// the quick lane's one, running the searches themselves or, with `search_process`, waiting for
// the search process, which then runs as many at once.
std::shared_ptr<engine::WorkerPool> make_computer_pool(const ComputerOptions& options);

class ComputerSeat final : public std::enable_shared_from_this<ComputerSeat> {
public:
    // `owner` names the player whose game it is: the pool serves owners in turn.
    ComputerSeat(std::shared_ptr<engine::WorkerPool> pool, engine::Level level,
                 lobby::Player player, std::uint64_t seed, std::string owner,
                 const ComputerOptions& options);

    const lobby::Player& player() const { return player_; }
    // On the table's strand after every change that is settled (no move being written):
    // starts, keeps or cancels the search, and answers the human's offers. A computer whose
    // seat has finished or left is never to move again and is simply not asked.
    void settled(LiveTable& live_table);

private:
    struct Job {
        std::uint64_t serial = 0;
        int game_number = 0;
        std::size_t ply = 0;
        std::shared_ptr<engine::Ticket> ticket;
    };

    std::weak_ptr<engine::WorkerPool> pool_;
    engine::Level level_;
    lobby::Player player_;
    lobby::Millis max_think_;
    std::function<void(const ComputerReport&)> report_;
    std::uint64_t seed_;
    std::string owner_;
    std::optional<Job> job_;
    std::uint64_t serials_ = 0;
    std::uint64_t answered_version_ = 0; // offers are looked at once per table version

    void answer_offers(LiveTable& live_table, int seat);
    void start(LiveTable& live_table);
    void cancel(LiveTable& live_table);
    engine::Request request_for(LiveTable& live_table, int seat) const;
    void answered(LiveTable& live_table, std::uint64_t serial,
                  const rules::Result<engine::Choice>& result);
    void tell(ComputerReport::Kind kind, std::string table, std::size_t ply,
              std::string move = {}) const;
};

// Every computer seated at one table, behind the table's one settled hook
// (LiveTable::set_settled_hook): a ComputerSeat for each computer player (computer_level()
// knows its id) found in a seat, each moving for its own seat only, so at most one searches at
// a time (the one to move). Seats are looked for again whenever the table's version changes,
// so a computer seated after the hook was set (the create request seats them after attaching,
// a restart attaches once per computer seat) is found; installing the hook again replaces the
// previous one, which held no search yet.
class ComputerTable final {
public:
    // `owner`: the player whose game it is (the creator), for the pool's turns.
    ComputerTable(std::shared_ptr<engine::WorkerPool> pool, std::uint64_t seed, std::string owner,
                  ComputerOptions options);

    void settled(LiveTable& live_table);

private:
    std::weak_ptr<engine::WorkerPool> pool_;
    std::uint64_t seed_;
    std::string owner_;
    ComputerOptions options_;
    std::vector<std::shared_ptr<ComputerSeat>> seats_;
    std::optional<std::uint64_t> scanned_version_;

    void find_seats(LiveTable& live_table);
};

} // namespace server::play
