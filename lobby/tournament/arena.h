#pragma once
// An arena tournament (issue 38, as lichess's): a fixed duration [starts, ends); players join
// and pause at any time; a player whose game ended waits and is paired again at the next
// pairing wave. Scoring: arena_scoring.h.
//
// - join: enters, or comes back from a pause (refused once the arena is over).
// - pause: a waiting player stops waiting; a playing one stops after the game. The score stays.
// - pair_waiting(now): one pairing wave, called by the owner when a game ends and on a short
//   timer. The waiting players are ranked (score, then rating, then entry order) and paired
//   greedily down the ranking: each player not yet paired takes the first player below them
//   not yet paired whom they may meet, that is, neither was the other's opponent in their
//   last game. The bound (tested): the only players skipped over are ones they may not meet,
//   and at most two players are left waiting after a wave, one for an odd count or two who
//   may not meet (three cannot all be barred from each other: that would need three "last
//   games" each later than the other two). Nobody is paired before `starts` or from `ends` on.
//   White goes to the player with fewer whites than blacks so far, then to the one who had
//   Black last, then to the higher ranked.
// - berserk: before their first move (`own_moves_played` 0) a player halves their own clock
//   and gives up the increment (lobby/game_clock.h, berserk_time_control); answers the
//   player's new time control.
// - add_game: a game paired earlier, given back when the arena is rebuilt from storage (the
//   server replays its stored waves in order, each game finished as soon as its result is
//   known: a player's games are consecutive, so their streak and last opponent come out as
//   they were).
// - finish_game: scores the game; games running at the end still finish and count, and the
//   standings are final (`final`) when the last one has ended.
// Time is passed in; ids of games are the arena's own (1, 2, ...). Single-threaded; every
// refusal changes nothing.

#include "lobby/errors.h"
#include "lobby/player.h"
#include "lobby/time.h"
#include "lobby/time_control.h"
#include "lobby/tournament/arena_scoring.h"
#include "rules/result.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace lobby::tournament {

using ArenaGameId = std::int64_t;

struct ArenaSettings {
    TimePoint starts{};
    TimePoint ends{};
    TimeControl time_control; // with a total time (berserk halves it)
};

enum class ArenaState : std::uint8_t { Waiting, Playing, Paused };

struct ArenaPlayer {
    PlayerId id;
    int rating = 0;
    int entry = 0; // order of entry
    ArenaState state = ArenaState::Waiting;
    bool pause_after_game = false;
    int points = 0;
    int streak = 0;
    int whites = 0;
    int blacks = 0;
    std::optional<bool> last_was_white;
    std::optional<PlayerId> last_opponent;
    std::vector<int> sheet; // points of each finished game, oldest first
};

struct ArenaGame {
    ArenaGameId id = 0;
    PlayerId white;
    PlayerId black;
    bool white_berserk = false;
    bool black_berserk = false;
    bool finished = false;
};

// `Neither`: both lose (a game aborted before it was played, scored as a double forfeit).
struct ArenaResult {
    enum class Winner : std::uint8_t { White, Black, Draw, Neither } winner = Winner::Draw;
    int white_moves = 0;
    int black_moves = 0;
};

class Arena {
public:
    static rules::Result<Arena> create(ArenaSettings settings);

    const ArenaSettings& settings() const { return settings_; }
    const std::vector<ArenaPlayer>& players() const { return players_; } // entry order
    const ArenaPlayer* player(std::string_view id) const;
    const ArenaGame* game(ArenaGameId id) const;
    bool over(TimePoint now) const { return now >= settings_.ends; }
    bool final(TimePoint now) const; // over and no game running

    Refusal join(const PlayerId& id, int rating, TimePoint now);
    Refusal pause(std::string_view id);
    std::vector<ArenaGame> pair_waiting(TimePoint now);
    // Refused ("no_such_entrant", "already_playing") for a player not entered or playing, or a
    // player against themselves ("bad_pairing").
    rules::Result<ArenaGameId> add_game(const PlayerId& white, const PlayerId& black);
    rules::Result<TimeControl> berserk(ArenaGameId game, std::string_view id, int own_moves_played);
    Refusal finish_game(ArenaGameId game, const ArenaResult& result);

    // Players by points, then rating, then entry order.
    std::vector<const ArenaPlayer*> standings() const;

private:
    explicit Arena(ArenaSettings settings) : settings_(settings) {}
    ArenaPlayer* find(std::string_view id);
    ArenaGame* find_game(ArenaGameId id);
    void settle(ArenaPlayer& p, ArenaGameOutcome outcome, bool berserk, int own_moves, int plies,
                const PlayerId& opponent, bool white);

    ArenaSettings settings_;
    std::vector<ArenaPlayer> players_;
    std::vector<ArenaGame> games_;
    int running_ = 0;
};

} // namespace lobby::tournament
