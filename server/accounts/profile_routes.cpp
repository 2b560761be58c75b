// GET /api/users/<name>, /api/users/<name>/games, /api/users/<name>/games.pgn (or .pdn),
// GET /api/games/<id>.pgn (or .pdn), GET /api/leaderboard.
#include "lobby/rating/inactivity.h"
#include "lobby/rating/rating_policy.h"
#include "lobby/time_control.h"
#include "rules/variant.h"
#include "server/accounts/accounts_service.h"
#include "server/accounts/game_download.h"
#include "server/accounts/service_worker.h"

#include <algorithm>

namespace server::accounts {
namespace {

namespace bh = http::beast_http;

constexpr int default_page = 20;
constexpr int max_page = 100;
constexpr int max_download_games = 5000;
constexpr int default_leaderboard = 50;
constexpr int max_leaderboard = 200;

// One game of a user's history. A game of more than two players also lists every player by
// seat with their place (null while it goes on), and `place` is the user's own (the user may sit
// at any seat; null while it goes on). `white` and `black` stay the names of seats 0 and 1.
Json game_summary(const storage::GameRow& game, storage::UserId user) {
    const auto name_of = [&game](std::size_t seat) {
        return seat < game.seats.size() ? game.seats[seat].name : std::string();
    };
    Json summary = {{"id", game.id},
                    {"variant", game.variant},
                    {"white", name_of(0)},
                    {"black", name_of(1)},
                    {"rated", game.rated},
                    {"time_control", game.time_control},
                    {"started_at", epoch_ms(game.started_at)},
                    {"ended_at", nullptr},
                    {"result", game.result},
                    {"termination", game.termination}};
    if (game.ended_at)
        summary["ended_at"] = epoch_ms(*game.ended_at);
    if (game.seat_count() <= 2)
        return summary;
    // The places are shown only when every seat has one (the game has ended in places).
    const bool placed =
        std::all_of(game.seats.begin(), game.seats.end(),
                    [](const storage::SeatRow& seat) { return seat.place.has_value(); });
    const auto place_of = [&game, placed](std::size_t seat) {
        return placed ? Json(*game.seats[seat].place) : Json(nullptr);
    };
    Json players = Json::array();
    Json own_place = nullptr;
    for (std::size_t seat = 0; seat < game.seats.size(); ++seat) {
        players.push_back(
            {{"seat", seat}, {"name", game.seats[seat].name}, {"place", place_of(seat)}});
        if (game.seats[seat].user_id == user && own_place.is_null())
            own_place = place_of(seat);
    }
    summary["players"] = std::move(players);
    summary["place"] = std::move(own_place);
    return summary;
}

http::Response record_response(const http::Request& request, std::string text,
                               std::string_view extension, std::string_view file_name) {
    http::Response response{bh::status::ok, request.version()};
    response.set(bh::field::content_type,
                 extension == "pgn" ? "application/x-chess-pgn" : "text/plain; charset=utf-8");
    response.set(bh::field::content_disposition,
                 "attachment; filename=\"" + std::string(file_name) + "\"");
    response.set(bh::field::cache_control, "no-store");
    response.keep_alive(request.keep_alive());
    response.body() = std::move(text);
    response.prepare_payload();
    return response;
}

// A stored rating as it stands at `now`: its RD grown for the time since the player's last
// rated game (lobby/rating/inactivity.h), so an idle rating turns provisional again.
lobby::rating::Glicko shown_rating(const storage::RatingRow& row, storage::TimePoint now) {
    return lobby::rating::rating_at(
        {.rating = row.rating, .deviation = row.deviation, .volatility = row.volatility},
        row.updated_at, now);
}

// The best `limit` ratings of a leaderboard whose RD, grown to `now`, still ranks: storage
// applies the growth in its query, the RD shown is grown here the same way.
std::vector<storage::LeaderboardRow> ranked_now(storage::RatingStore& ratings,
                                                std::string_view variant, std::string_view speed,
                                                int limit, storage::TimePoint now) {
    auto rows = ratings.leaderboard(
        {.variant = variant,
         .speed = speed,
         .max_deviation = lobby::rating::leaderboard_max_deviation(variant == "chess"),
         .now = now,
         .growth_per_day = lobby::rating::deviation_growth_per_day(),
         .limit = limit});
    for (auto& row : rows)
        row.rating.deviation = shown_rating(row.rating, now).deviation;
    return rows;
}

http::Response unknown_user(const http::Request& request) {
    return api_error(request, bh::status::not_found, "unknown_user", "there is no such user");
}

} // namespace

void AccountsService::add_profile_routes(http::Routes& routes) {
    routes.add_prefix_async(bh::verb::get, "/api/users/",
                            on_worker(std::bind_front(&AccountsService::user_get, this)));
    routes.add_prefix_async(bh::verb::get, "/api/games/",
                            on_worker(std::bind_front(&AccountsService::game_get, this)));
    routes.add_async(bh::verb::get, "/api/leaderboard",
                     on_worker(std::bind_front(&AccountsService::leaderboard, this)));
}

http::Response AccountsService::user_get(Worker& w, const http::Request& req,
                                         const http::RequestInfo&) {
    const std::string_view target(req.target().data(), req.target().size());
    std::string_view rest = path_of(target).substr(std::string_view("/api/users/").size());
    const auto slash = rest.find('/');
    const std::string_view name = rest.substr(0, slash);
    const std::string_view what =
        slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    if (what != "" && what != "games" && what != "games.pgn" && what != "games.pdn")
        return api_error(req, bh::status::not_found, "not_found", "no such resource");
    const auto user = w.users->find_user_by_name(name);
    if (!user)
        return unknown_user(req);

    if (what.empty()) {
        Json ratings = Json::array();
        const auto at = now();
        for (const auto& r : w.ratings->ratings_of(user->id)) {
            const auto shown = shown_rating(r, at);
            ratings.push_back({{"variant", r.key.variant},
                               {"speed", r.key.speed},
                               {"rating", shown.rating},
                               {"deviation", shown.deviation},
                               {"games", r.games},
                               {"provisional", lobby::rating::is_provisional(shown.deviation)}});
        }
        return api_json(req, bh::status::ok,
                        Json{{"name", user->name},
                             {"created_at", epoch_ms(user->created_at)},
                             {"disabled", user->disabled},
                             {"games", w.games->count_games(user->id)},
                             {"ratings", std::move(ratings)}});
    }

    if (what == "games") {
        storage::HistoryQuery query{.limit = default_page, .before_game_id = std::nullopt};
        if (const auto limit = query_param(target, "limit")) {
            const auto value = parse_int(*limit, 1, max_page);
            if (!value)
                return api_error(req, bh::status::bad_request, "bad_limit",
                                 "limit must be a whole number from 1 to " +
                                     std::to_string(max_page));
            query.limit = static_cast<int>(*value);
        }
        if (const auto before = query_param(target, "before")) {
            const auto value = parse_int(*before, 1, INT64_MAX);
            if (!value)
                return api_error(req, bh::status::bad_request, "bad_before",
                                 "before must be a game id");
            query.before_game_id = *value;
        }
        Json games = Json::array();
        const auto page = w.games->history(user->id, query);
        for (const auto& game : page)
            games.push_back(game_summary(game, user->id));
        Json next = nullptr;
        if (static_cast<int>(page.size()) == query.limit)
            next = page.back().id;
        return api_json(req, bh::status::ok,
                        Json{{"games", std::move(games)}, {"next_before", next}});
    }

    // Every finished game as one file: chess games (PGN) first, then the draughts family
    // (PDN); ?variant= keeps one variant.
    const auto variant = query_param(target, "variant");
    if (variant && !rules::variant_from_name(*variant))
        return api_error(req, bh::status::bad_request, "unknown_variant",
                         "unknown variant \"" + *variant + "\"");
    std::string chess_text;
    std::string draughts_text;
    storage::HistoryQuery query{.limit = max_page, .before_game_id = std::nullopt};
    int seen = 0;
    while (seen < max_download_games) {
        const auto page = w.games->history(user->id, query);
        for (const auto& row : page) {
            if (!row.ended_at || (variant && row.variant != *variant))
                continue;
            const auto stored = w.games->find_game(row.id);
            if (!stored)
                continue;
            const auto text = game_record(*stored);
            if (!text)
                continue; // a game that does not replay is left out of the bundle
            auto& into = record_extension(row.variant) == "pgn" ? chess_text : draughts_text;
            into += *text;
            if (!into.ends_with("\n\n"))
                into += into.ends_with('\n') ? "\n" : "\n\n";
        }
        seen += static_cast<int>(page.size());
        if (static_cast<int>(page.size()) < query.limit)
            break;
        query.before_game_id = page.back().id;
    }
    const auto extension = what.substr(std::string_view("games.").size());
    return record_response(req, chess_text + draughts_text, extension,
                           user->name + "-games." + std::string(extension));
}

http::Response AccountsService::game_get(Worker& w, const http::Request& req,
                                         const http::RequestInfo&) {
    const std::string_view target(req.target().data(), req.target().size());
    const std::string_view file = path_of(target).substr(std::string_view("/api/games/").size());
    const auto dot = file.rfind('.');
    const std::string_view extension =
        dot == std::string_view::npos ? std::string_view{} : file.substr(dot + 1);
    if (extension != "pgn" && extension != "pdn")
        return api_error(req, bh::status::not_found, "not_found",
                         "ask for /api/games/<id>.pgn (chess) or <id>.pdn (draughts)");
    const auto id = parse_int(file.substr(0, dot), 1, INT64_MAX);
    const auto stored = id ? w.games->find_game(*id) : std::nullopt;
    if (!stored || !stored->game.ended_at)
        return api_error(req, bh::status::not_found, "unknown_game",
                         "there is no finished game with this id");
    const auto right = record_extension(stored->game.variant);
    if (right != extension)
        return api_error(req, bh::status::not_found, "wrong_format",
                         "this game is a " + stored->game.variant + " game: ask for ." +
                             std::string(right));
    const auto text = game_record(*stored);
    if (!text)
        return api_error(req, bh::status::internal_server_error, text.error().code,
                         text.error().detail);
    return record_response(req, *text, extension,
                           "tabula-" + std::to_string(*id) + "." + std::string(extension));
}

http::Response AccountsService::leaderboard(Worker& w, const http::Request& req,
                                            const http::RequestInfo&) {
    const std::string_view target(req.target().data(), req.target().size());
    const auto variant = query_param(target, "variant");
    const auto speed = query_param(target, "speed");
    if (!variant || !rules::variant_from_name(*variant))
        return api_error(req, bh::status::bad_request, "unknown_variant",
                         "variant= must name a variant (e.g. chess, international)");
    if (!speed || !lobby::speed_from_name(*speed))
        return api_error(req, bh::status::bad_request, "unknown_speed",
                         "speed= must be ultrabullet, bullet, blitz, rapid, classical or "
                         "correspondence");
    int limit = default_leaderboard;
    if (const auto text = query_param(target, "limit")) {
        const auto value = parse_int(*text, 1, max_leaderboard);
        if (!value)
            return api_error(req, bh::status::bad_request, "bad_limit",
                             "limit must be a whole number from 1 to " +
                                 std::to_string(max_leaderboard));
        limit = static_cast<int>(*value);
    }
    const auto rows = ranked_now(*w.ratings, *variant, *speed, limit, now());
    Json players = Json::array();
    int rank = 0;
    for (const auto& row : rows)
        players.push_back({{"rank", ++rank},
                           {"name", row.name},
                           {"rating", row.rating.rating},
                           {"deviation", row.rating.deviation},
                           {"games", row.rating.games}});
    return api_json(
        req, bh::status::ok,
        Json{{"variant", *variant}, {"speed", *speed}, {"players", std::move(players)}});
}

} // namespace server::accounts
