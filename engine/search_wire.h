#pragma once
// The messages between the server and its search process (search_process.h): a search asked
// for, its cancellation, its answer, and a warning the process has for the server's log.
//
// On the socket a message is a frame: its length in four bytes (big-endian), then the
// message. A message is a kind letter, then its fields, each written as its length in decimal
// digits, a colon and its bytes, so any text (a log with new lines) passes unchanged. A game
// travels as its variant, its start position, the moves played and the position reached (the
// process rebuilds it from the first three and checks it against the fourth).
//
// Pure: no I/O. Decoding a malformed message is an Error (code "bad_message").

#include "engine/engine.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace engine::wire {

enum class Kind : char { Search = 'S', Cancel = 'C', Answer = 'A', Warning = 'W' };

struct GameText {
    std::string variant;
    std::string start_position;
    std::vector<std::string> moves;
    std::string position;
};

struct Message {
    Kind kind = Kind::Warning;
    std::uint64_t id = 0;              // Search, Cancel, Answer: the search's number
    GameText game;                     // Search
    Request request;                   // Search
    std::optional<Choice> choice;      // Answer: the move, or
    std::optional<rules::Error> error; // Answer: the engine's error
    std::string text;                  // Warning
};

GameText game_text(const rules::Game& game);
// The game again: the start position and the moves, or where those do not reach `position`
// (a player left a game of more than two), the position alone (its ply count then starts
// there, which changes only the seed's mix). Errors: "bad_message" (unknown variant), the
// rules' "bad_fen".
rules::Result<std::unique_ptr<rules::Game>> rebuild_game(const GameText& text);
std::string encode(const Message& message);
rules::Result<Message> decode(std::string_view bytes);

// The largest message either side accepts: far above a game of thousands of moves.
inline constexpr std::size_t max_message_bytes = 4u << 20;

// `message` with its four-byte length before it.
std::string frame(std::string_view message);

// Collects bytes as they arrive and hands out whole messages.
class FrameReader {
public:
    void feed(const char* data, std::size_t size) { buffer_.append(data, size); }
    // The next whole message, if one has arrived; nullopt also once `bad()`.
    std::optional<std::string> next();
    // A frame announced more than max_message_bytes: the stream cannot be trusted.
    bool bad() const { return bad_; }

private:
    std::string buffer_;
    bool bad_ = false;
};

// Reads the messages that arrive on `fd`, decoding each once, until the stream ends or fails
// (then true), or a message is malformed or too large or `on_message` refuses it by returning
// false (then false: the stream cannot be trusted). Blocks its thread: both ends of the pipe
// (SearchProcess's reader, the worker's main loop) read this way.
bool read_messages(int fd, const std::function<bool(Message)>& on_message);

} // namespace engine::wire
