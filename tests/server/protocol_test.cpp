#include "lobby/errors.h"
#include "server/protocol/envelope.h"
#include "server/protocol/fields.h"
#include "server/protocol/requests.h"

#include <doctest/doctest.h>

using namespace server::protocol;
namespace code = lobby::errc;

namespace {

ProtocolError error_of(std::string_view text) {
    auto parsed = parse_envelope(text);
    REQUIRE(std::holds_alternative<ProtocolError>(parsed));
    return std::get<ProtocolError>(parsed);
}

Envelope envelope_of(std::string_view text) {
    auto parsed = parse_envelope(text);
    REQUIRE(std::holds_alternative<Envelope>(parsed));
    return std::get<Envelope>(parsed);
}

} // namespace

TEST_CASE("protocol: an object with a string t is an envelope, id kept for the reply") {
    const auto message = envelope_of(R"({"t":"move","id":7,"table":"K7QF","ply":14})");
    CHECK(message.type == "move");
    CHECK(message.id == 7);
    CHECK(string_field(message.body, "table") == "K7QF");
    CHECK(integer_field(message.body, "ply") == 14);
    CHECK(envelope_of(R"({"t":"ping","id":"abc"})").id == "abc");
    CHECK(envelope_of(R"({"t":"ping"})").id.is_null());
}

TEST_CASE("protocol: each kind of malformed message gets its stable code") {
    CHECK(error_of("not json").code == code::bad_json);
    CHECK(error_of("{\"t\":").code == code::bad_json);
    CHECK(error_of("").code == code::bad_json);
    CHECK(error_of("\xff\xfe").code == code::bad_json);
    CHECK(error_of("[1,2]").code == code::bad_message);
    CHECK(error_of("\"ping\"").code == code::bad_message);
    CHECK(error_of("42").code == code::bad_message);
    CHECK(error_of("{}").code == code::bad_message);
    CHECK(error_of(R"({"t":5})").code == code::bad_message);
    CHECK(error_of(R"({"t":null})").code == code::bad_message);
    CHECK(error_of(R"({"t":"ping","id":[1]})").code == code::bad_message);
    CHECK(error_of(R"({"t":"ping","id":{"a":1}})").code == code::bad_message);
    CHECK(error_of(R"({"t":"ping","id":true})").code == code::bad_message);
}

TEST_CASE("protocol: an error echoes a valid id, and never an invalid one") {
    CHECK(error_of(R"({"id":3})").id == 3);
    CHECK(error_of(R"({"id":"x","t":1})").id == "x");
    CHECK(error_of(R"({"id":[3],"t":"ping"})").id.is_null());
}

TEST_CASE("protocol: field readers refuse the wrong type instead of throwing") {
    const auto body = nlohmann::json::parse(R"({"s":"x","n":3,"f":1.5,"b":true,"big":1e300})");
    CHECK(string_field(body, "n") == std::nullopt);
    CHECK(string_field(body, "missing") == std::nullopt);
    CHECK(integer_field(body, "s") == std::nullopt);
    CHECK(integer_field(body, "f") == std::nullopt);
    CHECK(integer_field(body, "big") == std::nullopt);
    CHECK(bool_field(body, "b") == true);
    CHECK(bool_field(body, "n") == std::nullopt);
    CHECK(any_field(nlohmann::json::array(), "s") == nullptr);
    CHECK(body.size() == 5); // reading never inserted anything
}

TEST_CASE("protocol: hello, pong and error have the documented shape") {
    const auto hello = nlohmann::json::parse(make_hello("1.2.3"));
    CHECK(hello == nlohmann::json{{"t", "hello"}, {"protocol", 5}, {"server", "tabula 1.2.3"}});
    CHECK(nlohmann::json::parse(make_pong(5)) == nlohmann::json{{"t", "pong"}, {"id", 5}});
    CHECK(nlohmann::json::parse(make_pong(nullptr)) == nlohmann::json{{"t", "pong"}});
    const auto error = nlohmann::json::parse(make_error("q", "bad_json", "not JSON"));
    CHECK(error == nlohmann::json{
                       {"t", "error"}, {"id", "q"}, {"code", "bad_json"}, {"message", "not JSON"}});
    CHECK_FALSE(nlohmann::json::parse(make_error(nullptr, "x", "y")).contains("id"));
}

