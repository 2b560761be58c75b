#include "server/accounts/ladder_service.h"

#include "server/accounts/ladder_records.h"
#include "server/log.h"
#include "storage/errors.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace server::accounts {
namespace {

namespace ladder = lobby::ladder;

rules::Error unknown_ladder() {
    return {"unknown_ladder", "there is no such ladder"};
}

rules::Error settled_meanwhile() {
    return {"challenge_changed", "the challenge changed meanwhile; look again and retry"};
}

// How often an action is read, computed and written again when another writer changed the
// ladder between its read and its write, and the most it waits before the next try: a random
// part of a pause that doubles (2, 4, 8, 16, then 32 ms), so that two writers that keep
// colliding drift apart even when an attempt takes several round trips (PostgreSQL).
constexpr int max_attempts = 30;
constexpr int max_backoff_ms = 32;

void back_off(int attempt) {
    thread_local std::minstd_rand random(std::random_device{}());
    const int most = std::min(1 << std::min(attempt, 5), max_backoff_ms);
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<int>(0, most)(random)));
}

// Runs `attempt` (() -> optional<Result<T>>, nullopt: the ladder changed between its read and
// its write, nothing written) until it answers, at most max_attempts times; then the action is
// refused as "challenge_changed", which asks the client to look again.
template <class Attempt> auto retrying(Attempt&& attempt) {
    using Answer = typename decltype(attempt())::value_type;
    for (int tried = 1;; ++tried) {
        if (auto answer = attempt())
            return Answer(std::move(*answer));
        if (tried == max_attempts)
            return Answer(settled_meanwhile());
        back_off(tried);
    }
}

} // namespace

struct LadderService::Loaded {
    storage::LadderRow row;
    std::vector<storage::UserId> top_first; // as stored: what a change is computed from
    ladder::Ladder rules;
    std::map<storage::ChallengeId, storage::LadderChallengeRow> challenges; // as stored
    bool stored = true;  // false: the deadlines passed could not be written (shown anyway)
    bool current = true; // false: another writer changed the ladder before they were written
};

LadderService::LadderService(storage::LadderStore& ladders, storage::UserStore& users)
    : ladders_(ladders), users_(users) {
}

void LadderService::set_game_starter(std::shared_ptr<LadderGameStarter> starter) {
    starter_ = std::move(starter);
}

std::string LadderService::name_of(storage::UserId user) {
    const auto row = users_.find_user(user);
    return row ? row->name : std::string{};
}

bool LadderService::store(Loaded& loaded, const ladder::LadderUpdate& update) {
    const auto change =
        ladder_change_of(loaded.row, loaded.top_first, loaded.rules, update, loaded.challenges);
    if (!ladders_.apply_change(change))
        return false;
    for (const auto& [row, from] : change.challenges)
        loaded.challenges[row.id] = row;
    if (change.top_first)
        loaded.top_first = *change.top_first;
    return true;
}

std::optional<LadderService::Loaded> LadderService::read(storage::LadderId id) {
    auto row = ladders_.find_ladder(id);
    if (!row)
        return std::nullopt;
    std::vector<storage::UserId> top_first;
    for (const auto& rung : ladders_.standings(id))
        top_first.push_back(rung.user_id);
    std::map<storage::ChallengeId, storage::LadderChallengeRow> stored;
    std::vector<ladder::Challenge> live;
    for (const auto& challenge : ladders_.open_challenges(id)) {
        stored[challenge.id] = challenge;
        live.push_back(ladder_challenge_of(challenge));
    }
    auto rules = ladder_of(*row, top_first, std::move(live));
    return Loaded{std::move(*row), std::move(top_first), std::move(rules), std::move(stored)};
}

std::optional<LadderService::Loaded> LadderService::load(storage::LadderId id,
                                                         storage::TimePoint now, Access access) {
    // The deadlines passed are written in one change. Another writer (a thread, another node,
    // the game writer) that changed the ladder between the read and the write refuses it: a
    // page reads again, a few times; an action gives up at once (`current` false) and reads
    // again as a whole (retrying), since what it computes must start from what is stored.
    const int attempts = access == Access::Read ? 3 : 1;
    for (int attempt = 1;; ++attempt) {
        auto loaded = read(id);
        if (!loaded)
            return std::nullopt;
        try {
            const auto expired = loaded->rules.expire(now);
            if (!expired.empty())
                loaded->current = store(*loaded, merged_update(expired));
        } catch (const storage::StorageError& e) {
            // A page is still worth showing when the deadlines passed cannot be written (a
            // full disk): shown as they fell, written by the next look that can.
            if (access == Access::Change)
                throw;
            log::warn(std::string("accounts: ladder ") + std::to_string(id) +
                      ": deadlines passed not written: " + e.what());
            loaded->stored = false;
        }
        if (loaded->current || attempt == attempts)
            return loaded;
        back_off(attempt);
    }
}

