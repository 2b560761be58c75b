// Temporary: replaced when the user subcommand lands.
#include "server/cli/commands.h"

#include <iostream>

namespace server::cli {
int run_user(const Args&) {
    std::cerr << "tabula user: not built yet\n";
    return 1;
}
} // namespace server::cli
