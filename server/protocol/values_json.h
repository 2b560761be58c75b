#pragma once
// The lobby's values as the protocol writes them (docs/protocol.md, section 7): setups,
// players, clocks, boards, moves, results, table summaries, challenges, and the position a
// client plays from. Every seat is its index (lobby/seats.h), at a table of two seats as at a
// table of more: a single value is the index, a value per seat an array by index
// (docs/protocol.md 7.1). Times are milliseconds: durations as integers, instants as Unix
// milliseconds.
//
// Each value is written in one place, a write_* function, straight into the message's text
// (JsonText): no JSON document is built for a message the server sends (issue 11). The *_json
// functions give the same values as documents, for the few replies still composed as one (a
// welcome, the lobby's list) and for tests. The messages that carry these values are written
// beside them: table_state_json.h, table_events_json.h, lobby_events_json.h, replies_json.h.

#include "lobby/challenges.h"
#include "lobby/group_challenges.h"
#include "lobby/table_events.h"
#include "lobby/table_state.h"
#include "server/protocol/json_text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace server::protocol {

std::int64_t unix_ms(lobby::TimePoint at);

// One value per seat: an array by seat index, at every table (docs/protocol.md 7.1).
template <class T, class Write>
void write_per_seat(JsonText& out, const lobby::PerSeat<T>& seats, Write write) {
    out.begin_array();
    for (const T& seat : seats)
        write(seat);
    out.end_array();
}

// An instant, or null.
void write_time(JsonText& out, const std::optional<lobby::TimePoint>& at);
void write_strings(JsonText& out, const std::vector<std::string>& strings);

void write_time_control(JsonText& out, const lobby::TimeControl& control);
void write_setup(JsonText& out, const lobby::TableSetup& setup);
// {"id","name","registered","rating"}: of the identity only whether there is an account (the
// account's number is storage's, a guest's token hash a secret: docs/protocol.md, "Players").
void write_player(JsonText& out, const lobby::Player& player);
// The same members without the braces, for a seat's view, which adds its own after them.
void write_player_members(JsonText& out, const lobby::Player& player);
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

// The position a client plays from, written alike by every message that sets it (game_started,
// move_played, takeback_done, player_retired and the table's state): the FEN under
// `position_key` and the `board` when given, then `legal_moves` and `clocks`. A board left out
// of an older event that resync replays (lobby/event_log.h) is null. A leave changes no
// position: player_retired gives neither.
void write_play_view(JsonText& out, std::string_view position_key, const std::string* position,
                     const rules::BoardView* board, const std::vector<rules::MoveView>& legal_moves,
                     const lobby::ClockView& clocks);

// The members a table's summary and its state begin with: its code and link, setup, host,
// status and game number.
template <class TableView> void write_table_heading(JsonText& out, const TableView& table) {
    out.member("code", table.code);
    out.member("link", "/t/" + table.code);
    out.key("setup");
    write_setup(out, table.setup);
    out.key("host");
    write_player(out, table.host);
    out.member("status", lobby::status_name(table.status));
    out.member("game_number", table.game_number);
}

void write_summary(JsonText& out, const lobby::TableSummary& summary);
void write_challenge(JsonText& out, const lobby::Challenge& challenge);
// A challenge to a table of more than two: {"id","group":true,"from","to" (ids),"to_names",
// "accepted" (ids, in the order they did),"setup","expires_at"} (docs/protocol.md 7.9).
void write_group_challenge(JsonText& out, const lobby::GroupChallenge& challenge);

// The same values as documents.
nlohmann::json player_json(const lobby::Player& player);
nlohmann::json clock_json(const lobby::ClockView& clocks);
nlohmann::json result_json(const lobby::GameResult& result);
nlohmann::json summary_json(const lobby::TableSummary& summary);
nlohmann::json challenge_json(const lobby::Challenge& challenge);
nlohmann::json group_challenge_json(const lobby::GroupChallenge& challenge);

} // namespace server::protocol
