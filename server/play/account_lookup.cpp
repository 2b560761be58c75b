#include "server/play/account_lookup.h"

#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace server::play {
namespace {

// The idle stores of one kind, and how to make another when none is idle. Thread-safe; the
// lobby strand asks one question at a time, so one store is made and then reused, but two
// callers at once would each get their own.
template <class Store> class KeptStores {
public:
    explicit KeptStores(std::function<std::unique_ptr<Store>()> make) : make_(std::move(make)) {}

    // Runs `ask` with an idle store (or a new one) and keeps the store for the next question,
    // unless `ask` threw: the exception goes on and the store is dropped.
    template <class Ask> auto with_store(Ask&& ask) {
        std::unique_ptr<Store> store = take();
        auto answer = std::forward<Ask>(ask)(*store);
        const std::scoped_lock lock(mutex_);
        if (idle_.size() < max_idle)
            idle_.push_back(std::move(store));
        return answer;
    }

private:
    static constexpr std::size_t max_idle = 2;

    std::unique_ptr<Store> take() {
        {
            const std::scoped_lock lock(mutex_);
            if (!idle_.empty()) {
                auto store = std::move(idle_.back());
                idle_.pop_back();
                return store;
            }
        }
        return make_(); // outside the lock: a SQLite store opens its connection here
    }

    std::function<std::unique_ptr<Store>()> make_;
    std::mutex mutex_;
    std::vector<std::unique_ptr<Store>> idle_;
};

} // namespace

AccountLookup account_lookup(const storage::Backend& backend) {
    auto users = std::make_shared<KeptStores<storage::UserStore>>(
        [&backend] { return backend.user_store(); });
    auto ratings = std::make_shared<KeptStores<storage::RatingStore>>(
        [&backend] { return backend.rating_store(); });
    AccountLookup lookup;
    lookup.find = [users](const std::string& name) -> std::optional<AccountLookup::Account> {
        const auto user = users->with_store(
            [&name](storage::UserStore& store) { return store.find_user_by_name(name); });
        if (!user || user->disabled)
            return std::nullopt;
        return AccountLookup::Account{.id = user->id, .name = user->name};
    };
    lookup.rating = [ratings](storage::UserId user, const std::string& variant,
                              const std::string& speed) -> std::optional<double> {
        const auto row = ratings->with_store([&](storage::RatingStore& store) {
            return store.find_rating(storage::RatingKey{user, variant, speed});
        });
        if (!row)
            return std::nullopt;
        return row->rating;
    };
    return lookup;
}

} // namespace server::play
