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
    std::string owner;
    std::shared_ptr<Ticket> ticket = std::make_shared<Ticket>();
    std::chrono::steady_clock::time_point queued;
};

bool is_quick(const Request& request) {
    return request.level != Level::Hard;
}

void WorkerPool::Lane::push(std::shared_ptr<Job> job) {
    auto& queue = queues[job->owner];
    if (queue.empty())
        turns.push_back(job->owner);
    queue.push_back(std::move(job));
}

// The first request of the owner whose turn it is; the owner goes to the back of the turns
// when it has more.
std::shared_ptr<WorkerPool::Job> WorkerPool::Lane::pop() {
    const std::string owner = std::move(turns.front());
    turns.pop_front();
    const auto found = queues.find(owner);
    auto job = std::move(found->second.front());
    found->second.pop_front();
    if (found->second.empty())
        queues.erase(found);
    else
        turns.push_back(owner);
    return job;
}

void WorkerPool::Lane::cancel_all() {
    for (const auto& [owner, queue] : queues)
        for (const auto& job : queue)
            job->ticket->cancel();
}

WorkerPool::WorkerPool(std::size_t threads)
    : WorkerPool([threads] {
          WorkerPoolOptions options;
          options.threads = threads;
          return options;
      }()) {
}

WorkerPool::WorkerPool(WorkerPoolOptions options) : options_(std::move(options)) {
    if (!options_.search)
        options_.search = [](const rules::Game& game, const Request& request,
                             const SearchControl& control) {
            return choose_move(game, request, control);
        };
    for (std::size_t i = 0; i < std::max<std::size_t>(options_.threads, 1); ++i)
        threads_.emplace_back([this] { work(false); });
    if (options_.quick_thread)
        threads_.emplace_back([this] { work(true); });
}

WorkerPool::~WorkerPool() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        quick_.cancel_all();
        long_.cancel_all();
        for (const auto& job : running_)
            job->ticket->cancel();
    }
    wake_.notify_all();
    for (auto& t : threads_)
        t.join();
}

std::chrono::steady_clock::time_point WorkerPool::now() const {
    return options_.now ? options_.now() : std::chrono::steady_clock::now();
}

std::shared_ptr<Ticket> WorkerPool::think(std::unique_ptr<rules::Game> game, const Request& request,
                                          Done done, const std::string& owner) {
    auto job = std::make_shared<Job>();
    job->game = std::move(game);
    job->request = request;
    job->done = std::move(done);
    job->owner = owner;
    job->queued = now();
    auto ticket = job->ticket;
    {
        const std::lock_guard lock(mutex_);
        if (stopping_)
            ticket->cancel();
        (is_quick(request) ? quick_ : long_).push(std::move(job));
    }
    // Every thread is woken: the quick-lane thread must not be the only one told of a long
    // request.
    wake_.notify_all();
    return ticket;
}

void WorkerPool::lower_priority() {
    const auto error = set_this_thread_priority(options_.priority);
    if (!error.empty() && !warned_.exchange(true) && options_.warn)
        options_.warn("engine: the worker threads run at normal priority, so a computer's "
                      "search competes with the server's threads (" +
                      error + ")");
}

void WorkerPool::work(bool quick_only) {
    lower_priority();
    for (;;) {
        std::shared_ptr<Job> job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] {
                return stopping_ || !quick_.empty() || (!quick_only && !long_.empty());
            });
            if (!quick_.empty())
                job = quick_.pop();
            else if (!quick_only && !long_.empty())
                job = long_.pop();
            else
                return;
            running_.push_back(job);
        }
        // The budget counts from now: the game's clock ran while the request waited, so what
        // is left of it is less by the wait, and the search's own clock starts here.
        const auto started = now();
        if (job->request.clock) {
            const auto waited =
                std::chrono::duration_cast<std::chrono::milliseconds>(started - job->queued);
            auto& remaining = job->request.clock->remaining;
            remaining = std::max(remaining - waited, std::chrono::milliseconds{0});
        }
        const SteadyClock clock(options_.now);
        auto result =
            options_.search(*job->game, job->request, SearchControl{&job->ticket->flag(), &clock});
        job->done(std::move(result));
        const std::lock_guard lock(mutex_);
        std::erase(running_, job);
    }
}

} // namespace engine
