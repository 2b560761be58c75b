#include "server/protocol/replies_json.h"

namespace server::protocol {

using json = nlohmann::json;

void begin_reply(JsonText& out, std::string_view type, const json& id) {
    out.begin_object();
    out.member("t", type);
    if (!id.is_null()) {
        out.key("id");
        out.raw_value(id.dump(-1, ' ', false, json::error_handler_t::replace));
    }
}

std::shared_ptr<const std::string> shared_text(const json& message) {
    return std::make_shared<const std::string>(
        message.dump(-1, ' ', false, json::error_handler_t::replace));
}

json reply(std::string_view type, const json& id) {
    json out{{"t", type}};
    if (!id.is_null())
        out["id"] = id;
    return out;
}

} // namespace server::protocol
