#pragma once
// Tournament games (issue 38): the play service's side of the tournament service's starter
// (server/tournaments/tournament_games.h).
//
// For each pairing the tournament service asks for, the play service makes a private table
// of the tournament's variant, time control and rating, seats White at seat 0 and Black at
// seat 1, tells whichever of them is connected ({"t":"tournament_game",...} then the table
// state) and answers the table's code. The table keeps the usual limits: its first move is due
// within the usual first-move timeout, and a player who does not make it loses by forfeit
// (the tournament service reads the aborted game's end). A player who is not connected when
// paired is seated all the same and shown as disconnected: the table is in the "tables" of
// their next welcome, and the same timeout applies.
//
//   tournaments.set_game_starter(std::make_shared<play::TournamentGames>(play));

#include "server/play/play_service.h"
#include "server/tournaments/tournament_games.h"

#include <memory>

namespace server::play {

class TournamentGames final : public tournaments::TournamentGameStarter {
public:
    explicit TournamentGames(std::weak_ptr<PlayService> play) : play_(std::move(play)) {}
    void start_tournament_game(const tournaments::TournamentGame& game,
                               tournaments::TableOpened opened) override;

private:
    std::weak_ptr<PlayService> play_;
};

} // namespace server::play
