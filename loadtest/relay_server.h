#pragma once
// The floor of the move pipeline: a bare Beast WebSocket server that does for every frame
// only what the transport and the storage of a move must, and nothing a game needs. Two
// connections that ask for the same target `/pair/<n>` are a pair, as the two players of a
// game; a frame from either goes to both, as a move goes back to its mover (the answer) and
// on to the opponent: one read and two writes, against the echo's one read and one write.
// With a store (relay_store.h) the two writes wait for the frame's durable SQLite commit, as
// a move waits for the game writer. No parsing, no rules, no JSON, no lobby.
//
// `tabula loadtest --relay` measures it with the echo's client loop (echo_run.h), so one run
// can set the game server beside the echo (the transport), the relay (the transport a move
// needs) and the durable relay (that and the storage): see bench/README.md.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>

#include <boost/asio/io_context.hpp>

namespace loadtest {

struct RelayHub;

class RelayServer {
public:
    // Listens on 127.0.0.1:port (0: any free port) on `io`; serves once io runs. With
    // `store_file`, every frame is committed to that new SQLite file before it is sent on
    // (throws std::runtime_error if the file exists or cannot be set up).
    RelayServer(boost::asio::io_context& io, std::uint16_t port,
                const std::optional<std::filesystem::path>& store_file = std::nullopt);
    ~RelayServer();
    RelayServer(const RelayServer&) = delete;
    RelayServer& operator=(const RelayServer&) = delete;

    std::uint16_t port() const;
    void stop();
    // The store's counts (0 without a store): frames on disk, and the transactions they took.
    std::uint64_t stored_frames() const;
    std::uint64_t commits() const;
    // The most frames one pair ever had received and not yet sent on (waiting for their
    // commit): 1 when the client is a closed loop, as a game is. Read once `io` has stopped.
    std::int64_t most_frames_in_flight() const;

private:
    std::shared_ptr<RelayHub> hub_;
};

} // namespace loadtest
