#include "server/protocol/requests.h"

#include "lobby/errors.h"
#include "lobby/seats.h"
#include "server/protocol/fields.h"
#include "server/protocol/setup_request.h"

#include <array>
#include <string>
#include <string_view>
#include <utility>

namespace server::protocol {

namespace {

using Parsed = std::variant<Request, ProtocolError>;

// A group challenge's "to": everyone at the largest table but the challenger.
constexpr std::size_t max_invitees = lobby::max_seats - 1;

struct Parser {
    const Envelope& message;

    Parsed fail(std::string_view code, std::string text) const {
        return ProtocolError{std::string(code), std::move(text), message.id};
    }
    Parsed bad(std::string text) const { return fail(lobby::errc::bad_message, std::move(text)); }
    Parsed lobby(LobbyRequest body) const { return Request{message.id, std::move(body)}; }
    Parsed table(std::string code, TableRequestBody body) const {
        return Request{message.id, TableRequest{std::move(code), std::move(body)}};
    }
    std::string needs(std::string_view what) const {
        std::string text = message.type;
        text += " needs ";
        text += what;
        return text;
    }

    Parsed identify() const {
        auto token = string_field(message.body, "token");
        if (!token)
            return bad(needs("a string \"token\""));
        return lobby(Identify{std::move(*token)});
    }

    // seek: the setup is the whole request.
    template <class T> Parsed with_setup() const {
        auto setup = read_setup(message.body);
        if (!setup)
            return fail(setup.error().code, setup.error().detail);
        return lobby(T{std::move(setup).value()});
    }

    // create_table: the setup, and "opponent":"computer" with a "level" for a game against
    // the computer (casual only: a rated one is refused where the table is made), and at a
    // table of more players optionally "computers": how many seats the computer takes (checked
    // against the variant's seats where the table is made).
    Parsed create_table() const {
        auto setup = read_setup(message.body);
        if (!setup)
            return fail(setup.error().code, setup.error().detail);
        CreateTable request{std::move(setup).value(), std::nullopt, 0};
        if (!any_field(message.body, "opponent")) {
            if (any_field(message.body, "level"))
                return bad("\"level\" needs \"opponent\":\"computer\"");
            if (any_field(message.body, "computers"))
                return bad("\"computers\" needs \"opponent\":\"computer\"");
            return lobby(std::move(request));
        }
        const auto opponent = string_field(message.body, "opponent");
        if (opponent != "computer")
            return bad("\"opponent\" must be \"computer\" (or absent: another player joins)");
        const auto name = string_field(message.body, "level");
        const auto level = name ? engine::level_from_name(*name) : std::nullopt;
        if (!level)
            return bad("a game against the computer needs \"level\": \"easy\", \"medium\" "
                       "or \"hard\"");
        request.computer = *level;
        if (any_field(message.body, "computers")) {
            const auto count = integer_field(message.body, "computers");
            if (!count || *count < 1 || *count > lobby::max_seats - 1)
                return bad("\"computers\" must be a whole number from 1 to 5");
            request.computers = static_cast<int>(*count);
        }
        return lobby(std::move(request));
    }

    Parsed enter(bool join) const {
        auto code = string_field(message.body, "code");
        if (!code)
            return bad(needs("a string \"code\""));
        return lobby(EnterTable{std::move(*code), join});
    }

    // "to": a name, or an array of names for a table of more than two (how many the variant
    // needs is the lobby's check).
    Parsed challenge() const {
        const nlohmann::json* to = any_field(message.body, "to");
        Challenge request;
        if (to && to->is_string()) {
            request.to = to->get<std::string>();
        } else if (to && to->is_array() && !to->empty() && to->size() <= max_invitees) {
            for (const auto& name : *to) {
                if (!name.is_string())
                    return bad(needs("\"to\" as a name or an array of names"));
                request.group.push_back(name.get<std::string>());
            }
        } else if (to && to->is_array()) {
            return bad("\"to\" names 1 to " + std::to_string(max_invitees) +
                       " players (a table seats at most " + std::to_string(lobby::max_seats) + ")");
        } else {
            return bad(needs("\"to\" as a name or an array of names"));
        }
        auto setup = read_setup(message.body);
        if (!setup)
            return fail(setup.error().code, setup.error().detail);
        request.setup = std::move(setup).value();
        return lobby(std::move(request));
    }

