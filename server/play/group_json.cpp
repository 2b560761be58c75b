// The JSON of the lobby's pushes for games of more than two seats (docs/protocol.md 7.5 and
// 7.6): "group_matched" and "group_challenge", declared in play_json.h with the others.
#include "server/play/play_json.h"

namespace server::play {

namespace {

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

} // namespace server::play
