#include "server/play/account_lookup.h"

namespace server::play {

AccountLookup account_lookup(const storage::Backend& backend) {
    AccountLookup lookup;
    lookup.find = [&backend](const std::string& name) -> std::optional<AccountLookup::Account> {
        const auto user = backend.user_store()->find_user_by_name(name);
        if (!user || user->disabled)
            return std::nullopt;
        return AccountLookup::Account{.id = user->id, .name = user->name};
    };
    lookup.rating = [&backend](storage::UserId user, const std::string& variant,
                               const std::string& speed) -> std::optional<double> {
        const auto row =
            backend.rating_store()->find_rating(storage::RatingKey{user, variant, speed});
        if (!row)
            return std::nullopt;
        return row->rating;
    };
    return lookup;
}

} // namespace server::play
