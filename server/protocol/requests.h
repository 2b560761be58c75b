#pragma once
// The game protocol's requests (docs/protocol.md, section 7) as a closed set of typed values.
//
// parse_request() is the one place that reads a game request's fields: it runs once, on the
// connection's strand, as soon as the envelope is read. Everything after it (the lobby strand,
// a table's strand) sees only these structs and dispatches with std::visit; nothing downstream
// compares message names as strings. It never throws: a missing or mistyped field is a
// ProtocolError with the same code and message the handlers gave before (section 7.12).

#include "engine/level.h"
#include "lobby/challenges.h"
#include "lobby/table_setup.h"
#include "server/protocol/envelope.h"
#include "server/protocol/lobby_list_request.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace server::protocol {

// --- the lobby strand -------------------------------------------------------------------------
struct Identify {
    std::string token;
};
struct LobbySubscribe {
    bool on = true;       // lobby_subscribe / lobby_unsubscribe
    LobbyListQuery query; // lobby_subscribe: its filter and cursor (lobby_list_request.h)
};
// A page of the lobby's list without subscribing: more open tables, or the games in play.
struct LobbyPage {
    LobbyListQuery query;
};
struct CreateTable {
    lobby::TableSetup setup;
    // "opponent":"computer" with its "level": the computer takes the other seat at once (at a
    // table of more players, every other seat, or "computers" of them).
    std::optional<engine::Level> computer;
    int computers = 0; // 1 to 5 computer seats; 0: every seat but the creator's
};
struct EnterTable {    // join / watch
    std::string code;  // as written: a code, a link "/t/<CODE>" or a URL ending in one
    bool join = false; // take a seat (join) or look on (watch)
};
struct Seek {
    lobby::TableSetup setup;
};
struct CancelSeek {};
// "to" is one name (a table of two) or an array of names (a group challenge: a table of more,
// one name for each seat but the challenger's).
struct Challenge {
    std::string to; // one name; empty for a group challenge
    lobby::TableSetup setup;
    std::vector<std::string> group{}; // the array's names, in order; empty for one name
};
enum class ChallengeAnswerKind : std::uint8_t { Accept, Decline, Counter, Cancel };
struct ChallengeAnswer {
    ChallengeAnswerKind kind = ChallengeAnswerKind::Accept;
    lobby::ChallengeId challenge = 0;
    lobby::DeclineReason reason = lobby::DeclineReason::Generic; // Decline
    std::optional<lobby::CounterOffer> counter;                  // Counter
    bool group = false; // "group": true: `challenge` is a group challenge's id (their own series)
};

// --- a table's strand -------------------------------------------------------------------------
struct Move {
    int ply = 0;
    std::string move;
};
struct Chat {
    std::string text;
};
struct Resync {
    std::uint64_t since = 0;
};
// The table requests answered only with yes or no.
enum class TableActionKind : std::uint8_t {
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw,
    ClaimWin,
    Resign,
    Abort,
    OfferRematch,
    AcceptRematch,
    DeclineRematch,
    RequestTakeback,
    AcceptTakeback,
    DeclineTakeback,
    Leave,
    Cancel,
};
struct TableAction {
    TableActionKind kind = TableActionKind::Resign;
};

using LobbyRequest = std::variant<Identify, LobbySubscribe, LobbyPage, CreateTable, EnterTable,
                                  Seek, CancelSeek, Challenge, ChallengeAnswer>;
using TableRequestBody = std::variant<Move, Chat, Resync, TableAction>;
// A request to one table, named by its "table" field (a code or a link, as written).
struct TableRequest {
    std::string table;
    TableRequestBody body;
};

// One parsed request with the `id` its reply echoes (null when absent).
struct Request {
    json id;
    std::variant<LobbyRequest, TableRequest> body;
};

// The request in `message`; a ProtocolError (with the id) for a game request that is
// malformed; nullopt when `message.type` is not a game request (another handler's, or
// unknown).
[[nodiscard]] std::optional<std::variant<Request, ProtocolError>>
parse_request(const Envelope& message);

} // namespace server::protocol
