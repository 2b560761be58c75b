#pragma once
// Reads game records in the PGN / PDN export grammar, which chess and draughts share:
// tag pairs, move numbers, moves, comments {…} and ; to end of line, NAGs ($n, !, ?),
// variations (…) (skipped), and the game termination marker. Several games per text.
// The reader knows no rules: the moves come back as tokens for a Game to play.

#include "rules/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rules {

struct GameRecord {
    std::vector<std::pair<std::string, std::string>> tags; // in file order
    std::vector<std::string> moves;                        // main line only, as written
    std::string result;                                    // termination marker, "*" if none
    int first_line = 1;                                    // where the game starts in the text

    std::optional<std::string_view> tag(std::string_view name) const;
};

// One entry per game in the text; a game that does not parse is an Error naming the line,
// and reading resumes at the next game.
std::vector<Result<GameRecord>> read_records(std::string_view text);

} // namespace rules
