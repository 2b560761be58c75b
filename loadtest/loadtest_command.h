#pragma once
// `tabula loadtest`: the load generator's command (bench/README.md). Takes the arguments after
// its name and returns the process exit code; server/main.cpp dispatches to it.

#include "command_line/arguments.h"

namespace loadtest {

int run_loadtest(const command_line::Args& args);

} // namespace loadtest
