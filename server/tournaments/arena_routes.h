#pragma once
// The arena's part of the tournament routes (docs/http-api.md, "Arenas"): its members in the
// tournament's JSON, and POST /api/tournaments/<id>/berserk, which waits for the live table
// (TournamentService::berserk) and so answers asynchronously. The rest of the routes:
// tournament_routes.cpp, on the tournaments worker (TournamentRunner).

#include "server/http/http_types.h"
#include "server/tournaments/tournament_service.h"

#include <optional>

#include <nlohmann/json.hpp>

namespace server::tournaments {

class TournamentRunner;

// A listed tournament: "duration" (minutes) and "ends_at" (Unix ms) for an arena.
void add_arena_summary(nlohmann::json& out, const storage::TournamentRow& row);
// A shown arena: "standings" (rank, name, rating, points, streak, on_fire, sheet, paused,
// playing), each of "entries" with points, streak, sheet and paused, and each pairing of its
// waves ("rounds") with white_berserk and black_berserk. `out` is the tournament's JSON with
// "entries" and "rounds" in the view's order.
void add_arena_json(nlohmann::json& out, const TournamentView& view);

// True for POST /api/tournaments/<id>/berserk (whatever the id).
bool is_berserk_request(const http::Request& request);
void berserk_route(TournamentRunner& runner, const http::Request& request,
                   const http::RequestInfo& info, http::Respond respond);

} // namespace server::tournaments
