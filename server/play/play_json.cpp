#include "server/play/play_json.h"

#include "rules/variant.h"
#include "server/play/move_event_text.h"

#include <optional>
#include <type_traits>

namespace server::play {

namespace {

// A seat of a two-seat table by its colour (seat 0 White), or null.
json color_or_null(const std::optional<int>& seat) {
    return seat ? json(seat_color_name(*seat)) : json(nullptr);
}

json optional_time(const std::optional<lobby::TimePoint>& at) {
    return at ? json(unix_ms(*at)) : json(nullptr);
}

// One value per seat: {"white":…,"black":…} at a two-seat table, an array by seat index at a
// table of more (docs/protocol.md 7.6).
template <class T, class Write> json per_seat_json(const lobby::PerSeat<T>& seats, Write write) {
    if (seats.size() == 2)
        return json{{"white", write(seats[0])}, {"black", write(seats[1])}};
    json out = json::array();
    for (const T& seat : seats)
        out.push_back(write(seat));
    return out;
}

json player_or_null(const std::optional<lobby::Player>& player) {
    return player ? player_json(*player) : json(nullptr);
}

json seats_json(const lobby::PerSeat<std::optional<lobby::Player>>& seats) {
    return per_seat_json(seats, player_or_null);
}

// A field naming a seat: its colour under `color_key` at a two-seat table, its index under
// `seat_key` at a table of more (docs/protocol.md 7.6).
void put_seat(json& out, int seats, std::string_view color_key, std::string_view seat_key,
              int seat) {
    if (seats == 2)
        out[color_key] = seat_color_name(seat);
    else
        out[seat_key] = seat;
}

json seat_view_json(const std::optional<lobby::SeatView>& seat) {
    if (!seat)
        return nullptr;
    json out = player_json(seat->player);
    out["connected"] = seat->connected;
    out["disconnected_since"] = optional_time(seat->disconnected_since);
    out["retired"] = seat->retired;
    if (seat->retired)
        out["left_reason"] = seat->left_reason;
    return out;
}

// A chat line kept for (re)joining clients: the chat event's fields and when it was posted.
json chat_line_json(const lobby::ChatLine& line) {
    return json{{"from", line.from},
                {"display_name", line.display_name},
                {"spectator", line.spectator},
                {"text", line.text},
                {"at", unix_ms(line.at)}};
}

// A board, or null for one left out (an older position replayed by resync: event_log.h).
json board_or_null(const rules::BoardView& board) {
    return board.cells.empty() ? json(nullptr) : board_json(board);
}

// The fields of one event body, without "type".
struct BodyFields {
    json& out;
    int seats; // of the table (TableEvent::seats)

