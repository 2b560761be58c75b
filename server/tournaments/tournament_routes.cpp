// GET/POST /api/tournaments, GET /api/tournaments/<id>, GET /api/tournaments/<id>.trf,
// POST /api/tournaments/<id>/join|withdraw|start|end|pause (docs/http-api.md, "Tournaments"),
// the organiser's routes of tournament_organiser_routes.h; an arena's berserk and members:
// arena_routes.cpp.
#include "lobby/time_control.h"
#include "lobby/time_control_text.h"
#include "lobby/tournament/scoring.h"
#include "lobby/tournament/tiebreaks.h"
#include "server/accounts/api_json.h"
#include "server/accounts/service_worker.h"
#include "server/tournaments/arena_routes.h"
#include "server/tournaments/tournament_organiser_routes.h"
#include "server/tournaments/tournament_record.h"
#include "server/tournaments/tournament_runner.h"

#include <map>

namespace server::tournaments {
namespace {

namespace bh = http::beast_http;
namespace lt = lobby::tournament;
using accounts::api_error;
using accounts::api_json;
using accounts::epoch_ms;
using accounts::Json;

constexpr std::string_view tournaments_prefix = "/api/tournaments/";

http::Response refused(const http::Request& request, const rules::Error& error) {
    using S = bh::status;
    static const std::map<std::string_view, S> statuses = {
        {"unknown_tournament", S::not_found}, {"not_organiser", S::forbidden},
        {"guest_in_rated", S::forbidden},     {"account_required", S::unauthorized},
        {"bad_join_code", S::forbidden},      {"not_entered", S::conflict},
        {"not_logged_in", S::unauthorized},   {"unknown_player", S::not_found},
        {"unknown_ladder", S::bad_request},   {"not_on_ladder", S::forbidden},
    };
    auto it = statuses.find(error.code);
    S status = it != statuses.end()             ? it->second
               : error.code.starts_with("bad_") ? S::bad_request
                                                : S::conflict;
    return api_error(request, status, error.code, error.detail);
}

http::Response not_logged_in(const http::Request& request) {
    return api_error(request, bh::status::unauthorized, "not_logged_in", "log in first");
}

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

std::optional<bool> bool_member(const Json& body, const char* key, bool fallback) {
    const auto it = body.find(key);
    if (it == body.end())
        return fallback;
    if (!it->is_boolean())
        return std::nullopt;
    return it->get<bool>();
}

// base_seconds + increment_seconds, or days_per_move (as a ladder's).
std::optional<lobby::TimeControl> requested_time_control(const Json& body) {
    constexpr std::int64_t large = 10'000'000;
    const auto base = int_member(body, "base_seconds", 0, large, 0);
    const auto increment = int_member(body, "increment_seconds", 0, large, 0);
    const auto days = int_member(body, "days_per_move", 0, large, 0);
    if (!base || !increment || !days || (*days > 0 && (*base > 0 || *increment > 0)))
        return std::nullopt;
    if (*days > 0)
        return lobby::correspondence(static_cast<int>(*days));
    return lobby::fischer(std::chrono::seconds(*base), std::chrono::seconds(*increment));
}

// What a pairing-allocated bye scores, in the words POST /api/tournaments takes.
std::string_view bye_word(const storage::TournamentRow& row) {
    const auto variant = rules::variant_from_name(row.variant);
    if (!variant)
        return "win";
    const auto scoring = lt::scoring_for(*variant);
    if (!scoring)
        return "win";
    return lt::bye_word_of(row.bye_points, scoring.value());
}

Json summary(const storage::TournamentRow& row, int players) {
    Json out = {{"id", row.id},
                {"name", row.name},
                {"format", row.format},
                {"variant", row.variant},
                {"time_control", nullptr},
                {"rated", row.rated},
                {"public", row.is_public},
                {"state", row.state},
                {"starts_at", epoch_ms(row.starts_at)},
                {"rounds", row.rounds},
                {"min_players", row.min_players},
                {"max_players", row.max_players},
                {"players", players},
                {"tiebreaks", row.tiebreaks},
                {"bye", bye_word(row)},
                {"ladder", row.ladder_id ? Json(*row.ladder_id) : Json(nullptr)}};
    if (const auto control = lobby::parse_time_control_text(row.time_control))
        out["time_control"] = lobby::describe(*control);
    add_arena_summary(out, row);
    return out;
}

// "/api/tournaments/<id>[/<action>]" or "<id>.trf".
struct TournamentPath {
    std::optional<std::int64_t> id;
    std::string_view action;
    bool trf = false;
};
TournamentPath tournament_path(std::string_view target) {
    auto rest = accounts::path_of(target).substr(tournaments_prefix.size());
    const auto slash = rest.find('/');
    auto id_text = rest.substr(0, slash);
    TournamentPath out;
    if (id_text.ends_with(".trf") && slash == std::string_view::npos) {
        id_text.remove_suffix(4);
        out.trf = true;
    }
    out.id = accounts::parse_int(id_text, 1, INT64_MAX);
    out.action = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    return out;
}

Json view_json(const TournamentView& view, std::optional<storage::UserId> caller) {
    const auto& row = view.tournament;
    int active = 0;
    std::map<storage::UserId, std::string> names;
    Json entries = Json::array();
    for (const auto& e : view.entries) {
        names[e.user_id] = e.name;
        active += e.withdrawn_from ? 0 : 1;
        entries.push_back(
            {{"name", e.name},
             {"rating", e.rating},
             {"joined_round", e.joined_round},
             {"withdrawn_from", e.withdrawn_from ? Json(*e.withdrawn_from) : Json(nullptr)}});
    }
    Json out = summary(row, active);
    if (!row.is_public && caller && caller == row.organiser_user_id)
        out["join_code"] = row.join_code;
    out["organiser"] = view.organiser_name ? Json(*view.organiser_name) : Json(nullptr);
    out["entries"] = std::move(entries);
    const auto& scoring = view.record.settings.scoring;
    Json standings = Json::array();
    for (const auto& s : view.standings) {
        const auto& player = view.record.players[static_cast<std::size_t>(s.player)];
        Json tiebreaks = Json::array();
        for (std::size_t i = 0; i < s.tiebreaks.size(); ++i) {
            const auto tiebreak = view.record.settings.tiebreaks[i];
            tiebreaks.push_back(
                {{"code", tiebreak_code(tiebreak)},
                 {"value", static_cast<double>(s.tiebreaks[i]) /
                               static_cast<double>(lt::tiebreak_divisor(tiebreak, scoring))}});
        }
        standings.push_back({{"rank", s.rank},
                             {"name", player.name},
                             {"rating", player.rating},
                             {"points", lt::format_points(s.points, scoring)},
                             {"tiebreaks", std::move(tiebreaks)},
                             {"withdrawn", player.withdrawn_from.has_value()}});
    }
    out["standings"] = std::move(standings);
    // The pairs the organiser forbade to meet (a Swiss's), each by its players' names, in the
    // pairing order of the record (tournament_record.h); public, as the TRF's TBF lines are.
    Json forbidden = Json::array();
    for (const auto& [a, b] : view.record.forbidden)
        forbidden.push_back(Json::array({view.record.players[static_cast<std::size_t>(a)].name,
                                         view.record.players[static_cast<std::size_t>(b)].name}));
    out["forbidden_pairs"] = std::move(forbidden);
    Json rounds = Json::array();
    for (const auto& r : view.rounds) {
        Json pairings = Json::array();
        for (const auto& p : r.pairings) {
            const auto outcome = outcome_of(p);
            const char* result = outcome == lt::Outcome::WhiteWins            ? "1-0"
                                 : outcome == lt::Outcome::BlackWins          ? "0-1"
                                 : outcome == lt::Outcome::Draw               ? "1/2-1/2"
                                 : outcome == lt::Outcome::WhiteWinsByForfeit ? "+-"
                                 : outcome == lt::Outcome::BlackWinsByForfeit ? "-+"
                                 : outcome == lt::Outcome::DoubleForfeit      ? "--"
                                                                              : "";
            pairings.push_back(
                {{"board", p.board},
                 {"white", names[p.white_user_id]},
                 {"black", names[p.black_user_id]},
                 {"table", p.table_code.empty() ? Json(nullptr) : Json(p.table_code)},
                 {"game_id", p.game_id ? Json(*p.game_id) : Json(nullptr)},
                 {"result", result}});
        }
        Json absences = Json::array();
        for (const auto& a : r.absences)
            absences.push_back({{"name", names[a.user_id]}, {"kind", a.kind}});
        rounds.push_back({{"round", r.round},
                          {"paired_at", epoch_ms(r.paired_at)},
                          {"set_by_hand", r.set_by_hand},
                          {"pairings", std::move(pairings)},
                          {"absences", std::move(absences)}});
    }
    // The summary's number of rounds (0 for an arena) is `round_count` here: `rounds` is the list.
    out["round_count"] = out["rounds"];
    out["rounds"] = std::move(rounds);
    add_arena_json(out, view);
    return out;
}

http::Response tournaments_list(TournamentService& service, const http::Request& req,
                                const http::RequestInfo& info) {
    const std::string_view target(req.target().data(), req.target().size());
    const auto state = accounts::query_param(target, "state").value_or("");
    if (!state.empty() && state != "created" && state != "running" && state != "finished" &&
        state != "cancelled")
        return api_error(req, bh::status::bad_request, "bad_state",
                         "state: created, running, finished or cancelled");
    const auto caller = accounts::account_of(info);
    Json list = Json::array();
    const auto progress = service.list_progress(state);
    for (const auto& row : service.list(state)) {
        // A private tournament is listed to its organiser only (the others have its id).
        if (!row.is_public && (!caller || caller != row.organiser_user_id))
            continue;
        // Read before the rows: one made in between is listed with no players yet.
        const auto found = progress.find(row.id);
        const auto p = found == progress.end() ? storage::TournamentProgress{} : found->second;
        list.push_back(summary(row, p.players));
        list.back()["rounds_paired"] = p.rounds_paired;
        list.back()["rounds_finished"] = p.rounds_finished;
    }
    return api_json(req, bh::status::ok, Json{{"tournaments", std::move(list)}});
}

http::Response tournament_create(TournamentService& service, const http::Request& req,
                                 const http::RequestInfo& info, storage::TimePoint now) {
    const auto organiser = accounts::account_of(info);
    if (!organiser)
        return not_logged_in(req);
    auto parsed = accounts::parse_json_object(req);
    if (auto* error = std::get_if<http::Response>(&parsed))
        return std::move(*error);
    const auto& body = std::get<Json>(parsed);
    const auto bad = [&](std::string_view code, std::string_view message) {
        return api_error(req, bh::status::bad_request, code, message);
    };
    const auto clock = requested_time_control(body);
    if (!clock)
        return bad("bad_time_control", "give base_seconds (+ increment_seconds) or "
                                       "days_per_move as whole numbers, not both");
    const auto starts_at = int_member(body, "starts_at", 0, INT64_MAX, epoch_ms(now));
    const auto rounds = int_member(body, "rounds", INT32_MIN, INT32_MAX, 0);
    const auto min_players = int_member(body, "min_players", INT32_MIN, INT32_MAX, 2);
    const auto max_players = int_member(body, "max_players", INT32_MIN, INT32_MAX, 64);
    const auto duration = int_member(body, "duration", INT32_MIN, INT32_MAX, 0); // minutes
    const auto ladder = body.contains("ladder") && body["ladder"].is_null()
                            ? std::optional<std::int64_t>(0) // 0: open to every account
                            : int_member(body, "ladder", 1, INT64_MAX, 0);
    const auto rated = bool_member(body, "rated", false);
    const auto is_public = bool_member(body, "public", true);
    if (!starts_at || !rounds || !min_players || !max_players || !duration || !rated ||
        !is_public || !ladder)
        return bad("bad_request", "starts_at (Unix ms), rounds, duration (minutes), min_players, "
                                  "max_players and ladder (an id) are whole numbers; rated and "
                                  "public true or false");
    NewTournament request{.name = accounts::string_field(body, "name").value_or(""),
                          .format = accounts::string_field(body, "format").value_or("swiss"),
                          .variant = accounts::string_field(body, "variant").value_or(""),
                          .time_control = lobby::time_control_text(*clock),
                          .rated = *rated,
                          .starts_at = storage::TimePoint(storage::Millis(*starts_at)),
                          .rounds = static_cast<int>(*rounds),
                          .duration = std::chrono::minutes(*duration),
                          .min_players = static_cast<int>(*min_players),
                          .max_players = static_cast<int>(*max_players),
                          .is_public = *is_public,
                          .join_code = accounts::string_field(body, "join_code").value_or(""),
                          .tiebreaks = accounts::string_field(body, "tiebreaks").value_or(""),
                          .bye = accounts::string_field(body, "bye").value_or(""),
                          .organiser = organiser,
                          .schedule = std::nullopt,
                          .ladder = *ladder == 0 ? std::nullopt : std::optional(*ladder)};
    const auto id = service.create(request, now);
    if (!id)
        return refused(req, id.error());
    const auto shown = service.view(*id);
    if (!shown)
        return refused(req, shown.error());
    return api_json(req, bh::status::created, Json{{"tournament", view_json(*shown, organiser)}});
}

http::Response tournament_get(TournamentService& service, const http::Request& req,
                              const http::RequestInfo& info) {
    const std::string_view target(req.target().data(), req.target().size());
    const auto path = tournament_path(target);
    if (!path.id || !path.action.empty())
        return api_error(req, bh::status::not_found, "unknown_tournament",
                         "there is no such tournament");
    if (path.trf) {
        auto text = service.trf(*path.id);
        if (!text)
            return refused(req, text.error());
        http::Response response{bh::status::ok, req.version()};
        response.set(bh::field::content_type, "text/plain; charset=utf-8");
        response.set(bh::field::content_disposition,
                     "attachment; filename=\"tournament-" + std::to_string(*path.id) + ".trf\"");
        response.set(bh::field::cache_control, "no-store");
        response.keep_alive(req.keep_alive());
        response.body() = std::move(text).value();
        response.prepare_payload();
        return response;
    }
    const auto shown = service.view(*path.id);
    if (!shown)
        return refused(req, shown.error());
    return api_json(req, bh::status::ok,
                    Json{{"tournament", view_json(*shown, accounts::account_of(info))}});
}

http::Response tournament_post(TournamentService& service, const http::Request& req,
                               const http::RequestInfo& info, storage::TimePoint now) {
    const std::string_view target(req.target().data(), req.target().size());
    const auto path = tournament_path(target);
    if (!path.id || path.trf || path.action.empty())
        return api_error(req, bh::status::not_found, "not_found", "no such tournament action");
    const auto user = accounts::account_of(info);
    auto parsed = req.body().empty() ? std::variant<Json, http::Response>(Json::object())
                                     : accounts::parse_json_object(req);
    if (auto* error = std::get_if<http::Response>(&parsed))
        return std::move(*error);
    const auto& body = std::get<Json>(parsed);
    if (auto organised = organiser_action(service, req.method(), *path.id, path.action, user,
                                          body, now)) {
        if (!*organised)
            return refused(req, organised->error());
    } else if (req.method() != bh::verb::post) {
        return api_error(req, bh::status::not_found, "not_found", "no such tournament action");
    } else if (path.action == "join") {
        // A guest is refused by the service, saying why (a rated tournament or not).
        if (!info.principal)
            return not_logged_in(req);
        const auto joined = service.join(
            *path.id, user, accounts::string_field(body, "join_code").value_or(""), now);
        if (!joined)
            return refused(req, joined.error());
    } else if (path.action == "pause") {
        if (!user)
            return not_logged_in(req);
        if (const auto paused = service.pause(*path.id, *user, now); !paused)
            return refused(req, paused.error());
    } else if (path.action == "withdraw" || path.action == "start" || path.action == "end") {
        if (!user)
            return not_logged_in(req);
        rules::Result<bool> done = true;
        if (path.action == "withdraw") {
            if (auto r = service.withdraw(*path.id, *user, now); !r)
                done = r.error();
        } else if (path.action == "start") {
            if (auto r = service.start(*path.id, user, now); !r)
                done = r.error();
        } else if (auto r = service.end(*path.id, user, now); !r) {
            done = r.error();
        }
        if (!done)
            return refused(req, done.error());
    } else {
        return api_error(req, bh::status::not_found, "not_found", "no such tournament action");
    }
    const auto shown = service.view(*path.id);
    if (!shown)
        return refused(req, shown.error());
    return api_json(req, bh::status::ok, Json{{"tournament", view_json(*shown, user)}});
}

} // namespace

void TournamentRunner::register_routes(http::Routes& routes) {
    routes.add_async(bh::verb::get, "/api/tournaments", on_worker(&tournaments_list));
    routes.add_async(bh::verb::post, "/api/tournaments",
                     on_worker([this](TournamentService& s, const http::Request& req,
                                      const http::RequestInfo& info) {
                         return tournament_create(s, req, info, now());
                     }));
    routes.add_prefix_async(bh::verb::get, std::string(tournaments_prefix),
                            on_worker(&tournament_get));
    routes.add_prefix_async(
        bh::verb::post, std::string(tournaments_prefix),
        [this, actions = on_worker([this](TournamentService& s, const http::Request& req,
                                          const http::RequestInfo& info) {
                   return tournament_post(s, req, info, now());
               })](const http::Request& req, const http::RequestInfo& info, http::Respond respond) {
            if (is_berserk_request(req))
                return berserk_route(*this, req, info, std::move(respond));
            actions(req, info, std::move(respond));
        });
    // DELETE /api/tournaments/<id>/forbidden (tournament_organiser_routes.h).
    routes.add_prefix_async(bh::verb::delete_, std::string(tournaments_prefix),
                            on_worker([this](TournamentService& s, const http::Request& req,
                                             const http::RequestInfo& info) {
                                return tournament_post(s, req, info, now());
                            }));
}

} // namespace server::tournaments