namespace {

std::variant<Request, ProtocolError> request_of(std::string_view text) {
    auto parsed = parse_request(envelope_of(text));
    REQUIRE(parsed.has_value());
    return std::move(*parsed);
}

ProtocolError request_error_of(std::string_view text) {
    auto parsed = request_of(text);
    REQUIRE(std::holds_alternative<ProtocolError>(parsed));
    return std::get<ProtocolError>(parsed);
}

TableRequest table_request_of(std::string_view text) {
    auto parsed = request_of(text);
    REQUIRE(std::holds_alternative<Request>(parsed));
    const auto& body = std::get<Request>(parsed).body;
    REQUIRE(std::holds_alternative<TableRequest>(body));
    return std::get<TableRequest>(body);
}

} // namespace

TEST_CASE("protocol requests: a move is typed once with its table, ply, text and id") {
    auto parsed = request_of(R"({"t":"move","id":9,"table":"K7QF","ply":14,"move":"32-28"})");
    REQUIRE(std::holds_alternative<Request>(parsed));
    CHECK(std::get<Request>(parsed).id == 9);
    const auto table = table_request_of(R"({"t":"move","table":"K7QF","ply":14,"move":"32-28"})");
    CHECK(table.table == "K7QF");
    REQUIRE(std::holds_alternative<Move>(table.body));
    CHECK(std::get<Move>(table.body).ply == 14);
    CHECK(std::get<Move>(table.body).move == "32-28");
}

TEST_CASE("protocol requests: table actions, chat and resync are typed by kind") {
    const auto resign = table_request_of(R"({"t":"resign","table":"AB"})");
    REQUIRE(std::holds_alternative<TableAction>(resign.body));
    CHECK(std::get<TableAction>(resign.body).kind == TableActionKind::Resign);
    const auto claim = table_request_of(R"({"t":"claim_win","table":"AB"})");
    CHECK(std::get<TableAction>(claim.body).kind == TableActionKind::ClaimWin);
    const auto chat = table_request_of(R"({"t":"chat","table":"AB","text":"gg"})");
    CHECK(std::get<Chat>(chat.body).text == "gg");
    CHECK(std::get<Resync>(table_request_of(R"({"t":"resync","table":"AB"})").body).since == 0);
    CHECK(
        std::get<Resync>(table_request_of(R"({"t":"resync","table":"AB","since":4})").body).since ==
        4);
}

TEST_CASE("protocol requests: lobby requests carry their typed fields") {
    auto parsed = request_of(R"({"t":"challenge","to":"bob","variant":"russian"})");
    REQUIRE(std::holds_alternative<Request>(parsed));
    const auto& lobby = std::get<LobbyRequest>(std::get<Request>(parsed).body);
    REQUIRE(std::holds_alternative<Challenge>(lobby));
    CHECK(std::get<Challenge>(lobby).to == "bob");
    CHECK(std::get<Challenge>(lobby).setup.variant == rules::VariantId::Russian);
    auto decline = request_of(R"({"t":"decline_challenge","challenge":3,"reason":"later"})");
    const auto& answer =
        std::get<ChallengeAnswer>(std::get<LobbyRequest>(std::get<Request>(decline).body));
    CHECK(answer.kind == ChallengeAnswerKind::Decline);
    CHECK(answer.challenge == 3);
    CHECK(answer.reason == lobby::DeclineReason::Later);
}

TEST_CASE("protocol requests: a challenge to an array of names is a group challenge") {
    auto parsed =
        request_of(R"({"t":"challenge","to":["bob","carol","dave"],"variant":"halma-4"})");
    REQUIRE(std::holds_alternative<Request>(parsed));
    const auto& group = std::get<Challenge>(std::get<LobbyRequest>(std::get<Request>(parsed).body));
    CHECK(group.to.empty());
    CHECK(group.group == std::vector<std::string>{"bob", "carol", "dave"});
    CHECK(group.setup.variant == rules::VariantId::Halma4);
    const auto one = std::get<Challenge>(std::get<LobbyRequest>(
        std::get<Request>(request_of(R"({"t":"challenge","to":"bob"})")).body));
    CHECK(one.group.empty());

    CHECK(request_error_of(R"({"t":"challenge","to":[]})").message ==
          "\"to\" names 1 to 5 players (a table seats at most 6)");
    CHECK(request_error_of(R"({"t":"challenge","to":["a","b","c","d","e","f"]})").message ==
          "\"to\" names 1 to 5 players (a table seats at most 6)");
    CHECK(request_error_of(R"({"t":"challenge","to":["bob",3]})").message ==
          "challenge needs \"to\" as a name or an array of names");
    CHECK(request_error_of(R"({"t":"challenge","to":7})").code == "bad_message");
    CHECK(request_error_of(R"({"t":"challenge"})").message ==
          "challenge needs \"to\" as a name or an array of names");
}