    void operator()(const lobby::PlayerSeated& e) const {
        put_seat(out, seats, "color", "seat", e.seat);
        out["player"] = player_json(e.player);
    }
    void operator()(const lobby::PlayerLeft& e) const {
        put_seat(out, seats, "color", "seat", e.seat);
        out["player"] = e.player;
    }
    void operator()(const lobby::SpectatorJoined& e) const {
        out["player"] = player_json(e.player);
    }
    void operator()(const lobby::SpectatorLeft& e) const { out["player"] = e.player; }
    void operator()(const lobby::GameStarted& e) const {
        out["game_number"] = e.game_number;
        if (seats == 2) {
            out["white"] = player_json(e.players[0]);
            out["black"] = player_json(e.players[1]);
        } else {
            out["players"] = json::array();
            for (const auto& player : e.players)
                out["players"].push_back(player_json(player));
        }
        out["start_position"] = e.start_position;
        out["board"] = board_json(e.board);
        out["legal_moves"] = moves_json(e.legal_moves);
        out["clocks"] = clock_json(e.clocks);
        out["first_move_deadline"] = unix_ms(e.first_move_deadline);
    }
    void operator()(const lobby::MovePlayed& e) const {
        out["ply"] = e.ply;
        if (seats == 2) {
            out["by"] = seat_color_name(e.by);
            out["to_move"] = seat_color_name(1 - e.by);
        } else {
            out["seat"] = e.by;
            out["seat_to_move"] = e.next;
        }
        out["move"] = move_json(e.move);
        out["position"] = e.position;
        out["board"] = board_or_null(e.board);
        out["legal_moves"] = moves_json(e.legal_moves);
        out["clocks"] = clock_json(e.clocks);
        out["first_move_deadline"] = optional_time(e.first_move_deadline);
    }
    // Draw offers happen at two-seat tables only; takebacks at any (docs/protocol.md 7.6).
    void operator()(const lobby::DrawOffered& e) const { out["by"] = seat_color_name(e.by); }
    void operator()(const lobby::DrawDeclined& e) const { out["by"] = seat_color_name(e.by); }
    void operator()(const lobby::DrawOfferWithdrawn& e) const { out["by"] = seat_color_name(e.by); }
    void operator()(const lobby::TakebackRequested& e) const {
        put_seat(out, seats, "by", "seat", e.by);
        out["plies"] = e.plies;
        if (seats > 2)
            out["waiting"] = e.waiting;
    }
    void operator()(const lobby::TakebackAccepted& e) const {
        out["seat"] = e.by;
        out["accepted"] = e.accepted;
        out["waiting"] = e.waiting;
    }
    void operator()(const lobby::TakebackDeclined& e) const {
        put_seat(out, seats, "by", "seat", e.by);
    }
    void operator()(const lobby::TakebackDone& e) const {
        out["plies_undone"] = e.plies_undone;
        out["ply"] = e.ply;
        out["moves"] = e.moves;
        out["last_move"] = e.last_move ? move_json(*e.last_move) : json(nullptr);
        out["position"] = e.position;
        out["board"] = board_or_null(e.board);
        out["legal_moves"] = moves_json(e.legal_moves);
        out["clocks"] = clock_json(e.clocks);
    }
    void operator()(const lobby::RematchOffered& e) const {
        put_seat(out, seats, "by", "seat", e.by);
    }
    void operator()(const lobby::RematchDeclined& e) const {
        put_seat(out, seats, "by", "seat", e.by);
    }
    void operator()(const lobby::ConnectionChanged& e) const {
        put_seat(out, seats, "color", "seat", e.seat);
        out["connected"] = e.connected;
        out["claimable_at"] = optional_time(e.claimable_at);
    }
    void operator()(const lobby::AbandonmentClaimable& e) const {
        put_seat(out, seats, "absent", "seat", e.absent);
    }
    void operator()(const lobby::ChatPosted& e) const {
        out["from"] = e.from;
        out["display_name"] = e.display_name;
        out["spectator"] = e.spectator;
        out["text"] = e.text;
    }
    // Tables of more than two seats only (a game of two ends instead).
    void operator()(const lobby::PlayerRetired& e) const {
        out["seat"] = e.seat;
        out["reason"] = e.reason;
        out["ply"] = e.ply;
        out["seat_to_move"] = e.next;
        out["legal_moves"] = moves_json(e.legal_moves);
        out["clocks"] = clock_json(e.clocks);
    }
    void operator()(const lobby::GameEnded& e) const {
        out["game_number"] = e.game_number;
        out["result"] = result_json(e.result, seats);
        out["clocks"] = clock_json(e.clocks);
        out["rated"] = e.rated;
        out["moves"] = e.moves;
    }
    void operator()(const lobby::TableClosed& e) const { out["reason"] = e.reason; }
};

json challenge_gone(const lobby::Challenge& challenge, std::string_view reason) {
    json out{{"t", "challenge_gone"}, {"challenge", challenge.id}, {"reason", reason}};
    return out;
}

} // namespace

std::string_view color_name(lobby::Color color) {
    return color == lobby::Color::White ? "white" : "black";
}

std::string_view seat_color_name(int seat) {
    return color_name(lobby::color_of_seat(seat));
}

json seat_json(int seat, int seats) {
    return seats == 2 ? json(seat_color_name(seat)) : json(seat);
}

std::int64_t unix_ms(lobby::TimePoint at) {
    return at.time_since_epoch().count();
}

json time_control_json(const lobby::TimeControl& control) {
    return json{{"base_ms", control.base.count()},
                {"increment_ms", control.increment.count()},
                {"delay_ms", control.delay.count()},
                {"per_move_ms", control.per_move.count()},
                {"days", control.correspondence_days},
                {"speed", lobby::speed_name(lobby::speed_of(control))},
                {"text", lobby::describe(control)}};
}

json setup_json(const lobby::TableSetup& setup) {
    std::string_view color = "random";
    if (setup.color == lobby::ColorChoice::White)
        color = "white";
    if (setup.color == lobby::ColorChoice::Black)
        color = "black";
    return json{
        {"variant", rules::variant_name(setup.variant)},
        {"position", setup.start_position},
        {"time", time_control_json(setup.time_control)},
        {"rated", setup.rated},
        {"private", !setup.is_public},
        {"color", color},
        {"draw_rules", setup.draw_rules == rules::DrawRules::Claim ? "claim" : "automatic"}};
}

json player_json(const lobby::Player& player) {
    // Of the identity only whether there is an account: the account's number is storage's, and
    // a guest's token hash is a secret (docs/protocol.md, "Players").
    return json{{"id", player.id},
                {"name", player.display_name},
                {"registered", player.registered()},
                {"rating", player.rating}};
}

json clock_json(const lobby::ClockView& clocks) {
    json out{{"running", clocks.running},
             {"at", unix_ms(clocks.at)},
             {"turn_started", unix_ms(clocks.turn_started)}};
    if (clocks.remaining.size() == 2) {
        out["white_ms"] = clocks.remaining[0].count();
        out["black_ms"] = clocks.remaining[1].count();
        out["to_move"] = seat_color_name(clocks.to_move);
        return out;
    }
    out["seats_ms"] = json::array();
    for (const auto remaining : clocks.remaining)
        out["seats_ms"].push_back(remaining.count());
    out["seat_to_move"] = clocks.to_move;
    return out;
}

json board_json(const rules::BoardView& board) {
    return json{{"rows", board.rows},
                {"cols", board.cols},
                {"cells", board.cells},
                {"check", board.check_cell}};
}

namespace {

// A move's members set one by one. nlohmann's initializer-list form builds a two-element array
// for each member before it builds the object: a start position's legal moves cost about 4k
// instructions each that way, three times a game (issue 11).
json move_object(const rules::MoveView& move, bool with_display) {
    json out(json::value_t::object);
    out["captures"] = move.captures;
    if (with_display)
        out["display"] = move.display;
    out["move"] = move.notation;
    out["path"] = move.path;
    return out;
}

json move_array(const std::vector<rules::MoveView>& moves, bool with_display) {
    json out(json::value_t::array);
    out.get_ref<json::array_t&>().reserve(moves.size());
    for (const auto& move : moves)
        out.push_back(move_object(move, with_display));
    return out;
}

} // namespace

json move_json(const rules::MoveView& move) {
    return move_object(move, /*with_display=*/true);
}

json played_moves_json(const std::vector<rules::MoveView>& moves) {
    return move_array(moves, /*with_display=*/true);
}

json moves_json(const std::vector<rules::MoveView>& moves) {
    return move_array(moves, /*with_display=*/false);
}

json result_json(const lobby::GameResult& result, int seats) {
    json winner = nullptr;
    if (result.kind == lobby::GameResult::Kind::WhiteWins)
        winner = "white";
    if (result.kind == lobby::GameResult::Kind::BlackWins)
        winner = "black";
    json out{
        {"kind", lobby::result_name(result.kind)}, {"winner", winner}, {"reason", result.reason}};
    if (seats == 2) {
        out["did_not_start"] = color_or_null(result.did_not_start);
        return out;
    }
    out["did_not_start_seat"] = result.did_not_start ? json(*result.did_not_start) : json(nullptr);
    out["places"] = result.places;
    return out;
}

json summary_json(const lobby::TableSummary& summary) {
    return json{{"code", summary.code},
                {"link", "/t/" + summary.code},
                {"setup", setup_json(summary.setup)},
                {"host", player_json(summary.host)},
                {"seats", seats_json(summary.seats)},
                {"status", lobby::status_name(summary.status)},
                {"game_number", summary.game_number},
                {"spectators", summary.spectators}};
}

json state_json(const lobby::TableState& state) {
    json spectators = json::array();
    for (const auto& spectator : state.spectators)
        spectators.push_back(player_json(spectator));
    json chat = json::array();
    for (const auto& line : state.chat)
        chat.push_back(chat_line_json(line));
    json out{
        {"code", state.code},
        {"link", "/t/" + state.code},
        {"setup", setup_json(state.setup)},
        {"host", player_json(state.host)},
        {"status", lobby::status_name(state.status)},
        {"game_number", state.game_number},
        {"seats", per_seat_json(state.seats, seat_view_json)},
        {"spectators", spectators},
        {"start_position", state.start_position},
        {"position", state.position},
        {"board", board_json(state.board)},
        {"ply", state.moves.size()},
        {"moves", state.moves},
        {"moves_display", state.moves_display},
        {"history", played_moves_json(state.history)},
        {"last_move", state.last_move ? move_json(*state.last_move) : json(nullptr)},
        {"legal_moves", moves_json(state.legal_moves)},
        {"clocks", clock_json(state.clocks)},
        {"first_move_deadline", optional_time(state.first_move_deadline)},
        {"draw_offer", color_or_null(state.draw_offer)},
        {"takeback_request", color_or_null(state.takeback_request)},
        {"rematch_offers", per_seat_json(state.rematch_offers, [](bool b) { return b; })},
        {"result", state.result ? result_json(*state.result, state.seats.size()) : json(nullptr)},
        {"chat", std::move(chat)},
        {"started_at", optional_time(state.started_at)},
        {"version", state.version}};
    put_seat(out, state.seats.size(), "to_move", "seat_to_move", state.clocks.to_move);
    if (state.seats.size() > 2) {
        out["takeback_request"] =
            state.takeback_request ? json(*state.takeback_request) : json(nullptr);
        out["takeback_accepted"] = state.takeback_accepted;
        out["takeback_waiting"] = state.takeback_waiting;
    }
    return out;
}

json challenge_json(const lobby::Challenge& challenge) {
    return json{{"id", challenge.id},
                {"from", player_json(challenge.challenger)},
                {"to", challenge.challenged},
                {"to_name", challenge.challenged_name},
                {"setup", setup_json(challenge.setup)},
                {"awaiting", challenge.awaiting},
                {"counters", challenge.counters},
                {"expires_at", unix_ms(challenge.expires_at)}};
}

namespace {

// A table event through the DOM, with the stored game's id when there is one.
std::shared_ptr<const std::string> event_message_dom(const std::string& code,
                                                     const lobby::TableEvent& event,
                                                     std::optional<std::int64_t> game_id) {
    json body{{"type", lobby::event_name(event.body)}};
    std::visit(BodyFields{body, event.seats}, event.body);
    if (game_id)
        body["game_id"] = *game_id;
    const json message{{"t", "table_event"},
                       {"table", code},
                       {"version", event.version},
                       {"at", unix_ms(event.at)},
                       {"event", std::move(body)}};
    return shared_text(message);
}

} // namespace

std::shared_ptr<const std::string> table_event_message_dom(const std::string& code,
                                                           const lobby::TableEvent& event) {
    return event_message_dom(code, event, std::nullopt);
}

std::shared_ptr<const std::string> table_event_message(const std::string& code,
                                                       const lobby::TableEvent& event) {
    // The direct writer knows the two-seat fields only; a table of more goes through the DOM.
    if (const auto* move = std::get_if<lobby::MovePlayed>(&event.body); move && event.seats == 2)
        return move_event_text(code, event, *move);
    return table_event_message_dom(code, event);
}

std::shared_ptr<const std::string>
ended_event_message(const std::string& code, const lobby::TableEvent& event, std::int64_t game_id) {
    return event_message_dom(code, event, game_id);
}

std::shared_ptr<const std::string> lobby_event_message(const lobby::LobbyEvent& event) {
    const json message = std::visit(
        [](const auto& e) -> json {
            using T = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<T, lobby::TableListChanged>) {
                if (e.change == lobby::TableListChanged::Change::Gone)
                    return json{{"t", "lobby_table_gone"}, {"code", e.table.code}};
                return json{{"t", "lobby_table"},
                            {"change", lobby::change_name(e.change)},
                            {"table", summary_json(e.table)}};
            } else if constexpr (std::is_same_v<T, lobby::SeekMatched>) {
                return json{{"t", "matched"},
                            {"code", e.match.table_code},
                            {"white", player_json(e.match.white)},
                            {"black", player_json(e.match.black)},
                            {"setup", setup_json(e.match.setup)}};
            } else if constexpr (std::is_same_v<T, lobby::ChallengeIssued>) {
                return json{{"t", "challenge"},
                            {"change", "issued"},
                            {"challenge", challenge_json(e.challenge)}};
            } else if constexpr (std::is_same_v<T, lobby::ChallengeCountered>) {
                return json{{"t", "challenge"},
                            {"change", "countered"},
                            {"by", e.by},
                            {"challenge", challenge_json(e.challenge)}};
            } else if constexpr (std::is_same_v<T, lobby::ChallengeAccepted>) {
                json out = challenge_gone(e.challenge, "accepted");
                out["code"] = e.match.table_code;
                return out;
            } else if constexpr (std::is_same_v<T, lobby::ChallengeDeclined>) {
                json out = challenge_gone(e.challenge, "declined");
                out["by"] = e.by;
                out["decline_reason"] = lobby::decline_reason_name(e.reason);
                return out;
            } else if constexpr (std::is_same_v<T, lobby::ChallengeCancelled>) {
                json out = challenge_gone(e.challenge, "cancelled");
                out["by"] = e.by;
                return out;
            } else {
                return challenge_gone(e.challenge, "expired");
            }
        },
        event.body);
    return shared_text(message);
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
