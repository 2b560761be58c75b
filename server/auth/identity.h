#pragma once
// Who is behind a connection or a request. Filled at the WebSocket upgrade and for every
// routed HTTP request by the Authenticator (server/http/http_types.h, set up by the serve
// command) from the request's cookie, or later by Connection::set_identity() (e.g. after a
// login message). Lives here, below http/ and net/, because both carry it.

#include <string>

namespace server::auth {

struct Identity {
    std::string user_id;      // stable account id; empty for a guest
    std::string display_name; // what other players see
    bool guest = true;
};

} // namespace server::auth
