#include "lobby/errors.h"

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

namespace {

// The codes in the first column of the tables under `heading` in docs/protocol.md, up to the
// next heading of the same level: rows like "| `code` | when |" or "| `a` / `b` | when |".
std::set<std::string> documented_codes(const std::string& heading) {
    std::ifstream file(std::string(TABULA_SOURCE_DIR) + "/docs/protocol.md");
    REQUIRE(file);
    const std::string level = heading.substr(0, heading.find(' ') + 1);
    std::set<std::string> codes;
    bool inside = false;
    for (std::string line; std::getline(file, line);) {
        if (line.rfind(heading, 0) == 0) {
            inside = true;
            continue;
        }
        if (inside && line.rfind(level, 0) == 0)
            break;
        if (!inside || line.rfind("| `", 0) != 0)
            continue;
        const auto first_cell = line.substr(1, line.find('|', 1) - 1);
        for (std::size_t open = first_cell.find('`'); open != std::string::npos;) {
            const auto close = first_cell.find('`', open + 1);
            codes.insert(first_cell.substr(open + 1, close - open - 1));
            open = first_cell.find('`', close + 1);
        }
    }
    return codes;
}

} // namespace

TEST_CASE("every error code is listed once, and docs/protocol.md describes exactly those") {
    const std::set<std::string> listed(lobby::errc::all.begin(), lobby::errc::all.end());
    CHECK(listed.size() == lobby::errc::all.size());

    auto documented = documented_codes("## 4. Errors");
    CHECK(documented.count("bad_json") == 1);
    const auto games = documented_codes("### 7.12 Game error codes");
    CHECK(games.count("not_your_turn") == 1);
    documented.insert(games.begin(), games.end());

    std::ostringstream difference;
    for (const auto& code : listed)
        if (!documented.count(code))
            difference << code << " is not in docs/protocol.md; ";
    for (const auto& code : documented)
        if (!listed.count(code))
            difference << code << " is not in lobby::errc; ";
    CHECK_MESSAGE(difference.str().empty(), difference.str());
}
