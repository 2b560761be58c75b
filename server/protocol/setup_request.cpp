#include "server/protocol/setup_request.h"

#include "lobby/errors.h"
#include "rules/variant.h"
#include "server/protocol/fields.h"

#include <string>

namespace server::protocol {

namespace {

rules::Error bad_message(std::string detail) {
    return rules::Error{"bad_message", std::move(detail)};
}

// "\"key\" <rest>", built by appending (GCC 12 misreads `"..." + std::string(...)`).
std::string about(std::string_view key, std::string_view rest) {
    std::string text;
    text.reserve(key.size() + rest.size() + 3);
    text += '"';
    text += key;
    text += "\" ";
    text += rest;
    return text;
}

// An optional integer field: its value, the default when absent, an error when mistyped.
rules::Result<std::int64_t> integer_or(const nlohmann::json& object, std::string_view key,
                                       std::int64_t fallback) {
    if (!any_field(object, key))
        return fallback;
    const auto value = integer_field(object, key);
    if (!value)
        return bad_message(about(key, "must be an integer"));
    // Bounded so that milliseconds never overflow: a year is far beyond any clock.
    constexpr std::int64_t limit = 366LL * 24 * 3600 * 1000;
    if (*value < 0 || *value > limit)
        return rules::Error{std::string(lobby::errc::bad_setup), about(key, "is out of range")};
    return *value;
}

rules::Result<lobby::TimeControl> read_time(const nlohmann::json& request) {
    const nlohmann::json* time = any_field(request, "time");
    if (!time)
        return lobby::TableSetup{}.time_control;
    if (!time->is_object())
        return bad_message("\"time\" must be an object");
    lobby::TimeControl control;
    const std::pair<std::string_view, lobby::Millis*> fields[] = {
        {"base_ms", &control.base},
        {"increment_ms", &control.increment},
        {"delay_ms", &control.delay},
        {"per_move_ms", &control.per_move}};
    for (const auto& [key, target] : fields) {
        auto value = integer_or(*time, key, 0);
        if (!value)
            return value.error();
        *target = lobby::Millis{value.value()};
    }
    auto days = integer_or(*time, "days", 0);
    if (!days)
        return days.error();
    if (days.value() > 365)
        return rules::Error{std::string(lobby::errc::bad_setup), "too many days per move"};
    control.correspondence_days = static_cast<int>(days.value());
    return control;
}

} // namespace

rules::Result<lobby::TableSetup> read_setup(const nlohmann::json& request) {
    lobby::TableSetup setup;
    if (any_field(request, "variant")) {
        const auto name = string_field(request, "variant");
        if (!name)
            return bad_message("\"variant\" must be a string");
        const auto variant = rules::variant_from_name(*name);
        if (!variant)
            return rules::Error{std::string(lobby::errc::bad_setup),
                                about(*name, "is not a variant this server knows")};
        setup.variant = *variant;
    }
    if (any_field(request, "position")) {
        const auto position = string_field(request, "position");
        if (!position)
            return bad_message("\"position\" must be a string");
        setup.start_position = *position;
    }
    auto time = read_time(request);
    if (!time)
        return time.error();
    setup.time_control = time.value();
    const std::pair<std::string_view, bool*> flags[] = {{"rated", &setup.rated}};
    for (const auto& [key, target] : flags) {
        if (!any_field(request, key))
            continue;
        const auto value = bool_field(request, key);
        if (!value)
            return bad_message(about(key, "must be true or false"));
        *target = *value;
    }
    if (any_field(request, "private")) {
        const auto value = bool_field(request, "private");
        if (!value)
            return bad_message("\"private\" must be true or false");
        setup.is_public = !*value;
    }
    if (any_field(request, "color")) {
        const auto color = string_field(request, "color");
        if (color == "white")
            setup.color = lobby::ColorChoice::White;
        else if (color == "black")
            setup.color = lobby::ColorChoice::Black;
        else if (color == "random")
            setup.color = lobby::ColorChoice::Random;
        else
            return bad_message("\"color\" must be \"white\", \"black\" or \"random\"");
    }
    if (any_field(request, "draw_rules")) {
        const auto rules_name = string_field(request, "draw_rules");
        if (rules_name == "automatic")
            setup.draw_rules = rules::DrawRules::Automatic;
        else if (rules_name == "claim")
            setup.draw_rules = rules::DrawRules::Claim;
        else
            return bad_message("\"draw_rules\" must be \"automatic\" or \"claim\"");
    }
    if (auto error = lobby::validate_game(setup))
        return *error;
    return setup;
}

} // namespace server::protocol
