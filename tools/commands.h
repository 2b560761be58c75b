#pragma once
// The rules and engine tools of the `tabula` binary: perft, replay, the computer's move and
// matches between players. Each takes the arguments after its own name and returns the process
// exit code; server/main.cpp dispatches to them. They use rules/ and engine/ only: no socket,
// no database.

#include "command_line/arguments.h"

namespace tools {

using command_line::Args;
using command_line::split_args;
using command_line::whole_number;

int run_perft(const Args& args);  // perft_command.cpp: leaf counts of the legal move tree
int run_replay(const Args& args); // replay_command.cpp: how each game of a record ends
int run_engine(const Args& args); // engine_command.cpp: the computer opponent's move
int run_match(const Args& args);  // match_command.cpp: players against each other

} // namespace tools
