// PGN export grammar (PGN standard, section 8) as PDN 3.0 reuses it. What is read here:
//   [Name "value"]          tag pair; \" and \\ escape inside the value
//   12.  12...  12.e4       move numbers, also glued to the move that follows
//   {…}  ; to end of line   comments (a '{' inside a comment is plain text, so a nested
//                           comment leaves a stray '}' and the game is refused)
//   % at a line's start     escaped line, ignored
//   (…)                     variations, nested, skipped
//   $n  ! ? !! !? ?! ??     annotations, standalone or after a move, dropped
//   1-0 0-1 1/2-1/2 *       results; PDN adds 2-0 0-2 1-1 0-0 (0-0 ends a game only when
//                           nothing but tags or the end follows, so chess "0-0" castling
//                           still reads as a move)
#include "rules/record/record_reader.h"

#include <array>

namespace rules {

std::optional<std::string_view> GameRecord::tag(std::string_view name) const {
    for (const auto& [key, value] : tags)
        if (key == name) return std::string_view(value);
    return std::nullopt;
}

namespace {

constexpr std::array<std::string_view, 7> always_results = {"1-0", "0-1",  "1/2-1/2", "*",
                                                            "2-0", "0-2", "1-1"};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_delimiter(char c) {
    return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' ||
           c == ']' || c == ';' || c == '$';
}

class RecordParser {
public:
    explicit RecordParser(std::string_view text) : text_(text) {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3; // UTF-8 byte-order mark
    }

    std::vector<Result<GameRecord>> read_all() {
        std::vector<Result<GameRecord>> games;
        while (skip_blank_and_escapes()) {
            auto game = read_game();
            if (!game.ok()) skip_to_next_game();
            games.push_back(std::move(game));
        }
        return games;
    }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1;

    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return text_[pos_]; }
    void advance() {
        if (text_[pos_] == '\n') ++line_;
        ++pos_;
    }
    bool at_line_start() const { return pos_ == 0 || text_[pos_ - 1] == '\n'; }

    Error error_here(std::string what) const {
        return Error{"bad_record", "line " + std::to_string(line_) + ": " + std::move(what)};
    }

    // Skips white space and %-escaped lines; false at the end of the text.
    bool skip_blank_and_escapes() {
        while (!at_end()) {
            if (is_space(peek())) {
                advance();
            } else if (peek() == '%' && at_line_start()) {
                skip_line();
            } else {
                return true;
            }
        }
        return false;
    }

    void skip_line() {
        while (!at_end() && peek() != '\n') advance();
    }

    void skip_to_next_game() {
        while (!at_end()) {
            skip_line();
            if (!at_end()) advance();
            if (!at_end() && peek() == '[') return;
        }
    }

    Result<GameRecord> read_game() {
        GameRecord game;
        game.first_line = line_;
        game.result = "*";
        bool in_movetext = false;
        while (skip_blank_and_escapes()) {
            const char c = peek();
            if (c == '[') {
                if (in_movetext) return game; // the next game's tags: this one had no result
                auto tag = read_tag();
                if (!tag.ok()) return tag.error();
                game.tags.push_back(std::move(tag.value()));
                continue;
            }
            in_movetext = true;
            if (c == '{') {
                if (auto e = skip_brace_comment()) return *e;
            } else if (c == ';') {
                skip_line();
            } else if (c == '(') {
                if (auto e = skip_variation()) return *e;
            } else if (c == '}' || c == ')' || c == ']') {
                return error_here(std::string("unexpected '") + c + "'");
            } else if (c == '$') {
                advance();
                while (!at_end() && is_digit(peek())) advance();
            } else {
                const std::string_view token = read_token();
                if (is_result(token)) {
                    game.result = std::string(token);
                    return game;
                }
                add_move_token(token, game.moves);
            }
        }
        if (!in_movetext && game.tags.empty()) return error_here("empty game");
        return game;
    }

    Result<std::pair<std::string, std::string>> read_tag() {
        advance(); // '['
        while (!at_end() && is_space(peek())) advance();
        std::string name;
        while (!at_end() && !is_space(peek()) && peek() != '"' && peek() != ']') {
            name.push_back(peek());
            advance();
        }
        if (name.empty()) return error_here("tag without a name");
        while (!at_end() && is_space(peek())) advance();
        if (at_end() || peek() != '"') return error_here("tag " + name + " has no quoted value");
        advance();
        std::string value;
        while (!at_end() && peek() != '"') {
            if (peek() == '\n') return error_here("tag " + name + " value runs past the line");
            if (peek() == '\\' && pos_ + 1 < text_.size() &&
                (text_[pos_ + 1] == '"' || text_[pos_ + 1] == '\\'))
                advance();
            value.push_back(peek());
            advance();
        }
        if (at_end()) return error_here("tag " + name + " value is not closed");
        advance(); // closing quote
        while (!at_end() && is_space(peek()) && peek() != '\n') advance();
        if (at_end() || peek() != ']') return error_here("tag " + name + " is not closed by ']'");
        advance();
        return std::pair{std::move(name), std::move(value)};
    }

    std::optional<Error> skip_brace_comment() {
        const int start = line_;
        advance(); // '{'
        while (!at_end() && peek() != '}') advance();
        if (at_end())
            return Error{"bad_record",
                         "line " + std::to_string(start) + ": comment is not closed"};
        advance();
        return std::nullopt;
    }

    std::optional<Error> skip_variation() {
        const int start = line_;
        int depth = 0;
        while (!at_end()) {
            const char c = peek();
            if (c == '{') {
                if (auto e = skip_brace_comment()) return e;
                continue;
            }
            if (c == ';') {
                skip_line();
                continue;
            }
            advance();
            if (c == '(') ++depth;
            if (c == ')' && --depth == 0) return std::nullopt;
        }
        return Error{"bad_record", "line " + std::to_string(start) + ": variation is not closed"};
    }

    std::string_view read_token() {
        const std::size_t start = pos_;
        while (!at_end() && !is_delimiter(peek())) advance();
        return text_.substr(start, pos_ - start);
    }

    bool is_result(std::string_view token) {
        for (auto r : always_results)
            if (token == r) return true;
        if (token != "0-0") return false;
        // "0-0" ends a game only when the game text ends here.
        std::size_t p = pos_;
        while (p < text_.size() && is_space(text_[p])) ++p;
        return p == text_.size() || text_[p] == '[';
    }

    // A token may hold a move number ("12." "12..."), a move glued to one ("12.e4"), a move
    // with annotation glyphs ("32-28!?"), or glyphs alone.
    static void add_move_token(std::string_view token, std::vector<std::string>& moves) {
        std::size_t digits = 0;
        while (digits < token.size() && is_digit(token[digits])) ++digits;
        if (digits > 0 && digits < token.size() && token[digits] == '.') {
            std::size_t after = digits;
            while (after < token.size() && token[after] == '.') ++after;
            token.remove_prefix(after);
        }
        while (!token.empty() && (token.back() == '!' || token.back() == '?'))
            token.remove_suffix(1);
        if (token.empty() || token == "e.p.") return;
        // Old PDN files align square numbers with a space ("1- 7"): rejoin the halves.
        if (!moves.empty() && !moves.back().empty() && is_digit(token.front()) &&
            (moves.back().back() == '-' || moves.back().back() == 'x')) {
            moves.back() += token;
            return;
        }
        moves.emplace_back(token);
    }
};

} // namespace

std::vector<Result<GameRecord>> read_records(std::string_view text) {
    return RecordParser(text).read_all();
}

} // namespace rules
