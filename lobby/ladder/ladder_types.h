#pragma once
// The values a ladder works with: rules, challenges and the rung changes to store.

#include "lobby/time.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace lobby::ladder {

using PlayerId = std::int64_t; // an account id
using ChallengeId = std::int64_t;

struct LadderRules {
    int max_rungs_up = 5;        // challenge at most this many rungs above
    int max_open_challenges = 2; // open or accepted challenges a player may have made
    Millis response_time = std::chrono::hours(72);
    // An accepted challenge's game must start (be stored) within this, else the challenge is
    // cancelled. The server stores a game's row within seconds, or aborts the game (issue 34).
    Millis start_time = std::chrono::minutes(10);
};

// Stored by key (status_key): "open", "accepted", "challenger_won", "challenger_lost",
// "forfeited", "cancelled".
enum class ChallengeStatus : std::uint8_t {
    Open,
    Accepted,
    ChallengerWon,
    ChallengerLost, // a loss or a draw: the challenged player held the rung
    Forfeited,      // not accepted in time: counts as the challenger's win
    Cancelled,      // withdrawn, its game never started, or a player left the ladder
};
std::string_view status_key(ChallengeStatus status);
std::optional<ChallengeStatus> status_from_key(std::string_view key);

enum class ChallengeResult : std::uint8_t {
    ChallengerWon,
    ChallengerLostOrDrew,
    // The game decided nothing: the server could not store it and aborted it. The challenge is
    // cancelled, so neither player is left holding a challenge no game can settle, and the
    // challenger may make it again.
    NoResult,
};

struct Challenge {
    ChallengeId id = 0;
    PlayerId challenger = 0;
    PlayerId challenged = 0;
    TimePoint created{};
    // Open: accept before this. Accepted: the game must have started before this.
    TimePoint deadline{};
    ChallengeStatus status = ChallengeStatus::Open;
    bool started = false; // accepted, and its game has started (stored)
};

// One line of a player's ladder history. Rung 0 means "not on the ladder". Events:
// "joined", "won_challenge", "won_by_forfeit", "lost_challenge", "defended", "lost_defence",
// "forfeited", "moved_down", "moved_up", "removed".
struct RungChange {
    PlayerId player = 0;
    int rung_before = 0;
    int rung_after = 0;
    std::string_view event;
    std::optional<ChallengeId> challenge;
    TimePoint at{};
};

// What one action did: the challenge it settled (if any), history lines, challenges cancelled.
struct LadderUpdate {
    std::optional<Challenge> challenge;
    std::vector<RungChange> changes;
    std::vector<Challenge> cancelled;
};

} // namespace lobby::ladder
