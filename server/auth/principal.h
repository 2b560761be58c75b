#pragma once
// Who is behind a connection or a request: the one type for it (lobby::Identity is another
// thing, what proves a seated player and what storage keeps of it: lobby/player.h). Filled at
// the WebSocket upgrade and for every routed HTTP request by the Authenticator
// (server/http/http_types.h, set up by the serve command) from the request's session cookie,
// or later by Connection::set_principal(). The account is storage's number itself, never its
// text, so nobody parses it back. Lives here, below http/ and net/, because both carry it.

#include "storage/records.h"

#include <optional>
#include <string>

namespace server::auth {

struct Principal {
    std::optional<storage::UserId> account{}; // the logged-in account; none: a guest
    std::string display_name{};               // what other players see

    bool guest() const { return !account.has_value(); }
};

} // namespace server::auth
