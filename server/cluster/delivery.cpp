#include "server/cluster/delivery.h"

#include <algorithm>

namespace server::cluster {

class StateWatchers::WatchHold : public Subscription::Hold {
public:
    WatchHold(std::shared_ptr<Shared> shared, std::shared_ptr<StateDelivery> delivery)
        : shared_(std::move(shared)), delivery_(std::move(delivery)) {}
    WatchHold(const WatchHold&) = delete;
    WatchHold& operator=(const WatchHold&) = delete;
    WatchHold(WatchHold&&) = delete;
    WatchHold& operator=(WatchHold&&) = delete;

    ~WatchHold() override {
        delivery_->cancel();
        const std::lock_guard lock(shared_->mutex);
        std::erase(shared_->list, delivery_);
    }

private:
    std::shared_ptr<Shared> shared_;
    std::shared_ptr<StateDelivery> delivery_;
};

Subscription StateWatchers::watch(Executor executor, StateHandler handler) {
    auto delivery = std::make_shared<StateDelivery>(std::move(executor), std::move(handler));
    {
        const std::lock_guard lock(shared_->mutex);
        shared_->list.push_back(delivery);
    }
    return Subscription(std::make_unique<WatchHold>(shared_, std::move(delivery)));
}

void StateWatchers::notify(BusState state) {
    std::vector<std::shared_ptr<StateDelivery>> list;
    {
        const std::lock_guard lock(shared_->mutex);
        list = shared_->list;
    }
    for (const auto& delivery : list)
        post_delivery(delivery, state);
}

} // namespace server::cluster
