// GET/POST /api/ladders, GET /api/ladders/<id>, POST /api/ladders/<id>/join,
// /challenge, /challenges/<cid>/accept|decline, /remove.
#include "lobby/time_control.h"
#include "server/accounts/accounts_service.h"
#include "server/accounts/ladder_definition.h"
#include "server/accounts/service_worker.h"

#include <map>

namespace server::accounts {
namespace {

namespace bh = http::beast_http;

Json ladder_summary(const storage::LadderRow& row) {
    return {{"id", row.id},
            {"name", row.name},
            {"variant", row.variant},
            {"time_control", describe_ladder_clock(row.time_control)},
            {"max_rungs_up", row.max_rungs_up},
            {"response_hours",
             std::chrono::duration_cast<std::chrono::hours>(row.response_time).count()}};
}

Json challenge_json(const storage::LadderChallengeRow& row,
                    const std::map<storage::UserId, std::string>& names) {
    const auto name = [&](storage::UserId id) {
        const auto it = names.find(id);
        return it == names.end() ? std::string{} : it->second;
    };
    Json out = {{"id", row.id},
                {"challenger", name(row.challenger_user_id)},
                {"challenged", name(row.challenged_user_id)},
                {"created_at", epoch_ms(row.created_at)},
                {"deadline_at", epoch_ms(row.deadline_at)},
                {"status", row.status},
                {"game_id", nullptr}};
    if (row.game_id)
        out["game_id"] = *row.game_id;
    return out;
}

// An optional integer member; `fallback` when absent, nullopt when not a whole number in
// [min, max].
std::optional<std::int64_t> int_member(const Json& body, const char* key, std::int64_t min,
                                       std::int64_t max, std::int64_t fallback) {
    const auto it = body.find(key);
    if (it == body.end())
        return fallback;
    if (!it->is_number_integer())
        return std::nullopt;
    const auto value = it->get<std::int64_t>();
    if (value < min || value > max)
        return std::nullopt;
    return value;
}

// The time control of a create request: base_seconds + increment_seconds, or days_per_move.
std::optional<lobby::TimeControl> requested_clock(const Json& body) {
    constexpr std::int64_t large = 10'000'000; // past every bound, short of any overflow
    const auto base = int_member(body, "base_seconds", 0, large, 0);
    const auto increment = int_member(body, "increment_seconds", 0, large, 0);
    const auto days = int_member(body, "days_per_move", 0, large, 0);
    if (!base || !increment || !days || (*days > 0 && (*base > 0 || *increment > 0)))
        return std::nullopt;
    if (*days > 0)
        return lobby::correspondence(static_cast<int>(*days));
    return lobby::fischer(std::chrono::seconds(*base), std::chrono::seconds(*increment));
}

// "/api/ladders/<id>[/<action>]": the id (nullopt when not a number) and the action.
struct LadderPath {
    std::optional<std::int64_t> id;
    std::string_view action;
};
LadderPath ladder_path(std::string_view target) {
    const auto rest = path_of(target).substr(std::string_view("/api/ladders/").size());
    const auto slash = rest.find('/');
    return {parse_int(rest.substr(0, slash), 1, INT64_MAX),
            slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1)};
}

} // namespace

void AccountsService::add_ladder_routes(http::Routes& routes) {
    routes.add_async(bh::verb::get, "/api/ladders",
                     on_worker(std::bind_front(&AccountsService::ladders_list, this)));
    routes.add_async(bh::verb::post, "/api/ladders",
                     on_worker(std::bind_front(&AccountsService::ladder_create, this)));
    routes.add_prefix_async(bh::verb::get, "/api/ladders/",
                            on_worker(std::bind_front(&AccountsService::ladder_get, this)));
    routes.add_prefix_async(bh::verb::post, "/api/ladders/",
                            on_worker(std::bind_front(&AccountsService::ladder_post, this)));
}

http::Response AccountsService::ladders_list(Worker& w, const http::Request& req,
                                             const http::RequestInfo&) {
    Json ladders = Json::array();
    for (const auto& row : w.ladders->list_ladders())
        ladders.push_back(ladder_summary(row));
    return api_json(req, bh::status::ok, Json{{"ladders", std::move(ladders)}});
}

http::Response AccountsService::ladder_create(Worker& w, const http::Request& req,
                                              const http::RequestInfo& info) {
    const auto organiser = account_of(info);
    if (!organiser)
        return not_logged_in(req);
    auto parsed = parse_json_object(req);
    if (auto* error = std::get_if<http::Response>(&parsed))
        return std::move(*error);
    const auto& body = std::get<Json>(parsed);
    const auto bad = [&](std::string_view code, std::string_view message) {
        return api_error(req, bh::status::bad_request, code, message);
    };
    const auto clock = requested_clock(body);
    if (!clock)
        return bad("bad_time_control", "give base_seconds (+ increment_seconds) or "
                                       "days_per_move as whole numbers, not both");
    const auto rungs = int_member(body, "max_rungs_up", INT32_MIN, INT32_MAX, 5);
    if (!rungs)
        return bad("bad_max_rungs_up", "max_rungs_up: a whole number from 1 to 50");
    const auto hours = int_member(body, "response_hours", INT32_MIN, INT32_MAX, 72);
    if (!hours)
        return bad("bad_response_hours", "response_hours: a whole number from 1 to 720");
    auto row = ladder_row({.name = string_field(body, "name").value_or(""),
                           .variant = string_field(body, "variant").value_or(""),
                           .time_control = *clock,
                           .max_rungs_up = *rungs,
                           .response_hours = *hours,
                           .organiser = *organiser},
                          now());
    if (!row)
        return bad(row.error().code, row.error().detail);
    const auto id = w.ladder.create(*row);
    if (!id)
        return rule_error(req, id.error());
    row->id = *id;
    return api_json(req, bh::status::created, Json{{"ladder", ladder_summary(*row)}});
}

