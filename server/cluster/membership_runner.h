#pragma once
// Runs a NodeMembership (node_membership.h) on a thread of its own with the real (steady)
// clock: every `period` a tick(). The store's calls are blocking database calls, so they never
// run on an I/O thread; the store's handles are made on this thread too (by the factory), one
// per incarnation. Each report that says something is posted to the executor given, in order.
//
//   MembershipRunner runner(options, factory, app.io_context().get_executor(), on_report);
//   runner.start(address);  // registers on the caller's thread; throws StartupError if it cannot
//   ...               // runner.figures() from any thread (/metrics)
//   runner.stop();    // the node leaves the cluster (ClusterStore::leave); the thread joins
//
// A report posted to an executor whose io_context has stopped is dropped with it.

#include "server/cluster/bus.h"
#include "server/cluster/node_membership.h"
#include "server/observability/prometheus_text.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace server::cluster {

class MembershipRunner {
public:
    using Reporter = std::function<void(const MembershipReport&)>;

    MembershipRunner(MembershipOptions options, ClusterStoreFactory make_store, Executor executor,
                     Reporter reporter,
                     std::chrono::milliseconds period = std::chrono::milliseconds(200));
    ~MembershipRunner(); // stop()
    MembershipRunner(const MembershipRunner&) = delete;
    MembershipRunner& operator=(const MembershipRunner&) = delete;

    // Registers the first incarnation here with `address` (how other nodes reach this one: it
    // may be known only once the server listens), then starts the thread; its report is posted
    // like the others. Throws StartupError naming the cause when the registration fails.
    void start(std::string address);
    // Stops the ticks, leaves the cluster and joins the thread. Safe to call twice.
    void stop();
    // The membership's figures as of the last tick; from any thread.
    observability::NodeFigures figures() const;

private:
    void run();
    void publish(MembershipReport report);

    NodeMembership membership_; // on the runner's thread once started
    Executor executor_;
    // Shared with the posted reports: one reporter (and its state) for all, even one that runs
    // after the runner is gone.
    std::shared_ptr<Reporter> reporter_;
    std::chrono::milliseconds period_;
    mutable std::mutex mutex_; // guards figures_ and stopping_
    std::condition_variable wake_;
    observability::NodeFigures figures_;
    bool stopping_ = false;
    std::thread thread_;
};

} // namespace server::cluster