    Parsed answer(ChallengeAnswerKind kind) const {
        const auto id = integer_field(message.body, "challenge");
        if (!id || *id <= 0)
            return bad(needs("a positive integer \"challenge\""));
        ChallengeAnswer answer;
        answer.kind = kind;
        answer.challenge = static_cast<lobby::ChallengeId>(*id);
        if (any_field(message.body, "group")) {
            const auto group = bool_field(message.body, "group");
            if (!group)
                return bad("\"group\" must be true or false");
            if (*group && kind == ChallengeAnswerKind::Counter)
                return bad("a group challenge cannot be countered: challenge again instead");
            answer.group = *group;
        }
        if (kind == ChallengeAnswerKind::Decline && any_field(message.body, "reason")) {
            const auto name = string_field(message.body, "reason");
            const auto known = name ? lobby::decline_reason_from_name(*name) : std::nullopt;
            if (!known)
                return bad("unknown decline \"reason\"");
            answer.reason = *known;
        }
        if (kind == ChallengeAnswerKind::Counter) {
            auto setup = read_setup(message.body);
            if (!setup)
                return fail(setup.error().code, setup.error().detail);
            const bool names_color = any_field(message.body, "color") != nullptr;
            answer.counter = lobby::CounterOffer{std::move(setup).value(), names_color};
        }
        return lobby(std::move(answer));
    }

    // A table request: the "table" field first, then the request's own fields.
    Parsed to_table(std::optional<TableActionKind> action) const {
        auto code = string_field(message.body, "table");
        if (!code)
            return bad(needs("a string \"table\""));
        if (action)
            return table(std::move(*code), TableAction{*action});
        if (message.type == "move") {
            const auto ply = integer_field(message.body, "ply");
            auto move = string_field(message.body, "move");
            if (!ply || !move || *ply < 0 || *ply > 100000)
                return bad("move needs an integer \"ply\" (0 or more) and a string \"move\"");
            return table(std::move(*code), Move{static_cast<int>(*ply), std::move(*move)});
        }
        if (message.type == "chat") {
            auto text = string_field(message.body, "text");
            if (!text)
                return bad("chat needs a string \"text\"");
            return table(std::move(*code), Chat{std::move(*text)});
        }
        // resync
        std::uint64_t since = 0;
        if (any_field(message.body, "since")) {
            const auto value = integer_field(message.body, "since");
            if (!value || *value < 0)
                return bad("\"since\" must be a non-negative integer");
            since = static_cast<std::uint64_t>(*value);
        }
        return table(std::move(*code), Resync{since});
    }
};

// The table requests answered with yes or no, by name.
constexpr std::array<std::pair<std::string_view, TableActionKind>, 15> table_actions = {{
    {"offer_draw", TableActionKind::OfferDraw},
    {"accept_draw", TableActionKind::AcceptDraw},
    {"decline_draw", TableActionKind::DeclineDraw},
    {"claim_draw", TableActionKind::ClaimDraw},
    {"claim_win", TableActionKind::ClaimWin},
    {"resign", TableActionKind::Resign},
    {"abort", TableActionKind::Abort},
    {"offer_rematch", TableActionKind::OfferRematch},
    {"accept_rematch", TableActionKind::AcceptRematch},
    {"decline_rematch", TableActionKind::DeclineRematch},
    {"request_takeback", TableActionKind::RequestTakeback},
    {"accept_takeback", TableActionKind::AcceptTakeback},
    {"decline_takeback", TableActionKind::DeclineTakeback},
    {"leave", TableActionKind::Leave},
    {"cancel", TableActionKind::Cancel},
}};

} // namespace

std::optional<Parsed> parse_request(const Envelope& message) {
    const Parser p{message};
    const std::string_view type = message.type;
    if (type == "move" || type == "chat" || type == "resync")
        return p.to_table(std::nullopt);
    for (const auto& [name, kind] : table_actions)
        if (type == name)
            return p.to_table(kind);
    if (type == "identify")
        return p.identify();
    if (type == "lobby_unsubscribe")
        return p.lobby(LobbySubscribe{false, {}});
    if (type == "lobby_subscribe" || type == "lobby_page") {
        auto query = read_list_query(message.body, type == "lobby_page");
        if (!query)
            return p.fail(query.error().code, query.error().detail);
        if (type == "lobby_page")
            return p.lobby(LobbyPage{std::move(query).value()});
        return p.lobby(LobbySubscribe{true, std::move(query).value()});
    }
    if (type == "create_table")
        return p.create_table();
    if (type == "join" || type == "watch")
        return p.enter(type == "join");
    if (type == "seek")
        return p.with_setup<Seek>();
    if (type == "cancel_seek")
        return p.lobby(CancelSeek{});
    if (type == "challenge")
        return p.challenge();
    if (type == "accept_challenge")
        return p.answer(ChallengeAnswerKind::Accept);
    if (type == "decline_challenge")
        return p.answer(ChallengeAnswerKind::Decline);
    if (type == "counter_challenge")
        return p.answer(ChallengeAnswerKind::Counter);
    if (type == "cancel_challenge")
        return p.answer(ChallengeAnswerKind::Cancel);
    return std::nullopt;
}

} // namespace server::protocol
