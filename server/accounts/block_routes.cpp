// GET /api/blocks, POST /api/blocks {name}, DELETE /api/blocks?name= (or {name}).
#include "server/accounts/accounts_service.h"
#include "server/accounts/service_worker.h"

namespace server::accounts {
namespace {

namespace bh = http::beast_http;

} // namespace

void AccountsService::add_block_routes(http::Routes& routes) {
    routes.add_async(bh::verb::get, "/api/blocks",
                     on_worker(std::bind_front(&AccountsService::blocks_list, this)));
    routes.add_async(bh::verb::post, "/api/blocks",
                     on_worker(std::bind_front(&AccountsService::block_add, this)));
    routes.add_async(bh::verb::delete_, "/api/blocks",
                     on_worker(std::bind_front(&AccountsService::block_remove, this)));
}

http::Response AccountsService::blocks_list(Worker& w, const http::Request& req,
                                            const http::RequestInfo& info) {
    const auto user = account_of(info);
    if (!user)
        return not_logged_in(req);
    Json blocked = Json::array();
    for (const auto& row : w.users->list_blocks(*user))
        blocked.push_back({{"name", row.blocked_name}, {"since", epoch_ms(row.created_at)}});
    return api_json(req, bh::status::ok, Json{{"blocked", std::move(blocked)}});
}

http::Response AccountsService::block_add(Worker& w, const http::Request& req,
                                          const http::RequestInfo& info) {
    const auto user = account_of(info);
    if (!user)
        return not_logged_in(req);
    auto parsed = parse_json_object(req);
    if (auto* error = std::get_if<http::Response>(&parsed))
        return std::move(*error);
    const auto name = string_field(std::get<Json>(parsed), "name");
    const auto other = name ? w.users->find_user_by_name(*name) : std::nullopt;
    if (!other)
        return api_error(req, bh::status::bad_request, "unknown_user",
                         "send {\"name\": name} naming an account");
    if (other->id == *user)
        return api_error(req, bh::status::bad_request, "self_block", "you cannot block yourself");
    if (!w.users->find_user(*user))
        return not_logged_in(req);
    const bool added = w.users->add_block(*user, other->id, now());
    blocks_->add(*user, other->id);
    return api_json(req, added ? bh::status::created : bh::status::ok,
                    Json{{"blocked", other->name}, {"added", added}});
}

http::Response AccountsService::block_remove(Worker& w, const http::Request& req,
                                             const http::RequestInfo& info) {
    const auto user = account_of(info);
    if (!user)
        return not_logged_in(req);
    const std::string_view target(req.target().data(), req.target().size());
    auto name = query_param(target, "name");
    if (!name && !req.body().empty()) {
        auto parsed = parse_json_object(req);
        if (auto* error = std::get_if<http::Response>(&parsed))
            return std::move(*error);
        name = string_field(std::get<Json>(parsed), "name");
    }
    const auto other = name ? w.users->find_user_by_name(*name) : std::nullopt;
    if (!other)
        return api_error(req, bh::status::bad_request, "unknown_user",
                         "name the account to unblock: ?name= or {\"name\": name}");
    if (!w.users->find_user(*user))
        return not_logged_in(req);
    const bool removed = w.users->remove_block(*user, other->id);
    blocks_->remove(*user, other->id);
    return api_json(req, bh::status::ok, Json{{"unblocked", other->name}, {"removed", removed}});
}

} // namespace server::accounts
