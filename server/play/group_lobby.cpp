// The lobby's entries for tables of more than two seats (the halma family, issue 14;
// docs/protocol.md 7.9): group challenges and their answers (their pushes and the table of a
// match: PlayService::on_group_event and seat_group in lobby_matches.cpp). A seek for such a
// table is served with the others (play_requests.cpp), by Lobby::seek_seats.
#include "lobby/errors.h"
#include "rules/variant.h"
#include "server/play/play_service.h"
#include "server/protocol/replies_json.h"

namespace server::play {

void PlayService::challenge_group(const Caller& r, const protocol::Challenge& request) {
    const lobby::TableSetup& setup = request.setup;
    if (lobby::seat_count(setup) <= 2)
        return send_error(r.conn, r.id, lobby::errc::bad_setup,
                          std::string(rules::variant_name(setup.variant)) +
                              " is a game for two: \"to\" is the one player you challenge");
    const lobby::Player& me = r.visitor->player;
    std::vector<lobby::PlayerId> ids;
    std::vector<std::string> names;
    ids.reserve(request.group.size());
    names.reserve(request.group.size());
    // Each name as for a challenge of two, with the same errors; the first bad one answers.
    for (const std::string& to : request.group) {
        auto invitee = challenge_invitee(to, setup.rated);
        if (!invitee)
            return send_error(r.conn, r.id, invitee.error().code, invitee.error().detail);
        if (invitee.value().id == me.id)
            return send_error(r.conn, r.id, lobby::errc::not_allowed,
                              "you cannot challenge yourself");
        ids.push_back(std::move(invitee.value().id));
        names.push_back(std::move(invitee.value().name));
    }
    // The lobby checks the number against the seats, duplicates and blocks.
    auto opened = lobby_.challenge_group(me, ids, setup, now(), std::move(names));
    if (!opened)
        return send_error(r.conn, r.id, opened.error().code, opened.error().detail);
    nlohmann::json message = protocol::reply("challenge_sent", r.id);
    message["challenge"] = opened.value();
    message["group"] = true;
    send(r.conn, message);
}

void PlayService::answer_group_challenge(const Caller& r,
                                         const protocol::ChallengeAnswer& request) {
    using Kind = protocol::ChallengeAnswerKind;
    const lobby::Player& me = r.visitor->player;
    lobby::Refusal refused;
    switch (request.kind) {
    case Kind::Accept:
        if (auto accepted = lobby_.accept_group_challenge(request.challenge, me); !accepted)
            refused = accepted.error();
        break;
    case Kind::Decline:
        refused = lobby_.decline_group_challenge(request.challenge, me.id, request.reason);
        break;
    case Kind::Cancel:
        refused = lobby_.cancel_group_challenge(request.challenge, me.id);
        break;
    case Kind::Counter: // the parser refuses it ("group": true with counter_challenge)
        refused = lobby::refuse(lobby::errc::not_allowed,
                                "a group challenge cannot be countered: challenge again instead");
        break;
    }
    if (refused)
        return send_error(r.conn, r.id, refused->code, refused->detail);
    send(r.conn, protocol::reply("ok", r.id));
}

} // namespace server::play
