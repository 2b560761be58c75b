// Two servers changing one ladder at once (issue 36): each node runs its own LadderService on
// its own connections to one database, and storage refuses a change computed from standings
// another node changed since; the service reads, computes and writes it again. No join and no
// removal is lost, and the rungs stay 1..n.
#include "server/accounts/ladder_service.h"
#include "storage/open.h"
#include "tests/support/test_databases.h"

#include <chrono>
#include <cstddef>
#include <future>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace {

// One server's storage and ladder service.
struct LadderNode {
    std::unique_ptr<storage::Backend> backend;
    std::unique_ptr<storage::UserStore> users = backend->user_store();
    std::unique_ptr<storage::LadderStore> ladders = backend->ladder_store();
    server::accounts::LadderService service{*ladders, *users};

    explicit LadderNode(const std::string& location) : backend(storage::open(location)) {}
};

storage::TimePoint race_now() {
    return storage::TimePoint(std::chrono::milliseconds(1'700'000'000'000));
}

} // namespace

TEST_CASE_TEMPLATE("two servers joining and removing players of one ladder at once lose nothing",
                   Db, STORAGE_BACKENDS) {
    Db database;
    const std::string path = database.location();
    LadderNode a(path);
    LadderNode b(path);
    const auto ladder = a.service
                            .create({.name = "Club",
                                     .variant = "chess",
                                     .time_control = "300+0",
                                     .max_rungs_up = 3,
                                     .response_time = std::chrono::hours(24),
                                     .organiser_user_id = std::nullopt,
                                     .created_at = race_now()})
                            .value();
    std::vector<storage::UserId> first;  // joined by node a, the first half removed again
    std::vector<storage::UserId> second; // joined by node b while a removes
    std::vector<storage::UserId> third;
    for (int i = 0; i < 60; ++i) {
        const auto id = a.users->create_user(std::to_string(i) + "u", "h", race_now()).value();
        (i < 20 ? first : i < 40 ? second : third).push_back(id);
    }

    const auto join_all = [&](LadderNode& node, const std::vector<storage::UserId>& players) {
        for (const auto user : players) {
            const auto joined = node.service.join(ladder, user, race_now());
            REQUIRE_MESSAGE(joined.ok(), joined.error().code);
        }
    };
    const auto remove_some = [&](LadderNode& node, const std::vector<storage::UserId>& players) {
        for (std::size_t i = 0; i < players.size() / 2; ++i) {
            const auto removed = node.service.remove(ladder, std::nullopt, players[i], race_now());
            REQUIRE_MESSAGE(removed.ok(), removed.error().code);
        }
    };
    {
        auto on_a = std::async(std::launch::async, [&] { join_all(a, first); });
        auto on_b = std::async(std::launch::async, [&] { join_all(b, second); });
        on_a.get();
        on_b.get();
    }
    {
        auto on_a = std::async(std::launch::async, [&] { remove_some(a, first); });
        auto on_b = std::async(std::launch::async, [&] { join_all(b, third); });
        on_a.get();
        on_b.get();
    }

    std::set<storage::UserId> expected(first.begin() + 10, first.end());
    expected.insert(second.begin(), second.end());
    expected.insert(third.begin(), third.end());
    const auto standings = a.ladders->standings(ladder);
    REQUIRE(standings.size() == expected.size());
    std::set<storage::UserId> stored;
    for (std::size_t i = 0; i < standings.size(); ++i) {
        CHECK(standings[i].rung == static_cast<int>(i) + 1);
        stored.insert(standings[i].user_id);
    }
    CHECK(stored == expected);
    for (std::size_t i = 0; i < 10; ++i) {
        const auto lines = a.ladders->history(ladder, first[i]);
        REQUIRE(lines.size() >= 2);
        CHECK(lines.front().event == "joined");
        CHECK(lines.back().event == "removed");
        CHECK(lines.back().rung_after == 0);
    }
}
