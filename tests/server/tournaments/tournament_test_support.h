#pragma once
// The tournament service over a temporary SQLite database, with a play service played by the
// test: the starter records each game asked for, and `open_tables` makes each one's game row
// (through the real game writer, as the play service's tables do) at the table with the code
// the service reserved, and answers that it opened; `finish` ends a game with a result. The service's posted
// work waits in a queue until `drain` runs it, on the test's thread (its one thread).

#include "server/tournaments/tournament_games.h"
#include "server/tournaments/tournament_service.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/storage/temp_database.h"

#include <array>
#include <cstddef>
#include <deque>
#include <functional>
#include <future>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

namespace tournament_test {

inline storage::TimePoint at_ms(long long ms) {
    return storage::TimePoint(storage::Millis(ms));
}

// "base_ms=... " for 3+2 (lobby/time_control_text.h).
inline std::string blitz() {
    return "base_ms=180000 increment_ms=2000 delay_ms=0 per_move_ms=0 days=0";
}

class RecordingStarter final : public server::tournaments::TournamentGameStarter {
public:
    struct Asked {
        server::tournaments::TournamentGame game;
        server::tournaments::TableOpened opened;
    };
    void start_tournament_game(const server::tournaments::TournamentGame& game,
                               server::tournaments::TableOpened opened) override {
        const std::lock_guard lock(mutex_);
        asked_.push_back({game, std::move(opened)});
    }
    std::vector<Asked> take() {
        const std::lock_guard lock(mutex_);
        return std::exchange(asked_, {});
    }

private:
    std::mutex mutex_;
    std::vector<Asked> asked_;
};

// One game the fake play service made.
struct Table {
    server::tournaments::TournamentGame game;
    std::string code;
    storage::GameId id = 0;
};

// Makes the game row of each game asked for (at `now`, through the real writer, as the play
// service's tables do) with the code the service reserved, answers Opened (`tables_made`
// counting), and returns them.
inline std::vector<Table> open_tables(storage::GameWriter& writer, RecordingStarter& starter,
                                      storage::TimePoint now, int& tables_made) {
    std::vector<Table> made;
    for (auto& asked : starter.take()) {
        ++tables_made;
        Table table{asked.game, asked.game.table_code, 0};
        storage::GameRow row;
        row.variant = asked.game.variant;
        row.time_control = asked.game.time_control;
        row.rated = asked.game.rated;
        row.table_code = table.code;
        row.started_at = now;
        row.seats = {
            storage::SeatRow{.user_id = asked.game.white_id, .name = asked.game.white_name},
            storage::SeatRow{.user_id = asked.game.black_id, .name = asked.game.black_name}};
        std::promise<std::pair<storage::WriteStatus, storage::GameId>> done;
        writer.create_game(row, [&](const storage::WriteStatus& s, storage::GameId id) {
            done.set_value({s, id});
        });
        const auto [status, id] = done.get_future().get();
        REQUIRE(status.ok());
        table.id = id;
        asked.opened(server::tournaments::TableAnswer::of(server::tournaments::TableAnswer::Kind::Opened));
        made.push_back(table);
    }
    return made;
}

inline void finish_game(storage::GameWriter& writer, storage::GameId game,
                        const std::string& result, const std::string& termination,
                        storage::TimePoint now) {
    std::promise<storage::WriteStatus> done;
    writer.finish_game(storage::FinishGame{{game, result, termination, now}, {}, {}},
                       [&](const storage::WriteStatus& s, const auto&) { done.set_value(s); });
    REQUIRE(done.get_future().get().ok());
}

struct Club {
    storage_test::TempDir dir;
    storage::sqlite::SqliteBackend backend{dir.db()};
    std::unique_ptr<storage::UserStore> users = backend.user_store();
    std::unique_ptr<storage::GameWriter> writer = backend.game_writer();
    std::int64_t clock_ms = 1'000'000;
    int tables_made = 0;

