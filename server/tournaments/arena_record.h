#pragma once
// Between the stored rows of an arena tournament and the pure arena of lobby/tournament/arena.h,
// as tournament_record.h is for Swiss and round robin: the arena is rebuilt from its rows every
// time it is read, so its standings are always those of the results that were committed (a
// game's end and the standings change in the game writer's one transaction).
//
// How an arena is stored (storage/tournament_store.h, no table of its own):
// - Its duration is the row's `duration`; it runs from its start (`started_at`, or `starts_at`
//   before it has started) for that long: `arena_ends_at`.
// - Each pairing wave is a stored round (1, 2, ...), its games that round's boards, White
//   first; a wave with no game is not stored. A game's result is its game row's, or the
//   pairing's own outcome (a no-show's forfeit, a game aborted before it was played).
// - A pause is the entry's `paused` flag; an entry withdrawn before the start is no player.
// - A berserk is a history line, event "berserk", by the player, detail "round R board B"
//   (arena_berserk_detail), written before the live table is asked to apply it, and read back
//   to score the game and, after a restart, to apply it again to the restored table's clock.
//   When the table refuses it (the player has moved, the game is over), a line "berserk_void"
//   of the same player and detail cancels it. So a crash between the line and the table's
//   answer leaves the berserk the player asked for, applied to the table when it is restored.
// - The moves each side made in a finished game (for the berserk bonus and the quick draw,
//   arena_scoring.h) are read from the game's stored moves through `MovesOf`.
// Replaying: every entry joins, then the waves in order, each game finished as soon as its
// result is known (a player's games follow one another, so streaks and last opponents come
// out as they were), then the pauses. Pure functions; no I/O.

#include "lobby/tournament/arena.h"
#include "rules/result.h"
#include "storage/tournament_records.h"

#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace server::tournaments {

inline constexpr std::string_view arena_format = "arena";
inline constexpr std::string_view berserk_event = "berserk";
inline constexpr std::string_view berserk_void_event = "berserk_void";

// Arena durations: from one minute to a day.
inline constexpr storage::Millis arena_shortest{60'000};
inline constexpr storage::Millis arena_longest{86'400'000};

storage::TimePoint arena_ends_at(const storage::TournamentRow& row);

// (round, board, user) of every berserk in the history that no later "berserk_void" cancels.
using ArenaBerserks = std::set<std::tuple<int, int, storage::UserId>>;
ArenaBerserks arena_berserks(const std::vector<storage::TournamentHistoryRow>& history);
std::string arena_berserk_detail(int round, int board);

struct ArenaMoves {
    int white = 0;
    int black = 0;
};
using MovesOf = std::function<ArenaMoves(storage::GameId)>;

struct ArenaReplay {
    lobby::tournament::Arena arena;
    // By arena game id - 1: the stored (round, board) of the game.
    std::vector<std::pair<int, int>> boards;
};

// bad_pairing when a stored wave names someone who is not a player or who was playing then;
// bad_settings for a row that makes no arena.
rules::Result<ArenaReplay> arena_of(const storage::TournamentRow& row,
                                    const std::vector<storage::TournamentEntryRow>& entries,
                                    const std::vector<storage::TournamentRoundRow>& rounds,
                                    const ArenaBerserks& berserks, const MovesOf& moves_of);

// The player's id in the arena (its account id, as the Swiss record's) and back.
lobby::PlayerId arena_player_id(storage::UserId user);
storage::UserId arena_user_of(const lobby::PlayerId& player);

// An arena as shown: each player with what the standings show, best first.
struct ArenaStanding {
    int rank = 0;
    storage::UserId user = 0;
    std::string name;
    int rating = 0;
    int points = 0;
    int streak = 0;         // wins in a row; from 2 on the next win counts double ("on fire")
    std::vector<int> sheet; // points of each finished game, oldest first
    bool paused = false;    // not paired (after the game in progress, if any)
    bool playing = false;
};
struct ArenaView {
    storage::TimePoint ends_at{};
    std::vector<ArenaStanding> standings;
    ArenaBerserks berserks;
};

ArenaView arena_view(const ArenaReplay& replay,
                     const std::vector<storage::TournamentEntryRow>& entries,
                     storage::TimePoint ends_at, ArenaBerserks berserks);

} // namespace server::tournaments
