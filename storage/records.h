#pragma once
// Plain records that storage/ reads and writes. Storage knows no game types: variants, moves,
// results and speed categories are strings chosen by the layers above; times are wall-clock
// milliseconds (the same type as lobby::TimePoint).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace storage {

using Millis = std::chrono::milliseconds;
using TimePoint = std::chrono::sys_time<std::chrono::milliseconds>;

using UserId = std::int64_t;
using GameId = std::int64_t;
using LadderId = std::int64_t;
using ChallengeId = std::int64_t;

// An account. `name` keeps the spelling chosen at registration; uniqueness ignores case.
// `password_hash` is an encoded Argon2id string that carries its own parameters.
struct UserRow {
    UserId id = 0;
    std::string name;
    std::string password_hash;
    TimePoint created_at{};
    bool disabled = false;
};

// A login session. Only a hash of the token is ever stored.
struct SessionRow {
    std::string token_hash;
    UserId user_id = 0;
    TimePoint created_at{};
    TimePoint expires_at{};
    TimePoint last_seen_at{};
};

// Which rating: one per user, variant and speed category ("bullet", "blitz", ...).
struct RatingKey {
    UserId user_id = 0;
    std::string variant;
    std::string speed;

    friend bool operator==(const RatingKey&, const RatingKey&) = default;
};

// A Glicko-2 rating as stored: rating, deviation (RD) and volatility on the Glicko scale.
struct RatingRow {
    RatingKey key;
    double rating = 0;
    double deviation = 0;
    double volatility = 0;
    int games = 0;
    TimePoint updated_at{};
};

// A leaderboard line: the rating and the player's display name.
struct LeaderboardRow {
    RatingRow rating;
    std::string name;
};

// The ladder challenge a game decides. `challenger_user_id` is read from the challenge row
// (GameWriter::create_game does not write it: the challenge already says who challenged).
struct GameLadderLink {
    LadderId ladder_id = 0;
    ChallengeId challenge_id = 0;
    UserId challenger_user_id = 0;

    friend bool operator==(const GameLadderLink&, const GameLadderLink&) = default;
};

// One seat of a game (seat 0 moves as White in a game of two, seat 1 as Black). A guest has no
// user id, only a display name, and the hex SHA-256 of its reconnection token (never the token)
// so that the guest can take the seat back after a restart; the hash is cleared when the game
// ends. `place`: a finished game of more than two players, the seat's place (1 first;
// rules::Outcome::places); absent while unfinished and in a game of two, whose result says who
// won.
struct SeatRow {
    std::optional<UserId> user_id{};
    std::string name{};
    std::string guest_token_hash{}; // empty: not a guest, or no token
    std::optional<int> place{};

    friend bool operator==(const SeatRow&, const SeatRow&) = default;
};

// The most seats a game has (the halma family: rules/variant.h).
inline constexpr int max_seats = 6;

// One game with its seats in seat order (2 to max_seats). `result` is empty and `ended_at`
// absent while the game is unfinished.
struct GameRow {
    GameId id = 0;
    std::string variant;
    std::string start_position; // empty: the variant's start position
    std::string time_control;   // e.g. "300+3", "corr:3d"; the lobby's notation
    bool rated = false;
    std::string table_code;
    TimePoint started_at{};
    std::optional<TimePoint> ended_at;
    std::string result;      // e.g. "1-0", "0-1", "1/2-1/2"; empty while unfinished
    std::string termination; // e.g. "checkmate", "flag", "resign", "aborted"
    bool is_public = false;  // the table was listed in the lobby
    std::optional<GameLadderLink> ladder;
    std::vector<SeatRow> seats{}; // by seat index

    int seat_count() const { return static_cast<int>(seats.size()); }
    // The seat of `user` (the first, should it sit at several); nullopt: none.
    std::optional<int> seat_of(UserId user) const {
        for (std::size_t i = 0; i < seats.size(); ++i)
            if (seats[i].user_id == user)
                return static_cast<int>(i);
        return std::nullopt;
    }
};

// One move (ply counts from 1): the seat that made it, that seat's clock after it (a move
// changes no other seat's clock) and when it was made. A seat's clock stands where its last
// move (or its leave, LeaveRow::remaining) left it, or at the base time before its first move.
struct MoveRow {
    int ply = 0;
    std::string move;
    int seat = 0;
    Millis remaining{};
    TimePoint at{};

    friend bool operator==(const MoveRow&, const MoveRow&) = default;
};

