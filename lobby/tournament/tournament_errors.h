#pragma once
// The refusal codes of lobby/tournament/: stable snake_case strings, like lobby/errors.h.
// Every refusal of a tournament object changes nothing.

#include "lobby/errors.h"

#include <string_view>

namespace lobby::tournament {

namespace tournament_errc {
inline constexpr std::string_view bad_settings = "bad_settings";
inline constexpr std::string_view no_such_entrant = "no_such_entrant";
inline constexpr std::string_view already_entered = "already_entered";
inline constexpr std::string_view entry_closed = "entry_closed";
inline constexpr std::string_view withdrawn = "withdrawn";
inline constexpr std::string_view round_in_progress = "round_in_progress";
inline constexpr std::string_view tournament_over = "tournament_over";
inline constexpr std::string_view not_enough_players = "not_enough_players";
inline constexpr std::string_view no_such_round = "no_such_round";
inline constexpr std::string_view no_such_game = "no_such_game";
inline constexpr std::string_view bad_result = "bad_result";
inline constexpr std::string_view bad_pairing = "bad_pairing";
inline constexpr std::string_view bad_bye_request = "bad_bye_request";
inline constexpr std::string_view bad_forbidden_pair = "bad_forbidden_pair";
inline constexpr std::string_view not_started = "not_started";
inline constexpr std::string_view already_playing = "already_playing";
inline constexpr std::string_view too_late = "too_late";
inline constexpr std::string_view bad_trf = "bad_trf";
} // namespace tournament_errc

} // namespace lobby::tournament
