#include "rules/chess/pgn_writer.h"

namespace rules::chess {
namespace {

constexpr std::size_t max_line = 79;

std::string tag_line(std::string_view name, std::string_view value) {
    std::string line;
    line.reserve(name.size() + value.size() + 6);
    line += '[';
    line += name;
    line += " \"";
    for (const char c : value) {
        if (c == '"' || c == '\\')
            line += '\\'; // PGN 8.1.1: escaped quote and backslash
        if (c != '\n' && c != '\r')
            line += c;
    }
    return line + "\"]\n";
}

// Appends movetext tokens, breaking lines before they would pass 79 characters.
class LineWrapper {
public:
    void add(std::string_view token) {
        if (!line_.empty() && line_.size() + 1 + token.size() > max_line) {
            text_ += line_ + '\n';
            line_.clear();
        }
        if (!line_.empty())
            line_ += ' ';
        line_ += token;
    }
    std::string finish() { return text_ + line_ + '\n'; }

private:
    std::string text_;
    std::string line_;
};

} // namespace

std::string write_pgn(const PgnGame& game) {
    const RecordTags& tags = game.tags;
    std::string pgn = tag_line("Event", tags.event) + tag_line("Site", tags.site) +
                      tag_line("Date", tags.date) + tag_line("Round", tags.round) +
                      tag_line("White", tags.white) + tag_line("Black", tags.black) +
                      tag_line("Result", game.result);
    if (!game.start_fen.empty())
        pgn += tag_line("SetUp", "1") + tag_line("FEN", game.start_fen);
    if (!tags.termination.empty())
        pgn += tag_line("Termination", tags.termination);
    for (const auto& [name, value] : tags.extra)
        pgn += tag_line(name, value);
    pgn += '\n';

    LineWrapper movetext;
    int number = game.first_move_number;
    bool white_to_move = !game.black_moves_first;
    for (std::size_t i = 0; i < game.sans.size(); ++i) {
        if (white_to_move)
            movetext.add(std::to_string(number) + ".");
        else if (i == 0)
            movetext.add(std::to_string(number) + "...");
        movetext.add(game.sans[i]);
        if (!white_to_move)
            ++number;
        white_to_move = !white_to_move;
    }
    movetext.add(game.result);
    return pgn + movetext.finish();
}

} // namespace rules::chess
