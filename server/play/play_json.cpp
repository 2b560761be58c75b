#include "server/play/play_json.h"

#include "rules/variant.h"

#include <type_traits>

namespace server::play {

namespace {

void write_time(JsonText& out, const std::optional<lobby::TimePoint>& at) {
    out.optional_value(at, [&](lobby::TimePoint t) { out.value(unix_ms(t)); });
}

// One value per seat: an array by seat index, at every table (docs/protocol.md 7.1).
template <class T, class Write>
void write_per_seat(JsonText& out, const lobby::PerSeat<T>& seats, Write write) {
    out.begin_array();
    for (const T& seat : seats)
        write(seat);
    out.end_array();
}

void write_seats(JsonText& out, const lobby::PerSeat<std::optional<lobby::Player>>& seats) {
    write_per_seat(out, seats, [&](const std::optional<lobby::Player>& player) {
        out.optional_value(player, [&](const lobby::Player& p) { write_player(out, p); });
    });
}

// A player's members, without the braces: a seat view adds its own after them.
void write_player_members(JsonText& out, const lobby::Player& player) {
    // Of the identity only whether there is an account: the account's number is storage's, and
    // a guest's token hash is a secret (docs/protocol.md, "Players").
    out.member("id", player.id);
    out.member("name", player.display_name);
    out.member("registered", player.registered());
    out.member("rating", player.rating);
}

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

void write_strings(JsonText& out, const std::vector<std::string>& strings) {
    out.begin_array();
    for (const auto& s : strings)
        out.value(s);
    out.end_array();
}

// The position a client plays from, written alike by every message that sets it (game_started,
// move_played, takeback_done, player_retired and the Table state): the FEN under `position_key`
// and the `board` when given, then `legal_moves` and `clocks`. A board left out of an older
// event that resync replays (event_log.h) is null. A leave changes no position: player_retired
// gives neither.
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

// The members of one event body, after "type" (docs/protocol.md 7.6). Every seat is its index.
struct BodyMembers {
    JsonText& out;

