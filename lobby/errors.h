#pragma once
// The error codes of the WebSocket protocol, one list for every layer that refuses a message
// (the envelope in server/protocol/, the lobby and tables here, the game service in
// server/play/): stable snake_case strings that clients switch on, while people read the detail.
// docs/protocol.md lists the same codes in section 4 (the envelope's) and 7.12 (the games');
// tests/lobby/error_codes_test.cpp checks that the two lists agree. Every refusal changes nothing.

#include "rules/result.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace lobby {

using rules::Error;

// What a mutating call that returns no value answers: nothing on success, else the refusal.
using Refusal = std::optional<Error>;

namespace errc {
// The envelope (docs/protocol.md section 4).
inline constexpr std::string_view bad_json = "bad_json";
inline constexpr std::string_view bad_message = "bad_message";
inline constexpr std::string_view unknown_type = "unknown_type";
inline constexpr std::string_view message_too_large = "message_too_large";
inline constexpr std::string_view rate_limited = "rate_limited";
inline constexpr std::string_view internal_error = "internal_error";
// Lobby, tables and games (section 7.12).
inline constexpr std::string_view not_your_turn = "not_your_turn";
inline constexpr std::string_view stale_ply = "stale_ply";
inline constexpr std::string_view illegal_move = "illegal_move";
inline constexpr std::string_view game_over = "game_over";
inline constexpr std::string_view not_seated = "not_seated";
inline constexpr std::string_view table_full = "table_full";
inline constexpr std::string_view not_started = "not_started";
inline constexpr std::string_view already_started = "already_started";
inline constexpr std::string_view bad_join_code = "bad_join_code";
inline constexpr std::string_view not_host = "not_host";
inline constexpr std::string_view already_seated = "already_seated";
inline constexpr std::string_view message_too_long = "message_too_long";
inline constexpr std::string_view empty_message = "empty_message";
inline constexpr std::string_view nothing_to_accept = "nothing_to_accept";
inline constexpr std::string_view nothing_to_claim = "nothing_to_claim";
inline constexpr std::string_view not_allowed = "not_allowed";
inline constexpr std::string_view too_early = "too_early";
inline constexpr std::string_view blocked = "blocked";
inline constexpr std::string_view cooldown = "cooldown";
inline constexpr std::string_view bad_setup = "bad_setup";
inline constexpr std::string_view no_such_challenge = "no_such_challenge";
inline constexpr std::string_view no_such_player = "no_such_player";
inline constexpr std::string_view not_your_challenge = "not_your_challenge";
inline constexpr std::string_view table_closed = "table_closed";
inline constexpr std::string_view storage_failed = "storage_failed";
inline constexpr std::string_view too_many_computer_games = "too_many_computer_games";

// Every code above, once.
inline constexpr std::array all{
    bad_json,         bad_message,    unknown_type,       message_too_large,
    rate_limited,     internal_error, not_your_turn,      stale_ply,
    illegal_move,     game_over,      not_seated,         table_full,
    not_started,      already_started, bad_join_code,     not_host,
    already_seated,   message_too_long, empty_message,    nothing_to_accept,
    nothing_to_claim, not_allowed,    too_early,          blocked,
    cooldown,         bad_setup,      no_such_challenge,
    no_such_player,   not_your_challenge, table_closed,   storage_failed,
    too_many_computer_games,
};
} // namespace errc

// Builds a refusal with a code from errc and a detail written for the player.
inline Error refuse(std::string_view code, std::string detail) {
    return Error{std::string(code), std::move(detail)};
}

// The refusal for a challenge (one-to-one or group) that was withdrawn, answered or expired.
inline Error challenge_gone() {
    return refuse(errc::no_such_challenge, "this challenge is gone or has expired");
}

} // namespace lobby
