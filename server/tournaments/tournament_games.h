#pragma once
// What the tournament service asks of the play service: start the game of one pairing.
//
// HOOK: implemented by the play service (server/play/tournament_games.cpp). Called on the
// tournaments worker thread: post to your own strand and return at once. The table's code is
// the tournament's: reserved on the pairing before it is asked for, so that a server stopped
// at any moment asks again for the same code and never makes two tables for one pairing. Make
// a private table with that code, White at seat 0 and Black at seat 1, both seated, and the
// usual first-move timeout; when a table with that code is there already (restored after a
// restart, or made before), take it as the pairing's. Then call `opened` (any thread): the
// service finds the game row of that table in storage and reads its result from there
// (storage/tournament_store.h).

#include "storage/records.h"
#include "storage/tournament_records.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>

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
    std::string table_code; // reserved on the pairing (lobby/join_codes.h)
};

// What became of a table asked for.
struct TableAnswer {
    enum class Kind : std::uint8_t {
        Opened,    // the pairing's table is there, both seated
        CodeTaken, // another table has the code: the service reserves a new one
        NotNow,    // no table could be made now (the server stops): asked again later
        Unseated,  // the player at `seat` cannot be seated: that player forfeits
    };
    Kind kind = Kind::Opened;
    int seat = 0;       // Unseated: 0 White, 1 Black
    std::string reason; // Unseated: why, for the history

    static TableAnswer of(Kind kind) { return {kind, 0, {}}; }
    static TableAnswer unseated(int seat, std::string reason) {
        return {Kind::Unseated, seat, std::move(reason)};
    }
};

using TableOpened = std::function<void(const TableAnswer& answer)>;

class TournamentGameStarter {
public:
    virtual ~TournamentGameStarter() = default;
    virtual void start_tournament_game(const TournamentGame& game, TableOpened opened) = 0;
};

} // namespace server::tournaments
