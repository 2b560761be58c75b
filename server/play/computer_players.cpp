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

std::string id_of(const Named& named, int number) {
    std::string id(named.id);
    if (number > 1) {
        id.push_back(' ');
        id.append(std::to_string(number));
    }
    return id;
}

} // namespace

lobby::Player computer_player(engine::Level level, int number) {
    if (number < 1 || number > max_computers)
        return lobby::Player{};
    for (const auto& named : computers)
        if (named.level == level) {
            const std::string id = id_of(named, number);
            return lobby::Player{.id = id, .display_name = id}; // no account, no token
        }
    return lobby::Player{};
}

std::optional<engine::Level> computer_level(std::string_view player_id) {
    for (const auto& named : computers)
        for (int number = 1; number <= max_computers; ++number)
            if (id_of(named, number) == player_id)
                return named.level;
    return std::nullopt;
}

} // namespace server::play