http::Response AccountsService::ladder_get(Worker& w, const http::Request& req,
                                           const http::RequestInfo&) {
    const std::string_view target(req.target().data(), req.target().size());
    const auto [id, action] = ladder_path(target);
    if (!id || !action.empty())
        return api_error(req, bh::status::not_found, "unknown_ladder", "there is no such ladder");
    const auto at = now();
    const auto view = w.ladder.view(*id, at);
    if (!view)
        return rule_error(req, view.error());
    std::map<storage::UserId, std::string> names;
    Json standings = Json::array();
    for (const auto& rung : view->standings) {
        names[rung.user_id] = rung.name;
        standings.push_back({{"rung", rung.rung}, {"name", rung.name}});
    }
    Json challenges = Json::array();
    for (const auto& challenge : view->challenges)
        challenges.push_back(challenge_json(challenge, names));
    Json out = ladder_summary(view->ladder);
    out["organiser"] = view->organiser_name ? Json(*view->organiser_name) : Json(nullptr);
    out["standings"] = std::move(standings);
    out["challenges"] = std::move(challenges);
    // ?player=<name>: that player's ladder history, oldest first.
    if (const auto player = query_param(target, "player")) {
        const auto user = w.users->find_user_by_name(*player);
        if (!user)
            return api_error(req, bh::status::not_found, "unknown_user", "there is no such user");
        Json history = Json::array();
        const auto rows = w.ladder.history(*id, user->id, at);
        if (rows)
            for (const auto& line : *rows)
                history.push_back({{"at", epoch_ms(line.at)},
                                   {"event", line.event},
                                   {"rung_before", line.rung_before},
                                   {"rung_after", line.rung_after},
                                   {"challenge_id",
                                    line.challenge_id ? Json(*line.challenge_id) : Json(nullptr)}});
        out["history"] = {{"player", user->name}, {"events", std::move(history)}};
    }
    return api_json(req, bh::status::ok, Json{{"ladder", std::move(out)}});
}

http::Response AccountsService::ladder_post(Worker& w, const http::Request& req,
                                            const http::RequestInfo& info) {
    const std::string_view target(req.target().data(), req.target().size());
    const auto [id, action] = ladder_path(target);
    if (!id || action.empty())
        return api_error(req, bh::status::not_found, "not_found", "no such ladder action");
    const auto user = account_of(info);
    if (!user)
        return not_logged_in(req);
    const auto at = now();
    auto parsed = req.body().empty() ? std::variant<Json, http::Response>(Json::object())
                                     : parse_json_object(req);
    if (auto* error = std::get_if<http::Response>(&parsed))
        return std::move(*error);
    const auto& body = std::get<Json>(parsed);
    const auto named_user = [&](const char* key) -> std::optional<storage::UserRow> {
        const auto name = string_field(body, key);
        return name ? w.users->find_user_by_name(*name) : std::nullopt;
    };
    const auto challenge_answer = [&](const rules::Result<storage::LadderChallengeRow>& result,
                                      bh::status status) {
        if (!result)
            return rule_error(req, result.error());
        std::map<storage::UserId, std::string> names;
        for (const auto uid : {result->challenger_user_id, result->challenged_user_id})
            if (const auto row = w.users->find_user(uid))
                names[uid] = row->name;
        return api_json(req, status, Json{{"challenge", challenge_json(*result, names)}});
    };

    if (action == "join") {
        const auto rung = w.ladder.join(*id, *user, at);
        if (!rung)
            return rule_error(req, rung.error());
        return api_json(req, bh::status::ok, Json{{"rung", *rung}});
    }
    if (action == "challenge") {
        const auto opponent = named_user("opponent");
        if (!opponent)
            return api_error(req, bh::status::bad_request, "unknown_user",
                             "send {\"opponent\": name} naming a player on the ladder");
        if (w.users->is_blocked_either_way(*user, opponent->id))
            return api_error(req, bh::status::forbidden, "blocked",
                             "one of you has blocked the other");
        return challenge_answer(w.ladder.challenge(*id, *user, opponent->id, at),
                                bh::status::created);
    }
    if (action == "remove") {
        const auto player = named_user("user");
        if (!player)
            return api_error(req, bh::status::bad_request, "unknown_user",
                             "send {\"user\": name} naming a player on the ladder");
        const auto rung = w.ladder.remove(*id, *user, player->id, at);
        if (!rung)
            return rule_error(req, rung.error());
        return api_json(req, bh::status::ok, Json{{"removed", player->name}, {"rung", *rung}});
    }
    // challenges/<cid>/accept | decline
    constexpr std::string_view prefix = "challenges/";
    if (action.starts_with(prefix)) {
        const auto tail = action.substr(prefix.size());
        const auto cut = tail.find('/');
        const auto challenge = parse_int(tail.substr(0, cut), 1, INT64_MAX);
        const auto verb = cut == std::string_view::npos ? std::string_view{} : tail.substr(cut + 1);
        if (challenge && verb == "accept")
            return challenge_answer(w.ladder.accept(*id, *challenge, *user, at), bh::status::ok);
        if (challenge && verb == "decline")
            return challenge_answer(w.ladder.decline(*id, *challenge, *user, at), bh::status::ok);
    }
    return api_error(req, bh::status::not_found, "not_found", "no such ladder action");
}

} // namespace server::accounts
