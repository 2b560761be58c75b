#pragma once
// What the tournament service asks of the play service: start the game of one pairing.
//
// HOOK: implemented by the play service (server/play/tournament_games.cpp). Called on the
// tournaments worker thread: post to your own strand and return at once. Make a private table
// with White at seat 0 and Black at seat 1, both seated, and the usual first-move timeout; then
// call `opened` (any thread) with the table's code, which the tournament stores on the
// pairing: the service finds the game row of that table in storage and reads its result from
// there (storage/tournament_store.h). An empty code: no table could be made.

#include "storage/records.h"
#include "storage/tournament_records.h"

#include <functional>
#include <string>

namespace server::tournaments {

struct TournamentGame {
    storage::TournamentId tournament_id = 0;
    std::string tournament_name;
    int round = 0;
    int board = 0;
    std::string variant;
    std::string time_control; // as stored (lobby/time_control_text.h)
    bool rated = false;
    storage::UserId white_id = 0;
    std::string white_name;
    storage::UserId black_id = 0;
    std::string black_name;
};

using TableOpened = std::function<void(const std::string& code)>;

class TournamentGameStarter {
public:
    virtual ~TournamentGameStarter() = default;
    virtual void start_tournament_game(const TournamentGame& game, TableOpened opened) = 0;
};

} // namespace server::tournaments
