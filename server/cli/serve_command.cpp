// tabula serve: reads the configuration (file < TABULA_* environment < flags), checks the
// database, runs the server until SIGINT/SIGTERM and stops it gracefully. Any startup problem
// (bad config, port in use, unusable db, web dir or TLS files, --cluster without PostgreSQL)
// prints one line and exits 1. With --cluster the node joins the cluster of the nodes sharing
// its PostgreSQL database (server/cluster/README.md, "Membership") and leaves it on a clean stop.
#include "rules/game.h"
#include "server/accounts/accounts_service.h"
#include "server/accounts/ladder_outcome.h"
#include "server/app/app.h"
#include "server/cli/cluster_node.h"
#include "server/cli/commands.h"
#include "server/cli/open_database.h"
#include "server/cluster/bus.h"
#include "server/cluster/node_id.h"
#include "server/config/config_loader.h"
#include "server/log.h"
#include "server/play/account_lookup.h"
#include "server/play/arena_berserk.h"
#include "server/play/ladder_games.h"
#include "server/play/play_service.h"
#include "server/play/system_time_source.h"
#include "server/play/tournament_games.h"
#include "server/startup_error.h"
#include "server/tournaments/tournament_runner.h"
#include "server/version.h"
#include "storage/open.h"
#include "storage/postgres/pg_backend.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>

#include <boost/asio/strand.hpp>

extern char** environ; // NOLINT: POSIX