rules::Result<storage::LadderId> LadderService::create(const storage::LadderRow& ladder) {
    const auto id = ladders_.create_ladder(ladder);
    if (!id)
        return rules::Error{"ladder_name_taken", "a ladder with this name exists already"};
    return *id;
}

rules::Result<LadderView> LadderService::view(storage::LadderId id, storage::TimePoint now) {
    const auto loaded = load(id, now, Access::Read);
    if (!loaded)
        return unknown_ladder();
    LadderView view;
    view.ladder = loaded->row;
    if (loaded->row.organiser_user_id)
        view.organiser_name = name_of(*loaded->row.organiser_user_id);
    if (loaded->stored) {
        view.standings = ladders_.standings(id);
        view.challenges = ladders_.open_challenges(id);
        return view;
    }
    int rung = 0;
    for (const auto user : loaded->rules.standings())
        view.standings.push_back({user, name_of(user), ++rung});
    for (const auto& challenge : loaded->rules.challenges()) {
        const auto it = loaded->challenges.find(challenge.id);
        view.challenges.push_back(ladder_challenge_row(
            id, challenge, it == loaded->challenges.end() ? nullptr : &it->second));
    }
    return view;
}

rules::Result<std::vector<storage::LadderHistoryRow>>
LadderService::history(storage::LadderId id, storage::UserId user, storage::TimePoint now) {
    if (!load(id, now, Access::Read))
        return unknown_ladder();
    return ladders_.history(id, user);
}

namespace {
template <class R> struct ResultValue;
template <class T> struct ResultValue<rules::Result<T>> { using type = T; };
} // namespace

template <class Rule>
auto LadderService::act(storage::LadderId id, storage::TimePoint now, Rule&& rule) {
    using Answer = typename ResultValue<decltype(rule(std::declval<ladder::Ladder&>()))>::type;
    using Out = rules::Result<std::pair<Loaded, Answer>>;
    auto loaded = load(id, now, Access::Change);
    if (!loaded)
        return std::optional<Out>(unknown_ladder());
    if (!loaded->current)
        return std::optional<Out>(); // the ladder changed before its deadlines were written
    auto answer = rule(loaded->rules);
    if (!answer)
        return std::optional<Out>(answer.error());
    return std::optional<Out>(std::pair<Loaded, Answer>(std::move(*loaded), std::move(*answer)));
}

template <class Change>
rules::Result<LadderService::Loaded> LadderService::apply(storage::LadderId id,
                                                          storage::TimePoint now, Change&& change) {
    return retrying([&]() -> std::optional<rules::Result<Loaded>> {
        auto acted = act(id, now, change);
        if (!acted)
            return std::nullopt;
        if (!*acted)
            return acted->error();
        auto& [loaded, update] = **acted;
        if (!store(loaded, update))
            return std::nullopt; // read from what another writer changed since: again
        return std::move(loaded);
    });
}

rules::Result<int> LadderService::join(storage::LadderId id, storage::UserId user,
                                       storage::TimePoint now) {
    const auto done = apply(id, now, [&](ladder::Ladder& rules) { return rules.join(user, now); });
    if (!done)
        return done.error();
    return done->rules.rung_of(user);
}

rules::Result<storage::LadderChallengeRow> LadderService::challenge(storage::LadderId id,
                                                                    storage::UserId challenger,
                                                                    storage::UserId challenged,
                                                                    storage::TimePoint now) {
    using Answer = rules::Result<storage::LadderChallengeRow>;
    return retrying([&]() -> std::optional<Answer> {
        auto acted = act(id, now, [&](const ladder::Ladder& rules) {
            return rules.propose(challenger, challenged, now);
        });
        if (!acted)
            return std::nullopt;
        if (!*acted)
            return Answer(acted->error());
        auto& [loaded, proposed] = **acted;
        auto row = ladder_challenge_row(loaded.row.id, proposed, nullptr);
        row.id = ladders_.add_challenge(row);
        return Answer(std::move(row));
    });
}

