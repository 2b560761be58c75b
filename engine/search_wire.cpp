#include "engine/search_wire.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <unistd.h>

namespace engine::wire {

namespace {

class FieldWriter {
public:
    explicit FieldWriter(Kind kind) { out_.push_back(static_cast<char>(kind)); }
    void text(std::string_view value) {
        out_ += std::to_string(value.size());
        out_.push_back(':');
        out_.append(value);
    }
    void number(std::int64_t value) { text(std::to_string(value)); }
    void unsigned_number(std::uint64_t value) { text(std::to_string(value)); }
    std::string take() { return std::move(out_); }

private:
    std::string out_;
};

class FieldReader {
public:
    explicit FieldReader(std::string_view rest) : rest_(rest) {}
    std::optional<std::string_view> text() {
        const auto colon = rest_.find(':');
        if (colon == std::string_view::npos || colon == 0 || colon > 9)
            return std::nullopt;
        std::size_t size = 0;
        const auto [end, error] = std::from_chars(rest_.data(), rest_.data() + colon, size);
        if (error != std::errc{} || end != rest_.data() + colon || size > rest_.size() - colon - 1)
            return std::nullopt;
        const auto value = rest_.substr(colon + 1, size);
        rest_.remove_prefix(colon + 1 + size);
        return value;
    }
    template <class T> std::optional<T> number() {
        const auto field = text();
        if (!field)
            return std::nullopt;
        T value{};
        const auto [end, error] =
            std::from_chars(field->data(), field->data() + field->size(), value);
        if (error != std::errc{} || end != field->data() + field->size())
            return std::nullopt;
        return value;
    }
    bool done() const { return rest_.empty(); }

private:
    std::string_view rest_;
};

rules::Error bad(std::string_view what) {
    return rules::Error{"bad_message", "search process message: " + std::string(what)};
}

constexpr std::int64_t absent = -1; // an optional time not given

void write_request(FieldWriter& out, const Request& request) {
    out.number(static_cast<std::int64_t>(request.level));
    out.unsigned_number(request.seed);
    out.number(request.movetime ? request.movetime->count() : absent);
    out.number(request.clock ? request.clock->remaining.count() : absent);
    out.number(request.clock ? request.clock->increment.count() : absent);
    out.unsigned_number(request.node_limit);
    out.number(request.depth_limit);
}

bool read_request(FieldReader& in, Request& request) {
    const auto level = in.number<std::int64_t>();
    const auto seed = in.number<std::uint64_t>();
    const auto movetime = in.number<std::int64_t>();
    const auto remaining = in.number<std::int64_t>();
    const auto increment = in.number<std::int64_t>();
    const auto nodes = in.number<std::uint64_t>();
    const auto depth = in.number<int>();
    if (!level || !seed || !movetime || !remaining || !increment || !nodes || !depth)
        return false;
    if (*level < 0 || *level > static_cast<std::int64_t>(Level::Hard))
        return false;
    request.level = static_cast<Level>(*level);
    request.seed = *seed;
    if (*movetime != absent)
        request.movetime = std::chrono::milliseconds{*movetime};
    if (*remaining != absent)
        request.clock =
            ClockState{std::chrono::milliseconds{*remaining},
                       std::chrono::milliseconds{std::max<std::int64_t>(*increment, 0)}};
    request.node_limit = *nodes;
    request.depth_limit = *depth;
    return true;
}

} // namespace

rules::Result<std::unique_ptr<rules::Game>> rebuild_game(const GameText& text) {
    const auto variant = rules::variant_from_name(text.variant);
    if (!variant)
        return bad("unknown variant " + text.variant);
    // The engine decides nothing by the draw rules (the table asks only while its game goes
    // on), so the copy lets play go on whatever rule a position meets.
    const rules::GameOptions options{rules::DrawRules::ReportOnly};
    if (auto game = rules::make_game(*variant, text.start_position, options); game.ok()) {
        bool replayed = true;
        for (const auto& move : text.moves)
            if (!(*game)->play(move).ok()) {
                replayed = false;
                break;
            }
        if (replayed && (*game)->position() == text.position)
            return std::move(game.value());
    }
    // A game whose position its moves do not give (a player left a game of more than two
    // between them): the position alone, which carries who left.
    return rules::make_game(*variant, text.position, options);
}

GameText game_text(const rules::Game& game) {
    return GameText{std::string(rules::variant_name(game.variant())), game.start_position(),
                    game.moves(), game.position()};
}

std::string encode(const Message& message) {
    FieldWriter out(message.kind);
    switch (message.kind) {
    case Kind::Search:
        out.unsigned_number(message.id);
        out.text(message.game.variant);
        out.text(message.game.start_position);
        out.text(message.game.position);
        out.unsigned_number(message.game.moves.size());
        for (const auto& move : message.game.moves)
            out.text(move);
        write_request(out, message.request);
        break;
    case Kind::Cancel:
        out.unsigned_number(message.id);
        break;
    case Kind::Answer:
        out.unsigned_number(message.id);
        if (message.choice) {
            out.text("ok");
            out.text(message.choice->move);
            out.number(message.choice->score);
            out.number(message.choice->depth);
            out.unsigned_number(message.choice->nodes);
            out.number(message.choice->cancelled ? 1 : 0);
            out.text(message.choice->log);
        } else {
            out.text("error");
            out.text(message.error ? message.error->code : "engine_failed");
            out.text(message.error ? message.error->detail : "");
        }
        break;
    case Kind::Warning:
        out.text(message.text);
        break;
    }
    return out.take();
}

rules::Result<Message> decode(std::string_view bytes) {
    if (bytes.empty())
        return bad("empty");
    Message message;
    message.kind = static_cast<Kind>(bytes.front());
    FieldReader in(bytes.substr(1));
    switch (message.kind) {
    case Kind::Search: {
        const auto id = in.number<std::uint64_t>();
        const auto variant = in.text();
        const auto start = in.text();
        const auto position = in.text();
        const auto count = in.number<std::size_t>();
        if (!id || !variant || !start || !position || !count || *count > max_message_bytes)
            return bad("a search without its game");
        message.id = *id;
        message.game.variant = *variant;
        message.game.start_position = *start;
        message.game.position = *position;
        for (std::size_t i = 0; i < *count; ++i) {
            const auto move = in.text();
            if (!move)
                return bad("fewer moves than announced");
            message.game.moves.emplace_back(*move);
        }
        if (!read_request(in, message.request))
            return bad("a search without its request");
        break;
    }
    case Kind::Cancel: {
        const auto id = in.number<std::uint64_t>();
        if (!id)
            return bad("a cancel without its number");
        message.id = *id;
        break;
    }
    case Kind::Answer: {
        const auto id = in.number<std::uint64_t>();
        const auto outcome = in.text();
        if (!id || !outcome)
            return bad("an answer without its number");
        message.id = *id;
        if (*outcome == "ok") {
            const auto move = in.text();
            const auto score = in.number<int>();
            const auto depth = in.number<int>();
            const auto nodes = in.number<std::uint64_t>();
            const auto cancelled = in.number<int>();
            const auto log = in.text();
            if (!move || !score || !depth || !nodes || !cancelled || !log)
                return bad("an answer without its move");
            message.choice = Choice{std::string(*move), *score,           *depth, *nodes,
                                    *cancelled != 0,    std::string(*log)};
        } else if (*outcome == "error") {
            const auto code = in.text();
            const auto detail = in.text();
            if (!code || !detail)
                return bad("an error without its code");
            message.error = rules::Error{std::string(*code), std::string(*detail)};
        } else {
            return bad("an answer neither ok nor error");
        }
        break;
    }
    case Kind::Warning: {
        const auto text = in.text();
        if (!text)
            return bad("a warning without its text");
        message.text = *text;
        break;
    }
    default:
        return bad("unknown kind");
    }
    if (!in.done())
        return bad("bytes after the last field");
    return message;
}

std::string frame(std::string_view message) {
    std::string out;
    const auto size = static_cast<std::uint32_t>(message.size());
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<char>((size >> shift) & 0xFFu));
    out.append(message);
    return out;
}

std::optional<std::string> FrameReader::next() {
    if (bad_ || buffer_.size() < 4)
        return std::nullopt;
    std::size_t size = 0;
    for (std::size_t i = 0; i < 4; ++i)
        size = (size << 8) | static_cast<unsigned char>(buffer_[i]);
    if (size > max_message_bytes) {
        bad_ = true;
        return std::nullopt;
    }
    if (buffer_.size() < 4 + size)
        return std::nullopt;
    std::string message = buffer_.substr(4, size);
    buffer_.erase(0, 4 + size);
    return message;
}

bool read_messages(int fd, const std::function<bool(Message)>& on_message) {
    FrameReader frames;
    std::vector<char> buffer(64 * 1024);
    while (true) {
        const auto n = ::read(fd, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return true;
        frames.feed(buffer.data(), static_cast<std::size_t>(n));
        while (auto bytes = frames.next()) {
            auto message = decode(*bytes);
            if (!message.ok() || !on_message(std::move(message.value())))
                return false;
        }
        if (frames.bad())
            return false;
    }
}

} // namespace engine::wire
