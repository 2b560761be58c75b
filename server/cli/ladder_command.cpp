// tabula ladder create <name> --variant V --time-control TC [--rungs N] [--response-hours H]
//                     [--organiser USER] [--db FILE]
// tabula ladder list [--db FILE]
// tabula ladder show <name|id> [--db FILE]
// tabula ladder remove-player <name|id> <user> [--db FILE]
// Ladders for the operator, without HTTP. The same rules as POST /api/ladders and the ladder
// endpoints (server/accounts/ladder_definition.h, ladder_service.h); an operator's ladder has
// no organiser unless --organiser names one, and the operator may remove anyone from any ladder.
// Exit status: 0 done, 1 refused or failed (message on stderr), 2 bad arguments: an unknown
// action or flag, a missing word, or a value that cannot be read (--time-control 5, --rungs x),
// with the usage. A value that reads but breaks a rule (--time-control 0+0, --rungs 0) is refused.
#include "lobby/time_control.h"
#include "server/accounts/ladder_definition.h"
#include "server/accounts/ladder_service.h"
#include "server/cli/commands.h"
#include "server/cli/database_path.h"
#include "server/cli/utc_time.h"
#include "storage/open.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <optional>

namespace server::cli {
namespace {

constexpr const char* ladder_usage =
    "usage: tabula ladder create <name> --variant V --time-control TC [--rungs N]\n"
    "                            [--response-hours H] [--organiser USER] [--db FILE]\n"
    "       tabula ladder list [--db FILE]\n"
    "       tabula ladder show <name|id> [--db FILE]\n"
    "       tabula ladder remove-player <name|id> <user> [--db FILE]\n"
    "TC: 5+3 (minutes + increment seconds), 30s+0 (base in seconds) or 3d (days per move)\n";

struct LadderArgs {
    std::string action;
    std::vector<std::string> words;           // after the action
    std::map<std::string, std::string> flags; // "--variant" -> "chess"
    std::string db = default_database_path();
};

// How many words each action takes, and which flags besides --db.
struct ActionShape {
    std::string_view name;
    std::size_t words;
    std::vector<std::string_view> flags;
};
const std::vector<ActionShape>& shapes() {
    static const std::vector<ActionShape> all = {
        {"create",
         1,
         {"--variant", "--time-control", "--rungs", "--response-hours", "--organiser"}},
        {"list", 0, {}},
        {"show", 1, {}},
        {"remove-player", 2, {}},
    };
    return all;
}

std::optional<LadderArgs> parse_ladder_args(const Args& args) {
    auto split = split_args(args, {"--variant", "--time-control", "--rungs", "--response-hours",
                                   "--organiser", "--db"});
    if (!split || split->words.empty())
        return std::nullopt;
    LadderArgs out;
    out.action = split->words[0];
    out.words.assign(split->words.begin() + 1, split->words.end());
    out.flags = std::move(split->values);
    if (const auto db = out.flags.find("--db"); db != out.flags.end()) {
        out.db = db->second;
        out.flags.erase(db);
    }
    const auto shape = std::find_if(shapes().begin(), shapes().end(),
                                    [&](const ActionShape& s) { return s.name == out.action; });
    if (shape == shapes().end() || out.words.size() != shape->words)
        return std::nullopt;
    for (const auto& [flag, value] : out.flags)
        if (std::find(shape->flags.begin(), shape->flags.end(), flag) == shape->flags.end())
            return std::nullopt;
    return out;
}

int refused(std::string_view message) {
    std::cerr << "tabula ladder: " << message << "\n";
    return 1;
}

// An argument the command cannot read at all (not a refusal of what it names): exit 2.
int malformed(std::string_view message) {
    std::cerr << "tabula ladder: " << message << "\n" << ladder_usage;
    return 2;
}

// A ladder by its exact name, else by its id.
std::optional<storage::LadderRow> find_ladder(storage::LadderStore& ladders,
                                              const std::string& name_or_id) {
    const auto all = ladders.list_ladders();
    const auto named = std::find_if(all.begin(), all.end(),
                                    [&](const auto& row) { return row.name == name_or_id; });
    if (named != all.end())
        return *named;
    const auto id = whole_number<std::int64_t>(name_or_id);
    return id ? ladders.find_ladder(*id) : std::nullopt;
}

std::string organiser_name(storage::UserStore& users, const storage::LadderRow& row) {
    if (!row.organiser_user_id)
        return "-";
    const auto user = users.find_user(*row.organiser_user_id);
    return user ? user->name : "-";
}

int create(const LadderArgs& a, storage::LadderStore& ladders, storage::UserStore& users) {
    const auto flag = [&](const char* name) -> std::optional<std::string> {
        const auto it = a.flags.find(name);
        return it == a.flags.end() ? std::nullopt : std::optional(it->second);
    };
    const auto variant = flag("--variant");
    const auto clock_text = flag("--time-control");
    if (!variant || !clock_text)
        return refused("create needs --variant and --time-control");
    const auto clock = lobby::read_time_control(*clock_text);
    if (!clock)
        return malformed(lobby::unreadable_time_control(*clock_text));
    if (const auto problem = lobby::validate(*clock))
        return refused(problem->detail);
    accounts::LadderRequest request;
    request.name = a.words[0];
    request.variant = *variant;
    request.time_control = *clock;
    if (const auto rungs = flag("--rungs")) {
        const auto value = whole_number<std::int64_t>(*rungs);
        if (!value)
            return malformed("--rungs takes a whole number from 1 to 50");
        request.max_rungs_up = *value;
    }
    if (const auto hours = flag("--response-hours")) {
        const auto value = whole_number<std::int64_t>(*hours);
        if (!value)
            return malformed("--response-hours takes a whole number from 1 to 720");
        request.response_hours = *value;
    }
    if (const auto organiser = flag("--organiser")) {
        const auto user = users.find_user_by_name(*organiser);
        if (!user)
            return refused("no user named '" + *organiser + "'");
        request.organiser = user->id;
    }
    auto row = accounts::ladder_row(request, operator_now());
    if (!row)
        return refused(row.error().detail);
    const auto id = ladders.create_ladder(*row);
    if (!id)
        return refused("a ladder named '" + row->name + "' exists already");
    std::cout << "created ladder " << *id << " '" << row->name << "' (" << row->variant << ", "
              << accounts::describe_ladder_clock(row->time_control) << ")\n";
    return 0;
}

void print_ladder_line(const storage::LadderRow& row, storage::UserStore& users) {
    std::cout << row.id << "\t" << row.name << "\t" << row.variant << "\t"
              << accounts::describe_ladder_clock(row.time_control) << "\t" << row.max_rungs_up
              << " rungs up\t"
              << std::chrono::duration_cast<std::chrono::hours>(row.response_time).count()
              << " h to answer\torganiser " << organiser_name(users, row) << "\n";
}

int show(const storage::LadderRow& row, accounts::LadderService& service,
         storage::UserStore& users) {
    const auto view = service.view(row.id, operator_now()); // settles expired challenges
    if (!view)
        return refused(view.error().detail);
    print_ladder_line(view->ladder, users);
    std::map<storage::UserId, std::string> names;
    std::cout << "standings:" << (view->standings.empty() ? " (nobody yet)" : "") << "\n";
    for (const auto& rung : view->standings) {
        names[rung.user_id] = rung.name;
        std::cout << "  " << rung.rung << ". " << rung.name << "\n";
    }
    std::cout << "challenges:" << (view->challenges.empty() ? " (none open)" : "") << "\n";
    for (const auto& c : view->challenges)
        std::cout << "  " << c.id << ": " << names[c.challenger_user_id] << " challenges "
                  << names[c.challenged_user_id] << ", " << c.status << ", answer by "
                  << utc_minute(c.deadline_at) << "\n";
    return 0;
}

int run_ladder_action(const LadderArgs& a, const storage::Backend& backend) {
    const auto ladders = backend.ladder_store();
    const auto users = backend.user_store();
    if (a.action == "create")
        return create(a, *ladders, *users);
    if (a.action == "list") {
        for (const auto& row : ladders->list_ladders())
            print_ladder_line(row, *users);
        return 0;
    }
    const auto row = find_ladder(*ladders, a.words[0]);
    if (!row)
        return refused("no ladder named '" + a.words[0] + "' (nor with that id)");
    accounts::LadderService service(*ladders, *users);
    if (a.action == "show")
        return show(*row, service, *users);
    const auto player = users->find_user_by_name(a.words[1]);
    if (!player)
        return refused("no user named '" + a.words[1] + "'");
    const auto rung = service.remove(row->id, std::nullopt, player->id, operator_now());
    if (!rung)
        return refused(rung.error().detail);
    std::cout << "removed " << player->name << " from rung " << *rung << " of '" << row->name
              << "'; everyone below moved up one\n";
    return 0;
}

} // namespace

int run_ladder(const Args& args) {
    const auto parsed = parse_ladder_args(args);
    if (!parsed) {
        std::cerr << ladder_usage;
        return 2;
    }
    try {
        storage::StorageOptions options;
        options.create = parsed->action == "create";
        const auto backend = storage::open(parsed->db, options);
        return run_ladder_action(*parsed, *backend);
    } catch (const std::exception& e) {
        return refused(e.what());
    }
}

} // namespace server::cli