    void operator()(const lobby::PlayerSeated& e) const {
        out.member("seat", e.seat);
        out.key("player");
        write_player(out, e.player);
    }
    void operator()(const lobby::PlayerLeft& e) const {
        out.member("seat", e.seat);
        out.member("player", e.player);
    }
    void operator()(const lobby::SpectatorJoined& e) const {
        out.key("player");
        write_player(out, e.player);
    }
    void operator()(const lobby::SpectatorLeft& e) const { out.member("player", e.player); }
    void operator()(const lobby::GameStarted& e) const {
        out.member("game_number", e.game_number);
        out.key("players");
        write_players(out, e.players);
        write_play_view(out, "start_position", &e.start_position, &e.board, e.legal_moves,
                        e.clocks);
        out.member("first_move_deadline", unix_ms(e.first_move_deadline));
    }
    // The one event of every move: about 2 KB with a hundred numbers (issue 11).
    void operator()(const lobby::MovePlayed& e) const {
        out.member("ply", e.ply);
        out.member("by", e.by);
        out.member("to_move", e.next);
        out.key("move");
        write_move(out, e.move);
        write_play_view(out, "position", &e.position, &e.board, e.legal_moves, e.clocks);
        out.key("first_move_deadline");
        write_time(out, e.first_move_deadline);
    }
    // Draw offers happen at two-seat tables only; takebacks at any.
    void operator()(const lobby::DrawOffered& e) const { out.member("by", e.by); }
    void operator()(const lobby::DrawDeclined& e) const { out.member("by", e.by); }
    void operator()(const lobby::DrawOfferWithdrawn& e) const { out.member("by", e.by); }
    void operator()(const lobby::TakebackRequested& e) const {
        out.member("by", e.by);
        out.member("plies", e.plies);
        out.key("waiting");
        out.numbers(e.waiting);
    }
    void operator()(const lobby::TakebackAccepted& e) const {
        out.member("by", e.by);
        out.key("accepted");
        out.numbers(e.accepted);
        out.key("waiting");
        out.numbers(e.waiting);
    }
    void operator()(const lobby::TakebackDeclined& e) const { out.member("by", e.by); }
    void operator()(const lobby::TakebackDone& e) const {
        out.member("plies_undone", e.plies_undone);
        out.member("ply", e.ply);
        out.key("moves");
        write_strings(out, e.moves);
        out.key("last_move");
        out.optional_value(e.last_move, [&](const rules::MoveView& m) { write_move(out, m); });
        write_play_view(out, "position", &e.position, &e.board, e.legal_moves, e.clocks);
    }
    void operator()(const lobby::RematchOffered& e) const { out.member("by", e.by); }
    void operator()(const lobby::RematchDeclined& e) const { out.member("by", e.by); }
    void operator()(const lobby::ConnectionChanged& e) const {
        out.member("seat", e.seat);
        out.member("connected", e.connected);
        out.key("claimable_at");
        write_time(out, e.claimable_at);
    }
    void operator()(const lobby::AbandonmentClaimable& e) const { out.member("seat", e.absent); }
    void operator()(const lobby::ChatPosted& e) const {
        out.member("from", e.from);
        out.member("display_name", e.display_name);
        out.member("spectator", e.spectator);
        out.member("text", e.text);
    }
    // Tables of more than two seats only (a game of two ends instead).
    void operator()(const lobby::PlayerRetired& e) const {
        out.member("seat", e.seat);
        out.member("reason", e.reason);
        out.member("ply", e.ply);
        out.member("to_move", e.next);
        write_play_view(out, "position", nullptr, nullptr, e.legal_moves, e.clocks);
    }
    void operator()(const lobby::GameEnded& e) const {
        out.member("game_number", e.game_number);
        out.key("result");
        write_result(out, e.result);
        out.key("clocks");
        write_clocks(out, e.clocks);
        out.member("rated", e.rated);
        out.key("moves");
        write_strings(out, e.moves);
    }
    void operator()(const lobby::TableClosed& e) const { out.member("reason", e.reason); }
};

// A table event, with the stored game's id when there is one.
std::shared_ptr<const std::string> event_message(const std::string& code,
                                                 const lobby::TableEvent& event,
                                                 std::optional<std::int64_t> game_id) {
    JsonText out;
    out.begin_object();
    out.member("t", "table_event");
    out.member("table", code);
    out.member("version", event.version);
    out.member("at", unix_ms(event.at));
    out.key("event");
    out.begin_object();
    out.member("type", lobby::event_name(event.body));
    std::visit(BodyMembers{out}, event.body);
    if (game_id)
        out.member("game_id", *game_id);
    out.end_object();
    out.end_object();
    return out.shared();
}

// The members every "challenge_gone" has, after "t".
void write_challenge_gone(JsonText& out, const lobby::Challenge& challenge,
                          std::string_view reason) {
    out.member("t", "challenge_gone");
    out.member("challenge", challenge.id);
    out.member("reason", reason);
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
    case Kind::WhiteWins:
        kind = "win";
        winner = 0;
        break;
    case Kind::BlackWins:
        kind = "win";
        winner = 1;
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

std::shared_ptr<const std::string> table_event_message(const std::string& code,
                                                       const lobby::TableEvent& event) {
    return event_message(code, event, std::nullopt);
}

std::shared_ptr<const std::string>
ended_event_message(const std::string& code, const lobby::TableEvent& event, std::int64_t game_id) {
    return event_message(code, event, game_id);
}

std::shared_ptr<const std::string> lobby_event_message(const lobby::LobbyEvent& event) {
    JsonText out;
    out.begin_object();
    std::visit(
        [&](const auto& e) {
            using T = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<T, lobby::TableListChanged>) {
                if (e.change == lobby::TableListChanged::Change::Gone) {
                    out.member("t", "lobby_table_gone");
                    out.member("code", e.table.code);
                    return;
                }
                out.member("t", "lobby_table");
                out.member("change", lobby::change_name(e.change));
                out.key("table");
                write_summary(out, e.table);
            } else if constexpr (std::is_same_v<T, lobby::SeekMatched>) {
                out.member("t", "matched");
                out.member("code", e.match.table_code);
                out.key("players");
                out.begin_array();
                write_player(out, e.match.white);
                write_player(out, e.match.black);
                out.end_array();
                out.key("setup");
                write_setup(out, e.match.setup);
            } else if constexpr (std::is_same_v<T, lobby::ChallengeIssued>) {
                out.member("t", "challenge");
                out.member("change", "issued");
                out.key("challenge");
                write_challenge(out, e.challenge);
            } else if constexpr (std::is_same_v<T, lobby::ChallengeCountered>) {
                out.member("t", "challenge");
                out.member("change", "countered");
                out.member("by", e.by);
                out.key("challenge");
                write_challenge(out, e.challenge);
            } else if constexpr (std::is_same_v<T, lobby::ChallengeAccepted>) {
                write_challenge_gone(out, e.challenge, "accepted");
                out.member("code", e.match.table_code);
            } else if constexpr (std::is_same_v<T, lobby::ChallengeDeclined>) {
                write_challenge_gone(out, e.challenge, "declined");
                out.member("by", e.by);
                out.member("decline_reason", lobby::decline_reason_name(e.reason));
            } else if constexpr (std::is_same_v<T, lobby::ChallengeCancelled>) {
                write_challenge_gone(out, e.challenge, "cancelled");
                out.member("by", e.by);
            } else {
                write_challenge_gone(out, e.challenge, "expired");
            }
        },
        event.body);
    out.end_object();
    return out.shared();
}

void begin_reply(JsonText& out, std::string_view type, const json& id) {
    out.begin_object();
    out.member("t", type);
    if (!id.is_null()) {
        out.key("id");
        out.raw_value(id.dump(-1, ' ', false, json::error_handler_t::replace));
    }
}

std::shared_ptr<const std::string> shared_text(const json& message) {
    return std::make_shared<const std::string>(
        message.dump(-1, ' ', false, json::error_handler_t::replace));
}

json reply(std::string_view type, const json& id) {
    json out{{"t", type}};
    if (!id.is_null())
        out["id"] = id;
    return out;
}

} // namespace server::play
