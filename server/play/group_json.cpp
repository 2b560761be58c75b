// The JSON of the lobby's pushes for games of more than two seats (docs/protocol.md 7.5 and
// 7.6): "group_matched" and "group_challenge", declared in play_json.h with the others.
#include "server/play/play_json.h"

namespace server::play {

namespace {

json players_json(const std::vector<lobby::Player>& players) {
    json out = json::array();
    for (const auto& player : players)
        out.push_back(player_json(player));
    return out;
}

json group_challenge_message(const lobby::GroupChallengeChanged& e) {
    using Change = lobby::GroupChallengeChanged::Change;
    json out{{"t", "group_challenge"},
             {"change", lobby::change_name(e.change)},
             {"challenge", group_challenge_json(e.challenge)}};
    if (!e.by.empty())
        out["by"] = e.by;
    if (e.change == Change::Declined)
        out["reason"] = lobby::decline_reason_name(e.reason);
    if (e.match) {
        out["code"] = e.match->table_code;
        out["players"] = players_json(e.match->players);
    }
    return out;
}

} // namespace

json group_challenge_json(const lobby::GroupChallenge& challenge) {
    json accepted = json::array();
    for (const auto& player : challenge.accepted)
        accepted.push_back(player.id);
    return json{{"id", challenge.id},
                {"group", true},
                {"from", player_json(challenge.challenger)},
                {"to", challenge.invited},
                {"to_names", challenge.invited_names},
                {"accepted", std::move(accepted)},
                {"setup", setup_json(challenge.setup)},
                {"expires_at", unix_ms(challenge.expires_at)}};
}

std::shared_ptr<const std::string> group_event_message(const lobby::GroupEvent& event) {
    if (const auto* matched = std::get_if<lobby::GroupMatched>(&event.body))
        return shared_text(json{{"t", "group_matched"},
                                {"code", matched->match.table_code},
                                {"players", players_json(matched->match.players)},
                                {"setup", setup_json(matched->match.setup)}});
    return shared_text(group_challenge_message(std::get<lobby::GroupChallengeChanged>(event.body)));
}

} // namespace server::play