// A player who left a game of more than two players before finishing (resigned, flagged,
// abandoned): `seat` left when `ply` moves had been played. rules::Game::retire says how a
// game is rebuilt from them: retire(seat) once ply() equals `ply`, before the move stored at
// that ply; leaves at one ply in the order they happened. `at` is when it left (wall clock) and
// `reason` why, in the lobby's words ("resign", "flag", "abandonment"; empty if unknown).
// `remaining` is the leaver's clock once it left, which stands still from then on (absent:
// unknown, as for a leave after the last move of a file from before schema version 8).
struct LeaveRow {
    int seat = 0;
    int ply = 0;
    TimePoint at{};
    std::string reason{};
    std::optional<Millis> remaining{};

    friend bool operator==(const LeaveRow&, const LeaveRow&) = default;
};

struct GameWithMoves {
    GameRow game;
    std::vector<MoveRow> moves;   // in ply order
    std::vector<LeaveRow> leaves; // in the order they happened; empty for two-player games
};

// How a game ended, as written by GameWriter::finish_game. `places`: games of more than two
// players, the place of every seat in seat order (rules::Outcome::places, stored in
// SeatRow::place); empty for two.
struct GameEnd {
    GameId game_id = 0;
    std::string result;
    std::string termination;
    TimePoint ended_at{};
    std::vector<int> places{};
};

// A page of a user's game history, newest first. Keyset paging: pass the last id of the
// previous page as `before_game_id` to get the next page.
struct HistoryQuery {
    int limit = 20;
    std::optional<GameId> before_game_id;
};

// A ladder: one variant and time control, challenges up to `max_rungs_up` rungs above,
// answered within `response_time`.
struct LadderRow {
    LadderId id = 0;
    std::string name;
    std::string variant;
    std::string time_control;
    int max_rungs_up = 5;
    Millis response_time{};
    std::optional<UserId> organiser_user_id; // absent: created by the operator
    TimePoint created_at{};
};

// A player's place on a ladder; rung 1 is the top.
struct LadderRungRow {
    UserId user_id = 0;
    std::string name;
    int rung = 0;
};

// Stored challenge states (fixed keys): "open", "accepted", "challenger_won",
// "challenger_lost", "forfeited" (the challenged player did not answer in time), "cancelled".
// `deadline_at`: while open, when the answer is due; once accepted, when the game must have
// started (its row stored, `game_id` set in the same transaction).
struct LadderChallengeRow {
    ChallengeId id = 0;
    LadderId ladder_id = 0;
    UserId challenger_user_id = 0;
    UserId challenged_user_id = 0;
    TimePoint created_at{};
    TimePoint deadline_at{};
    std::optional<GameId> game_id;
    std::string status = "open";
};

// One line of a player's ladder history: what happened and the rung before and after
// (0 = not on the ladder).
struct LadderHistoryRow {
    LadderId ladder_id = 0;
    UserId user_id = 0;
    TimePoint at{};
    std::string event; // e.g. "joined", "won_challenge", "moved_down", "removed"
    int rung_before = 0;
    int rung_after = 0;
    std::optional<ChallengeId> challenge_id;
};

// A challenge's change within a LadderChange: its deadline, game and status are written only
// while its stored status is still `from` (a challenge settled meanwhile refuses the change).
struct LadderChallengeUpdate {
    LadderChallengeRow row;
    std::string from;
};

// A change to one ladder, written in ONE transaction: the standings after it (absent: they do
// not change), the history lines it adds and the challenges it changes. Both or neither: a
// challenge no longer in its `from` status, or standings other than `computed_from`, refuse the
// whole change and nothing is written.
//
// `computed_from`: the standings (top first) the change was computed from, as they were read.
// Present, the change is written only while they are still the stored standings: a change
// computed from standings another writer has changed since (a join, a result's rung swap, a
// removal) would overwrite that writer's change, so it is refused, to be computed again from
// what is stored (LadderStore::apply_change). Absent, it is written whatever the standings are
// (an operator's save_standings, a game id set on a challenge).
struct LadderChange {
    LadderId ladder_id = 0;
    std::optional<std::vector<UserId>> top_first;
    std::vector<LadderHistoryRow> history;
    std::vector<LadderChallengeUpdate> challenges;
    std::optional<std::vector<UserId>> computed_from{};
};

// What decides a ladder challenge whose game has ended, all as stored when the end is written:
// the ladder, its standings top first, the challenge (still "accepted"), and the game as ended
// with the number of its moves.
struct LadderGameEnd {
    LadderRow ladder;
    std::vector<UserId> top_first;
    LadderChallengeRow challenge;
    GameRow game;
    int moves = 0;
};

// An accepted challenge with the newest game stored for it (none: its game never started).
struct AcceptedChallenge {
    LadderChallengeRow challenge;
    std::optional<GameRow> game;
    int moves = 0; // stored for that game
};

// One block: `user_id` does not want to play or hear from `blocked_user_id`.
struct BlockRow {
    UserId user_id = 0;
    UserId blocked_user_id = 0;
    std::string blocked_name;
    TimePoint created_at{};
};

} // namespace storage
