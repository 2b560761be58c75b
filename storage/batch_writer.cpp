#include "storage/batch_writer.h"

#include <algorithm>
#include <exception>
#include <future>
#include <iterator>
#include <optional>
#include <type_traits>
#include <utility>

namespace storage {

BatchWriter::BatchWriter(BatchStatements& statements, std::size_t max_batch)
    : statements_(statements), max_batch_(max_batch == 0 ? 1 : max_batch) {
}

BatchWriter::~BatchWriter() {
    stop();
}

void BatchWriter::start() {
    if (!thread_.joinable())
        thread_ = std::thread([this] { run(); });
}

void BatchWriter::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable())
        thread_.join();
}

void BatchWriter::enqueue(QueuedWrite write) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(write));
    }
    wake_.notify_one();
}

void BatchWriter::task(std::function<void()> run) {
    enqueue(QueuedWrite{WriterTask{std::move(run)}, {}});
}

void BatchWriter::flush() {
    std::promise<void> reached;
    auto future = reached.get_future();
    task([&reached] { reached.set_value(); });
    future.wait();
}

WriterStats BatchWriter::stats() const {
    return WriterStats{requests_.load(), transactions_.load(), failures_.load(), fenced_.load()};
}

void BatchWriter::run() {
    // Two vectors traded under the lock: once both have grown to the busiest batch, queueing
    // and taking a request allocate nothing (a deque allocated a block for each request, whose
    // size is more than half of its blocks). A third holds the batch in flight, if any.
    std::vector<QueuedWrite> batch;
    std::vector<QueuedWrite> flying;
    bool in_flight = false;
    while (true) {
        {
            std::unique_lock lock(mutex_);
            if (!in_flight) {
                wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
                if (queue_.empty())
                    return; // stopping, and everything is written
            }
            take(batch, in_flight);
        }
        const bool started = !batch.empty() && start(batch);
        if (in_flight) {
            finish(flying);
            report(flying);
            in_flight = false;
        }
        if (started) {
            flying.swap(batch);
            note_in_flight(flying);
            in_flight = true;
        } else if (!batch.empty()) {
            report(batch);
        }
    }
}

namespace {

// The game a write that may overlap a batch in flight belongs to: a move's or a leave's. Every
// other write has none, and waits for nothing in flight (batch_writer.h).
std::optional<GameId> overlapping_game(const QueuedWrite& request) {
    if (const auto* move = std::get_if<MoveWrite>(&request.what))
        return move->game;
    if (const auto* leave = std::get_if<LeaveWrite>(&request.what))
        return leave->game;
    return std::nullopt;
}

} // namespace

void BatchWriter::take(std::vector<QueuedWrite>& batch, bool in_flight) {
    std::size_t count = std::min(queue_.size(), max_batch_);
    if (in_flight) {
        std::size_t prefix = 0;
        for (; prefix < count; ++prefix) {
            const auto& request = queue_[prefix];
            if (!request.writes())
                continue;
            const auto game = overlapping_game(request);
            if (!game || std::binary_search(games_in_flight_.begin(), games_in_flight_.end(),
                                            *game))
                break;
        }
        count = prefix;
    }
    if (count == 0)
        return;
    if (count == queue_.size()) {
        batch.swap(queue_);
        return;
    }
    const auto first = queue_.begin();
    const auto last = first + static_cast<std::ptrdiff_t>(count);
    batch.assign(std::make_move_iterator(first), std::make_move_iterator(last));
    queue_.erase(first, last);
}

void BatchWriter::note_in_flight(const std::vector<QueuedWrite>& in_flight) {
    games_in_flight_.clear();
    for (const auto& request : in_flight)
        if (const auto game = overlapping_game(request))
            games_in_flight_.push_back(*game);
    std::sort(games_in_flight_.begin(), games_in_flight_.end());
}

bool BatchWriter::start(std::vector<QueuedWrite>& batch) {
    const auto writes = [](const QueuedWrite& request) { return request.writes(); };
    if (std::none_of(batch.begin(), batch.end(), writes))
        return false; // nothing to write: no empty transaction
    try {
        if (statements_.start_batch(batch)) // write_batch unless the backend overlaps()
            return true;
        transactions_.fetch_add(1);
    } catch (const std::exception& e) {
        fail(batch, e);
    }
    count(batch);
    return false;
}

void BatchWriter::finish(std::vector<QueuedWrite>& batch) {
    try {
        statements_.finish_batch(batch);
        transactions_.fetch_add(1);
    } catch (const std::exception& e) {
        fail(batch, e);
    }
    count(batch);
}

void BatchWriter::fail(std::vector<QueuedWrite>& batch, const std::exception& e) {
    // Nothing of the batch is committed. Fenced: nor will it be, another node owns its games.
    const bool fenced = dynamic_cast<const FencedError*>(&e) != nullptr;
    for (auto& request : batch)
        if (request.writes() && request.status.ok())
            request.status = WriteStatus{e.what(), fenced};
}

void BatchWriter::count(const std::vector<QueuedWrite>& batch) {
    for (const auto& request : batch) {
        if (!request.writes())
            continue;
        requests_.fetch_add(1);
        if (!request.status.ok())
            failures_.fetch_add(1);
        if (request.status.fenced)
            fenced_.fetch_add(1);
    }
}

void BatchWriter::report(std::vector<QueuedWrite>& batch) {
    for (auto& request : batch)
        report(request);
    batch.clear();
    try {
        statements_.after_batch();    // after the batch's callbacks: its moves wait for none
    } catch (const std::exception&) { // NOLINT(bugprone-empty-catch): the backend's to redo
    }
}

void BatchWriter::report(QueuedWrite& request) {
    // A callback that throws must not stop the writer; there is no one to tell but the log.
    try {
        std::visit(
            [&request](auto& r) {
                using T = std::decay_t<decltype(r)>;
                if constexpr (std::is_same_v<T, CreateGameWrite>) {
                    if (r.done)
                        r.done(request.status, request.status.ok() ? r.id : 0);
                } else if constexpr (std::is_same_v<T, MoveWrite> ||
                                     std::is_same_v<T, LeaveWrite>) {
                    if (r.done)
                        r.done(request.status);
                } else if constexpr (std::is_same_v<T, FinishWrite>) {
                    if (!request.status.ok())
                        r.written.clear();
                    if (r.done)
                        r.done(request.status, r.written);
                } else {
                    if (r.run)
                        r.run();
                }
            },
            request.what);
    } catch (...) { // NOLINT(bugprone-empty-catch): see above
    }
}

} // namespace storage
