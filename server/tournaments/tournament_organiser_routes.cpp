#include "server/tournaments/tournament_organiser_routes.h"

#include "server/accounts/api_json.h"

#include <string>
#include <utility>
#include <vector>

namespace server::tournaments {
namespace {

namespace bh = http::beast_http;
using Json = nlohmann::json;

rules::Error organiser_route_error(std::string code, std::string detail) {
    return rules::Error{std::move(code), std::move(detail)};
}

rules::Error bad_body(std::string detail) {
    return organiser_route_error("bad_request", std::move(detail));
}

rules::Error organiser_not_logged_in() {
    return organiser_route_error("not_logged_in", "log in first");
}

std::optional<std::string> name_of(const Json& value) {
    if (!value.is_string())
        return std::nullopt;
    return value.get<std::string>();
}

// "rounds/<n>/pairings": n.
std::optional<int> pairings_round(std::string_view action) {
    constexpr std::string_view head = "rounds/";
    constexpr std::string_view tail = "/pairings";
    if (!action.starts_with(head) || !action.ends_with(tail) ||
        action.size() <= head.size() + tail.size())
        return std::nullopt;
    const auto number = accounts::parse_int(
        action.substr(head.size(), action.size() - head.size() - tail.size()), 1, 999);
    if (!number)
        return std::nullopt;
    return static_cast<int>(*number);
}

rules::Result<bool> hand_pairing(TournamentService& service, storage::TournamentId id, int round,
                                 storage::UserId user, const Json& body, storage::TimePoint now) {
    TournamentService::HandPairing pairing;
    const auto games = body.find("pairings");
    if (games == body.end() || !games->is_array())
        return bad_body("pairings: an array of {\"white\": name, \"black\": name}");
    for (const auto& game : *games) {
        const auto white = game.is_object() && game.contains("white")
                               ? name_of(game.at("white"))
                               : std::nullopt;
        const auto black = game.is_object() && game.contains("black")
                               ? name_of(game.at("black"))
                               : std::nullopt;
        if (!white || !black)
            return bad_body("each pairing is {\"white\": name, \"black\": name}");
        pairing.games.emplace_back(*white, *black);
    }
    if (const auto byes = body.find("byes"); byes != body.end()) {
        if (!byes->is_array())
            return bad_body("byes: an array of names");
        for (const auto& bye : *byes) {
            const auto name = name_of(bye);
            if (!name)
                return bad_body("byes: an array of names");
            pairing.byes.push_back(*name);
        }
    }
    if (const auto force = body.find("override"); force != body.end()) {
        if (!force->is_boolean())
            return bad_body("override: true or false");
        pairing.override_criteria = force->get<bool>();
    }
    if (auto paired = service.pair_by_hand(id, user, round, pairing, now); !paired)
        return paired.error();
    return true;
}

} // namespace

std::optional<rules::Result<bool>>
organiser_action(TournamentService& service, bh::verb method, storage::TournamentId id,
                 std::string_view action, std::optional<storage::UserId> user, const Json& body,
                 storage::TimePoint now) {
    if (action == "byes" && method == bh::verb::post) {
        if (!user)
            return organiser_not_logged_in();
        const auto round = body.find("round");
        if (round == body.end() || !round->is_number_integer())
            return bad_body("round: the number of the round");
        const auto number = round->get<std::int64_t>();
        if (number < 1 || number > 999)
            return organiser_route_error("bad_round", "no such round");
        if (auto asked = service.request_half_bye(id, *user, static_cast<int>(number), now);
            !asked)
            return asked.error();
        return true;
    }
    if (action == "forbidden" && (method == bh::verb::post || method == bh::verb::delete_)) {
        if (!user)
            return organiser_not_logged_in();
        const auto players = body.find("players");
        if (players == body.end() || !players->is_array() || players->size() != 2)
            return bad_body("players: the names of two players");
        const auto a = name_of(players->at(0));
        const auto b = name_of(players->at(1));
        if (!a || !b)
            return bad_body("players: the names of two players");
        return service.forbid_pair(id, user, *a, *b, method == bh::verb::post, now);
    }
    if (const auto round = pairings_round(action); round && method == bh::verb::post) {
        if (!user)
            return organiser_not_logged_in();
        return hand_pairing(service, id, *round, *user, body, now);
    }
    return std::nullopt;
}

} // namespace server::tournaments
