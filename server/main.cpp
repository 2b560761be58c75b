// tabula: one binary, several subcommands; `serve` is the default. This file only dispatches:
// the server's commands are in server/cli/, the rules and engine tools in tools/, the load
// generator in loadtest/.
#include "engine/search_worker.h"
#include "loadtest/loadtest_command.h"
#include "server/cli/commands.h"
#include "tools/commands.h"

#include <iostream>
#include <string_view>

namespace {

struct Subcommand {
    std::string_view name;
    std::string_view usage;
    int (*run)(const command_line::Args&);
};

constexpr Subcommand subcommands[] = {
    {"serve",
     "serve [--config FILE] [--port N] [--db FILE] [--web DIR] [--threads N] ...\n"
     "        run the game server (the default; `tabula serve --help` lists options)",
     server::cli::run_serve},
    {"perft",
     "perft <variant> <depth> [--fen \"<FEN>\"] [--divide] [--keep-duplicates]\n"
     "        count leaf nodes of the legal move tree; the last line is the count",
     tools::run_perft},
    {"replay",
     "replay <variant> <file.pgn|file.pdn>...\n"
     "        replay every game of the records and report how each ends",
     tools::run_replay},
    {"backup",
     "backup <file> [--db FILE]\n"
     "        copy the live database consistently (SQLite online backup)",
     server::cli::run_backup},
    {"user",
     "user list|create|reset-password|disable ... [--db FILE]\n"
     "        manage accounts as the operator",
     server::cli::run_user},
    {"ladder",
     "ladder create|list|show|remove-player ... [--db FILE]\n"
     "        manage ladders as the operator (`tabula ladder` lists the forms)",
     server::cli::run_ladder},
    {"db",
     "db copy --from DB --to DB [--force]\n"
     "        copy every table, ids kept, between SQLite and PostgreSQL (either way)",
     server::cli::run_db},
    {"tournament",
     "tournament create|list|show|start|end|withdraw ... [--db FILE]\n"
     "        manage Swiss and round-robin tournaments as the operator",
     server::cli::run_tournament},
    {"engine",
     "engine <variant> --level easy|medium|hard [--fen F] [--movetime MS] [--seed S]\n"
     "        the computer's move; the last line is the move",
     tools::run_engine},
    {"match",
     "match <variant> <player-a> <player-b> [<player-c> ...] --games N [--movetime MS]\n"
     "        [--seed S]   play a match, one player a seat (random, easy, medium, hard,\n"
     "        uci:<command>[?opt=v&...])",
     tools::run_match},
    {"loadtest",
     "loadtest [--port P] [--closed | --open --interval-ms K] [--games N] ...\n"
     "        measure the server under load (`tabula loadtest --help` lists options)",
     loadtest::run_loadtest},
};

void print_help(std::ostream& out) {
    out << "usage: tabula [subcommand] [arguments]\n\n"
           "Tabula: a server for chess and the draughts family.\n\nsubcommands:\n";
    for (const auto& s : subcommands)
        out << "  " << s.usage << "\n";
    out << "  help\n        show this list\n  --version\n        print the version\n";
}

} // namespace

int main(int argc, char** argv) {
    command_line::Args args(argv + 1, argv + argc);
    std::string command = "serve"; // a copy: erasing args.front() below would leave a view dangling
    if (!args.empty() && !args.front().starts_with("-")) {
        command = args.front();
        args.erase(args.begin());
    } else if (!args.empty() && (args.front() == "--help" || args.front() == "-h")) {
        print_help(std::cout);
        return 0;
    }
    if (command == "help") {
        print_help(std::cout);
        return 0;
    }
    if (!args.empty() && args.front() == "--version") {
        std::cout << "tabula " << TABULA_VERSION << "\n";
        return 0;
    }
    if (command ==
        "engine-worker") // the server's search process (engine/search_worker.h): not in the help
        return engine::run_search_worker(args);
    for (const auto& s : subcommands)
        if (s.name == command)
            return s.run(args);
    std::cerr << "tabula: unknown subcommand '" << command << "'\n\n";
    print_help(std::cerr);
    return 2;
}
