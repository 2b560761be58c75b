#include "server/protocol/values_json.h"

#include "rules/variant.h"

namespace server::protocol {

using json = nlohmann::json;

namespace {

void write_seats(JsonText& out, const lobby::PerSeat<std::optional<lobby::Player>>& seats) {
    write_per_seat(out, seats, [&](const std::optional<lobby::Player>& player) {
        out.optional_value(player, [&](const lobby::Player& p) { write_player(out, p); });
    });
}

// A value written by `write` as a document, for the replies still composed as one.
template <class Write> json as_json(Write write) {
    JsonText out;
    write(out);
    return json::parse(out.view());
}

// A Move (docs/protocol.md): with its display for a move played, without for a legal move.
// Written in one piece, since a move event carries some forty legal moves (issue 11).
void write_move_object(JsonText& out, const rules::MoveView& move, bool with_display) {
    constexpr std::size_t punctuation = 29;  // {"captures": ,"move": ,"path": }
    constexpr std::size_t display_name = 11; // ,"display":
    std::size_t most = punctuation + JsonText::numbers_room(move.captures.size()) +
                       JsonText::string_room(move.notation.size()) +
                       JsonText::numbers_room(move.path.size());
    if (with_display)
        most += display_name + JsonText::string_room(move.display.size());
    out.value_in_one_piece(most, [&move, with_display](char* p) {
        p = JsonText::put_raw(p, "{\"captures\":");
        p = JsonText::put_numbers(p, move.captures);
        if (with_display) {
            p = JsonText::put_raw(p, ",\"display\":");
            p = JsonText::put_string(p, move.display);
        }
        p = JsonText::put_raw(p, ",\"move\":");
        p = JsonText::put_string(p, move.notation);
        p = JsonText::put_raw(p, ",\"path\":");
        p = JsonText::put_numbers(p, move.path);
        return JsonText::put_raw(p, "}");
    });
}

} // namespace

void write_time(JsonText& out, const std::optional<lobby::TimePoint>& at) {
    out.optional_value(at, [&](lobby::TimePoint t) { out.value(unix_ms(t)); });
}

void write_strings(JsonText& out, const std::vector<std::string>& strings) {
    out.begin_array();
    for (const auto& s : strings)
        out.value(s);
    out.end_array();
}

void write_player_members(JsonText& out, const lobby::Player& player) {
    out.member("id", player.id);
    out.member("name", player.display_name);
    out.member("registered", player.registered());
    out.member("rating", player.rating);
}

std::int64_t unix_ms(lobby::TimePoint at) {
    return at.time_since_epoch().count();
}

void write_time_control(JsonText& out, const lobby::TimeControl& control) {
    out.begin_object();
    out.member("base_ms", control.base.count());
    out.member("increment_ms", control.increment.count());
    out.member("delay_ms", control.delay.count());
    out.member("per_move_ms", control.per_move.count());
    out.member("days", control.correspondence_days);
    out.member("speed", lobby::speed_name(lobby::speed_of(control)));
    out.member("text", lobby::describe(control));
    out.end_object();
}

void write_setup(JsonText& out, const lobby::TableSetup& setup) {
    std::string_view color = "random";
    if (setup.color == lobby::ColorChoice::White)
        color = "white";
    if (setup.color == lobby::ColorChoice::Black)
        color = "black";
    out.begin_object();
    out.member("variant", rules::variant_name(setup.variant));
    out.member("position", setup.start_position);
    out.key("time");
    write_time_control(out, setup.time_control);
    out.member("rated", setup.rated);
    out.member("private", !setup.is_public);
    out.member("color", color);
    out.member("draw_rules", setup.draw_rules == rules::DrawRules::Claim ? "claim" : "automatic");
    out.end_object();
}

void write_player(JsonText& out, const lobby::Player& player) {
    out.begin_object();
    write_player_members(out, player);
    out.end_object();
}

void write_players(JsonText& out, const std::vector<lobby::Player>& players) {
    out.begin_array();
    for (const auto& player : players)
        write_player(out, player);
    out.end_array();
}

void write_clocks(JsonText& out, const lobby::ClockView& clocks) {
    out.begin_object();
    out.key("remaining_ms");
    write_per_seat(out, clocks.remaining,
                   [&](lobby::Millis remaining) { out.value(remaining.count()); });
    out.member("to_move", clocks.to_move);
    out.member("running", clocks.running);
    out.member("at", unix_ms(clocks.at));
    out.member("turn_started", unix_ms(clocks.turn_started));
    out.end_object();
}

void write_board(JsonText& out, const rules::BoardView& board) {
    out.begin_object();
    out.member("rows", board.rows);
    out.member("cols", board.cols);
    out.member("cells", board.cells);
    out.member("check", board.check_cell);
    out.end_object();
}

void write_move(JsonText& out, const rules::MoveView& move) {
    write_move_object(out, move, /*with_display=*/true);
}

void write_legal_moves(JsonText& out, const std::vector<rules::MoveView>& moves) {
    out.begin_array();
    for (const auto& move : moves)
        write_move_object(out, move, /*with_display=*/false);
    out.end_array();
}

void write_result(JsonText& out, const lobby::GameResult& result) {
    using Kind = lobby::GameResult::Kind;
    std::string_view kind = "aborted";
    std::optional<int> winner;
    switch (result.kind) {
    case Kind::Win:
        kind = "win";
        winner = result.winner;
        break;
    case Kind::Draw:
        kind = "draw";
        break;
    case Kind::Ranked:
        kind = "ranked";
        break;
    case Kind::Aborted:
        break;
    }
    out.begin_object();
    out.member("kind", kind);
    out.member("winner", winner);
    out.key("places");
    if (result.kind == Kind::Ranked)
        out.numbers(result.places);
    else
        out.value(nullptr);
    out.member("reason", result.reason);
    out.member("did_not_start", result.did_not_start);
    out.end_object();
}

void write_summary(JsonText& out, const lobby::TableSummary& summary) {
    out.begin_object();
    write_table_heading(out, summary);
    out.key("seats");
    write_seats(out, summary.seats);
    out.member("spectators", summary.spectators);
    out.end_object();
}

void write_play_view(JsonText& out, std::string_view position_key, const std::string* position,
                     const rules::BoardView* board, const std::vector<rules::MoveView>& legal_moves,
                     const lobby::ClockView& clocks) {
    if (position)
        out.member(position_key, *position);
    if (board) {
        out.key("board");
        if (board->cells.empty())
            out.value(nullptr);
        else
            write_board(out, *board);
    }
    out.key("legal_moves");
    write_legal_moves(out, legal_moves);
    out.key("clocks");
    write_clocks(out, clocks);
}

void write_challenge(JsonText& out, const lobby::Challenge& challenge) {
    out.begin_object();
    out.member("id", challenge.id);
    out.key("from");
    write_player(out, challenge.challenger);
    out.member("to", challenge.challenged);
    out.member("to_name", challenge.challenged_name);
    out.key("setup");
    write_setup(out, challenge.setup);
    out.member("awaiting", challenge.awaiting);
    out.member("counters", challenge.counters);
    out.member("expires_at", unix_ms(challenge.expires_at));
    out.end_object();
}

void write_group_challenge(JsonText& out, const lobby::GroupChallenge& challenge) {
    out.begin_object();
    out.member("id", challenge.id);
    out.member("group", true);
    out.key("from");
    write_player(out, challenge.challenger);
    out.key("to");
    write_strings(out, challenge.invited);
    out.key("to_names");
    write_strings(out, challenge.invited_names);
    out.key("accepted");
    out.begin_array();
    for (const auto& player : challenge.accepted)
        out.value(player.id);
    out.end_array();
    out.key("setup");
    write_setup(out, challenge.setup);
    out.member("expires_at", unix_ms(challenge.expires_at));
    out.end_object();
}

json player_json(const lobby::Player& player) {
    return as_json([&](JsonText& out) { write_player(out, player); });
}

json clock_json(const lobby::ClockView& clocks) {
    return as_json([&](JsonText& out) { write_clocks(out, clocks); });
}

json result_json(const lobby::GameResult& result) {
    return as_json([&](JsonText& out) { write_result(out, result); });
}

json summary_json(const lobby::TableSummary& summary) {
    return as_json([&](JsonText& out) { write_summary(out, summary); });
}

json challenge_json(const lobby::Challenge& challenge) {
    return as_json([&](JsonText& out) { write_challenge(out, challenge); });
}

json group_challenge_json(const lobby::GroupChallenge& challenge) {
    return as_json([&](JsonText& out) { write_group_challenge(out, challenge); });
}

} // namespace server::protocol
