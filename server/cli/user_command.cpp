// tabula user list|create <name>|reset-password <name>|disable <name>|enable <name>
//            [--password-stdin] [--db FILE]
// Passwords are read from standard input, never from the command line: with --password-stdin
// the first line of stdin; otherwise a prompt (without echo when stdin is a terminal).
// Exit status: 0 done, 1 refused or failed (message on stderr), 2 bad arguments.
#include "server/auth/password_hash.h"
#include "server/auth/username.h"
#include "server/cli/commands.h"
#include "server/cli/database_path.h"
#include "server/cli/utc_time.h"
#include "storage/errors.h"
#include "storage/open.h"

#include <iostream>
#include <optional>
#include <termios.h>
#include <unistd.h>

namespace server::cli {
namespace {

constexpr const char* user_usage =
    "usage: tabula user list [--db FILE]\n"
    "       tabula user create <name> [--password-stdin] [--db FILE]\n"
    "       tabula user reset-password <name> [--password-stdin] [--db FILE]\n"
    "       tabula user disable|enable <name> [--db FILE]\n";

struct UserArgs {
    std::string action;
    std::string name;
    std::string db = default_database_path();
    bool password_stdin = false;
};

std::optional<UserArgs> parse_user_args(const Args& args) {
    const auto split = split_args(args, {"--db"}, {"--password-stdin"});
    if (!split || split->words.empty())
        return std::nullopt;
    UserArgs out;
    if (const auto db = split->values.find("--db"); db != split->values.end())
        out.db = db->second;
    out.password_stdin = split->switches.contains("--password-stdin");
    const auto& words = split->words;
    out.action = words[0];
    const bool takes_name = out.action != "list";
    if (words.size() != (takes_name ? 2u : 1u))
        return std::nullopt;
    if (takes_name)
        out.name = words[1];
    return out;
}

// One line from stdin; with a terminal, prompts on stderr and turns echo off meanwhile.
std::optional<std::string> read_password(bool quiet, const char* prompt) {
    const bool terminal = !quiet && ::isatty(STDIN_FILENO) == 1;
    termios saved{};
    if (terminal && ::tcgetattr(STDIN_FILENO, &saved) == 0) {
        termios silent = saved;
        silent.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent);
    }
    if (!quiet)
        std::cerr << prompt << std::flush;
    std::string line;
    const bool got = static_cast<bool>(std::getline(std::cin, line));
    if (terminal) {
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
        std::cerr << "\n";
    }
    if (!got)
        return std::nullopt;
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    return line;
}

// Reads and checks a new password; prints the problem and returns nullopt when unusable.
std::optional<std::string> new_password(const UserArgs& a) {
    const auto password = read_password(a.password_stdin, "new password: ");
    if (!password) {
        std::cerr << "tabula user: no password on standard input\n";
        return std::nullopt;
    }
    if (auto problem = auth::password_problem(*password)) {
        std::cerr << "tabula user: " << *problem << "\n";
        return std::nullopt;
    }
    if (!a.password_stdin && ::isatty(STDIN_FILENO) == 1) {
        const auto again = read_password(false, "again: ");
        if (!again || *again != *password) {
            std::cerr << "tabula user: the passwords differ\n";
            return std::nullopt;
        }
    }
    return password;
}

int run_user_action(const UserArgs& a, storage::UserStore& users) {
    if (a.action == "list") {
        for (const auto& u : users.list_users())
            std::cout << u.name << "\t" << utc_minute(u.created_at) << "\t"
                      << (u.disabled ? "disabled" : "active") << "\n";
        return 0;
    }
    if (a.action == "create") {
        if (auto problem = auth::username_problem(a.name)) {
            std::cerr << "tabula user: " << *problem << "\n";
            return 1;
        }
        const auto password = new_password(a);
        if (!password)
            return 1;
        if (!users.create_user(a.name, auth::hash_password(*password), operator_now())) {
            std::cerr << "tabula user: the name '" << a.name << "' is taken\n";
            return 1;
        }
        std::cout << "created " << a.name << "\n";
        return 0;
    }
    const auto user = users.find_user_by_name(a.name);
    if (!user) {
        std::cerr << "tabula user: no user named '" << a.name << "'\n";
        return 1;
    }
    if (a.action == "reset-password") {
        const auto password = new_password(a);
        if (!password)
            return 1;
        users.set_password_hash(user->id, auth::hash_password(*password));
        std::cout << "password of " << user->name << " reset; their sessions ended\n";
    } else {
        const bool disable = a.action == "disable";
        users.set_disabled(user->id, disable);
        std::cout << user->name << (disable ? " disabled; their sessions ended\n" : " enabled\n");
    }
    return 0;
}

} // namespace

int run_user(const Args& args) {
    const auto parsed = parse_user_args(args);
    static constexpr const char* actions[] = {"list", "create", "reset-password", "disable",
                                              "enable"};
    const bool known = parsed && std::find(std::begin(actions), std::end(actions),
                                           parsed->action) != std::end(actions);
    if (!known) {
        std::cerr << user_usage;
        return 2;
    }
    try {
        storage::StorageOptions options;
        options.create = parsed->action == "create"; // the first account may come first
        const auto backend = storage::open(parsed->db, options);
        const auto users = backend->user_store();
        return run_user_action(*parsed, *users);
    } catch (const std::exception& e) {
        std::cerr << "tabula user: " << e.what() << "\n";
        return 1;
    }
}

} // namespace server::cli
