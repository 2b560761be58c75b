#include "server/play/move_event_text.h"

#include "server/play/play_json.h"

#include <charconv>
#include <cstring>

namespace server::play {

namespace {

// The longest text a move event can have: every string fully escaped, every number at its
// longest. The writer below makes room for this once and then writes without a check.
std::size_t longest_move_event(const std::string& code, const lobby::MovePlayed& e) {
    constexpr std::size_t fixed = 1024; // every key, brace and separator, and the eleven numbers
    constexpr std::size_t per_cell = 21; // "-2147483648," is 12; a cell is an int
    const auto text = [](std::string_view s) { return 2 + 6 * s.size(); };
    const auto move = [&](const rules::MoveView& m) {
        return 64 + text(m.notation) + text(m.display) +
               per_cell * (2 + m.path.size() + m.captures.size());
    };
    std::size_t longest = fixed + text(code) + text(e.position) + text(e.board.cells) + move(e.move);
    for (const auto& m : e.legal_moves)
        longest += move(m);
    return longest;
}

// Writes JSON through a pointer into room made beforehand for the longest text
// (longest_move_event): no check, no allocation and no zero-fill per write. The move event is
// about 2 KB with a hundred numbers, written on every move (issue 11).
class JsonCursor {
public:
    explicit JsonCursor(char* at) : at_(at) {}
    const char* position() const { return at_; }

    void raw(std::string_view text) {
        std::memcpy(at_, text.data(), text.size());
        at_ += text.size();
    }
    void raw(char c) { *at_++ = c; }
    void number(std::int64_t value) {
        // Most numbers in a move event are a chess or draughts board's cells, under 100: they
        // skip to_chars' general path (about sixty of them a move).
        if (value >= 0 && value < 100) {
            if (value >= 10)
                *at_++ = static_cast<char>('0' + value / 10);
            *at_++ = static_cast<char>('0' + value % 10);
            return;
        }
        at_ = std::to_chars(at_, at_ + 20, value).ptr;
    }
    void text(std::string_view value) {
        *at_++ = '"';
        for (const char c : value) {
            if (c == '"' || c == '\\') {
                *at_++ = '\\';
                *at_++ = c;
            } else if (static_cast<unsigned char>(c) < 0x20) {
                constexpr char hex[] = "0123456789abcdef";
                const auto u = static_cast<unsigned char>(c);
                std::memcpy(at_, "\\u00", 4);
                at_[4] = hex[u >> 4];
                at_[5] = hex[u & 0xF];
                at_ += 6;
            } else {
                *at_++ = c;
            }
        }
        *at_++ = '"';
    }
    void cells(const rules::Cells& list) {
        raw('[');
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (i > 0)
                raw(',');
            number(list[i]);
        }
        raw(']');
    }
    void move(const rules::MoveView& m) {
        raw("{\"captures\":");
        cells(m.captures);
        raw(",\"display\":");
        text(m.display);
        raw(",\"move\":");
        text(m.notation);
        raw(",\"path\":");
        cells(m.path);
        raw('}');
    }
    // A legal move: the played move's fields but `display` (docs/protocol.md 7.1).
    void legal_move(const rules::MoveView& m) {
        raw("{\"captures\":");
        cells(m.captures);
        raw(",\"move\":");
        text(m.notation);
        raw(",\"path\":");
        cells(m.path);
        raw('}');
    }
    void board(const rules::BoardView& b) {
        if (b.cells.empty())
            return raw("null");
        raw("{\"cells\":");
        text(b.cells);
        raw(",\"check\":");
        number(b.check_cell);
        raw(",\"cols\":");
        number(b.cols);
        raw(",\"rows\":");
        number(b.rows);
        raw('}');
    }
    void clocks(const lobby::ClockView& c) {
        raw("{\"at\":");
        number(unix_ms(c.at));
        raw(",\"black_ms\":");
        number(c.remaining[1].count());
        raw(",\"running\":");
        raw(c.running ? "true" : "false");
        raw(",\"to_move\":");
        text(seat_color_name(c.to_move));
        raw(",\"turn_started\":");
        number(unix_ms(c.turn_started));
        raw(",\"white_ms\":");
        number(c.remaining[0].count());
        raw('}');
    }

private:
    char* at_;
};

} // namespace

// The move event written straight into its text, without a JSON DOM: it is the one message
// built on every move, and building the DOM (an object per legal move, a map per object) cost
// more than everything else the server does for a move but the disk (issue 11). Same fields
// and values as play_json's BodyFields; the test compares the two.
std::shared_ptr<const std::string> move_event_text(const std::string& code,
                                                   const lobby::TableEvent& event,
                                                   const lobby::MovePlayed& e) {
    // The thread's scratch, grown to the longest event it has had to hold and reused: the one
    // allocation per event is its finished text's.
    thread_local std::string scratch;
    if (const auto longest = longest_move_event(code, e); scratch.size() < longest)
        scratch.resize(longest);
    JsonCursor w(scratch.data());
    w.raw("{\"at\":");
    w.number(unix_ms(event.at));
    w.raw(",\"event\":{\"board\":");
    w.board(e.board);
    w.raw(",\"by\":");
    w.text(seat_color_name(e.by));
    w.raw(",\"clocks\":");
    w.clocks(e.clocks);
    w.raw(",\"first_move_deadline\":");
    if (e.first_move_deadline)
        w.number(unix_ms(*e.first_move_deadline));
    else
        w.raw("null");
    w.raw(",\"legal_moves\":[");
    for (std::size_t i = 0; i < e.legal_moves.size(); ++i) {
        if (i > 0)
            w.raw(",");
        w.legal_move(e.legal_moves[i]);
    }
    w.raw("],\"move\":");
    w.move(e.move);
    w.raw(",\"ply\":");
    w.number(e.ply);
    w.raw(",\"position\":");
    w.text(e.position);
    w.raw(",\"to_move\":");
    w.text(seat_color_name(1 - e.by));
    w.raw(",\"type\":\"move\"},\"t\":\"table_event\",\"table\":");
    w.text(code);
    w.raw(",\"version\":");
    w.number(static_cast<std::int64_t>(event.version));
    w.raw("}");
    return std::make_shared<const std::string>(scratch.c_str(), w.position());
}


} // namespace server::play
