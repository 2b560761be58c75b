#include "rules/turkish/pdn_writer.h"

#include "rules/turkish/text.h"

namespace rules::turkish {
namespace {

std::string_view result_text(const Outcome& outcome) {
    switch (outcome.status) {
    case Outcome::Status::WhiteWins:
        return "1-0";
    case Outcome::Status::BlackWins:
        return "0-1";
    case Outcome::Status::Draw:
        return "1/2-1/2";
    case Outcome::Status::Ongoing:
        return "*";
    }
    return "*";
}

// A tag value with backslashes and quotes escaped, as PDN/PGN strings require.
std::string tag(std::string_view name, std::string_view value) {
    std::string line = join({"[", name, " \""});
    for (const char c : value) {
        if (c == '\\' || c == '"')
            line += '\\';
        if (c != '\n' && c != '\r')
            line += c;
    }
    return line + "\"]\n";
}

// Move text wrapped before 80 columns: "1. c3-c4 f6-f5 2. ..." ("1... x" if Black starts).
std::string movetext(const PdnGame& game, std::string_view result) {
    std::string text;
    std::size_t line_length = 0;
    const auto put = [&](const std::string& token) {
        if (line_length > 0 && line_length + 1 + token.size() > 79) {
            text += '\n';
            line_length = 0;
        } else if (line_length > 0) {
            text += ' ';
            ++line_length;
        }
        text += token;
        line_length += token.size();
    };
    const int offset = game.first_to_move == Color::White ? 0 : 1;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const std::size_t half = i + static_cast<std::size_t>(offset);
        const std::string number = std::to_string(half / 2 + 1);
        if (half % 2 == 0)
            put(number + ".");
        else if (i == 0)
            put(number + "...");
        put(game.moves[i]);
    }
    put(std::string(result));
    return text + "\n";
}

} // namespace

std::string write_pdn(const PdnGame& game) {
    const Outcome& outcome = game.tags.outcome ? *game.tags.outcome : game.outcome;
    const std::string_view result = result_text(outcome);
    std::string pdn = tag("Event", game.tags.event) + tag("Site", game.tags.site) +
                      tag("Date", game.tags.date) + tag("Round", game.tags.round) +
                      tag("White", game.tags.white) + tag("Black", game.tags.black) +
                      tag("Result", result) + tag("GameType", "30");
    if (!game.start_fen.empty())
        pdn += tag("FEN", game.start_fen);
    if (!game.tags.termination.empty())
        pdn += tag("Termination", game.tags.termination);
    for (const auto& [name, value] : game.tags.extra)
        pdn += tag(name, value);
    return pdn + "\n" + movetext(game, result);
}

} // namespace rules::turkish
