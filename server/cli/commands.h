#pragma once
// The subcommands of the `tabula` binary. Each takes the arguments after its own name and
// returns the process exit code. main() only dispatches.

#include <string>
#include <vector>

namespace server::cli {

using Args = std::vector<std::string>;

int run_serve(const Args& args);    // serve_command.cpp: the game server (the default)
int run_perft(const Args& args);    // perft_command.cpp
int run_replay(const Args& args);   // replay_command.cpp
int run_backup(const Args& args);   // backup_command.cpp
int run_user(const Args& args);     // user_command.cpp
int run_ladder(const Args& args);   // ladder_command.cpp
int run_engine(const Args& args);   // engine_command.cpp: the computer opponent's move
int run_match(const Args& args);    // match_command.cpp: players against each other
int run_loadtest(const Args& args); // loadtest_command.cpp: the load generator (issue 11)

} // namespace server::cli
