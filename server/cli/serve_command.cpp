// Temporary: replaced when the serve subcommand lands.
#include "server/cli/commands.h"

#include <iostream>

namespace server::cli {
int run_serve(const Args&) {
    std::cerr << "tabula serve: not built yet\n";
    return 1;
}
} // namespace server::cli
