#pragma once
// The requests to one table (move, chat, resync, and the yes-or-no actions: offers, resign,
// abort, takeback, rematch, claims, leave, cancel), served on the table's strand.

#include "lobby/player.h"
#include "server/net/connection.h"
#include "server/protocol/requests.h"

#include <memory>

namespace server::play {

class TableHost;

// Who asks: the connection (for the reply) and its player, as the connection knew them when
// the request was read.
struct TableCaller {
    std::shared_ptr<net::Connection> conn;
    lobby::Player player;
    protocol::json id;
};

// Serves `body` at `host`; the reply (or error) is queued on the host. On the host's strand.
void serve_table_request(TableHost& host, const TableCaller& caller,
                         const protocol::TableRequestBody& body);

} // namespace server::play
