#pragma once
// The requests to one table (move, chat, resync, and the yes-or-no actions: offers, resign,
// abort, takeback, rematch, claims, leave, cancel), served on the table's strand.

#include "lobby/player.h"
#include "server/net/connection.h"
#include "server/protocol/requests.h"

#include <memory>

namespace server::play {

class LiveTable;

// Who asks: the connection (for the reply) and its player, as the connection knew them when
// the request was read.
struct TableCaller {
    std::shared_ptr<net::Connection> conn;
    lobby::Player player;
    protocol::json id;
};

// The answer to a request that reached a table after it closed or was swept (on the table's
// strand, before the service forgot its code): bad_join_code, as if the code were unknown.
void answer_table_gone(const std::shared_ptr<net::Connection>& conn, const protocol::json& id);

// Posts `body` to `live_table`'s strand, where it is served; the reply (or error) goes out from
// there.
void post_table_request(const std::shared_ptr<LiveTable>& live_table, TableCaller caller,
                        protocol::TableRequestBody body);

} // namespace server::play
