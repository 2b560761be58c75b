#pragma once
// The refusal codes of lobby/: stable snake_case strings shared with the WebSocket protocol.
// Clients switch on the code; people read the detail. Every refusal changes nothing.

#include "rules/result.h"

#include <optional>
#include <string>
#include <string_view>

namespace lobby {

using rules::Error;

// What a mutating call that returns no value answers: nothing on success, else the refusal.
using Refusal = std::optional<Error>;

namespace errc {
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
inline constexpr std::string_view rate_limited = "rate_limited";
inline constexpr std::string_view message_too_long = "message_too_long";
inline constexpr std::string_view empty_message = "empty_message";
inline constexpr std::string_view nothing_to_accept = "nothing_to_accept";
inline constexpr std::string_view nothing_to_claim = "nothing_to_claim";
inline constexpr std::string_view not_allowed = "not_allowed";
inline constexpr std::string_view too_early = "too_early";
inline constexpr std::string_view blocked = "blocked";
inline constexpr std::string_view cooldown = "cooldown";
inline constexpr std::string_view bad_setup = "bad_setup";
inline constexpr std::string_view no_such_table = "no_such_table";
inline constexpr std::string_view no_such_challenge = "no_such_challenge";
inline constexpr std::string_view no_such_player = "no_such_player";
inline constexpr std::string_view not_your_challenge = "not_your_challenge";
inline constexpr std::string_view table_closed = "table_closed";
inline constexpr std::string_view internal_error = "internal_error";
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
