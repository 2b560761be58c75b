#pragma once
// Ladder games (issue 6): the play service's side of the accounts' ladder hooks.
//
// When a ladder challenge is accepted, AccountsService calls LadderGames::start_ladder_game
// on its worker thread; the play service then makes a private, rated table for the ladder's
// variant and time control with both players seated (the challenger's colour drawn at
// random), tells whichever of them is connected ({"t":"ladder_game",...} then the table
// state), and lists the table in the "tables" of their next welcome. The game writer stores
// the game's id on the challenge with the game's row, and decides the challenge in the
// transaction that stores the game's end (server/accounts/ladder_outcome.h: the winner as
// played, a draw for the challenged player, and a first-move timeout against the side that
// did not move; the window is PlayOptions::ladder_first_move_window, 24 hours by default,
// since a player may be offline when the game is made). The result reported afterwards
// changes nothing then; it cancels the challenge of a game that got no row. A ladder game
// cannot be aborted or rematched (docs/protocol.md, section 7.13).
//
//   auto hooks = server::play::ladder_hooks(accounts);       // PlayOptions::ladder
//   accounts.set_ladder_game_starter(std::make_shared<LadderGames>(play));

#include "server/accounts/ladder_service.h"
#include "server/play/play_service.h"

#include <memory>

namespace server::accounts {
class AccountsService;
}

namespace server::play {

class LadderGames final : public accounts::LadderGameStarter {
public:
    explicit LadderGames(std::weak_ptr<PlayService> play) : play_(std::move(play)) {}
    void start_ladder_game(const accounts::LadderGame& game) override;

private:
    std::weak_ptr<PlayService> play_;
};

// Hooks that report results through `accounts` (which must outlive every table of the play
// service).
LadderHooks ladder_hooks(accounts::AccountsService& accounts);

} // namespace server::play
