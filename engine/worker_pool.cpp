#include "engine/worker_pool.h"

#include <algorithm>

namespace engine {

struct WorkerPool::Job {
    std::unique_ptr<rules::Game> game;
    Request request;
    Done done;
    std::shared_ptr<Ticket> ticket = std::make_shared<Ticket>();
    SteadyClock clock;
};

WorkerPool::WorkerPool(std::size_t threads) {
    for (std::size_t i = 0; i < std::max<std::size_t>(threads, 1); ++i)
        threads_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        for (const auto& job : queue_)
            job->ticket->cancel();
        for (const auto& job : running_)
            job->ticket->cancel();
    }
    wake_.notify_all();
    for (auto& t : threads_)
        t.join();
}

std::shared_ptr<Ticket> WorkerPool::think(std::unique_ptr<rules::Game> game, const Request& request,
                                          Done done) {
    auto job = std::make_shared<Job>();
    job->game = std::move(game);
    job->request = request;
    job->done = std::move(done);
    auto ticket = job->ticket;
    {
        const std::lock_guard lock(mutex_);
        if (stopping_)
            ticket->cancel();
        queue_.push_back(std::move(job));
    }
    wake_.notify_one();
    return ticket;
}

void WorkerPool::work() {
    for (;;) {
        std::shared_ptr<Job> job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty())
                return;
            job = queue_.front();
            queue_.pop_front();
            running_.push_back(job);
        }
        auto result =
            choose_move(*job->game, job->request, SearchControl{&job->ticket->flag(), &job->clock});
        job->done(std::move(result));
        const std::lock_guard lock(mutex_);
        std::erase(running_, job);
    }
}

} // namespace engine
