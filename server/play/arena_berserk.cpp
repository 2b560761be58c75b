#include "server/play/arena_berserk.h"

#include "lobby/errors.h"
#include "lobby/player.h"
#include "server/play/live_table.h"

namespace server::play {

void ArenaBerserk::berserk(const std::string& code, storage::UserId user, bool restoring,
                           tournaments::BerserkApplied done) {
    if (auto play = play_.lock())
        play->berserk_tournament_game(code, user, restoring, std::move(done));
    else
        done(rules::Error{std::string(lobby::errc::table_closed), "the server is stopping"});
}

void PlayService::berserk_tournament_game(const std::string& code, storage::UserId user,
                                          bool restoring, tournaments::BerserkApplied done) {
    if (stopped_) {
        done(rules::Error{std::string(lobby::errc::table_closed), "the server is stopping"});
        return;
    }
    post_lobby([self = shared_from_this(), code, user, restoring, done = std::move(done)] {
        const auto found = self->tables_.find(code);
        if (found == self->tables_.end() || found->second->closed()) {
            done(rules::Error{std::string(lobby::errc::table_closed), "the game's table is gone"});
            return;
        }
        found->second->post([user, restoring, done](LiveTable& live) {
            done(live.table().berserk(lobby::account_player_id(user), restoring, live.now()));
        });
    });
}

} // namespace server::play