TEST_CASE("protocol requests: an answer with group true names a group challenge") {
    const auto answer_of = [](const std::string& text) {
        return std::get<ChallengeAnswer>(
            std::get<LobbyRequest>(std::get<Request>(request_of(text)).body));
    };
    const auto accept = answer_of(R"({"t":"accept_challenge","challenge":2,"group":true})");
    CHECK(accept.kind == ChallengeAnswerKind::Accept);
    CHECK(accept.group);
    CHECK(accept.challenge == 2);
    CHECK_FALSE(answer_of(R"({"t":"cancel_challenge","challenge":2})").group);
    CHECK_FALSE(answer_of(R"({"t":"cancel_challenge","challenge":2,"group":false})").group);
    const auto decline =
        answer_of(R"({"t":"decline_challenge","challenge":4,"group":true,"reason":"later"})");
    CHECK(decline.group);
    CHECK(decline.reason == lobby::DeclineReason::Later);
    CHECK(request_error_of(R"({"t":"accept_challenge","challenge":2,"group":"yes"})").message ==
          "\"group\" must be true or false");
    CHECK(request_error_of(R"({"t":"counter_challenge","challenge":2,"group":true})").message ==
          "a group challenge cannot be countered: challenge again instead");
}

TEST_CASE("protocol requests: a counter-offer says whether it names a colour") {
    const auto counter_of = [](const std::string& text) {
        return std::get<ChallengeAnswer>(
                   std::get<LobbyRequest>(std::get<Request>(request_of(text)).body))
            .counter;
    };
    const auto keeps =
        counter_of(R"({"t":"counter_challenge","challenge":3,"time":{"base_ms":600000}})");
    REQUIRE(keeps);
    CHECK_FALSE(keeps->names_color);
    const auto names = counter_of(
        R"({"t":"counter_challenge","challenge":3,"color":"black","time":{"base_ms":600000}})");
    REQUIRE(names);
    CHECK(names->names_color);
    CHECK(names->setup.color == lobby::ColorChoice::Black);
}

TEST_CASE("protocol requests: a malformed game request gets the code and message of 7.12") {
    const auto no_table = request_error_of(R"({"t":"move","id":2,"ply":0,"move":"e4"})");
    CHECK(no_table.code == "bad_message");
    CHECK(no_table.message == "move needs a string \"table\"");
    CHECK(no_table.id == 2);
    CHECK(request_error_of(R"({"t":"move","table":"AB","ply":-1,"move":"e4"})").message ==
          "move needs an integer \"ply\" (0 or more) and a string \"move\"");
    CHECK(request_error_of(R"({"t":"chat","table":"AB"})").message ==
          "chat needs a string \"text\"");
    CHECK(request_error_of(R"({"t":"resync","table":"AB","since":-1})").message ==
          "\"since\" must be a non-negative integer");
    CHECK(request_error_of(R"({"t":"join"})").message == "join needs a string \"code\"");
    CHECK(request_error_of(R"({"t":"identify"})").message == "identify needs a string \"token\"");
    CHECK(request_error_of(R"({"t":"accept_challenge","challenge":0})").message ==
          "accept_challenge needs a positive integer \"challenge\"");
    CHECK(request_error_of(R"({"t":"decline_challenge","challenge":1,"reason":"x"})").message ==
          "unknown decline \"reason\"");
    CHECK(request_error_of(R"({"t":"create_table","variant":"go"})").code == "bad_setup");
    CHECK(request_error_of(R"({"t":"seek","rated":"yes"})").code == "bad_message");
}

TEST_CASE("protocol requests: a type that is not a game request is left to others") {
    CHECK_FALSE(parse_request(envelope_of(R"({"t":"ping"})")).has_value());
    CHECK_FALSE(parse_request(envelope_of(R"({"t":"fly"})")).has_value());
}
