#include "server/play/computer_players.h"

#include <array>
#include <string>

namespace server::play {

namespace {

struct Named {
    engine::Level level;
    std::string_view id;
};

constexpr std::array<Named, 3> computers = {{
    {engine::Level::Easy, "Pip (Easy)"},
    {engine::Level::Medium, "Marlow (Medium)"},
    {engine::Level::Hard, "Vega (Hard)"},
}};

} // namespace

lobby::Player computer_player(engine::Level level) {
    for (const auto& named : computers)
        if (named.level == level)
            return lobby::Player{.id = std::string(named.id),
                                 .display_name = std::string(named.id)}; // no account, no token
    return lobby::Player{};
}

std::optional<engine::Level> computer_level(std::string_view player_id) {
    for (const auto& named : computers)
        if (named.id == player_id)
            return named.level;
    return std::nullopt;
}

} // namespace server::play
