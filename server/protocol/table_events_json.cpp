#include "server/protocol/table_events_json.h"

#include "server/protocol/values_json.h"

#include <variant>

namespace server::protocol {

namespace {

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
    void operator()(const lobby::Berserked& e) const {
        out.member("seat", e.seat);
        out.key("clocks");
        write_clocks(out, e.clocks);
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

} // namespace

std::shared_ptr<const std::string> table_event_message(const std::string& code,
                                                       const lobby::TableEvent& event) {
    return event_message(code, event, std::nullopt);
}

std::shared_ptr<const std::string>
ended_event_message(const std::string& code, const lobby::TableEvent& event, std::int64_t game_id) {
    return event_message(code, event, game_id);
}

} // namespace server::protocol
