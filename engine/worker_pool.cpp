#include "engine/worker_pool.h"

#include <algorithm>
#include <system_error>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace engine {

namespace {

// The priority asked for, set on the calling thread: empty, or why it could not be.
std::string set_this_thread_priority(WorkerPriority priority) {
    if (priority == WorkerPriority::Normal)
        return {};
#if defined(__linux__)
    if (priority == WorkerPriority::Idle) {
        const sched_param param{}; // SCHED_IDLE takes priority 0
        if (const int error = pthread_setschedparam(pthread_self(), SCHED_IDLE, &param))
            return "SCHED_IDLE: " + std::generic_category().message(error);
        return {};
    }
    // On Linux a nice value belongs to the thread (its id), not to the whole process.
    if (setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 19) != 0)
        return "nice 19: " + std::generic_category().message(errno);
    return {};
#else
    return "thread priorities are set on Linux only";
#endif
}

} // namespace

struct WorkerPool::Job {
    std::unique_ptr<rules::Game> game;
    Request request;
    Done done;
    std::shared_ptr<Ticket> ticket = std::make_shared<Ticket>();
    SteadyClock clock;
};

WorkerPool::WorkerPool(std::size_t threads)
    : WorkerPool([threads] {
          WorkerPoolOptions options;
          options.threads = threads;
          return options;
      }()) {
}

WorkerPool::WorkerPool(WorkerPoolOptions options) : options_(std::move(options)) {
    for (std::size_t i = 0; i < std::max<std::size_t>(options_.threads, 1); ++i)
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

void WorkerPool::lower_priority() {
    const auto error = set_this_thread_priority(options_.priority);
    if (!error.empty() && !warned_.exchange(true) && options_.warn)
        options_.warn("engine: the worker threads run at normal priority, so a computer's "
                      "search competes with the server's threads (" +
                      error + ")");
}

void WorkerPool::work() {
    lower_priority();
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
