#pragma once
// The message a server receives most, a move, read without a JSON document.
//
// Every move arrives as `{"t":"move","id":7,"table":"K7QFZP","ply":12,"move":"e2e4"}`.
// parse_envelope() builds a JSON document of it (a map node per field) only for
// parse_request() to copy four fields out and throw the document away: about a tenth of the
// server's instructions per move (issue 11, bench/README.md). read_plain_move() reads that
// shape directly.
//
// Its contract: for a text it accepts, the Request is exactly what
// parse_request(parse_envelope(text)) gives (same id, table, ply and move). It accepts only a
// flat object whose keys are t ("move"), table, ply, move and optionally id, each at most
// once, in any order, with JSON whitespace anywhere between tokens. Its strings hold printable
// ASCII without escapes. Its numbers are plain non-negative integers (ply at most 100000).
// Anything else, malformed or merely unusual, gives nullopt, and the text is read the normal
// way, which answers every error. tests/server/protocol_test.cpp holds it to that.

#include "server/protocol/requests.h"

#include <optional>
#include <string_view>

namespace server::protocol {

[[nodiscard]] std::optional<Request> read_plain_move(std::string_view text);

} // namespace server::protocol
