#include "storage/batch_writer.h"

#include <algorithm>
#include <exception>
#include <future>
#include <iterator>
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
    // size is more than half of its blocks).
    std::vector<QueuedWrite> batch;
    while (true) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty())
                return; // stopping, and everything is written
            if (queue_.size() <= max_batch_) {
                batch.swap(queue_);
            } else {
                const auto first = queue_.begin();
                const auto last = first + static_cast<std::ptrdiff_t>(max_batch_);
                batch.assign(std::make_move_iterator(first), std::make_move_iterator(last));
                queue_.erase(first, last);
            }
        }
        write(batch);
        for (auto& request : batch)
            report(request);
        batch.clear();
        try {
            statements_.after_batch();    // after the batch's callbacks: its moves wait for none
        } catch (const std::exception&) { // NOLINT(bugprone-empty-catch): the backend's to redo
        }
    }
}

void BatchWriter::write(std::vector<QueuedWrite>& batch) {
    const auto writes = [](const QueuedWrite& request) { return request.writes(); };
    if (std::none_of(batch.begin(), batch.end(), writes))
        return; // nothing to write: no empty transaction
    try {
        statements_.write_batch(batch);
        transactions_.fetch_add(1);
    } catch (const FencedError& e) {
        // Nothing of the batch is committed, and nothing will be: another node owns its games.
        for (auto& request : batch)
            if (request.writes() && request.status.ok())
                request.status = WriteStatus{e.what(), true};
    } catch (const std::exception& e) {
        // Nothing of the batch is committed.
        for (auto& request : batch)
            if (request.writes() && request.status.ok())
                request.status.error = e.what();
    }
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
