#pragma once
// The game service's JSON: lobby values (setups, players, clocks, boards, table summaries and
// states, table and lobby events) as the protocol sends them (docs/protocol.md, section 7).
// Seats are indices (lobby/seats.h); a two-seat table names them by colour as it always did,
// a table of more by index (docs/protocol.md 7.6).
// Times are milliseconds: durations as integers, instants as Unix milliseconds.

#include "lobby/challenges.h"
#include "lobby/lobby_events.h"
#include "lobby/table_events.h"
#include "lobby/table_state.h"

#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace server::play {

using json = nlohmann::json;

std::string_view color_name(lobby::Color color); // "white" / "black"
// The colour of a seat of a two-seat table: seat 0 "white", seat 1 "black".
std::string_view seat_color_name(int seat);
// A seat as the protocol names it: its colour at a two-seat table, its index at a table of more.
json seat_json(int seat, int seats);
std::int64_t unix_ms(lobby::TimePoint at);

json time_control_json(const lobby::TimeControl& control);
json setup_json(const lobby::TableSetup& setup);
json player_json(const lobby::Player& player);
// Two seats: white_ms, black_ms, to_move (a colour); more: seats_ms (by seat), seat_to_move.
json clock_json(const lobby::ClockView& clocks);
json board_json(const rules::BoardView& board);
json move_json(const rules::MoveView& move);
// Legal moves: each a Move without `display` (docs/protocol.md 7.1).
json moves_json(const std::vector<rules::MoveView>& moves);
// Moves played (the state's `history`): each a Move with its `display`.
json played_moves_json(const std::vector<rules::MoveView>& moves);
// `seats`: of the table; past two, did_not_start_seat and places replace did_not_start.
json result_json(const lobby::GameResult& result, int seats = 2);
json summary_json(const lobby::TableSummary& summary);
json state_json(const lobby::TableState& state);
json challenge_json(const lobby::Challenge& challenge);
// A challenge to a table of more than two: {"id","group":true,"from","to" (ids),"to_names",
// "accepted" (ids, in the order they did),"setup","expires_at"} (docs/protocol.md 7.5).
json group_challenge_json(const lobby::GroupChallenge& challenge);

// {"t":"table_event","table":code,"version":v,"at":ms,"event":{"type":...,...}}, serialized
// once for every seat and spectator.
std::shared_ptr<const std::string> table_event_message(const std::string& code,
                                                       const lobby::TableEvent& event);
// The same through a JSON DOM for every event; table_event_message writes a two-seat move
// event (the one sent on every move) directly instead (move_event_text.h). For tests that compare the two.
std::shared_ptr<const std::string> table_event_message_dom(const std::string& code,
                                                           const lobby::TableEvent& event);
// An `ended` event with the id of the stored game (`game_id`, for /api/games/<id>.pgn), which
// only the server knows: the table's event has no id.
std::shared_ptr<const std::string>
ended_event_message(const std::string& code, const lobby::TableEvent& event, std::int64_t game_id);
// The lobby's pushes ("lobby_table", "lobby_table_gone", "matched", "challenge",
// "challenge_gone"), serialized once.
std::shared_ptr<const std::string> lobby_event_message(const lobby::LobbyEvent& event);
// The pushes of games of more than two seats ("group_matched", "group_challenge"), serialized
// once for all the players concerned.
std::shared_ptr<const std::string> group_event_message(const lobby::GroupEvent& event);

// Serializes a reply, replacing invalid UTF-8 echoed from a client instead of throwing.
std::shared_ptr<const std::string> shared_text(const json& message);
// {"t":type,"id":id,...fields}; `id` left out when null.
json reply(std::string_view type, const json& id);

} // namespace server::play
