#include "server/protocol/lobby_events_json.h"

#include "server/protocol/values_json.h"

#include <type_traits>
#include <variant>

namespace server::protocol {

namespace {

// The members every "challenge_gone" has, after "t".
void write_challenge_gone(JsonText& out, const lobby::Challenge& challenge,
                          std::string_view reason) {
    out.member("t", "challenge_gone");
    out.member("challenge", challenge.id);
    out.member("reason", reason);
}

void write_group_challenge_message(JsonText& out, const lobby::GroupChallengeChanged& e) {
    using Change = lobby::GroupChallengeChanged::Change;
    out.member("t", "group_challenge");
    out.member("change", lobby::change_name(e.change));
    out.key("challenge");
    write_group_challenge(out, e.challenge);
    if (!e.by.empty())
        out.member("by", e.by);
    if (e.change == Change::Declined)
        out.member("reason", lobby::decline_reason_name(e.reason));
    if (e.match) {
        out.member("code", e.match->table_code);
        out.key("players");
        write_players(out, e.match->players);
    }
}

} // namespace

std::shared_ptr<const std::string> lobby_event_message(const lobby::LobbyEvent& event) {
    if (std::holds_alternative<lobby::TableListChanged>(event.body))
        return nullptr; // batched into "lobby_changes" by the game service's lobby feed
    JsonText out;
    out.begin_object();
    std::visit(
        [&](const auto& e) {
            using T = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<T, lobby::TableListChanged>) {
                return; // not reached: answered above
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

std::shared_ptr<const std::string> group_event_message(const lobby::GroupEvent& event) {
    JsonText out;
    out.begin_object();
    if (const auto* matched = std::get_if<lobby::GroupMatched>(&event.body)) {
        out.member("t", "group_matched");
        out.member("code", matched->match.table_code);
        out.key("players");
        write_players(out, matched->match.players);
        out.key("setup");
        write_setup(out, matched->match.setup);
    } else {
        write_group_challenge_message(out, std::get<lobby::GroupChallengeChanged>(event.body));
    }
    out.end_object();
    return out.shared();
}

} // namespace server::protocol
