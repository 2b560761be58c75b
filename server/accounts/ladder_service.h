#pragma once
// Ladders on top of storage: each action loads the ladder (definition, standings, live
// challenges), applies the pure rules of lobby/ladder/ladder.h, and stores what changed in one
// transaction (standings, history and challenges: LadderStore::apply_change, each challenge
// written only from the status it was read with, and only while the standings are still those
// it was computed from). Unanswered challenges past their deadline are forfeited by the
// challenged player, and accepted ones whose game did not start by their deadline cancelled,
// whenever a ladder is read or changed; a page is still shown when that write fails (a full
// disk).
//
// Several writers may change one ladder at once (other nodes, the game writer deciding a
// ladder game): storage refuses a change read from what another writer changed since, and the
// action is then read, computed and written again (up to 30 times, with a random
// pause); still refused then, it answers "challenge_changed" (look again). The game writer's
// own decision reads and writes in one transaction and is retried with the game's end
// (storage/game_writer.h); the settle step retries each challenge (ladder_settle.h).
//
// Not thread-safe: it uses the stores it was given; AccountsService runs it on its worker.
//
// HOOKS for the play service (server/play): when a challenge is accepted, LadderService calls
// LadderGameStarter::start_ladder_game (if one is set) to start the rated game between the two
// players. The game writer stores the game's id on the challenge with the game's row, and
// decides the challenge in the transaction that stores the game's end (ladder_outcome.h);
// report_result is for a game without a row (the challenge is cancelled) and for a writer
// without the decider, and answers a challenge decided already with what is stored.

#include "lobby/ladder/ladder.h"
#include "rules/result.h"
#include "storage/stores.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace server::accounts {

// What the play service needs to start the game of an accepted ladder challenge. Ladder games
// are rated; the challenger is the lower player.
struct LadderGame {
    storage::LadderId ladder_id = 0;
    storage::ChallengeId challenge_id = 0;
    std::string variant;
    std::string time_control; // as stored (lobby/time_control_text.h)
    storage::UserId challenger_id = 0;
    std::string challenger_name;
    storage::UserId challenged_id = 0;
    std::string challenged_name;
};

// HOOK: implemented by the play service. Called on the accounts worker thread: post to your
// own strand and return at once. Store the game with the challenge as its ladder link
// (GameRow::ladder): the writer names the game on the challenge with the row, and decides the
// challenge with the game's end. AccountsService::attach_ladder_game and
// report_ladder_result remain for a writer without the decider (they change nothing when the
// writer did it already).
class LadderGameStarter {
public:
    virtual ~LadderGameStarter() = default;
    virtual void start_ladder_game(const LadderGame& game) = 0;
};

// A ladder as shown: definition, standings with names, live challenges.
struct LadderView {
    storage::LadderRow ladder;
    std::optional<std::string> organiser_name;
    std::vector<storage::LadderRungRow> standings;
    std::vector<storage::LadderChallengeRow> challenges;
};

class LadderService {
public:
    LadderService(storage::LadderStore& ladders, storage::UserStore& users);

    // Errors: "ladder_name_taken".
    rules::Result<storage::LadderId> create(const storage::LadderRow& ladder);
    // Errors: "unknown_ladder".
    rules::Result<LadderView> view(storage::LadderId id, storage::TimePoint now);
    rules::Result<std::vector<storage::LadderHistoryRow>>
    history(storage::LadderId id, storage::UserId user, storage::TimePoint now);

    // Errors as lobby/ladder/ladder.h names them, plus "unknown_ladder".
    rules::Result<int> join(storage::LadderId id, storage::UserId user, storage::TimePoint now);
    rules::Result<storage::LadderChallengeRow> challenge(storage::LadderId id,
                                                         storage::UserId challenger,
                                                         storage::UserId challenged,
                                                         storage::TimePoint now);
    // Accepting starts the game through the starter, when one is set.
    rules::Result<storage::LadderChallengeRow> accept(storage::LadderId id,
                                                      storage::ChallengeId challenge,
                                                      storage::UserId who, storage::TimePoint now);
    // The challenged player declining an open challenge forfeits it (as if the deadline had
    // passed); the challenger "declining" withdraws the challenge, and either player withdraws
    // an accepted one whose game has not started (cancelled: nobody moves).
    rules::Result<storage::LadderChallengeRow> decline(storage::LadderId id,
                                                       storage::ChallengeId challenge,
                                                       storage::UserId who, storage::TimePoint now);
    // The organiser removes a player; with no organiser given, the server's operator does
    // (tabula ladder remove-player). The answer is the rung the player had.
    rules::Result<int> remove(storage::LadderId id, std::optional<storage::UserId> organiser,
                              storage::UserId player, storage::TimePoint now);

    // HOOK targets (see LadderGameStarter).
    rules::Result<storage::LadderChallengeRow>
    attach_game(storage::LadderId id, storage::ChallengeId challenge, storage::GameId game);
    rules::Result<storage::LadderChallengeRow> report_result(storage::LadderId id,
                                                             storage::ChallengeId challenge,
                                                             lobby::ladder::ChallengeResult result,
                                                             storage::TimePoint now);

    void set_game_starter(std::shared_ptr<LadderGameStarter> starter);

private:
    struct Loaded;
    storage::LadderStore& ladders_;
    storage::UserStore& users_;
    std::shared_ptr<LadderGameStarter> starter_;

    // Read: a page is shown even when the deadlines passed cannot be written; Change: that
    // failure is the action's, and a ladder changed meanwhile (Loaded::current false) makes
    // the action read again.
    enum class Access : unsigned char { Read, Change };
    std::optional<Loaded> read(storage::LadderId id);
    // The ladder with the deadlines passed by `now` applied (and stored).
    std::optional<Loaded> load(storage::LadderId id, storage::TimePoint now, Access access);
    // Loads the ladder and applies `rule` (Ladder& -> Result<T>) to its rules: the ladder and
    // the rule's answer, or the refusal ("unknown_ladder" included); nullopt when another
    // writer changed the ladder before its deadlines passed were written. Stores nothing.
    template <class Rule> auto act(storage::LadderId id, storage::TimePoint now, Rule&& rule);
    // Loads the ladder, applies `change` (Ladder& -> Result<LadderUpdate>) to its rules and
    // stores the update, again from a fresh read while another writer changed the ladder
    // meanwhile: the ladder as it is afterwards, or the refusal.
    template <class Change>
    rules::Result<Loaded> apply(storage::LadderId id, storage::TimePoint now, Change&& change);
    // One transaction (LadderStore::apply_change). False: another writer changed a challenge
    // or the standings since `loaded` was read; nothing written.
    bool store(Loaded& loaded, const lobby::ladder::LadderUpdate& update);
    std::string name_of(storage::UserId user);
};

} // namespace server::accounts
