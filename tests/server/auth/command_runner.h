#pragma once
// Runs a `tabula` subcommand in-process through its entry point, with `input` on standard
// input, and captures its exit code and output (tabula user, backup, ladder tests).

#include "server/cli/commands.h"

#include <iostream>
#include <sstream>
#include <string>

namespace test {

struct CommandRun {
    int code = 0;
    std::string out;
    std::string err;
};

inline CommandRun run_command(int (*command)(const server::cli::Args&),
                              const server::cli::Args& args, const std::string& input = {}) {
    std::istringstream in(input);
    std::ostringstream out;
    std::ostringstream err;
    auto* old_in = std::cin.rdbuf(in.rdbuf());
    auto* old_out = std::cout.rdbuf(out.rdbuf());
    auto* old_err = std::cerr.rdbuf(err.rdbuf());
    CommandRun result;
    result.code = command(args);
    std::cin.rdbuf(old_in);
    std::cout.rdbuf(old_out);
    std::cerr.rdbuf(old_err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

} // namespace test
