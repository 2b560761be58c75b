#include "server/tournaments/arena_routes.h"

#include "server/accounts/api_json.h"
#include "server/accounts/service_worker.h"
#include "server/log.h"
#include "server/tournaments/tournament_runner.h"

#include <chrono>
#include <map>
#include <memory>

namespace server::tournaments {
namespace {

namespace bh = http::beast_http;
using accounts::Json;

constexpr std::string_view arena_prefix = "/api/tournaments/";
constexpr std::string_view berserk_suffix = "/berserk";

std::int64_t arena_ms(storage::TimePoint at) {
    return at.time_since_epoch().count();
}

std::optional<std::int64_t> berserk_tournament_id(const http::Request& request) {
    const std::string_view target(request.target().data(), request.target().size());
    auto path = accounts::path_of(target);
    if (!path.starts_with(arena_prefix) || !path.ends_with(berserk_suffix))
        return std::nullopt;
    path.remove_prefix(arena_prefix.size());
    path.remove_suffix(berserk_suffix.size());
    return accounts::parse_int(path, 1, INT64_MAX);
}

http::Response berserk_refused(const http::Request& request, const rules::Error& error) {
    const auto status = error.code == "unknown_tournament" ? bh::status::not_found
                        : error.code == "unavailable"      ? bh::status::service_unavailable
                                                           : bh::status::conflict;
    return accounts::api_error(request, status, error.code, error.detail);
}

} // namespace

void add_arena_summary(Json& out, const storage::TournamentRow& row) {
    if (row.format != arena_format)
        return;
    out["duration"] = std::chrono::duration_cast<std::chrono::minutes>(row.duration).count();
    out["ends_at"] = arena_ms(arena_ends_at(row));
}

void add_arena_json(Json& out, const TournamentView& view) {
    if (!view.arena)
        return;
    const ArenaView& arena = *view.arena;
    std::map<storage::UserId, const ArenaStanding*> by_user;
    Json standings = Json::array();
    for (const auto& s : arena.standings) {
        by_user[s.user] = &s;
        standings.push_back({{"rank", s.rank},
                             {"name", s.name},
                             {"rating", s.rating},
                             {"points", s.points},
                             {"streak", s.streak},
                             {"on_fire", s.streak >= 2},
                             {"sheet", s.sheet},
                             {"paused", s.paused},
                             {"playing", s.playing}});
    }
    out["standings"] = std::move(standings);
    auto& entries = out["entries"];
    for (std::size_t i = 0; i < view.entries.size() && i < entries.size(); ++i) {
        const auto found = by_user.find(view.entries[i].user_id);
        const ArenaStanding* s = found != by_user.end() ? found->second : nullptr;
        entries[i]["points"] = s ? s->points : 0;
        entries[i]["streak"] = s ? s->streak : 0;
        entries[i]["sheet"] = s ? Json(s->sheet) : Json::array();
        entries[i]["paused"] = s ? s->paused : view.entries[i].paused;
    }
    auto& rounds = out["rounds"];
    for (std::size_t r = 0; r < view.rounds.size() && r < rounds.size(); ++r) {
        const auto& stored = view.rounds[r];
        auto& pairings = rounds[r]["pairings"];
        for (std::size_t b = 0; b < stored.pairings.size() && b < pairings.size(); ++b) {
            const auto& p = stored.pairings[b];
            pairings[b]["white_berserk"] =
                arena.berserks.contains({stored.round, p.board, p.white_user_id});
            pairings[b]["black_berserk"] =
                arena.berserks.contains({stored.round, p.board, p.black_user_id});
        }
    }
}

bool is_berserk_request(const http::Request& request) {
    const std::string_view target(request.target().data(), request.target().size());
    return accounts::path_of(target).ends_with(berserk_suffix);
}

void berserk_route(TournamentRunner& runner, const http::Request& request,
                   const http::RequestInfo& info, http::Respond respond) {
    const auto id = berserk_tournament_id(request);
    if (!id)
        return respond(accounts::api_error(request, bh::status::not_found, "unknown_tournament",
                                           "there is no such tournament"));
    const auto user = accounts::account_of(info);
    if (!user)
        return respond(accounts::api_error(request, bh::status::unauthorized, "not_logged_in",
                                           "log in first"));
    auto shared_request = std::make_shared<http::Request>(request);
    auto shared_respond = std::make_shared<http::Respond>(std::move(respond));
    const auto now = runner.now();
    runner.run([id = *id, user = *user, now, shared_request,
                shared_respond](TournamentService& service) {
        try {
            service.berserk(
                id, user, now,
                [id, shared_request,
                 shared_respond](const rules::Result<std::pair<int, int>>& done) {
                    if (!done)
                        return (*shared_respond)(berserk_refused(*shared_request, done.error()));
                    (*shared_respond)(accounts::api_json(*shared_request, bh::status::ok,
                                                         Json{{"berserk",
                                                               {{"tournament", id},
                                                                {"round", done->first},
                                                                {"board", done->second}}}}));
                });
        } catch (const std::exception& e) {
            log::error(std::string("tournaments: berserk: ") + e.what());
            (*shared_respond)(accounts::api_error(*shared_request,
                                                  bh::status::internal_server_error, "server_error",
                                                  "the server could not do this; "
                                                  "try later"));
        }
    });
}

} // namespace server::tournaments
