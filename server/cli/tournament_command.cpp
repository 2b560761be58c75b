// tabula tournament create <name> --variant V --time-control TC [--format F] [--rounds N]
//                          [--starts-in MINUTES] [--min N] [--max N] [--join-code CODE]
//                          [--tiebreaks LIST] [--bye win|draw|zero] [--organiser USER]
//                          [--ladder ID] [--rated]
//                          [--db FILE]
// tabula tournament list [--state S] [--db FILE]
// tabula tournament show <id> [--db FILE]
// tabula tournament start|end <id> [--db FILE]
// tabula tournament withdraw|pause <id> <user> [--db FILE]
// Tournaments for the operator, without HTTP: the same service and rules as the tournament
// routes (server/tournaments/tournament_service.h, docs/http-api.md "Tournaments"), acting as
// the operator (who may start or end any tournament). Works beside a running server on the same
// database: the server's next tick (every second) makes the tables of a round started here.
// Exit status: 0 done, 1 refused or failed (message on stderr), 2 bad arguments (an unknown
// action or flag, a missing word, a value that cannot be read), with the usage.
#include "lobby/time_control.h"
#include "lobby/time_control_text.h"
#include "lobby/tournament/scoring.h"
#include "server/cli/commands.h"
#include "server/cli/database_path.h"
#include "server/cli/utc_time.h"
#include "server/tournaments/tournament_record.h"
#include "server/tournaments/tournament_service.h"
#include "storage/open.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <optional>

