#pragma once
// The game service's JSON: lobby values (setups, players, clocks, boards, table summaries and
// states, table and lobby events) as the protocol sends them (docs/protocol.md, section 7).
// Every seat is its index (lobby/seats.h), at a table of two seats as at a table of more: a
// single value is the index, a value per seat an array by index (docs/protocol.md 7.1).
// Times are milliseconds: durations as integers, instants as Unix milliseconds.
//
// Each value is written in one place, a write_* function, straight into the message's text
// (protocol::JsonText): no JSON document is built for a message the server sends (issue 11).
// The *_json functions give the same values as documents, for the few replies still composed
// as one (a welcome, the lobby's list) and for tests.

#include "lobby/challenges.h"
#include "lobby/lobby_events.h"
#include "lobby/table_events.h"
#include "lobby/table_state.h"
#include "server/protocol/json_text.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace server::play {

using json = nlohmann::json;
using protocol::JsonText;

std::int64_t unix_ms(lobby::TimePoint at);

void write_time_control(JsonText& out, const lobby::TimeControl& control);
void write_setup(JsonText& out, const lobby::TableSetup& setup);
void write_player(JsonText& out, const lobby::Player& player);
void write_players(JsonText& out, const std::vector<lobby::Player>& players);
// {"remaining_ms": [by seat], "to_move": seat, "running", "at", "turn_started"}.
void write_clocks(JsonText& out, const lobby::ClockView& clocks);
void write_board(JsonText& out, const rules::BoardView& board);
// A move played, with its `display`.
void write_move(JsonText& out, const rules::MoveView& move);
// Legal moves: each a Move without `display` (docs/protocol.md 7.1).
void write_legal_moves(JsonText& out, const std::vector<rules::MoveView>& moves);
// {"kind": "win"|"draw"|"ranked"|"aborted", "winner": seat (a win) or null, "places": [place by
// seat] (ranked) or null, "reason", "did_not_start": seat or null}.
void write_result(JsonText& out, const lobby::GameResult& result);
void write_summary(JsonText& out, const lobby::TableSummary& summary);
// A table's state; `game_id` is the stored game's, which only the server knows (null: not
// stored, or not yet).
void write_state(JsonText& out, const lobby::TableState& state,
                 std::optional<std::int64_t> game_id);
void write_challenge(JsonText& out, const lobby::Challenge& challenge);
// A challenge to a table of more than two: {"id","group":true,"from","to" (ids),"to_names",
// "accepted" (ids, in the order they did),"setup","expires_at"} (docs/protocol.md 7.9).
void write_group_challenge(JsonText& out, const lobby::GroupChallenge& challenge);

// The same values as documents.
json player_json(const lobby::Player& player);
json clock_json(const lobby::ClockView& clocks);
json result_json(const lobby::GameResult& result);
json summary_json(const lobby::TableSummary& summary);
json challenge_json(const lobby::Challenge& challenge);
json group_challenge_json(const lobby::GroupChallenge& challenge);

// {"t":"table_event","table":code,"version":v,"at":ms,"event":{"type":...,...}}, serialized
// once for every seat and spectator.
std::shared_ptr<const std::string> table_event_message(const std::string& code,
                                                       const lobby::TableEvent& event);
// A `game_ended` event with the id of the stored game (`game_id`, for /api/games/<id>.pgn), which
// only the server knows: the table's event has no id.
std::shared_ptr<const std::string>
ended_event_message(const std::string& code, const lobby::TableEvent& event, std::int64_t game_id);
// The lobby's pushes ("lobby_table", "lobby_table_gone", "matched" with its `players` by seat,
// "challenge", "challenge_gone"), serialized once.
std::shared_ptr<const std::string> lobby_event_message(const lobby::LobbyEvent& event);
// The pushes of games of more than two seats ("group_matched", "group_challenge"), serialized
// once for all the players concerned.
std::shared_ptr<const std::string> group_event_message(const lobby::GroupEvent& event);

// A reply's first members: {"t":type,"id":id (left out when null), ...; the caller writes the
// rest and closes the object.
void begin_reply(JsonText& out, std::string_view type, const json& id);

// Serializes a reply, replacing invalid UTF-8 echoed from a client instead of throwing.
std::shared_ptr<const std::string> shared_text(const json& message);
// {"t":type,"id":id,...fields}; `id` left out when null.
json reply(std::string_view type, const json& id);

} // namespace server::play
