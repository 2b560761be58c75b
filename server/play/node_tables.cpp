// A cluster node's tables (play_service.h, "A node of a cluster"): the writer of each
// incarnation, the tables dropped when one is fenced, the claimed tables brought back.

#include "server/log.h"
#include "server/play/play_service.h"

#include <atomic>
#include <future>
#include <memory>
#include <string>
#include <utility>

namespace server::play {

void PlayService::use_writer(std::shared_ptr<storage::GameWriter> writer, std::int64_t epoch) {
    post_lobby([self = shared_from_this(), writer = std::move(writer), epoch]() mutable {
        if (self->writer_)
            self->retired_writers_.push_back(std::move(self->writer_));
        self->writer_ = std::move(writer);
        self->writer_epoch_ = epoch;
    });
}

void PlayService::drop_fenced_tables(std::int64_t epoch) {
    post_lobby([self = shared_from_this(), epoch] {
        if (self->dropped_epoch_ && epoch <= *self->dropped_epoch_)
            return;
        self->dropped_epoch_ = epoch;
        self->drop_every_table();
    });
}

// On the lobby strand. The connections are closed rather than told table by table: a table's
// audience may be on any of them, the seeks and challenges they made go with them
// (close_session), and a client reconnects on "service restart" and finds its tables wherever
// they are owned now.
void PlayService::drop_every_table() {
    log::warn("play: this node is fenced: " + std::to_string(tables_.size()) +
              " tables dropped without ending their games, " + std::to_string(visitors_.size()) +
              " connections closed (service restart)");
    drop_tables({});
    for (const auto& [id, visitor] : visitors_)
        visitor.conn->close(net::CloseCode::ServiceRestart, "service restart");
}

// On the lobby strand.
void PlayService::drop_tables(std::function<void()> then) {
    const std::size_t count = tables_.size();
    // Counted down on the tables' strands; `then` goes back to the lobby strand.
    auto left = std::make_shared<std::atomic<std::size_t>>(count);
    auto last = [self = shared_from_this(), left, then]() {
        if (then && left->fetch_sub(1) == 1)
            self->post_lobby(then);
    };
    for (const auto& [code, live_table] : tables_) {
        live_table->drop_unended(last);
        lobby_.table_gone(code);
    }
    tables_.clear();
    seated_.clear();
    computer_games_.clear();
    if (count == 0 && then)
        then();
}

std::size_t PlayService::hand_over_tables() {
    std::promise<std::size_t> done;
    post_lobby([self = shared_from_this(), &done] {
        self->handed_over_ = true;
        const std::size_t dropped = self->tables_.size();
        // Once every table has stopped, no write is asked any more: what was asked is stored.
        self->drop_tables([self, &done, dropped] {
            if (self->writer_)
                self->writer_->flush();
            for (const auto& retired : self->retired_writers_)
                retired->flush();
            done.set_value(dropped);
        });
    });
    return done.get_future().get();
}

void PlayService::restore_claimed(std::vector<storage::GameWithMoves> games,
                                  PausesByGame pauses) {
    post_lobby([self = shared_from_this(), games = std::move(games), pauses = std::move(pauses)] {
        const auto restored = self->restore(games, pauses);
        log::info("play: " + std::to_string(restored) + " of " + std::to_string(games.size()) +
                  " claimed games restored");
    });
}

} // namespace server::play
