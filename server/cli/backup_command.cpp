// Temporary: replaced when the backup subcommand lands.
#include "server/cli/commands.h"

#include <iostream>

namespace server::cli {
int run_backup(const Args&) {
    std::cerr << "tabula backup: not built yet\n";
    return 1;
}
} // namespace server::cli