    storage::TimePoint now() const { return at_ms(clock_ms); }
    storage::UserId account(const std::string& name) {
        return users->create_user(name, "h", now()).value();
    }
    // Accounts of these names, in their order:
    //   const auto [ann, bob] = club.accounts({"ann", "bob"});
    template <std::size_t N>
    std::array<storage::UserId, N> accounts(const char* const (&names)[N]) {
        std::array<storage::UserId, N> ids{};
        for (std::size_t i = 0; i < N; ++i)
            ids[i] = account(names[i]);
        return ids;
    }
    std::vector<Table> open_tables(RecordingStarter& starter) {
        clock_ms += 10;
        return tournament_test::open_tables(*writer, starter, now(), tables_made);
    }
    void finish(storage::GameId game, const std::string& result,
                const std::string& termination = "resign") {
        clock_ms += 10;
        finish_game(*writer, game, result, termination, now());
    }
};

// One service over the club's database, as the server would run it (its own stores).
struct Director {
    explicit Director(Club& club)
        : tournaments(club.backend.tournament_store()), users(club.backend.user_store()),
          ratings(club.backend.rating_store()), games(club.backend.game_store()),
          ladders(club.backend.ladder_store()),
          service(*tournaments, *users, *ratings, *games, *ladders,
                  [this](std::function<void()> work) {
              const std::lock_guard lock(mutex);
              posted.push_back(std::move(work));
          }) {
        service.set_game_starter(starter);
    }
    void drain() {
        while (true) {
            std::function<void()> work;
            {
                const std::lock_guard lock(mutex);
                if (posted.empty())
                    return;
                work = std::move(posted.front());
                posted.pop_front();
            }
            work();
        }
    }

    std::unique_ptr<storage::TournamentStore> tournaments;
    std::unique_ptr<storage::UserStore> users;
    std::unique_ptr<storage::RatingStore> ratings;
    std::unique_ptr<storage::GameStore> games;
    std::unique_ptr<storage::LadderStore> ladders;
    std::shared_ptr<RecordingStarter> starter = std::make_shared<RecordingStarter>();
    std::mutex mutex;
    std::deque<std::function<void()>> posted;
    server::tournaments::TournamentService service;
};

inline server::tournaments::NewTournament swiss(int rounds, int max_players,
                                                std::optional<storage::UserId> organiser) {
    server::tournaments::NewTournament t;
    t.name = "Club Swiss";
    t.format = "swiss";
    t.variant = "chess";
    t.time_control = blitz();
    t.rated = true;
    t.starts_at = at_ms(9'000'000'000);
    t.rounds = rounds;
    t.min_players = 2;
    t.max_players = max_players;
    t.organiser = organiser;
    return t;
}

// The games asked for since the last look: the service's posted work run, each game's table
// made (Club::open_tables) and the answers run, so that the tables' codes are stored.
inline std::vector<Table> new_games(Club& club, Director& director) {
    director.drain();
    auto tables = club.open_tables(*director.starter);
    director.drain();
    return tables;
}

// Accounts of these names made and entered in tournament `id`, each entry required.
inline void enter(Club& club, Director& director, storage::TournamentId id,
                  std::initializer_list<const char*> names) {
    for (const auto* name : names)
        REQUIRE(director.service.join(id, club.account(name), "", club.now()));
}

// A Swiss of `rounds` without an organiser, of ann, bob, cid and dan, started: its round 1's
// tables asked for, not answered yet.
inline storage::TournamentId started_swiss_of_four(Club& club, Director& director, int rounds) {
    const auto id = director.service.create(swiss(rounds, 8, std::nullopt), club.now()).value();
    enter(club, director, id, {"ann", "bob", "cid", "dan"});
    REQUIRE(director.service.start(id, std::nullopt, club.now()));
    director.drain();
    return id;
}

} // namespace tournament_test