namespace server::cli {
namespace {

Environment tabula_environment() {
    Environment environment;
    for (char** entry = environ; entry && *entry; ++entry) {
        const std::string_view text(*entry);
        if (!text.starts_with("TABULA_"))
            continue;
        const auto eq = text.find('=');
        if (eq == std::string_view::npos)
            continue;
        environment.emplace_back(std::string(text.substr(0, eq)), std::string(text.substr(eq + 1)));
    }
    return environment;
}

// The configuration, or a message for the operator.
std::variant<LoadedConfig, ConfigError> load_configuration(const Args& args) {
    ConfigSources sources;
    sources.environment = tabula_environment();
    sources.flags = args;
    const auto choice = choose_config_file(args, sources.environment);
    if (const auto* error = std::get_if<ConfigError>(&choice))
        return *error;
    const auto& file = std::get<ConfigFileChoice>(choice);
    std::ifstream in(file.path, std::ios::binary);
    if (in) {
        std::ostringstream text;
        text << in.rdbuf();
        sources.file_text = text.str();
        sources.file_name = file.path;
    } else if (file.required) {
        return ConfigError{"config", "config: cannot read config file \"" + file.path + "\""};
    }
    return resolve_config(sources);
}

// --cluster needs the database the nodes share: a PostgreSQL one. Checked before the database
// is opened, so that no SQLite file is made for nothing.
void check_cluster_database(const Config& config) {
    if (!config.cluster)
        return;
    bool postgres = false;
    try {
        postgres = storage::parse_location(config.db).kind == storage::BackendKind::Postgres;
    } catch (const std::exception&) {
        // open_database says what is wrong with the setting itself
    }
    if (!postgres)
        throw StartupError("cluster: the nodes of a cluster share a PostgreSQL database: db must "
                           "be a postgresql:// URI, not \"" +
                           storage::without_password(config.db) + "\"");
}

// This node of its cluster (cluster_node.h), made before the doors open (/metrics reads its
// figures from then on); it registers once they are open (its address is the port bound).
std::unique_ptr<ClusterNode> make_cluster_node(const Config& config,
                                               const storage::Backend& backend,
                                               std::shared_ptr<play::PlayService> games) {
    const auto* postgres = dynamic_cast<const storage::postgres::PgBackend*>(&backend);
    if (postgres == nullptr)
        throw StartupError("cluster: the database is not a PostgreSQL one");
    std::string id;
    try {
        id = cluster::node_id(config.node);
    } catch (const cluster::BusFailure& e) {
        throw StartupError(std::string("cluster: ") + e.what());
    }
    cluster::MembershipOptions options;
    options.node.node_id = id;
    options.node.build = std::string(version());
    options.lease = storage::ClusterOptions{}.lease;
    // The writer decides a ladder game's challenge with the game's end (one transaction).
    return std::make_unique<ClusterNode>(std::move(options), *postgres, std::move(games),
                                         accounts::ladder_decider());
}

} // namespace

int run_serve(const Args& args) {
    if (wants_help(args)) {
        std::cout << serve_usage();
        return 0;
    }
    auto loaded = load_configuration(args);
    if (const auto* error = std::get_if<ConfigError>(&loaded)) {
        std::cerr << "tabula: " << error->message << "\n";
        return 1;
    }
    const auto& [config, warnings] = std::get<LoadedConfig>(loaded);
    log::set_level(config.log_level);
    for (const auto& warning : warnings)
        log::warn(warning);
    try {
        if (!storage::prepare_process()) // before any other storage call
            log::warn("storage: a database library was in use before its settings were made");
        // The rules' own tables (chess's 0.9 MB of attacks, about 8 ms) are built now, before
        // the restore and the doors, not on the strand of the first table that needs them.
        rules::build_tables();
        check_cluster_database(config);
        storage::StorageOptions open;
        open.durability = config.db_synchronous == "normal" ? storage::Durability::Normal
                                                            : storage::Durability::Full;
        const auto backend_owner = open_database(config.db, open);
        const storage::Backend& backend = *backend_owner;
        play::SystemTimeSource clock;
        App app(config);
        app.set_storage_check([&backend] { return backend.can_write(); });
        // Accounts, profiles, downloads, leaderboards, ladders and blocks (docs/http-api.md).
        // Made after the App: it goes first, finishing its queued work while the App's
        // io_context (where the answers are posted) still exists.
        accounts::AccountsService accounts(backend);
        accounts.register_routes(app.routes());
        app.set_authenticator(accounts.authenticator());
        // What a crash left (issue 34): expired sessions go, and ladder games that ended or
        // never started settle their challenges; then the same every minute.
        const auto upkeep = accounts.upkeep_at_start();
        if (upkeep.ladders.decided + upkeep.ladders.cancelled > 0)
            log::info("accounts: ladder challenges settled at start: " +
                      std::to_string(upkeep.ladders.decided) + " decided by their game, " +
                      std::to_string(upkeep.ladders.cancelled) + " cancelled unstarted");
        accounts.keep_up(std::chrono::minutes(1));
        // Tournaments (issue 38): made after the App, like the accounts, so that they go first.
        // The operator's scheduled ones (config key tournament_schedules) are made on its ticks.
        tournaments::TournamentRunnerOptions tournament_options;
        tournament_options.schedules = config.tournament_schedules;
        tournaments::TournamentRunner tournaments(backend, std::move(tournament_options));
        tournaments.register_routes(app.routes());
        // The game service (issues 5 and 6): unfinished games come back before the doors open.
        // Its stop() runs before the App goes (its strands live on the App's io_context).
        play::PlayOptions play_options;
        play_options.blocks = accounts.block_list();
        play_options.sweep = {config.finished_table_idle, config.finished_table_kept};
        // Challenges name real accounts; seeks pair by the account's rating.
        play_options.accounts = play::account_lookup(backend);
        // Ladder games: accepted challenges become tables, their results go back to accounts.
        play_options.ladder = play::ladder_hooks(accounts);
        // The computer opponent thinks on its own threads (issue 13).
        play_options.computer.threads = config.engine_threads;
        // In a process of their own, out of the I/O threads' scheduling group (issue 34,
        // engine/search_process.h), unless the configuration keeps them on threads.
        if (config.engine_searches == "process")
            play_options.computer.search_process = "/proc/self/exe";
        play_options.computer.max_games_per_player = config.computer_games_per_player;
        play_options.computer.max_games_per_address = config.computer_games_per_address;
        play_options.computer.max_games = config.computer_games;
        // The lobby's public list (issue 34): pages, pushes and bounds.
        play_options.lobby_feed.list.page_size = config.lobby_page_size;
        play_options.lobby_feed.list.max_open_per_address = config.lobby_tables_per_address;
        play_options.lobby_feed.list.host_gone_unlist = config.lobby_host_gone;
        play_options.lobby_feed.push_interval = config.lobby_push_interval;
        play_options.lobby_feed.requests_burst = config.lobby_requests_burst;
        play_options.lobby_feed.requests_per_second = config.lobby_requests_per_second;
        // The writer decides a ladder game's challenge with the game's end (one transaction).
        // A cluster's node writes with its incarnation's fenced writer (cluster_node.h).
        play_options.cluster_node = config.cluster;
        auto games = std::make_shared<play::PlayService>(
            app.io_context(), clock,
            config.cluster ? nullptr : backend.game_writer(accounts::ladder_decider()),
            play_options);
        accounts.set_ladder_game_starter(std::make_shared<play::LadderGames>(games));
        // Pairings become tables; a tick at once continues what a restart left, then each second.
        tournaments.set_game_starter(std::make_shared<play::TournamentGames>(games));
        // An arena's berserk goes to its live table (and comes back to restored ones).
        tournaments.set_arena_clocks(std::make_shared<play::ArenaBerserk>(games));
        // A cluster's node brings back only the tables it claims (its own previous
        // incarnation's, a dead node's): the others' games are theirs.
        if (!config.cluster) {
            const auto restored =
                games->restore(backend.game_store()->load_unfinished_games());
            if (restored > 0)
                log::info("play: " + std::to_string(restored) + " unfinished games restored");
        }
        tournaments.keep_up(std::chrono::seconds(1));
        app.add_message_handler(games);
        // Destroyed before the App, whose io_context its reports are posted to.
        std::unique_ptr<ClusterNode> node;
        if (config.cluster) {
            node = make_cluster_node(config, backend, games);
            app.set_node_figures([node = node.get()] { return node->figures(); });
            app.set_storage_check([&backend, node = node.get()] {
                if (!node->serving())
                    return storage::WriteStatus{
                        .error = "this node has no writer: it is joining its cluster"};
                return backend.can_write();
            });
        }
        app.catch_shutdown_signals();
        try {
            app.start();
            if (node)
                node->start(config.bind + ":" + std::to_string(app.port()));
        } catch (...) {
            app.stop();
            games->stop();
            throw;
        }
        app.wait_for_shutdown_signal();
        if (node) // before the connections close: the players reconnect to the tables' new owner
            node->hand_over(std::chrono::seconds(10));
        app.stop();
        games->stop();
        if (node)
            node->stop();
    } catch (const StartupError& e) {
        std::cerr << "tabula: " << e.what() << "\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "tabula: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

} // namespace server::cli
