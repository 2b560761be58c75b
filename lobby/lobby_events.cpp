#include "lobby/lobby_events.h"

#include <array>

namespace lobby {

namespace {
constexpr std::array<std::string_view, 8> body_names = {
    "table_list",          "matched",
    "challenge",           "challenge_countered",
    "challenge_accepted",  "challenge_declined",
    "challenge_cancelled", "challenge_expired"};
constexpr std::array<std::string_view, 5> change_names = {"created", "seat_taken", "seat_freed",
                                                          "started", "gone"};
static_assert(body_names.size() == std::variant_size_v<LobbyEventBody>);
constexpr std::array<std::string_view, 2> group_body_names = {"group_matched", "group_challenge"};
constexpr std::array<std::string_view, 6> group_challenge_changes = {
    "issued", "accepted", "matched", "declined", "cancelled", "expired"};
static_assert(group_body_names.size() == std::variant_size_v<GroupEventBody>);
} // namespace

std::string_view event_name(const LobbyEventBody& body) {
    return body_names[body.index()];
}

std::string_view event_name(const GroupEventBody& body) {
    return group_body_names[body.index()];
}

std::string_view change_name(GroupChallengeChanged::Change change) {
    return group_challenge_changes[static_cast<std::size_t>(change)];
}

std::string_view change_name(TableListChanged::Change change) {
    return change_names[static_cast<std::size_t>(change)];
}

} // namespace lobby
