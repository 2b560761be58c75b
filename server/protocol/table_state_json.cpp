#include "server/protocol/table_state_json.h"

#include "server/protocol/values_json.h"

namespace server::protocol {

namespace {

void write_seat_view(JsonText& out, const std::optional<lobby::SeatView>& seat) {
    if (!seat)
        return out.value(nullptr);
    out.begin_object();
    write_player_members(out, seat->player);
    out.member("connected", seat->connected);
    out.key("disconnected_since");
    write_time(out, seat->disconnected_since);
    out.member("retired", seat->retired);
    if (seat->retired)
        out.member("left_reason", seat->left_reason);
    out.end_object();
}

// A chat line kept for (re)joining clients: the chat event's fields and when it was posted.
void write_chat_line(JsonText& out, const lobby::ChatLine& line) {
    out.begin_object();
    out.member("from", line.from);
    out.member("display_name", line.display_name);
    out.member("spectator", line.spectator);
    out.member("text", line.text);
    out.member("at", unix_ms(line.at));
    out.end_object();
}

} // namespace

void write_state(JsonText& out, const lobby::TableState& state,
                 std::optional<std::int64_t> game_id) {
    out.begin_object();
    write_table_heading(out, state);
    out.key("seats");
    write_per_seat(out, state.seats,
                   [&](const std::optional<lobby::SeatView>& seat) { write_seat_view(out, seat); });
    out.key("spectators");
    write_players(out, state.spectators);
    out.member("start_position", state.start_position);
    write_play_view(out, "position", &state.position, &state.board, state.legal_moves,
                    state.clocks);
    out.member("ply", state.moves.size());
    out.key("moves");
    write_strings(out, state.moves);
    out.key("moves_display");
    write_strings(out, state.moves_display);
    out.key("history");
    out.begin_array();
    for (const auto& move : state.history)
        write_move(out, move);
    out.end_array();
    out.key("last_move");
    out.optional_value(state.last_move, [&](const rules::MoveView& m) { write_move(out, m); });
    out.key("first_move_deadline");
    write_time(out, state.first_move_deadline);
    out.member("to_move", state.clocks.to_move);
    out.member("draw_offer", state.draw_offer);
    out.member("takeback_request", state.takeback_request);
    out.key("takeback_accepted");
    out.numbers(state.takeback_accepted);
    out.key("takeback_waiting");
    out.numbers(state.takeback_waiting);
    out.key("rematch_offers");
    write_per_seat(out, state.rematch_offers, [&](bool offered) { out.value(offered); });
    out.key("result");
    out.optional_value(state.result, [&](const lobby::GameResult& r) { write_result(out, r); });
    out.key("chat");
    out.begin_array();
    for (const auto& line : state.chat)
        write_chat_line(out, line);
    out.end_array();
    out.key("started_at");
    write_time(out, state.started_at);
    out.member("version", state.version);
    out.member("game_id", game_id);
    out.end_object();
}

} // namespace server::protocol
