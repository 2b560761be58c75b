#pragma once
// The lobby's pushes as the protocol sends them (docs/protocol.md 7.8 and 7.9), each
// serialized once for all the players it concerns. The changes of the public table list are
// not among them: the game service's lobby feed batches those into `lobby_changes`
// (server/play/lobby_feed.h).

#include "lobby/lobby_events.h"

#include <memory>
#include <string>

namespace server::protocol {

// "matched" with its `players` by seat, "challenge", "challenge_gone"; nullptr for a change of
// the public list (TableListChanged), which is not a message of its own.
std::shared_ptr<const std::string> lobby_event_message(const lobby::LobbyEvent& event);
// The pushes of games of more than two seats ("group_matched", "group_challenge").
std::shared_ptr<const std::string> group_event_message(const lobby::GroupEvent& event);

} // namespace server::protocol