namespace server::cli {
namespace {

namespace lt = lobby::tournament;
using tournaments::TournamentService;

constexpr const char* tournament_usage =
    "usage: tabula tournament create <name> --variant V --time-control TC\n"
    "           [--format swiss|round_robin|double_round_robin|arena] [--rounds N]\n"
    "           [--duration MIN] [--starts-in MIN]\n"
    "           [--min N] [--max N] [--join-code CODE] [--tiebreaks BH-C1,BH,SB]\n"
    "           [--bye win|draw|zero] [--organiser USER] [--ladder ID] [--rated] [--db FILE]\n"
    "       tabula tournament list [--state created|running|finished|cancelled] [--db FILE]\n"
    "       tabula tournament show <id> [--db FILE]\n"
    "       tabula tournament start <id> [--db FILE]\n"
    "       tabula tournament end <id> [--db FILE]\n"
    "       tabula tournament withdraw <id> <user> [--db FILE]\n"
    "       tabula tournament pause <id> <user> [--db FILE]   (an arena's player)\n"
    "TC: 5+3 (minutes + increment seconds), 30s+0 (base in seconds) or 3d (days per move)\n";

struct TournamentArgs {
    std::string action;
    std::vector<std::string> words;
    std::map<std::string, std::string> flags;
    bool rated = false;
    std::string db = default_database_path();
};

struct TournamentShape {
    std::string_view name;
    std::size_t words;
    std::vector<std::string_view> flags;
};
const std::vector<TournamentShape>& tournament_shapes() {
    static const std::vector<TournamentShape> all = {
        {"create",
         1,
         {"--variant", "--time-control", "--format", "--rounds", "--duration", "--starts-in",
          "--min", "--max", "--join-code", "--tiebreaks", "--bye", "--organiser", "--ladder",
          "--rated"}},
        {"list", 0, {"--state"}},
        {"show", 1, {}},
        {"start", 1, {}},
        {"end", 1, {}},
        {"withdraw", 2, {}},
        {"pause", 2, {}},
    };
    return all;
}

std::optional<TournamentArgs> parse_tournament_args(const Args& args) {
    auto split = split_args(args,
                            {"--variant", "--time-control", "--format", "--rounds", "--duration",
                             "--starts-in", "--min", "--max", "--join-code", "--tiebreaks",
                             "--bye", "--organiser", "--ladder", "--state", "--db"},
                            {"--rated"});
    if (!split || split->words.empty())
        return std::nullopt;
    TournamentArgs out;
    out.action = split->words[0];
    out.words.assign(split->words.begin() + 1, split->words.end());
    out.flags = std::move(split->values);
    out.rated = split->switches.contains("--rated");
    if (const auto db = out.flags.find("--db"); db != out.flags.end()) {
        out.db = db->second;
        out.flags.erase(db);
    }
    const auto shape = std::find_if(tournament_shapes().begin(), tournament_shapes().end(),
                                    [&](const TournamentShape& s) { return s.name == out.action; });
    if (shape == tournament_shapes().end() || out.words.size() != shape->words)
        return std::nullopt;
    const auto allowed = [&](std::string_view flag) {
        return std::find(shape->flags.begin(), shape->flags.end(), flag) != shape->flags.end();
    };
    for (const auto& [flag, value] : out.flags)
        if (!allowed(flag))
            return std::nullopt;
    if (out.rated && !allowed("--rated"))
        return std::nullopt;
    return out;
}

int tournament_refused(std::string_view message) {
    std::cerr << "tabula tournament: " << message << "\n";
    return 1;
}

int tournament_malformed(std::string_view message) {
    std::cerr << "tabula tournament: " << message << "\n" << tournament_usage;
    return 2;
}

int create_tournament_command(const TournamentArgs& a, TournamentService& service,
                              storage::UserStore& users) {
    const auto flag = [&](const char* name) -> std::optional<std::string> {
        const auto it = a.flags.find(name);
        return it == a.flags.end() ? std::nullopt : std::optional(it->second);
    };
    const auto number = [&](const char* name, int fallback) -> std::optional<int> {
        const auto text = flag(name);
        return text ? whole_number<int>(*text) : std::optional(fallback);
    };
    const auto variant = flag("--variant");
    const auto clock_text = flag("--time-control");
    if (!variant || !clock_text)
        return tournament_refused("create needs --variant and --time-control");
    const auto clock = lobby::read_time_control(*clock_text);
    if (!clock)
        return tournament_malformed(lobby::unreadable_time_control(*clock_text));
    const bool arena = flag("--format") == std::optional<std::string>("arena");
    const auto rounds = number("--rounds", arena ? 0 : 5); // an arena has a duration instead
    const auto duration = number("--duration", 0);         // minutes
    const auto starts_in = number("--starts-in", 60);
    const auto min_players = number("--min", 2);
    const auto max_players = number("--max", 64);
    if (!rounds || !duration || !starts_in || !min_players || !max_players || *starts_in < 0)
        return tournament_malformed(
            "--rounds, --duration, --starts-in, --min and --max take whole numbers");
    tournaments::NewTournament request;
    request.name = a.words[0];
    request.format = flag("--format").value_or("swiss");
    request.variant = *variant;
    request.time_control = lobby::time_control_text(*clock);
    request.rated = a.rated;
    request.starts_at = operator_now() + std::chrono::minutes(*starts_in);
    request.rounds = *rounds;
    request.duration = std::chrono::minutes(*duration);
    request.min_players = *min_players;
    request.max_players = *max_players;
    request.join_code = flag("--join-code").value_or("");
    request.is_public = request.join_code.empty();
    request.tiebreaks = flag("--tiebreaks").value_or("");
    request.bye = flag("--bye").value_or("");
    if (const auto organiser = flag("--organiser")) {
        const auto user = users.find_user_by_name(*organiser);
        if (!user)
            return tournament_refused("no user named '" + *organiser + "'");
        request.organiser = user->id;
    }
    if (const auto ladder = flag("--ladder")) {
        const auto ladder_id = whole_number<storage::LadderId>(*ladder);
        if (!ladder_id)
            return tournament_malformed("--ladder takes a ladder's id (tabula ladder list)");
        request.ladder = *ladder_id;
    }
    const auto id = service.create(request, operator_now());
    if (!id)
        return tournament_refused(id.error().detail);
    std::cout << "created tournament " << *id << " '" << request.name << "' (" << request.format
              << ", " << *variant << ", " << lobby::describe(*clock) << "), starting "
              << utc_minute(request.starts_at) << "\n";
    return 0;
}

void print_tournament_line(const storage::TournamentRow& row) {
    const auto clock = lobby::parse_time_control_text(row.time_control);
    std::cout << row.id << "\t" << row.name << "\t" << row.format << "\t" << row.variant << "\t"
              << (clock ? lobby::describe(*clock) : row.time_control) << "\t"
              << (row.rated ? "rated" : "casual") << "\t" << row.state << "\t"
              << utc_minute(row.starts_at) << (row.is_public ? "" : "\tprivate") << "\n";
}

int show_tournament(const tournaments::TournamentView& view) {
    print_tournament_line(view.tournament);
    const auto& scoring = view.record.settings.scoring;
    std::map<storage::UserId, std::string> names;
    for (const auto& e : view.entries)
        names[e.user_id] = e.name;
    if (view.arena) {
        std::cout << "ends " << utc_minute(view.arena->ends_at)
                  << "\nstandings:" << (view.arena->standings.empty() ? " (nobody yet)" : "")
                  << "\n";
        for (const auto& s : view.arena->standings)
            std::cout << "  " << s.rank << ". " << s.name << " (" << s.rating << ") " << s.points
                      << (s.streak >= 2 ? "  on fire" : "") << (s.paused ? "  (paused)" : "")
                      << "\n";
    } else {
        std::cout << "standings:" << (view.standings.empty() ? " (nobody yet)" : "") << "\n";
    }
    for (const auto& s : view.standings) {
        const auto& player = view.record.players[static_cast<std::size_t>(s.player)];
        std::cout << "  " << s.rank << ". " << player.name << " (" << player.rating << ") "
                  << lt::format_points(s.points, scoring);
        for (std::size_t i = 0; i < s.tiebreaks.size(); ++i) {
            const auto t = view.record.settings.tiebreaks[i];
            std::cout << "  " << tournaments::tiebreak_code(t) << " "
                      << static_cast<double>(s.tiebreaks[i]) /
                             static_cast<double>(lt::tiebreak_divisor(t, scoring));
        }
        std::cout << (player.withdrawn_from ? "  (withdrawn)" : "") << "\n";
    }
    for (const auto& r : view.rounds) {
        std::cout << "round " << r.round << (r.set_by_hand ? " (set by hand)" : "") << ":\n";
        for (const auto& p : r.pairings) {
            std::cout << "  " << p.board << ". " << names[p.white_user_id] << " - "
                      << names[p.black_user_id];
            if (!p.outcome.empty())
                std::cout << "  " << p.outcome;
            else if (!p.game_result.empty())
                std::cout << "  " << p.game_result;
            if (p.game_id)
                std::cout << "  game " << *p.game_id;
            std::cout << "\n";
        }
        for (const auto& absent : r.absences)
            std::cout << "  " << names[absent.user_id] << ": " << absent.kind << "\n";
    }
    return 0;
}

int run_tournament_action(const TournamentArgs& a, const storage::Backend& backend) {
    const auto store = backend.tournament_store();
    const auto users = backend.user_store();
    const auto ratings = backend.rating_store();
    const auto games = backend.game_store();
    const auto ladders = backend.ladder_store();
    // No game is started here (no play service): a running server's tick makes the tables.
    TournamentService service(*store, *users, *ratings, *games, *ladders,
                              [](std::function<void()>) {});
    if (a.action == "create")
        return create_tournament_command(a, service, *users);
    if (a.action == "list") {
        const auto state = a.flags.contains("--state") ? a.flags.at("--state") : std::string();
        for (const auto& row : service.list(state))
            print_tournament_line(row);
        return 0;
    }
    const auto id = whole_number<std::int64_t>(a.words[0]);
    if (!id)
        return tournament_malformed("a tournament is named by its id (tabula tournament list)");
    if (a.action == "show") {
        const auto view = service.view(*id);
        return view ? show_tournament(*view) : tournament_refused(view.error().detail);
    }
    if (a.action == "start" || a.action == "end") {
        const auto done = a.action == "start" ? service.start(*id, std::nullopt, operator_now())
                                              : service.end(*id, std::nullopt, operator_now());
        if (!done)
            return tournament_refused(done.error().detail);
        std::cout << "tournament " << *id << " '" << done->name << "' is " << done->state << "\n";
        return 0;
    }
    const auto player = users->find_user_by_name(a.words[1]);
    if (!player)
        return tournament_refused("no user named '" + a.words[1] + "'");
    if (a.action == "pause") {
        const auto paused = service.pause(*id, player->id, operator_now());
        if (!paused)
            return tournament_refused(paused.error().detail);
        std::cout << "paused " << player->name << " in arena " << *id
                  << " (paired again when they join again)\n";
        return 0;
    }
    const auto withdrawn = service.withdraw(*id, player->id, operator_now());
    if (!withdrawn)
        return tournament_refused(withdrawn.error().detail);
    std::cout << "withdrew " << player->name << " from tournament " << *id << " (from round "
              << withdrawn->withdrawn_from.value_or(1) << ")\n";
    return 0;
}

} // namespace

int run_tournament(const Args& args) {
    const auto parsed = parse_tournament_args(args);
    if (!parsed) {
        std::cerr << tournament_usage;
        return 2;
    }
    try {
        storage::StorageOptions options;
        options.create = parsed->action == "create";
        const auto backend = storage::open(parsed->db, options);
        return run_tournament_action(*parsed, *backend);
    } catch (const std::exception& e) {
        return tournament_refused(e.what());
    }
}

} // namespace server::cli