rules::Result<storage::LadderChallengeRow> LadderService::accept(storage::LadderId id,
                                                                 storage::ChallengeId challenge,
                                                                 storage::UserId who,
                                                                 storage::TimePoint now) {
    std::optional<ladder::Challenge> accepted;
    const auto done =
        apply(id, now, [&](ladder::Ladder& rules) -> rules::Result<ladder::LadderUpdate> {
            auto answer = rules.accept(challenge, who, now);
            if (!answer)
                return answer.error();
            accepted = *answer;
            return ladder::LadderUpdate{accepted, {}, {}};
        });
    if (!done)
        return done.error();
    const auto& loaded = *done;
    if (starter_)
        starter_->start_ladder_game(LadderGame{loaded.row.id, accepted->id, loaded.row.variant,
                                               loaded.row.time_control, accepted->challenger,
                                               name_of(accepted->challenger), accepted->challenged,
                                               name_of(accepted->challenged)});
    return loaded.challenges.at(accepted->id);
}

rules::Result<storage::LadderChallengeRow> LadderService::decline(storage::LadderId id,
                                                                  storage::ChallengeId challenge,
                                                                  storage::UserId who,
                                                                  storage::TimePoint now) {
    using Answer = rules::Result<storage::LadderChallengeRow>;
    return retrying([&]() -> std::optional<Answer> {
        auto loaded = load(id, now, Access::Change);
        if (!loaded)
            return Answer(unknown_ladder());
        if (!loaded->current)
            return std::nullopt; // the ladder changed before its deadlines were written
        const auto& live = loaded->rules.challenges();
        const auto it = std::find_if(live.begin(), live.end(),
                                     [&](const ladder::Challenge& c) { return c.id == challenge; });
        if (it == live.end())
            return Answer(rules::Error{"unknown_challenge", "no such open challenge"});
        ladder::LadderUpdate update;
        if (it->challenger == who || it->status == ladder::ChallengeStatus::Accepted) {
            // The challenger takes a challenge back; either player one whose game has not
            // started.
            auto withdrawn = loaded->rules.withdraw(challenge, who);
            if (!withdrawn)
                return Answer(withdrawn.error());
            update.challenge = *withdrawn;
        } else {
            if (it->challenged != who)
                return Answer(
                    rules::Error{"not_challenged", "only the two players answer a challenge"});
            // Declining is not answering: the challenge is forfeited now, as at its deadline.
            std::vector<ladder::Challenge> challenges = live;
            for (auto& c : challenges)
                if (c.id == challenge)
                    c.deadline = now;
            loaded->rules = ladder_of(loaded->row, loaded->top_first, std::move(challenges));
            update = merged_update(loaded->rules.expire(now));
        }
        if (!store(*loaded, update))
            return std::nullopt; // read from what another writer changed since: again
        return Answer(loaded->challenges.at(challenge));
    });
}

rules::Result<int> LadderService::remove(storage::LadderId id,
                                         std::optional<storage::UserId> organiser,
                                         storage::UserId player, storage::TimePoint now) {
    int rung = 0;
    const auto done = apply(id, now, [&](ladder::Ladder& rules) {
        rung = rules.rung_of(player);
        return organiser ? rules.remove(*organiser, player, now)
                         : rules.remove_by_operator(player, now);
    });
    if (!done)
        return done.error();
    return rung;
}

rules::Result<storage::LadderChallengeRow>
LadderService::attach_game(storage::LadderId id, storage::ChallengeId challenge,
                           storage::GameId game) {
    // The writer sets the game when it stores the game's row (storage/game_writer.h); this
    // only confirms it, or sets it for a row stored by a writer that does not.
    const auto stored = ladders_.find_challenge(challenge);
    if (!stored || stored->ladder_id != id || stored->status != "accepted")
        return rules::Error{"not_accepted", "no accepted challenge with this id"};
    if (stored->game_id == game)
        return *stored;
    auto row = *stored;
    row.game_id = game;
    if (!ladders_.apply_change(
            {.ladder_id = id, .top_first = {}, .history = {}, .challenges = {{row, "accepted"}}}))
        return settled_meanwhile();
    return row;
}

rules::Result<storage::LadderChallengeRow>
LadderService::report_result(storage::LadderId id, storage::ChallengeId challenge,
                             ladder::ChallengeResult result, storage::TimePoint now) {
    // Decided already (by the game writer, with the game's end, or by the settle step): the
    // report is answered with what is stored, and changes nothing.
    const auto stored = ladders_.find_challenge(challenge);
    if (stored && stored->ladder_id == id && stored->status != "accepted" &&
        stored->status != "open")
        return *stored;
    const auto done =
        apply(id, now, [&](ladder::Ladder& rules) { return rules.report(challenge, result, now); });
    if (!done) {
        // Decided meanwhile (between the look above and the ladder's read): as above.
        const auto now_stored = ladders_.find_challenge(challenge);
        if (now_stored && now_stored->ladder_id == id && now_stored->status != "accepted" &&
            now_stored->status != "open")
            return *now_stored;
        return done.error();
    }
    return done->challenges.at(challenge);
}

} // namespace server::accounts
