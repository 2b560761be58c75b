#include "server/net/request_id.h"

#include <cstddef>
#include <string>

namespace server::net {
namespace {

using json = nlohmann::json;

// Follows the nesting depth and keeps the value of the key "id" at depth 1. Returning false from
// a callback ends the parse: at once when the id (or its absence) is certain.
class IdFinder final : public nlohmann::json_sax<json> {
public:
    json id;

    bool null() override { return scalar(nullptr); }
    bool boolean(bool) override { return scalar(nullptr); }
    bool number_integer(number_integer_t value) override { return scalar(value); }
    bool number_unsigned(number_unsigned_t value) override { return scalar(value); }
    bool number_float(number_float_t value, const string_t&) override { return scalar(value); }
    bool string(string_t& value) override { return scalar(std::move(value)); }
    bool binary(binary_t&) override { return scalar(nullptr); }

    bool start_object(std::size_t) override { return open(); }
    bool start_array(std::size_t) override { return depth_ > 0 && open(); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& name) override {
        at_id_ = depth_ == 1 && name == "id";
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return false;
    }

private:
    int depth_ = 0;
    bool at_id_ = false;

    bool open() {
        if (at_id_ && depth_ == 1)
            return false; // an object or array as id: not echoed
        ++depth_;
        return true;
    }
    bool close() {
        --depth_;
        return depth_ > 0; // the top-level object ended without an id
    }
    template <class Value> bool scalar(Value&& value) {
        if (depth_ != 1 || !at_id_)
            return depth_ > 0; // a bare scalar at the top is not an object
        if constexpr (!std::is_same_v<std::decay_t<Value>, std::nullptr_t>)
            id = std::forward<Value>(value);
        return false; // the id is known (or known to be unusable): stop here
    }
};

} // namespace

json peek_request_id(std::string_view text) {
    IdFinder finder;
    (void)json::sax_parse(text, &finder);
    return std::move(finder.id);
}

} // namespace server::net
