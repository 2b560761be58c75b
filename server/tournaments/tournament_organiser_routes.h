#pragma once
// The organiser's Swiss routes (docs/http-api.md, "Tournaments"), served by the tournaments'
// POST and DELETE prefix routes (tournament_routes.cpp) on the tournaments worker:
//   POST   /api/tournaments/<id>/byes                  {"round": n}        the caller's own
//   POST   /api/tournaments/<id>/forbidden             {"players": [a, b]} the organiser's
//   DELETE /api/tournaments/<id>/forbidden             {"players": [a, b]}
//   POST   /api/tournaments/<id>/rounds/<n>/pairings   {"pairings": [{"white": a, "black": b}],
//                                                       "byes": [c], "override": false}
// Players are named as they entered. nullopt: `action` (the path after "<id>/") is none of
// these; else done, or the refusal to answer (the service's codes, "not_logged_in",
// "bad_request" for a body of the wrong shape).

#include "rules/result.h"
#include "server/http/routes.h"
#include "server/tournaments/tournament_service.h"

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace server::tournaments {

std::optional<rules::Result<bool>>
organiser_action(TournamentService& service, http::beast_http::verb method,
                 storage::TournamentId id, std::string_view action,
                 std::optional<storage::UserId> user, const nlohmann::json& body,
                 storage::TimePoint now);

} // namespace server::tournaments
