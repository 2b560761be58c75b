#pragma once
// A lobby with a seeded generator, a fake block list and a listener that records events.

#include "lobby/lobby.h"
#include "table_fixture.h"

namespace lobby::testing {

class RecordingLobbyListener final : public LobbyListener {
public:
    std::vector<LobbyEvent> events;
    std::vector<GroupEvent> group_events; // games of more than two seats
    void on_lobby_event(const LobbyEvent& event) override { events.push_back(event); }
    void on_group_event(const GroupEvent& event) override { group_events.push_back(event); }
    template <class T> const T& last() const {
        for (auto it = events.rbegin(); it != events.rend(); ++it)
            if (const T* body = std::get_if<T>(&it->body))
                return *body;
        FAIL("no lobby event of the asked type");
        throw 0;
    }
    template <class T> std::size_t count() const {
        std::size_t n = 0;
        for (const auto& e : events)
            n += std::holds_alternative<T>(e.body) ? 1U : 0U;
        return n;
    }
};

struct LobbyFixture {
    SeededRandom random{11};
    FakeBlocks blocks;
    RecordingLobbyListener listener;
    Lobby lobby{random, &blocks, &listener};
    Player alice = player("alice", 1600);
    Player bob = player("bob", 1500);
    Player carol = player("carol", 1400);
    Player dave = player("dave", 1900);
    Player guest = player("guest-ABCD", 1500, false);
    SeekPool blitz{.variant = rules::VariantId::Chess, .time_control = fischer(5min, 3s)};
    SeekPool rated_blitz{
        .variant = rules::VariantId::Chess, .time_control = fischer(5min, 3s), .rated = true};
};

} // namespace lobby::testing
