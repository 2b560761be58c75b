#pragma once
// Berserk in an arena tournament's game (issue 38): the play service's side of the tournament
// service's ArenaClocks (server/tournaments/arena_clocks.h). The tournament service asks, with
// the table's code and the player's account; the live table applies it on its own strand
// (lobby::Table::berserk: the clock change is one function of lobby/game_clock.h), its
// players and spectators get the `berserked` event (docs/protocol.md §7.6), and the answer
// goes back to the tournament service, which stores the berserk only then.
//
//   tournaments.set_arena_clocks(std::make_shared<play::ArenaBerserk>(play));

#include "server/play/play_service.h"
#include "server/tournaments/arena_clocks.h"

#include <memory>

namespace server::play {

class ArenaBerserk final : public tournaments::ArenaClocks {
public:
    explicit ArenaBerserk(std::weak_ptr<PlayService> play) : play_(std::move(play)) {}
    void berserk(const std::string& code, storage::UserId user, bool restoring,
                 tournaments::BerserkApplied done) override;

private:
    std::weak_ptr<PlayService> play_;
};

} // namespace server::play
