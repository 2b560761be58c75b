#include "lobby/table_events.h"

namespace lobby {

namespace {
template <class... F> struct Overload : F... { using F::operator()...; };
template <class... F> Overload(F...) -> Overload<F...>;
} // namespace

std::string_view result_name(const GameResult& result) {
    switch (result.kind) {
    case GameResult::Kind::Win:
        return result.winner == 0 ? "1-0" : "0-1";
    case GameResult::Kind::Draw:
        return "1/2-1/2";
    case GameResult::Kind::Aborted:
        return "aborted";
    case GameResult::Kind::Ranked:
        return "ranked";
    }
    return "aborted";
}

std::string_view event_name(const TableEventBody& body) {
    return std::visit(
        Overload{
            [](const PlayerSeated&) { return std::string_view("player_seated"); },
            [](const PlayerLeft&) { return std::string_view("player_left"); },
            [](const SpectatorJoined&) { return std::string_view("spectator_joined"); },
            [](const SpectatorLeft&) { return std::string_view("spectator_left"); },
            [](const GameStarted&) { return std::string_view("game_started"); },
            [](const MovePlayed&) { return std::string_view("move_played"); },
            [](const DrawOffered&) { return std::string_view("draw_offered"); },
            [](const DrawDeclined&) { return std::string_view("draw_declined"); },
            [](const DrawOfferWithdrawn&) { return std::string_view("draw_offer_withdrawn"); },
            [](const TakebackRequested&) { return std::string_view("takeback_requested"); },
            [](const TakebackAccepted&) { return std::string_view("takeback_accepted"); },
            [](const TakebackDeclined&) { return std::string_view("takeback_declined"); },
            [](const TakebackDone&) { return std::string_view("takeback_done"); },
            [](const RematchOffered&) { return std::string_view("rematch_offered"); },
            [](const RematchDeclined&) { return std::string_view("rematch_declined"); },
            [](const ConnectionChanged&) { return std::string_view("connection_changed"); },
            [](const AbandonmentClaimable&) { return std::string_view("abandonment_claimable"); },
            [](const PlayerRetired&) { return std::string_view("player_retired"); },
            [](const ChatPosted&) { return std::string_view("chat_posted"); },
            [](const Berserked&) { return std::string_view("berserked"); },
            [](const GameEnded&) { return std::string_view("game_ended"); },
            [](const TableClosed&) { return std::string_view("table_closed"); },
        },
        body);
}

} // namespace lobby
