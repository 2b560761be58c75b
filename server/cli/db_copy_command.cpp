// tabula db copy --from DB --to DB [--force]
// Moves a club's whole history from one database to another (storage/database_copy.h): from
// the SQLite file a club grew up on to the PostgreSQL database several nodes will share, or
// back. DB is what --db takes (a path, sqlite:PATH, postgresql://...). The target is written
// in one transaction with the source's ids, and every table's rows are counted on both sides
// before it commits. A target that holds rows already is refused; --force replaces them (its
// rows of Tabula's tables are deleted in the same transaction, so it ends as an exact copy).
// Exit status: 0 copied, 1 the copy failed or was refused (message on stderr, nothing
// written), 2 bad arguments.
#include "server/cli/commands.h"
#include "storage/database_copy.h"
#include "storage/errors.h"
#include "storage/open.h"

#include <iomanip>
#include <iostream>
#include <string>

namespace server::cli {
namespace {

constexpr const char* db_usage = "usage: tabula db copy --from DB --to DB [--force]\n"
                                 "  DB: a SQLite file (PATH or sqlite:PATH) or postgresql://...\n"
                                 "  --force  replace what the target holds (else it must be "
                                 "empty)\n";

int run_copy(const Args& args) {
    std::string from;
    std::string to;
    bool force = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--from" && i + 1 < args.size()) {
            from = args[++i];
        } else if (args[i] == "--to" && i + 1 < args.size()) {
            to = args[++i];
        } else if (args[i] == "--force") {
            force = true;
        } else if (args[i] == "--help" || args[i] == "-h") {
            std::cout << db_usage;
            return 0;
        } else {
            std::cerr << "tabula db copy: unexpected argument '" << args[i] << "'\n" << db_usage;
            return 2;
        }
    }
    if (from.empty() || to.empty()) {
        std::cerr << "tabula db copy: both --from and --to are needed\n" << db_usage;
        return 2;
    }
    const auto shown_from = storage::without_password(from);
    const auto shown_to = storage::without_password(to);
    storage::CopyReport report;
    try {
        report = storage::copy_database(from, to, {.replace = force});
    } catch (const storage::StorageError& e) {
        std::cerr << "tabula db copy: " << e.what() << "\n";
        return 1;
    }
    std::int64_t rows = 0;
    for (const auto& [table, count] : report.tables) {
        std::cout << "  " << std::left << std::setw(18) << table << std::right << std::setw(10)
                  << count << "\n";
        rows += count;
    }
    if (report.replaced > 0)
        std::cout << "replaced the " << report.replaced << " rows " << shown_to << " held\n";
    std::cout << "copied " << rows << " rows in " << report.tables.size() << " tables from "
              << shown_from << " to " << shown_to << "; every table's rows counted on both sides\n";
    return 0;
}

} // namespace

int run_db(const Args& args) {
    if (args.empty() || args.front() == "--help" || args.front() == "-h" ||
        args.front() == "help") {
        (args.empty() ? std::cerr : std::cout) << db_usage;
        return args.empty() ? 2 : 0;
    }
    if (args.front() == "copy")
        return run_copy(Args(args.begin() + 1, args.end()));
    std::cerr << "tabula db: unknown command '" << args.front() << "'\n" << db_usage;
    return 2;
}

} // namespace server::cli
