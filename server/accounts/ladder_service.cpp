#include "server/accounts/ladder_service.h"

#include <algorithm>
#include <map>

namespace server::accounts {
namespace {

namespace ladder = lobby::ladder;

rules::Error unknown_ladder() {
    return {"unknown_ladder", "there is no such ladder"};
}

ladder::Challenge challenge_of(const storage::LadderChallengeRow& row) {
    return ladder::Challenge{
        row.id,
        row.challenger_user_id,
        row.challenged_user_id,
        row.created_at,
        row.deadline_at,
        ladder::status_from_key(row.status).value_or(ladder::ChallengeStatus::Cancelled)};
}

ladder::LadderRules rules_of(const storage::LadderRow& row) {
    return {.max_rungs_up = row.max_rungs_up,
            .max_open_challenges = 2,
            .response_time = row.response_time};
}

} // namespace

struct LadderService::Loaded {
    storage::LadderRow row;
    ladder::Ladder rules;
    std::map<storage::ChallengeId, storage::LadderChallengeRow> challenges; // as stored
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

storage::LadderChallengeRow LadderService::row_of(const Loaded& loaded,
                                                  const ladder::Challenge& challenge) const {
    storage::LadderChallengeRow row;
    if (const auto it = loaded.challenges.find(challenge.id); it != loaded.challenges.end())
        row = it->second;
    row.id = challenge.id;
    row.ladder_id = loaded.row.id;
    row.challenger_user_id = challenge.challenger;
    row.challenged_user_id = challenge.challenged;
    row.created_at = challenge.created;
    row.deadline_at = challenge.deadline;
    row.status = std::string(ladder::status_key(challenge.status));
    return row;
}

void LadderService::store_challenge(Loaded& loaded, const ladder::Challenge& challenge) {
    const auto row = row_of(loaded, challenge);
    ladders_.update_challenge(row);
    loaded.challenges[row.id] = row;
}

void LadderService::store(Loaded& loaded, const ladder::LadderUpdate& update) {
    if (!update.changes.empty()) {
        std::vector<storage::LadderHistoryRow> history;
        history.reserve(update.changes.size());
        for (const auto& change : update.changes)
            history.push_back({loaded.row.id, change.player, change.at, std::string(change.event),
                               change.rung_before, change.rung_after, change.challenge});
        ladders_.save_standings(loaded.row.id, loaded.rules.standings(), history);
    }
    if (update.challenge)
        store_challenge(loaded, *update.challenge);
    for (const auto& cancelled : update.cancelled)
        store_challenge(loaded, cancelled);
}

std::optional<LadderService::Loaded> LadderService::load(storage::LadderId id,
                                                         storage::TimePoint now) {
    auto row = ladders_.find_ladder(id);
    if (!row)
        return std::nullopt;
    std::vector<ladder::PlayerId> top_first;
    for (const auto& rung : ladders_.standings(id))
        top_first.push_back(rung.user_id);
    std::map<storage::ChallengeId, storage::LadderChallengeRow> stored;
    std::vector<ladder::Challenge> live;
    for (const auto& challenge : ladders_.open_challenges(id)) {
        stored[challenge.id] = challenge;
        live.push_back(challenge_of(challenge));
    }
    Loaded loaded{*row,
                  ladder::Ladder(rules_of(*row), row->organiser_user_id, std::move(top_first),
                                 std::move(live)),
                  std::move(stored)};
    for (const auto& update : loaded.rules.expire(now))
        store(loaded, update);
    return loaded;
}

rules::Result<storage::LadderId> LadderService::create(const storage::LadderRow& ladder) {
    const auto id = ladders_.create_ladder(ladder);
    if (!id)
        return rules::Error{"ladder_name_taken", "a ladder with this name exists already"};
    return *id;
}

rules::Result<LadderView> LadderService::view(storage::LadderId id, storage::TimePoint now) {
    const auto loaded = load(id, now);
    if (!loaded)
        return unknown_ladder();
    LadderView view;
    view.ladder = loaded->row;
    if (loaded->row.organiser_user_id)
        view.organiser_name = name_of(*loaded->row.organiser_user_id);
    view.standings = ladders_.standings(id);
    view.challenges = ladders_.open_challenges(id);
    return view;
}

rules::Result<std::vector<storage::LadderHistoryRow>>
LadderService::history(storage::LadderId id, storage::UserId user, storage::TimePoint now) {
    if (!load(id, now))
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
    auto loaded = load(id, now);
    if (!loaded)
        return Out(unknown_ladder());
    auto answer = rule(loaded->rules);
    if (!answer)
        return Out(answer.error());
    return Out(std::pair<Loaded, Answer>(std::move(*loaded), std::move(*answer)));
}

template <class Change>
rules::Result<LadderService::Loaded> LadderService::apply(storage::LadderId id,
                                                          storage::TimePoint now, Change&& change) {
    auto acted = act(id, now, std::forward<Change>(change));
    if (!acted)
        return acted.error();
    auto& [loaded, update] = *acted;
    store(loaded, update);
    return std::move(loaded);
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
    auto acted = act(id, now, [&](const ladder::Ladder& rules) {
        return rules.propose(challenger, challenged, now);
    });
    if (!acted)
        return acted.error();
    auto& [loaded, proposed] = *acted;
    auto row = row_of(loaded, proposed);
    row.id = ladders_.add_challenge(row);
    return row;
}

rules::Result<storage::LadderChallengeRow> LadderService::accept(storage::LadderId id,
                                                                 storage::ChallengeId challenge,
                                                                 storage::UserId who,
                                                                 storage::TimePoint now) {
    auto acted =
        act(id, now, [&](ladder::Ladder& rules) { return rules.accept(challenge, who, now); });
    if (!acted)
        return acted.error();
    auto& [loaded, accepted] = *acted;
    store_challenge(loaded, accepted);
    if (starter_)
        starter_->start_ladder_game(LadderGame{loaded.row.id, accepted.id, loaded.row.variant,
                                               loaded.row.time_control, accepted.challenger,
                                               name_of(accepted.challenger), accepted.challenged,
                                               name_of(accepted.challenged)});
    return loaded.challenges.at(accepted.id);
}

rules::Result<storage::LadderChallengeRow> LadderService::decline(storage::LadderId id,
                                                                  storage::ChallengeId challenge,
                                                                  storage::UserId who,
                                                                  storage::TimePoint now) {
    auto loaded = load(id, now);
    if (!loaded)
        return unknown_ladder();
    const auto& live = loaded->rules.challenges();
    const auto it = std::find_if(live.begin(), live.end(),
                                 [&](const ladder::Challenge& c) { return c.id == challenge; });
    if (it == live.end())
        return rules::Error{"unknown_challenge", "no such open challenge"};
    if (it->challenger == who) {
        auto withdrawn = loaded->rules.withdraw(challenge, who);
        if (!withdrawn)
            return withdrawn.error();
        store_challenge(*loaded, *withdrawn);
        return loaded->challenges.at(challenge);
    }
    if (it->challenged != who)
        return rules::Error{"not_challenged", "only the two players answer a challenge"};
    if (it->status != ladder::ChallengeStatus::Open)
        return rules::Error{"not_open", "an accepted challenge is settled by its game"};
    // Declining is not answering: the challenge is forfeited now, as at its deadline.
    std::vector<ladder::Challenge> challenges = live;
    for (auto& c : challenges)
        if (c.id == challenge)
            c.deadline = now;
    loaded->rules = ladder::Ladder(rules_of(loaded->row), loaded->row.organiser_user_id,
                                   loaded->rules.standings(), std::move(challenges));
    for (const auto& update : loaded->rules.expire(now))
        store(*loaded, update);
    return loaded->challenges.at(challenge);
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
    const auto open = ladders_.open_challenges(id);
    const auto it = std::find_if(open.begin(), open.end(),
                                 [&](const auto& row) { return row.id == challenge; });
    if (it == open.end() || it->status != "accepted")
        return rules::Error{"not_accepted", "no accepted challenge with this id"};
    auto row = *it;
    row.game_id = game;
    ladders_.update_challenge(row);
    return row;
}

rules::Result<storage::LadderChallengeRow>
LadderService::report_result(storage::LadderId id, storage::ChallengeId challenge,
                             ladder::ChallengeResult result, storage::TimePoint now) {
    const auto done =
        apply(id, now, [&](ladder::Ladder& rules) { return rules.report(challenge, result, now); });
    if (!done)
        return done.error();
    return done->challenges.at(challenge);
}

} // namespace server::accounts
