#include "server/protocol/envelope.h"

#include "lobby/errors.h"
#include "server/protocol/fields.h"
#include "server/protocol/replies_json.h"

namespace server::protocol {

const json* any_field(const json& object, std::string_view key) {
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

std::optional<std::string> string_field(const json& object, std::string_view key) {
    const json* value = any_field(object, key);
    if (!value || !value->is_string())
        return std::nullopt;
    return value->get<std::string>();
}

std::optional<std::int64_t> integer_field(const json& object, std::string_view key) {
    const json* value = any_field(object, key);
    if (!value || !value->is_number_integer())
        return std::nullopt;
    if (value->is_number_unsigned() && value->get<std::uint64_t>() > INT64_MAX)
        return std::nullopt;
    return value->get<std::int64_t>();
}

std::optional<bool> bool_field(const json& object, std::string_view key) {
    const json* value = any_field(object, key);
    if (!value || !value->is_boolean())
        return std::nullopt;
    return value->get<bool>();
}

std::variant<Envelope, ProtocolError> parse_envelope(std::string_view text) {
    json body = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (body.is_discarded())
        return ProtocolError{std::string(lobby::errc::bad_json), "message is not valid JSON", nullptr};
    if (!body.is_object())
        return ProtocolError{std::string(lobby::errc::bad_message), "message must be a JSON object", nullptr};
    json id = nullptr;
    if (const json* given = any_field(body, "id")) {
        if (!given->is_number() && !given->is_string())
            return ProtocolError{std::string(lobby::errc::bad_message), "field \"id\" must be a number or a string",
                                 nullptr};
        id = *given;
    }
    auto type = string_field(body, "t");
    if (!type) {
        const char* why = any_field(body, "t") ? "field \"t\" must be a string"
                                               : "missing field \"t\" (the message type)";
        return ProtocolError{std::string(lobby::errc::bad_message), why, std::move(id)};
    }
    return Envelope{std::move(*type), std::move(id), std::move(body)};
}

std::string make_hello(std::string_view server_version) {
    return json{{"t", "hello"},
                {"protocol", protocol_version},
                {"server", "tabula " + std::string(server_version)}}
        .dump();
}

std::string make_pong(const json& id) {
    return reply("pong", id).dump();
}

std::string make_error(const json& id, std::string_view error_code, std::string_view message) {
    json error = reply("error", id);
    error["code"] = error_code;
    error["message"] = message;
    // Invalid UTF-8 from a client (echoed in a message) is replaced rather than thrown on.
    return error.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string make_error(const ProtocolError& error) {
    return make_error(error.id, error.code, error.message);
}

} // namespace server::protocol
