#include "server/protocol/lobby_list_request.h"

#include "rules/variant.h"
#include "server/protocol/fields.h"

#include <charconv>
#include <string>
#include <string_view>

namespace server::protocol {

namespace {

// Ratings a filter may bound, and how many names its lists may hold (more than the variants
// and speeds there are, so that no honest filter is refused).
constexpr std::int64_t lowest_rating = 0;
constexpr std::int64_t highest_rating = 4000;
constexpr std::size_t longest_name_list = 64;
constexpr std::int64_t largest_limit = 1000;

rules::Error list_query_error(std::string_view key, std::string_view rest) {
    std::string text;
    text += '"';
    text += key;
    text += "\" ";
    text += rest;
    return rules::Error{"bad_message", std::move(text)};
}

// An array of names, each read by `read` (nullopt: unknown), into `out`.
template <class T, class Read>
std::optional<rules::Error> read_names(const nlohmann::json& filter, std::string_view key,
                                       Read read, std::vector<T>& out) {
    const nlohmann::json* names = any_field(filter, key);
    if (!names)
        return std::nullopt;
    if (!names->is_array() || names->size() > longest_name_list)
        return list_query_error(key, "must be an array of names");
    for (const auto& name : *names) {
        const auto* text = name.get_ptr<const std::string*>();
        const auto value = text ? read(*text) : std::nullopt;
        if (!value)
            return list_query_error(key, "names something unknown");
        out.push_back(*value);
    }
    return std::nullopt;
}

std::optional<rules::Error> read_rating(const nlohmann::json& filter, std::string_view key,
                                        std::optional<int>& out) {
    if (!any_field(filter, key))
        return std::nullopt;
    const auto value = integer_field(filter, key);
    if (!value || *value < lowest_rating || *value > highest_rating)
        return list_query_error(key, "must be an integer from 0 to 4000");
    out = static_cast<int>(*value);
    return std::nullopt;
}

rules::Result<lobby::ListFilter> read_filter(const nlohmann::json& request) {
    lobby::ListFilter filter;
    const nlohmann::json* object = any_field(request, "filter");
    if (!object || object->is_null())
        return filter;
    if (!object->is_object())
        return list_query_error("filter", "must be an object");
    if (auto error = read_names(*object, "variants", rules::variant_from_name, filter.variants))
        return *error;
    if (auto error = read_names(*object, "speeds", lobby::speed_from_name, filter.speeds))
        return *error;
    if (any_field(*object, "rated")) {
        const auto rated = bool_field(*object, "rated");
        if (!rated)
            return list_query_error("rated", "must be true or false");
        filter.rated = *rated;
    }
    if (auto error = read_rating(*object, "rating_min", filter.rating_min))
        return *error;
    if (auto error = read_rating(*object, "rating_max", filter.rating_max))
        return *error;
    if (filter.rating_min && filter.rating_max && *filter.rating_min > *filter.rating_max)
        return list_query_error("rating_min", "is above \"rating_max\"");
    return filter.normalized();
}

} // namespace

rules::Result<LobbyListQuery> read_list_query(const nlohmann::json& request, bool allow_list) {
    LobbyListQuery query;
    auto filter = read_filter(request);
    if (!filter)
        return filter.error();
    query.filter = std::move(filter).value();
    if (const auto* cursor = any_field(request, "cursor"); cursor && !cursor->is_null()) {
        const auto* text = cursor->get_ptr<const std::string*>();
        std::uint64_t value = 0;
        const auto read = text ? std::from_chars(text->data(), text->data() + text->size(), value)
                               : std::from_chars_result{nullptr, std::errc::invalid_argument};
        if (!text || text->empty() || read.ec != std::errc{} ||
            read.ptr != text->data() + text->size())
            return list_query_error("cursor", "must be the \"cursor\" of a page");
        query.cursor = value;
    }
    if (any_field(request, "list")) {
        const auto list = string_field(request, "list");
        if (!allow_list || !list || (*list != "open" && *list != "playing"))
            return list_query_error("list", allow_list ? "must be \"open\" or \"playing\""
                                                       : "is for lobby_page only");
        query.list = *list == "playing" ? lobby::ListKind::Playing : lobby::ListKind::Open;
    }
    if (any_field(request, "limit")) {
        const auto limit = integer_field(request, "limit");
        if (!limit || *limit < 1 || *limit > largest_limit)
            return list_query_error("limit", "must be an integer from 1 to 1000");
        query.limit = static_cast<std::size_t>(*limit);
    }
    return query;
}

} // namespace server::protocol
