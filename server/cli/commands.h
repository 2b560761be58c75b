#pragma once
// The server's own commands of the `tabula` binary: the game server itself and the operator's
// commands on its database. Each takes the arguments after its own name and returns the process
// exit code; server/main.cpp dispatches to them, and to the rules and engine tools
// (tools/commands.h) and the load generator (loadtest/loadtest_command.h).

#include "command_line/arguments.h"

namespace server::cli {

using command_line::Args;
using command_line::split_args;
using command_line::whole_number;

int run_serve(const Args& args);      // serve_command.cpp: the game server (the default)
int run_backup(const Args& args);     // backup_command.cpp
int run_user(const Args& args);       // user_command.cpp
int run_ladder(const Args& args);     // ladder_command.cpp
int run_tournament(const Args& args); // tournament_command.cpp
int run_db(const Args& args);         // db_copy_command.cpp: tabula db copy

} // namespace server::cli
